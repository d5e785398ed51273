// SPDX-License-Identifier: Apache-2.0
//===- Stats.c - failure rates, seeds and failure-message normalisation ---===//
//
// See include/irscope/Flake.h. Pure functions: no state, no I/O.
//
//===----------------------------------------------------------------------===//
#include "irscope/Flake.h"

#include <ctype.h>
#include <math.h>

IrsRateInterval irsWilsonInterval(int64_t failures, int64_t runs, double z) {
  IrsRateInterval r = {0.0, 0.0, 1.0};
  if (runs <= 0)
    return r;
  if (failures < 0)
    failures = 0;
  if (failures > runs)
    failures = runs;
  double n = (double)runs, p = (double)failures / n, z2 = z * z;
  double denom = 1.0 + z2 / n;
  double centre = (p + z2 / (2.0 * n)) / denom;
  double half = z * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
  r.rate = p;
  r.lower = centre - half;
  r.upper = centre + half;
  // The exact ends: rounding must not put 0 of N above 0 or N of N below 1.
  if (failures == 0 || r.lower < 0.0)
    r.lower = 0.0;
  if (failures == runs || r.upper > 1.0)
    r.upper = 1.0;
  return r;
}

uint64_t irsSplitMix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t irsSeedForRun(uint64_t seed, uint64_t run) {
  // Two steps so that neighbouring seeds and neighbouring runs do not give
  // related streams.
  uint64_t s = seed;
  uint64_t a = irsSplitMix64(&s);
  uint64_t t = a ^ (run * 0xd1b54a32d192ed03ull);
  return irsSplitMix64(&t);
}

size_t irsNormaliseMessage(const char *in, size_t n, char *out, size_t cap) {
  size_t k = 0;
  if (cap == 0)
    return 0;
  for (size_t i = 0; i < n && k + 2 < cap;) {
    char c = in[i];
    if (c == '%') {
      out[k++] = '%';
      ++i;
      while (i < n && (isalnum((unsigned char)in[i]) || in[i] == '_' ||
                       in[i] == '#'))
        ++i;
      continue;
    }
    if (c >= '0' && c <= '9') {
      out[k++] = 'N';
      while (i < n && isalnum((unsigned char)in[i]))
        ++i;
      continue;
    }
    out[k++] = c;
    ++i;
  }
  out[k] = '\0';
  return k;
}
