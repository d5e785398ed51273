// SPDX-License-Identifier: Apache-2.0
//===- Outcome.h - how a run, a step or a test ended ----------------------===//
//
// irscope's one vocabulary of outcomes: what manifests, reports, run logs,
// --repeat summaries, the reducer's signatures and the HTML explorer call
// the way something ended ("crash", "memory-limit", ...), and the exit code
// irscope-opt gives each. One table (lib/Support/Outcome.c) holds every
// kind's name, exit code, rank, family (a step failure, a death)
// and description; nothing else spells or
// compares these words. A new kind of failure is one enumerator here and one
// row there.
//
// IrsErrorKind (Support.h), IrsWorkerOutcome (Supervisor.h), IrsStepStatus
// (PassManager.h) and IrsExecOutcome (Exec.h) describe narrower things (why
// an API call failed, how a process ended, ...); each maps onto an
// IrsOutcome, which gives it its name.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_OUTCOME_H
#define IRS_OUTCOME_H

#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum IrsOutcome {
  IrsOutcomeNone,           ///< "": nothing known yet (a zeroed record)
  IrsOutcomeOk,             ///< "ok": ended as it should
  IrsOutcomePassFailure,    ///< "pass-failure": a pass signalled failure
  IrsOutcomeVerifyFailure,  ///< "verify-failure": the IR did not verify
  IrsOutcomeCrash,          ///< "crash": died by a signal
  IrsOutcomeTimeout,        ///< "timeout": a step ran past its time limit
  IrsOutcomeMemoryLimit,    ///< "memory-limit": above the memory limit
  IrsOutcomeInterrupted,    ///< "interrupted": SIGINT/SIGTERM from outside
  IrsOutcomeNondeterminism, ///< "nondeterminism": two runs differ
  IrsOutcomeWrongResult,    ///< "wrong-result": a step changed the results
  IrsOutcomeExit,           ///< "exit": the process exited before the end
  IrsOutcomeNotRun,         ///< "not-run": a step after the failing one
  IrsOutcomeRunning,        ///< "running": not finished (yet)
  IrsOutcomeUsageError,     ///< "usage-error": bad argument or option
  IrsOutcomeParseError,     ///< "parse-error": the input does not parse
  IrsOutcomePipelineError,  ///< "pipeline-error": the pipeline is bad
  IrsOutcomeIoError,        ///< "io-error": a file could not be written
  IrsOutcomeOutOfMemory,    ///< "out-of-memory": an allocation failed
  IrsOutcomeInvalid,        ///< "invalid": a reducer candidate not testable
  IrsOutcomeFailure,        ///< "failure": a tool failed, kind unknown
  IrsOutcomeInteresting,    ///< "interesting": the user's test said so
  IrsOutcomeLoweringFailed, ///< "lowering-failed": execution set-up
  IrsOutcomeNoEntry,        ///< "no-entry": no entry function to execute
  IrsOutcomeBadEntry,       ///< "bad-entry": the entry cannot be called
  IrsOutcomeJitFailed,      ///< "jit-failed": the module cannot be JIT'd
  IrsOutcome_COUNT,         ///< sentinel: number of kinds
} IrsOutcome;

/// The lower-kebab name ("memory-limit"); "" for IrsOutcomeNone and
/// "unknown" for a value outside the enum. Never NULL; static storage.
IRS_API const char *irsOutcomeGetName(IrsOutcome outcome);

/// The kind called `name` (NUL-terminated; NULL allowed), or IrsOutcomeNone
/// if no kind has that name.
IRS_API IrsOutcome irsOutcomeFromName(const char *name);

/// Like irsOutcomeFromName for a string given by pointer and length.
IRS_API IrsOutcome irsOutcomeFromNameRef(MlirStringRef name);

/// One line saying what the kind means, for help texts and docs.
IRS_API const char *irsOutcomeGetDescription(IrsOutcome outcome);

/// irscope-opt's exit code for a run that ended so (docs/irscope-opt.md,
/// "Exit codes"), or -1 for kinds that never end a run (none, not-run,
/// running, and the reducer's and executor's own kinds).
IRS_API int irsOutcomeGetExitCode(IrsOutcome outcome);

/// Exit codes that are no outcome's, because they end no run: what a worker
/// or helper process tells the process that started it. Every other exit
/// code of irscope's tools and workers is irsOutcomeGetExitCode of an
/// outcome (0 ok, 1 pass-failure, 2 usage-error, ...); these are the only
/// ones spelled as numbers, here once (test/unit/outcome.c pins them).
enum {
  /// opt-reduce's test worker could not test the candidate (the edit or
  /// the pipeline could not be applied): not interesting, not the bug.
  IRS_EXIT_INVALID_CANDIDATE = 99,
  /// A script or tool was found but could not be run (the shell's 126):
  /// opt-reduce's script and tool-mode workers after a failed exec (with
  /// the errno as a worker value), and its launcher (Launcher.c, which
  /// links only libc and so repeats the number).
  IRS_EXIT_CANNOT_EXEC = 126,
  /// A program could not be executed at all (the shell's 127): the worker
  /// of a --tool run (lib/Tool/Exec.c) and opt-reduce's tool probes after a
  /// failed exec, and opt-reduce's launcher when the reducer is missing.
  IRS_EXIT_EXEC_FAILED = 127,
};

/// The first kind in the table whose exit code is `code` (0 ok, 1
/// pass-failure, 2 usage-error, ..., 130 interrupted), or IrsOutcomeNone.
IRS_API IrsOutcome irsOutcomeFromExitCode(int code);

/// Of two irscope-opt exit codes, the one that wins when chunks or runs
/// disagree: 0, 2, 1, 3 (with 8 and 9), 6, 7, 5, 4, 130 from best to worst
/// (an I/O error is worst short of an interruption: something asked for was
/// not written). An exit code outside the table ranks as a crash; `a` wins
/// a tie.
IRS_API int irsOutcomeWorseExitCode(int a, int b);

/// Of two outcomes, the one that wins when chunks or runs disagree: the one
/// whose exit code irsOutcomeWorseExitCode picks (`a` on a tie, so the
/// first of verify-failure, nondeterminism and wrong-result stays).
/// IrsOutcomeNone loses to every kind; a kind without an exit code ranks
/// as a crash.
IRS_API IrsOutcome irsOutcomeWorse(IrsOutcome a, IrsOutcome b);

/// Whether the kind says a step ran to its end and its result is wrong
/// (pass-failure, verify-failure, nondeterminism, wrong-result), as opposed
/// to a process that died or a run that could not start.
IRS_API bool irsOutcomeIsStepFailure(IrsOutcome outcome);

/// Whether the kind says the process ended before its step did (crash,
/// timeout, memory-limit, interrupted, exit): the step has no result.
IRS_API bool irsOutcomeIsDeath(IrsOutcome outcome);

/// The kind an API failure of `kind` stands for (IRS_OK: ok, IRS_ERR_PASS:
/// pass-failure, IRS_ERR_IO: io-error, ...).
IRS_API IrsOutcome irsOutcomeFromErrorKind(IrsErrorKind kind);

//===----------------------------------------------------------------------===//
// Step status (a pass manager's IrsStepResult.status)
//===----------------------------------------------------------------------===//

typedef enum IrsStepStatus {
  IrsStepNotRun,
  IrsStepOk,
  IrsStepPassFailed,
  IrsStepVerifyFailed,
} IrsStepStatus;

/// Name used in manifests: "not-run", "ok", "pass-failure", "verify-failure".
IRS_API const char *irsStepStatusGetName(IrsStepStatus status);
/// The outcome the status stands for (IrsOutcomeNone for a bad value).
IRS_API IrsOutcome irsStepStatusGetOutcome(IrsStepStatus status);

#ifdef __cplusplus
}
#endif

#endif // IRS_OUTCOME_H
