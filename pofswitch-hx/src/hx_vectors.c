/*
 * Vector driver: reads one vector per line on stdin and prints the C implementation's answer,
 * one line per vector, so a test can compare it with the reference switch's (hex, no 0x):
 *   alu OP A B C     -> result             (OP decimal; "bad" for an unknown op)
 *   cond COND A B    -> 0 or 1             ("bad" for an unknown condition)
 *   rand SEED N      -> N SplitMix64 outputs from SEED, space separated
 * A malformed line is reported on stderr with its line number and ends the run with exit 1.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "hx_arith.h"

int main(void)
{
    char line[512];
    long no = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        no++;
        char kind[8];
        int code;
        uint64_t a, b, c;
        if (sscanf(line, "alu %d %" SCNx64 " %" SCNx64 " %" SCNx64, &code, &a, &b, &c) == 4) {
            int ok;
            uint64_t r = hx_alu(code, a, b, c, &ok);
            if (ok) {
                printf("%" PRIx64 "\n", r);
            } else {
                printf("bad\n");
            }
        } else if (sscanf(line, "cond %d %" SCNx64 " %" SCNx64, &code, &a, &b) == 3) {
            int r = hx_cond(code, a, b);
            printf(r < 0 ? "bad\n" : "%d\n", r);
        } else if (sscanf(line, "rand %" SCNx64 " %" SCNu64, &a, &b) == 2) {
            for (uint64_t i = 0; i < b; i++) {
                printf(i == 0 ? "%" PRIx64 : " %" PRIx64, hx_splitmix64(&a));
            }
            printf("\n");
        } else if (sscanf(line, "%7s", kind) != 1) {
            continue; /* blank line */
        } else {
            fprintf(stderr, "hx_vectors: line %ld: not a vector: %s", no, line);
            return 1;
        }
    }
    return 0;
}
