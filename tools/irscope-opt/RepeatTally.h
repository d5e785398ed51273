// SPDX-License-Identifier: Apache-2.0
//===- RepeatTally.h - the tally of a --repeat: runs, failures, signatures ===//
//
// Both kinds of --repeat (in-process children, Repeat.c; the user's tool,
// ToolRepeat.c) count runs and failures and keep one entry per distinct
// failure signature (irscope/Signature.h): the first run that failed so,
// how many did, where its artefacts went. The tally also owns the run
// directory's base (BASE/failure-K, BASE/repeat.xml) and the summary: the
// "irscope-opt: repeat:" lines and repeat.xml (irsRepeatReportWrite).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_OPT_REPEATTALLY_H
#define IRS_OPT_REPEATTALLY_H

#include "Driver.h"

#include "irscope/Flake.h"
#include "irscope/Report.h"
#include "irscope/Signature.h"

/// One distinct way the runs failed.
typedef struct IrsOptRepeatSig {
  IrsSignature sig;
  int64_t count;    ///< runs that failed this way
  int64_t firstRun; ///< 1-based
  bool hasRunSeed;  ///< whether that run had a seed, and which
  uint64_t runSeed;
  char *dir; ///< its artefacts (owned, nullable)
} IrsOptRepeatSig;

typedef struct IrsOptRepeatTally {
  char *base; ///< where repeat.xml and failure-<id> go (owned)
  IrsOptRepeatSig *sigs;
  intptr_t numSigs, capSigs;
  int64_t runs, failures;
  int maxThreads; ///< most OS threads seen in one run's process
  bool stopped, interrupted;
} IrsOptRepeatTally;

/// Creates the base directory: cfg->failureDir (created if missing) or a
/// fresh $TMPDIR/irscope-repeat-XXXXXX. False after printing why not.
bool irsOptRepeatTallyInit(IrsOptRepeatTally *t, const IrsOptConfig *cfg);

/// Frees the tally (not the directories it names).
void irsOptRepeatTallyFree(IrsOptRepeatTally *t);

/// The entry whose signature `sig` matches (kind, signal, step, message,
/// crash site and identity), or NULL.
IrsOptRepeatSig *irsOptRepeatTallyFind(IrsOptRepeatTally *t,
                                       const IrsSignature *sig);

/// Adds `sig`, first seen in 0-based run `run`, with a count of 1; NULL if
/// out of memory.
IrsOptRepeatSig *irsOptRepeatTallyAdd(IrsOptRepeatTally *t,
                                      const IrsSignature *sig, int64_t run);

/// Sets the crash site and identity of `sig` from the stack trace in
/// `trace` (the dead run's stderr), unless the trace is cut short: when
/// two threads crash at once, the second one's handler may print a single
/// frame (its own) before the process dies, and that is no site.
void irsOptRepeatSetCrashSite(IrsSignature *sig, MlirStringRef trace);

/// A failed run's kind when it ended on its own: a step failure (pass,
/// verifier, nondeterminism, wrong result) stays one; anything else is an
/// unexpected exit ("exit").
IrsOutcome irsOptRepeatExitKind(IrsOutcome kind);

/// Prints the summary lines and writes BASE/repeat.xml from `sum` (its
/// run and signature fields are filled here from the tally, the rest by
/// the caller). Returns the exit code of ok or of an
/// I/O error.
int irsOptRepeatTallyFinish(const IrsOptRepeatTally *t, IrsRepeatSummary *sum,
                            double elapsedMs);

/// The 0-based runs [*begin, *end) this process runs: all of --repeat=N,
/// or with --shard=I/K the I-th of K contiguous slices (sizes differing by
/// at most one), so that K shards together run each of the N runs once.
/// Each run's seed depends only on its index (irsSeedForRun), so the
/// union of the shards is one --repeat=N run.
void irsOptRepeatRange(const IrsOptConfig *c, int64_t *begin, int64_t *end);

/// Fills the shard fields of `sum` and the runs it requested.
void irsOptRepeatSummaryRange(const IrsOptConfig *c, IrsRepeatSummary *sum);

#endif // IRS_OPT_REPEATTALLY_H
