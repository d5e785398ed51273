// SPDX-License-Identifier: Apache-2.0
//===- Flake.h - measuring intermittent failures --------------------------===//
//
// The arithmetic behind `irscope-opt --repeat` and `--seed`: a confidence
// interval for a failure rate observed in N runs, the per-run seeds derived
// from one user seed, and the normalisation that makes error messages of
// equivalent failures compare equal (failure signatures).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_FLAKE_H
#define IRS_FLAKE_H

#include "irscope/Outcome.h"
#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A proportion and its confidence interval, all in [0, 1].
typedef struct IrsRateInterval {
  double rate;  ///< failures / runs (0 when runs is 0)
  double lower; ///< lower bound of the interval
  double upper; ///< upper bound of the interval
} IrsRateInterval;

/// Wilson score interval for `failures` out of `runs` at normal quantile `z`
/// (1.959964 for 95%). Unlike the normal approximation it stays inside
/// [0, 1] and gives a useful upper bound for 0 of N ("how rare could the bug
/// still be"). runs == 0 gives [0, 1]. failures must be in [0, runs].
/// Source: E. B. Wilson, "Probable inference, the law of succession, and
/// statistical inference", JASA 22 (1927).
IRS_API IrsRateInterval irsWilsonInterval(int64_t failures, int64_t runs,
                                          double z);

/// The z of a two-sided 95% interval.
#define IRS_Z95 1.959963984540054

/// The seed of run `run` (0-based) of a repeated run started with `seed`:
/// distinct, well-mixed values per run (SplitMix64 finaliser), so that a
/// seeded `--repeat` still sees independent draws in every run while the
/// whole sequence is reproducible. A pure function of its two arguments,
/// whoever runs run `run` and in whatever order: with `s = seed`,
/// `a = irsSplitMix64(&s)`, `t = a ^ (run * 0xd1b54a32d192ed03)`, the
/// result is `irsSplitMix64(&t)` (test/unit/stats.c pins values).
IRS_API uint64_t irsSeedForRun(uint64_t seed, uint64_t run);

/// A fresh 64-bit value from the kernel's entropy source (getrandom): the
/// draws of randomised passes run without a seed, and the master seed of
/// a `--repeat` given no `--seed`.
IRS_API uint64_t irsEntropy64(void);

/// One SplitMix64 step: advances *state and returns the next value.
/// (Steele, Lea, Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014.)
IRS_API uint64_t irsSplitMix64(uint64_t *state);

/// Copies `in[0, n)` to `out` (capacity `cap`, always NUL-terminated) with
/// what varies between equivalent failures masked: every run of digits and
/// letters starting with a digit becomes "N" (line numbers, addresses,
/// counts) and SSA names "%foo" become "%". Words stay. Returns the length
/// written.
IRS_API size_t irsNormaliseMessage(const char *in, size_t n, char *out,
                                   size_t cap);

#ifdef __cplusplus
}
#endif

#endif // IRS_FLAKE_H
