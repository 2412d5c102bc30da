// CScan: the byte-shuffle filter behind a one-pass scan for several short byte strings (a
// "Teddy" filter), in C because Swift's SIMD types offer no byte shuffle on the SSE2 baseline.
// Own code, no system library; the instruction set is chosen at run time (AVX2, else SSSE3 on
// x86_64; NEON on arm64). TranscriptSearch's TeddyScanner builds the tables and reads the candidates.
#ifndef CSCAN_H
#define CSCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The filter's tables: for window byte `j` (0 ..< width), `low[j][b & 15] & high[j][b >> 4]`
/// has bit `r` set when bucket `r` accepts byte `b` there (nibble sets: a superset of the
/// bytes put in, which is what a filter may be).
typedef struct cscan_teddy {
    uint8_t low[3][16];
    uint8_t high[3][16];
    /// The window's length in bytes, 1 ... 3.
    int32_t width;
    /// The widest vector to use, in bytes: 0 for the widest this processor runs
    /// (`cscan_teddy_widest`), 16 for the 16-byte loop even where a wider one runs (tests).
    int32_t vector_bytes;
} cscan_teddy;

/// 1 when `cscan_teddy_find` runs vector code on this processor, else 0 (callers then use a
/// scan of their own).
int cscan_teddy_available(void);

/// The widest vector `cscan_teddy_find` runs on this processor, in bytes: 32 (AVX2), 16 (SSSE3,
/// NEON) or 0 (none).
int cscan_teddy_widest(void);

/// Looks at the window starts `q` in `from ..< to - width + 1`, in ascending order, and writes
/// each `q` whose bucket bits (the AND of the window bytes' table bits) are not zero to
/// `places`, its bits to `buckets`, until `capacity` is nearly used (at least 64 are needed).
/// Returns how many were written; `*resume` is the first window start not looked at (`to -
/// width + 1` or more when the range is done).
size_t cscan_teddy_find(const cscan_teddy *teddy, const uint8_t *base, size_t from, size_t to,
                        size_t *places, uint8_t *buckets, size_t capacity, size_t *resume);

#ifdef __cplusplus
}
#endif

#endif
