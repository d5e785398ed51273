// SPDX-License-Identifier: Apache-2.0
//===- ExecNarrow.h - a wrong result narrowed to one action ---------------===//
//
// Once a step is known to change what the program computes (irscope-opt
// --check-results, opt-reduce --miscompile), the step is narrowed on its
// pre-step IR to the one pattern application (or pass execution) after
// which the results differ, with the execution oracle (Exec.h) as the
// judge: each trial runs the step in a fresh supervised worker,
// single-threaded, with irscope's debug counter (ActionCounter.h: only
// the first K actions of a tag run) and hands the IR back, and the
// calling process executes it and compares with the pre-step IR's result.
// irsNarrowBisect (Narrow.h) runs over `apply-pattern`, then over
// `pass-execution` when no pattern application is to blame and the step
// runs its pass on several ops; a last trial describes action K.
//
// Trials run in workers because a step cut short may crash, and because
// the calling process must stay free of MLIR threads to fork the
// executions (irsExecutorRun): it runs no MLIR itself.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_EXECNARROW_H
#define IRS_EXECNARROW_H

#include "irscope/Exec.h"
#include "irscope/Narrow.h"
#include "irscope/PassManager.h"
#include "irscope/Supervisor.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What runs the step in a trial's worker, the caller's: the context that
/// reads the IR as the run read it (dialects, plugins), and the pass
/// manager of the run's pipeline.
typedef struct IrsExecNarrowSetup {
  /// Called first in every trial's worker (it may set up the process, e.g.
  /// its signal handling): a fresh context that parses the pre-step IR,
  /// single-threaded (counts name the same actions only then). Null when
  /// it cannot be made (the trial is then no verdict).
  MlirContext (*createContext)(void *userData);
  /// Then, the pre-step IR parsed in it: the pass manager of the pipeline
  /// whose step is narrowed, threading off, with nothing attached (no
  /// dumps, checks or failure files: only irsPassManagerRunSteps runs).
  /// Null on failure. Neither is destroyed: the worker ends with the trial.
  IrsPassManager (*createPassManager)(MlirContext ctx, void *userData);
  void *userData;
} IrsExecNarrowSetup;

typedef struct IrsExecNarrowOptions {
  /// The IR going into the step, as text.
  MlirStringRef preStep;
  /// The file whose lines `preStep` holds: the locations of its parse name
  /// no file ("-:12:8", ":12:8"), and the action's gets this name instead.
  /// Nullable: left as they are (a text printed with its locations names
  /// its files itself).
  const char *preStepFile;
  /// The step (1-based) of the setup's pipeline.
  intptr_t step;
  IrsExecNarrowSetup setup;
  /// Runs the trials, with its limits (step timeout, memory limit);
  /// borrowed. Its outputs and values are overwritten.
  IrsSupervisor supervisor;
  /// Executes the trials' output; borrowed.
  IrsExecutor executor;
  /// The pre-step IR's result, as `executor` gave it; borrowed.
  const IrsExecResult *reference;
  IrsExecTolerance tolerance;
  /// Execute the step's whole output (single-threaded) first and narrow
  /// only when it differs from the reference: for a caller that has not
  /// executed it so. One more execution.
  bool confirm;
} IrsExecNarrowOptions;

typedef struct IrsExecNarrowing {
  void *ptr;
} IrsExecNarrowing;

static inline bool irsExecNarrowingIsNull(IrsExecNarrowing n) {
  return !n.ptr;
}

/// Narrows step `options->step` on `options->preStep`: a first trial with
/// no limit counts the step's actions, the bisections follow, and a last
/// trial describes the action found. A trial that cannot be run or dies
/// counts as a changed result (a step cut short that dies is not the
/// reference); a trial or an execution interrupted from outside (SIGINT,
/// SIGTERM, irsSupervisorInterrupt, irsExecutorInterrupt) ends the search
/// without an answer or a reason.
/// Must be called from a process without running threads (the executions
/// are forked). Returns what it found (irsExecNarrowingGetAction) or why
/// not; null only when out of memory. Owned: irsExecNarrowingDestroy.
IRS_API IrsExecNarrowing
irsExecNarrowingCreate(const IrsExecNarrowOptions *options);
IRS_API void irsExecNarrowingDestroy(IrsExecNarrowing narrowing);

/// The action found, NULL when none: tag, name, index, of, op, opName,
/// location and executions are set (before, after, diff and replay, the
/// files of a failure directory, are NULL). Strings borrowed from
/// `narrowing`.
IRS_API const IrsNarrowedAction *
irsExecNarrowingGetAction(IrsExecNarrowing narrowing);

/// The module printed just before and just after the action found (custom
/// form when it verifies after it, else generic; both alike): what
/// irsNarrowChangedTopLevelOp cuts to the function around it. Empty when
/// none was found. Borrowed from `narrowing`.
IRS_API MlirStringRef irsExecNarrowingGetModuleBefore(IrsExecNarrowing narrowing);
IRS_API MlirStringRef irsExecNarrowingGetModuleAfter(IrsExecNarrowing narrowing);

/// The executions narrowing took, found or not.
IRS_API int64_t irsExecNarrowingGetNumExecutions(IrsExecNarrowing narrowing);

/// Why no action was found, one line without full stop ("no single action
/// is to blame: ..."); empty when one was, or when the step has no actions
/// to tell apart (it is then its own answer). Borrowed from `narrowing`.
IRS_API MlirStringRef irsExecNarrowingGetWhy(IrsExecNarrowing narrowing);

/// The narrowing oracle alone: executes `text` and compares with
/// `reference`: 1 it differs (another result, or an execution that did not
/// end as the reference's), 0 it does not, -1 to abort (interrupted, no
/// worker). Same requirements as irsExecutorRun.
IRS_API int irsExecDiffersFromReference(IrsExecutor executor,
                                        MlirStringRef text,
                                        const IrsExecResult *reference,
                                        IrsExecTolerance tolerance);

#ifdef __cplusplus
}
#endif

#endif // IRS_EXECNARROW_H
