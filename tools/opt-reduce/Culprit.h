// SPDX-License-Identifier: Apache-2.0
//===- Culprit.h - the one rewrite the reduced failure comes from ---------===//
//
// After the reduction, the reduced module runs once more in a supervised
// worker, single-threaded, with the library's answers to "which rewrite?"
// switched on (docs/irscope-opt.md, "Inside a step"): the action a crash
// was in, the action a hang kept repeating (the action trail), and for IR
// the verifier rejects the failing step narrowed to one action
// (IrsInstrumentationOptions.narrow); for a wrong result (--miscompile)
// the signature's step narrowed by executing each trial's output
// (CulpritResults.c, include/irscope/ExecNarrow.h). The summary names it
// in one line and
// --emit-lit-test in a comment, with a RUN line pair on upstream
// mlir-opt's debug counter where it can check it.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_CULPRIT_H
#define IRS_TOOLS_OPT_REDUCE_CULPRIT_H

#include "Config.h"
#include "Text.h"

#include "irscope/Action.h"
#include "irscope/Reduce.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct OrCulprit {
  bool found;
  IrsOutcome kind;    ///< the failure it explains: crash, timeout, verify,
                      ///< wrong result
  /// As an action record holds them (Action.h), cut alike.
  char tag[IRS_ACTION_RECORD_TEXT_MAX + 1];    ///< "apply-pattern" or "pass-execution"
  char name[IRS_ACTION_RECORD_TEXT_MAX + 1];   ///< the pattern or pass
  char opName[IRS_ACTION_RECORD_TEXT_MAX + 1]; ///< "" when unknown
  /// "file:line:col" in the input (a record's whole file and two
  /// numbers); "" when none.
  char location[IRS_ACTION_RECORD_TEXT_MAX + 24];
  /// Its number among the actions of its tag since the pipeline began
  /// (single-threaded, as --mlir-debug-counter counts them); 0: unknown.
  int64_t index;
  /// Narrowed: its number within the failing step `step` (1-based) and how
  /// many actions of the tag that step has (`of`; 0 when not narrowed).
  int64_t stepIndex, of, step;
  /// A hang: how often it ran among the last `window` actions.
  int64_t times, window;
  /// A hang that began no action in its last `stalledMs` (Action.h): the
  /// culprit is the last action it began, number `lastIndex` of its tag,
  /// `inFlight` when it had not ended.
  double stalledMs;
  int64_t lastIndex;
  bool inFlight;
  /// A crash outside any action (in the verifier after a pass, say): the
  /// culprit is the pass of the pipeline that ran last, which had ended.
  bool ended;
  /// A wrong result: the executions narrowing took.
  int64_t executions;
} OrCulprit;

/// Runs the reduced module of `r` once more to name its culprit (in-process
/// mode only; `out->found` false otherwise or when there is none).
void orCulpritFind(const OrConfig *c, IrsReducer r, OrCulprit *out);
/// A reduced wrong result's culprit (CulpritResults.c): the step of the
/// signature's pass narrowed on its pre-step IR by executing, as
/// irscope-opt --check-results narrows it. Called by orCulpritFind.
void orCulpritFindResults(const OrConfig *c, IrsReducer r, OrCulprit *out);
/// Stops that search's worker and execution; async-signal-safe.
void orCulpritResultsInterrupt(void);

/// Shared by the workers of both searches: the worker's signals (a crash
/// ends it by its signal, SIGINT and SIGTERM by default); a fresh context
/// that reads the reduced module as the written file is read (with the
/// reduction's IRDL dialects; null when they do not load); and the module
/// printed as the workers parse it (with its locations).
void orCulpritWorkerSignals(void);
MlirContext orCulpritContext(const OrConfig *c);
void orCulpritPrintAsWritten(MlirOperation module, IrsToolText *out);

/// Stops a search in progress (its workers, the narrowing's trials with
/// them): no culprit then. Async-signal-safe; for SIGINT and SIGTERM.
void orCulpritInterrupt(void);

/// The summary's line: "opt-reduce: culprit rewrite: pattern 'X' on 'op'
/// at LOC (#K of N in step S)" or the crash's and hang's forms.
void orCulpritPrint(const OrCulprit *cu);

/// The miscompile test's (MiscompileLit.c) comment naming the culprit and,
/// where upstream mlir-opt's debug counter counts it alike (as for
/// orCulpritPrintLit), the counts K - 1 and K that give the reference's
/// output and another.
void orCulpritPrintResultsLit(FILE *f, const OrConfig *c, const OrCulprit *cu,
                              MlirStringRef pipeline);

/// The emitted lit test's lines: a comment naming the culprit, and in the
/// pin form (`pin`) a RUN line pair with upstream mlir-opt's debug counter
/// (K - 1 actions do not fail, K do) when the count names the same action
/// there: an `apply-pattern` of the first step of a one-step pipeline of
/// MLIR's passes, no plugin loaded. The CHECK lines are the signature's.
void orCulpritPrintLit(FILE *f, const OrConfig *c, const OrCulprit *cu,
                       MlirStringRef pipeline, bool pin,
                       const IrsSignature *sig);

#endif
