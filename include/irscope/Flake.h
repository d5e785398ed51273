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
#include "irscope/Pipeline.h"
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

//===----------------------------------------------------------------------===//
// repeat.xml (irscope-opt --repeat)
//===----------------------------------------------------------------------===//

/// One distinct way the repeated runs failed. Strings are borrowed.
typedef struct IrsRepeatSignature {
  /// Pass or verify failure, crash, timeout, memory limit, or
  /// IrsOutcomeExit (the run ended with an unexpected exit code).
  IrsOutcome kind;
  int signal;          ///< for "crash"; 0 otherwise
  const char *signalName; ///< nullable
  intptr_t step;       ///< 1-based; 0 when it could not be attributed
  const char *pass;    ///< nullable when step is 0
  const char *message; ///< the normalised first error ("" when none)
  int64_t count;       ///< runs that failed this way
  int64_t firstRun;    ///< 1-based run that first failed this way
  bool hasRunSeed;     ///< whether that run had a seed, and which
  uint64_t runSeed;
  const char *artifacts; ///< directory of that run's artefacts (nullable)
  /// A merge of shards (irscope-report --merge): the 1-based shard that
  /// run belonged to; 0 otherwise.
  intptr_t shard;
} IrsRepeatSignature;

/// Everything repeat.xml says. Strings are borrowed; nullable ones may be
/// NULL.
typedef struct IrsRepeatSummary {
  IrsRunHeader header; ///< Support.h
  IrsPipeline pipeline;
  bool threading;
  bool verifyEach;
  bool hasSeed;   ///< the master seed: run i drew with irsSeedForRun(seed, i)
  uint64_t seed;
  bool seedDrawn; ///< the master seed was drawn (irsEntropy64), not given
  int64_t requestedRuns;
  int64_t runs;         ///< runs done (fewer when stopped early)
  bool stoppedEarly;    ///< --stop-on-failure ended the loop
  bool interrupted;
  int64_t failures;     ///< runs that failed in any way
  int maxThreads;       ///< most OS threads seen in one run's process
  double meanRunMs;     ///< wall time per run, fork to exit
  intptr_t numSignatures;
  const IrsRepeatSignature *signatures;
  /// irscope-opt --repeat=N --shard=I/K: this is slice `shard` (1-based) of
  /// `numShards` of the `totalRuns` runs, its first run being 1-based
  /// `firstRun`; 0 when not sharded.
  intptr_t shard, numShards;
  int64_t totalRuns, firstRun;
} IrsRepeatSummary;

/// Writes DIR/repeat.xml (schema docs/schema/repeat.xsd): the runs, the
/// failure rate with its 95% Wilson interval, the failures per step and
/// kind, and each distinct signature. Returns 0 or an errno value.
IRS_API int irsRepeatReportWrite(const IrsRepeatSummary *summary,
                                 const char *dir);

#ifdef __cplusplus
}
#endif

#endif // IRS_FLAKE_H
