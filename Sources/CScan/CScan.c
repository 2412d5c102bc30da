// The Teddy filter's loops: per 16 window starts (32 with AVX2), each window byte's low and high
// nibble looked up in its 16-byte tables by a byte shuffle, the two results and the window bytes'
// results ANDed; lanes left non-zero are candidates (rare in text for rare enough windows). The
// AVX2 loop's shuffles look up within each 16-byte lane, so its tables are the same 16 bytes twice.
#include "CScan.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define CSCAN_X86 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define CSCAN_NEON 1
#endif

/// One window start's bucket bits, byte by byte (the tail, and the reference for the vector loops).
static inline uint8_t cscan_bits_at(const cscan_teddy *teddy, const uint8_t *base, size_t q) {
    uint8_t bits = 0xFF;
    for (int32_t j = 0; j < teddy->width; j++) {
        uint8_t byte = base[q + (size_t)j];
        bits &= teddy->low[j][byte & 15] & teddy->high[j][byte >> 4];
    }
    return bits;
}

/// The window starts from `q` up to `end` (exclusive) one at a time; returns the new count.
static size_t cscan_tail(const cscan_teddy *teddy, const uint8_t *base, size_t *q, size_t end,
                         size_t *places, uint8_t *buckets, size_t count, size_t capacity) {
    while (*q < end && count < capacity) {
        uint8_t bits = cscan_bits_at(teddy, base, *q);
        if (bits) {
            places[count] = *q;
            buckets[count] = bits;
            count++;
        }
        (*q)++;
    }
    return count;
}

#if CSCAN_X86
static int cscan_has_ssse3(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_SSSE3) != 0;
}

/// Whether the processor and the system run AVX2 (the system saves the YMM registers).
static int cscan_has_avx2(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if (!(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return 0;
    unsigned int xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & bit_AVX2) != 0;
}

/// The bucket bits of the 16 window starts at `p` for window byte tables `low`/`high`.
__attribute__((target("ssse3"))) static inline __m128i cscan_lookup(const uint8_t *p, __m128i low, __m128i high) {
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i bytes = _mm_loadu_si128((const __m128i *)p);
    __m128i lo = _mm_shuffle_epi8(low, _mm_and_si128(bytes, nibble));
    __m128i hi = _mm_shuffle_epi8(high, _mm_and_si128(_mm_srli_epi16(bytes, 4), nibble));
    return _mm_and_si128(lo, hi);
}

__attribute__((target("ssse3")))
static size_t cscan_find_ssse3(const cscan_teddy *teddy, const uint8_t *base, size_t from, size_t to,
                               size_t *places, uint8_t *buckets, size_t capacity, size_t *resume) {
    size_t width = (size_t)teddy->width;
    size_t end = to - width + 1;  // one past the last window start
    size_t q = from;
    size_t count = 0;
    const __m128i zero = _mm_setzero_si128();
    __m128i low0 = _mm_loadu_si128((const __m128i *)teddy->low[0]);
    __m128i high0 = _mm_loadu_si128((const __m128i *)teddy->high[0]);
    __m128i low1 = _mm_loadu_si128((const __m128i *)teddy->low[1]);
    __m128i high1 = _mm_loadu_si128((const __m128i *)teddy->high[1]);
    __m128i low2 = _mm_loadu_si128((const __m128i *)teddy->low[2]);
    __m128i high2 = _mm_loadu_si128((const __m128i *)teddy->high[2]);
    // 32 window starts per step: all their bytes (q ..< q + 32 + width - 1) lie below `to`.
    while (q + 32 <= end && capacity - count >= 32) {
        const uint8_t *p = base + q;
        __m128i a = cscan_lookup(p, low0, high0);
        __m128i b = cscan_lookup(p + 16, low0, high0);
        if (width > 1) {
            a = _mm_and_si128(a, cscan_lookup(p + 1, low1, high1));
            b = _mm_and_si128(b, cscan_lookup(p + 17, low1, high1));
        }
        if (width > 2) {
            a = _mm_and_si128(a, cscan_lookup(p + 2, low2, high2));
            b = _mm_and_si128(b, cscan_lookup(p + 18, low2, high2));
        }
        unsigned int set = ((unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(a, zero))
                            | (unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(b, zero)) << 16) ^ 0xFFFFFFFFu;
        if (set) {
            uint8_t lanes[32];
            _mm_storeu_si128((__m128i *)lanes, a);
            _mm_storeu_si128((__m128i *)(lanes + 16), b);
            while (set) {
                int lane = __builtin_ctz(set);
                set &= set - 1;
                places[count] = q + (size_t)lane;
                buckets[count] = lanes[lane];
                count++;
            }
        }
        q += 32;
    }
    if (q + 32 > end) count = cscan_tail(teddy, base, &q, end, places, buckets, count, capacity);
    *resume = q;
    return count;
}

/// The bucket bits of the 32 window starts at `p` for window byte tables `low`/`high` (each
/// table in both lanes).
__attribute__((target("avx2"))) static inline __m256i cscan_lookup_avx2(const uint8_t *p, __m256i low, __m256i high) {
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i bytes = _mm256_loadu_si256((const __m256i *)p);
    __m256i lo = _mm256_shuffle_epi8(low, _mm256_and_si256(bytes, nibble));
    __m256i hi = _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble));
    return _mm256_and_si256(lo, hi);
}

/// The SSSE3 loop's work, 64 window starts a step; what is left (under 64 starts, or a nearly
/// full `places`) goes to the SSSE3 loop.
__attribute__((target("avx2")))
static size_t cscan_find_avx2(const cscan_teddy *teddy, const uint8_t *base, size_t from, size_t to,
                              size_t *places, uint8_t *buckets, size_t capacity, size_t *resume) {
    size_t width = (size_t)teddy->width;
    size_t end = to - width + 1;
    size_t q = from;
    size_t count = 0;
    const __m256i zero = _mm256_setzero_si256();
    __m256i low0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->low[0]));
    __m256i high0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->high[0]));
    __m256i low1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->low[1]));
    __m256i high1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->high[1]));
    __m256i low2 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->low[2]));
    __m256i high2 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)teddy->high[2]));
    // 64 window starts per step: all their bytes (q ..< q + 64 + width - 1) lie below `to`.
    while (q + 64 <= end && capacity - count >= 64) {
        const uint8_t *p = base + q;
        __m256i a = cscan_lookup_avx2(p, low0, high0);
        __m256i b = cscan_lookup_avx2(p + 32, low0, high0);
        if (width > 1) {
            a = _mm256_and_si256(a, cscan_lookup_avx2(p + 1, low1, high1));
            b = _mm256_and_si256(b, cscan_lookup_avx2(p + 33, low1, high1));
        }
        if (width > 2) {
            a = _mm256_and_si256(a, cscan_lookup_avx2(p + 2, low2, high2));
            b = _mm256_and_si256(b, cscan_lookup_avx2(p + 34, low2, high2));
        }
        uint64_t set = ~((uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, zero))
                         | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, zero)) << 32);
        if (set) {
            uint8_t lanes[64];
            _mm256_storeu_si256((__m256i *)lanes, a);
            _mm256_storeu_si256((__m256i *)(lanes + 32), b);
            while (set) {
                int lane = __builtin_ctzll(set);
                set &= set - 1;
                places[count] = q + (size_t)lane;
                buckets[count] = lanes[lane];
                count++;
            }
        }
        q += 64;
    }
    size_t rest = 0;
    count += cscan_find_ssse3(teddy, base, q, to, places + count, buckets + count, capacity - count, &rest);
    *resume = rest;
    return count;
}
#endif

#if CSCAN_NEON
/// The bucket bits of the 16 window starts at `p` for window byte tables `low`/`high`.
static inline uint8x16_t cscan_lookup(const uint8_t *p, uint8x16_t low, uint8x16_t high) {
    uint8x16_t bytes = vld1q_u8(p);
    uint8x16_t lo = vqtbl1q_u8(low, vandq_u8(bytes, vdupq_n_u8(0x0F)));
    uint8x16_t hi = vqtbl1q_u8(high, vshrq_n_u8(bytes, 4));
    return vandq_u8(lo, hi);
}

static size_t cscan_find_neon(const cscan_teddy *teddy, const uint8_t *base, size_t from, size_t to,
                              size_t *places, uint8_t *buckets, size_t capacity, size_t *resume) {
    size_t width = (size_t)teddy->width;
    size_t end = to - width + 1;
    size_t q = from;
    size_t count = 0;
    uint8x16_t low0 = vld1q_u8(teddy->low[0]), high0 = vld1q_u8(teddy->high[0]);
    uint8x16_t low1 = vld1q_u8(teddy->low[1]), high1 = vld1q_u8(teddy->high[1]);
    uint8x16_t low2 = vld1q_u8(teddy->low[2]), high2 = vld1q_u8(teddy->high[2]);
    while (q + 32 <= end && capacity - count >= 32) {
        const uint8_t *p = base + q;
        uint8x16_t a = cscan_lookup(p, low0, high0);
        uint8x16_t b = cscan_lookup(p + 16, low0, high0);
        if (width > 1) {
            a = vandq_u8(a, cscan_lookup(p + 1, low1, high1));
            b = vandq_u8(b, cscan_lookup(p + 17, low1, high1));
        }
        if (width > 2) {
            a = vandq_u8(a, cscan_lookup(p + 2, low2, high2));
            b = vandq_u8(b, cscan_lookup(p + 18, low2, high2));
        }
        if (vmaxvq_u8(vorrq_u8(a, b)) != 0) {
            uint8_t lanes[32];
            vst1q_u8(lanes, a);
            vst1q_u8(lanes + 16, b);
            for (int lane = 0; lane < 32; lane++) {
                if (lanes[lane]) {
                    places[count] = q + (size_t)lane;
                    buckets[count] = lanes[lane];
                    count++;
                }
            }
        }
        q += 32;
    }
    if (q + 32 > end) count = cscan_tail(teddy, base, &q, end, places, buckets, count, capacity);
    *resume = q;
    return count;
}
#endif

int cscan_teddy_widest(void) {
#if CSCAN_X86
    static int known = -1;
    if (known < 0) known = cscan_has_avx2() && cscan_has_ssse3() ? 32 : cscan_has_ssse3() ? 16 : 0;
    return known;
#elif CSCAN_NEON
    return 16;
#else
    return 0;
#endif
}

int cscan_teddy_available(void) {
    return cscan_teddy_widest() > 0;
}

size_t cscan_teddy_find(const cscan_teddy *teddy, const uint8_t *base, size_t from, size_t to,
                        size_t *places, uint8_t *buckets, size_t capacity, size_t *resume) {
    size_t width = (size_t)teddy->width;
    if (width < 1 || width > 3 || to < from + width) {
        *resume = to;
        return 0;
    }
#if CSCAN_X86
    int widest = cscan_teddy_widest();
    int vector = teddy->vector_bytes > 0 && teddy->vector_bytes < widest ? teddy->vector_bytes : widest;
    if (vector == 32) return cscan_find_avx2(teddy, base, from, to, places, buckets, capacity, resume);
    if (vector == 16) return cscan_find_ssse3(teddy, base, from, to, places, buckets, capacity, resume);
#elif CSCAN_NEON
    return cscan_find_neon(teddy, base, from, to, places, buckets, capacity, resume);
#endif
    size_t q = from;
    size_t count = cscan_tail(teddy, base, &q, to - width + 1, places, buckets, 0, capacity);
    *resume = q;
    return count;
}
