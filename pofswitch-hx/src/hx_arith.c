/* See hx_arith.h. Every step is integer arithmetic, so results match the reference switch bit for bit. */
#include "hx_arith.h"

/* P[k] = round(2^32 * 2^(-k/64)), k = 0..64 (section 4.2.1). */
static const uint64_t P[65] = {
    0x100000000, 0x0FD3E0C0D, 0x0FA83B2DB, 0x0F7D0DF73, 0x0F5257D15, 0x0F281773C, 0x0EFE4B99C, 0x0ED4F301F,
    0x0EAC0C6E8, 0x0E8396A50, 0x0E5B906E7, 0x0E33F8973, 0x0E0CCDEEC, 0x0DE60F482, 0x0DBFBB798, 0x0D99D15C2,
    0x0D744FCCB, 0x0D4F35AAC, 0x0D2A81D92, 0x0D06333DB, 0x0CE248C15, 0x0CBEC14FF, 0x0C9B9BD86, 0x0C78D74C9,
    0x0C5672A11, 0x0C346CCDA, 0x0C12C4CCA, 0x0BF1799B6, 0x0BD08A39F, 0x0BAFF5AB2, 0x0B8FBAF47, 0x0B6FD91E3,
    0x0B504F334, 0x0B311C413, 0x0B123F582, 0x0AF3B78AD, 0x0AD583EEA, 0x0AB7A39B6, 0x0A9A15AB5, 0x0A7CD93B5,
    0x0A5FED6AA, 0x0A43515AE, 0x0A2704303, 0x0A0B05110, 0x09EF53261, 0x09D3ED9A7, 0x09B8D39BA, 0x099E04593,
    0x09837F052, 0x096942D37, 0x094F4EFA9, 0x0935A2B2F, 0x091C3D374, 0x09031DC43, 0x08EA4398B, 0x08D1ADF5B,
    0x08B95C1E4, 0x08A14D575, 0x088980E81, 0x0871F6197, 0x085AAC368, 0x0843A28C4, 0x082CD8699, 0x08164D1F4,
    0x080000000
};

/* round(2^32 * log2(e)) */
#define LOG2E_Q32 UINT64_C(0x171547653)

uint64_t hx_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
    if (c == 0) {
        return HX_MAX;
    }
    unsigned __int128 q = ((unsigned __int128) a * b) / c;
    return q > HX_MAX ? HX_MAX : (uint64_t) q;
}

uint64_t hx_expneg(uint64_t a, uint64_t b)
{
    if (a == 0) {
        return HX_Q32_ONE;
    }
    if (b == 0) {
        return 0;
    }
    uint64_t x = hx_muldiv(a, HX_Q32_ONE, b);
    if (x < (UINT64_C(1) << 26)) {
        /* a/b < 1/64: third-order Taylor; x*x < 2^52 and t2*x < 2^46, no overflow. */
        uint64_t t2 = (x * x) >> 32;
        uint64_t t3 = (t2 * x) >> 32;
        return HX_Q32_ONE - x + (t2 >> 1) - t3 / 6;
    }
    uint64_t y = hx_muldiv(a, LOG2E_Q32, b);
    uint64_t n = y >> 32;
    if (n > 32) {
        return 0;
    }
    uint64_t f = y & 0xFFFFFFFFu;
    unsigned i = (unsigned) (f >> 26);
    uint64_t r = (f >> 10) & 0xFFFF;
    uint64_t v = P[i] - (((P[i] - P[i + 1]) * r) >> 16);
    return v >> n;
}

uint64_t hx_alu(int op, uint64_t a, uint64_t b, uint64_t c, int *ok)
{
    *ok = 1;
    switch (op) {
    case HX_MOV: return a;
    case HX_ADD: return a + b < a ? HX_MAX : a + b;
    case HX_SUB: return a >= b ? a - b : 0;
    case HX_MUL: {
        unsigned __int128 p = (unsigned __int128) a * b;
        return p > HX_MAX ? HX_MAX : (uint64_t) p;
    }
    case HX_DIV: return b == 0 ? HX_MAX : a / b;
    case HX_MOD: return b == 0 ? a : a % b;
    case HX_MIN: return a <= b ? a : b;
    case HX_MAXOP: return a >= b ? a : b;
    case HX_SHL: return b >= 64 ? 0 : a << b;
    case HX_SHR: return b >= 64 ? 0 : a >> b;
    case HX_AND: return a & b;
    case HX_OR: return a | b;
    case HX_XOR: return a ^ b;
    case HX_MULDIV: return hx_muldiv(a, b, c);
    case HX_EXPNEG: return hx_expneg(a, b);
    case HX_SELECT: return a != 0 ? b : c;
    default:
        *ok = 0;
        return 0;
    }
}

int hx_cond(int cond, uint64_t a, uint64_t b)
{
    switch (cond) {
    case HX_EQ: return a == b;
    case HX_NE: return a != b;
    case HX_LT: return a < b;
    case HX_LE: return a <= b;
    case HX_GT: return a > b;
    case HX_GE: return a >= b;
    default: return -1;
    }
}

uint64_t hx_splitmix64(uint64_t *state)
{
    *state += UINT64_C(0x9E3779B97F4A7C15);
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
