/*
 * The arithmetic of the HSDBA POF extension (docs/pof-hsdba-extension.md sections 3.3, 4.2,
 * 4.2.1, 4.3): HX_ALU operations on unsigned 64-bit values, defined for every input, the
 * bit-exact EXPNEG, HX_BRANCH conditions and the SplitMix64 random stream. Pure functions, no
 * POFSwitch types, so the same file serves the switch patch and the vector driver.
 */
#ifndef HX_ARITH_H
#define HX_ARITH_H

#include <stdint.h>

#define HX_MAX UINT64_MAX
#define HX_Q32_ONE (UINT64_C(1) << 32)

enum hx_alu_op {
    HX_MOV = 0, HX_ADD, HX_SUB, HX_MUL, HX_DIV, HX_MOD, HX_MIN, HX_MAXOP, HX_SHL, HX_SHR,
    HX_AND, HX_OR, HX_XOR, HX_MULDIV, HX_EXPNEG, HX_SELECT, HX_ALU_OPS
};

enum hx_cond { HX_EQ = 0, HX_NE, HX_LT, HX_LE, HX_GT, HX_GE, HX_CONDS };

uint64_t hx_muldiv(uint64_t a, uint64_t b, uint64_t c);
uint64_t hx_expneg(uint64_t a, uint64_t b);
/* dst := op(a, b, c); *ok = 0 for an unknown op (then the result is 0). */
uint64_t hx_alu(int op, uint64_t a, uint64_t b, uint64_t c, int *ok);
/* 1 if a cond b (unsigned), 0 if not, -1 for an unknown condition. */
int hx_cond(int cond, uint64_t a, uint64_t b);
/* Advances the SplitMix64 state and returns the 64-bit output (RAND is its upper 32 bits). */
uint64_t hx_splitmix64(uint64_t *state);

#endif
