// SPDX-License-Identifier: Apache-2.0
//===- Tool.h - running a pipeline through the user's own opt tool --------===//
//
// Downstream compilers (fir-opt, iree-opt, triton-opt, mlir-opt with its
// test dialect) have dialects and passes compiled into their own binary,
// built against their own MLIR revision; no plugin brings them into
// irscope's process. An IrsToolRunner runs an IrsPipeline by executing such
// a tool (any mlir-opt-compatible driver) under the same supervision as
// irscope's own worker (lib/Supervisor: step timeout, memory limit, signal
// classification, interrupts), and writes the same artefacts: numbered
// dumps and manifest.xml, report.xml with the pre-step IR and reproducers
// the same tool replays.
//
// irscope never parses the module in this mode: the tool parses, verifies
// and prints it, so IR of dialects irscope does not know is fine. Only the
// pipeline syntax (steps, anchors) is irscope's; whether a pass exists is the
// tool's business, and its refusal is reported as IRS_ERR_PIPELINE. Op
// counts are therefore unknown (absent from manifests); "changed" compares
// the tool's printed output byte for byte.
//
// Two modes, as for IrsPassManager. Whole: the tool runs once with the whole
// pipeline (the happy path costs one fork/exec); if it fails, the failing
// step is located by replaying the steps one process each. Stepwise (dumps,
// timing, or asked for): one tool process per step. The hand-over between
// steps is the dump itself when dumping (text, what the user reads), else
// MLIR bytecode (--emit-bytecode; a tool that ignores it hands over text).
//
// The library never prints: the tool's stderr reaches the caller through
// onStderr, and the outcome through the getters below.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOL_H
#define IRS_TOOL_H

#include "irscope/Narrow.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/Supervisor.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Configuration; strings are copied by irsToolRunnerCreate.
typedef struct IrsToolOptions {
  /// The tool to execute (a path; not searched in $PATH).
  const char *path;
  /// Extra arguments put before irscope's own on every invocation
  /// (irscope-opt's --tool-arg), e.g. "--allow-unregistered-dialect".
  const char *const *args;
  intptr_t numArgs;
  /// Supervision, as IrsSupervisorOptions (0: no limit).
  double stepTimeoutSec;
  int64_t memoryLimitBytes;
  /// Instrumentation, as in IrsDumpOptions and IrsVerifyOptions.
  const char *dumpDir;
  /// As IrsDumpOptions.stepNumberOffset: the dumps are numbered
  /// after this many earlier steps (a resumed run).
  intptr_t stepNumberOffset;
  bool dumpOnlyChanged;
  bool dumpOverwrite;
  bool verifyEach;
  /// Run step by step even without dumps (per-step timing, attribution).
  bool stepwise;
  const char *failureDir;
  bool writeFailureReport;
  /// false passes --mlir-disable-threading to the tool.
  bool threadingEnabled;
  /// Final output as bytecode (--emit-bytecode) instead of text.
  bool emitBytecode;
  /// Before the first run, runs the tool once on an empty module without
  /// passes: its start-up, which every step's time contains, is shown in
  /// the timing table (irsToolRunnerPrintTiming) beside the steps' times.
  bool measureStartup;
  /// Narrow a failing step (pass or verifier failure, crash) to the one
  /// action after which it fails, with the tool's own --log-actions-to and
  /// --mlir-debug-counter (include/irscope/Narrow.h): <action> in
  /// report.xml, the files around it, irsToolRunnerGetNarrowNote. With
  /// it, the action log of a crash names the action in flight, and a step
  /// that timed out is run once more with its log to name the actions it
  /// kept repeating (irsToolRunnerGetActionNote).
  bool narrow;
  /// Recorded in manifest and report (Support.h; nullable).
  IrsRunHeader header;
  /// The tool's stderr of each step (or of the whole run) once it ended,
  /// not of replays. Nullable. When the tool died of a signal, its own LLVM
  /// stack dump is left out (irsStackTraceStripLlvmDump), so that the
  /// caller can print a short trace after its error line; the whole text
  /// is in report.xml and irsToolRunnerGetDeath's stderrTail.
  MlirStringCallback onStderr;
  void *onStderrUserData;
  /// As IrsSupervisionOptions.onStep: step begins and ends (1-based;
  /// 0 for the whole pipeline), for run logs. Nullable.
  void (*onStep)(intptr_t step, bool begin, void *userData);
  void *onStepUserData;
  /// Each step's output in text, once the step succeeded (1-based step,
  /// the path of a file valid during the call: its dump, or its output,
  /// which steps then hand over as text). Needs a stepwise run (`stepwise`
  /// or dumps). Nullable. For callers that read every step's IR
  /// (irscope-opt --check-results executes it).
  void (*onStepText)(intptr_t step, const char *textPath, void *userData);
  void *onStepTextUserData;
} IrsToolOptions;

/// Defaults: verify-each on, failure report on, threading on.
IRS_API IrsToolOptions irsToolOptionsDefault(void);

typedef struct IrsToolRunner {
  void *ptr;
} IrsToolRunner;

static inline bool irsToolRunnerIsNull(IrsToolRunner r) { return !r.ptr; }

/// Creates a runner for `pipeline` (borrowed; must outlive the runner).
/// Checks that the tool exists and is executable; otherwise calls
/// `errorCallback` (nullable) with one line ("cannot run tool 'PATH': No such
/// file or directory") and returns a null handle.
IRS_API IrsToolRunner irsToolRunnerCreate(IrsPipeline pipeline,
                                          const IrsToolOptions *options,
                                          MlirStringCallback errorCallback,
                                          void *userData);
/// Destroys the runner and removes its scratch directory. Null is a no-op.
IRS_API void irsToolRunnerDestroy(IrsToolRunner runner);

/// Runs the pipeline on the file `inputPath` and writes the tool's output of
/// the last step to `outputPath` (atomically; devices in place). Returns
/// IRS_OK; IRS_ERR_PASS, IRS_ERR_VERIFY for a failing step; IRS_ERR_PIPELINE
/// when the tool rejects a step's pipeline; IRS_ERR_PARSE when the tool
/// cannot read the input; IRS_ERR_USAGE when the dump directory holds a
/// previous run; IRS_ERR_IO (also: the tool misbehaved, see
/// irsToolRunnerGetToolError); IRS_ERR_NOMEM. When the tool's process died
/// (crash, timeout, memory limit, interrupt) the status is IRS_ERR_PASS and
/// irsToolRunnerGetDeath says how.
IRS_API IrsStatus irsToolRunnerRun(IrsToolRunner runner, const char *inputPath,
                                   const char *outputPath);

/// --check-determinism: runs every step twice, in two tool processes, on
/// the same input (threads: the second with --mlir-disable-threading) and
/// compares the printed outputs byte for byte. `*differingStep` gets the
/// first step whose outputs or outcomes differ (0: none); it is documented
/// with report.xml of kind nondeterminism (see irsToolRunnerGetFailureDir)
/// and the call still returns IRS_OK. A step that fails in both runs stops
/// the check with IRS_ERR_PASS (no report). Without a differing step the
/// last output goes to `outputPath`; past one whose first run succeeded,
/// the plain tool's run goes on from that run's output (the steps after
/// it in one tool process) and writes `outputPath` unless it fails
/// (irsToolRunnerWroteOutput).
IRS_API IrsStatus irsToolRunnerCheckDeterminism(IrsToolRunner runner,
                                                const char *inputPath,
                                                const char *outputPath,
                                                bool threads,
                                                intptr_t *differingStep);

/// One-line message of the last failure; empty after success.
IRS_API MlirStringRef irsToolRunnerGetErrorMessage(IrsToolRunner runner);
/// Where report.xml went; empty when none was written.
IRS_API MlirStringRef irsToolRunnerGetFailureDir(IrsToolRunner runner);
/// 1-based failing step of the last run; 0 if none (or not located).
IRS_API intptr_t irsToolRunnerGetFailedStep(IrsToolRunner runner);
/// How the failing step's process ended, or NULL when it exited by itself
/// (a pass or verifier failure, or success). Borrowed until the next run.
IRS_API const IrsWorkerResult *irsToolRunnerGetDeath(IrsToolRunner runner);
/// The one-line note about narrowing the last run's failing step: the
/// action found ("first rewrite that breaks the IR: #2 of 3 in step 1
/// ..."), or why there is none; empty when narrowing did not run.
/// Borrowed until the next run.
IRS_API MlirStringRef irsToolRunnerGetNarrowNote(IrsToolRunner runner);
/// The one-line note on what the failing step's tool was doing when it
/// died, read from its action log (irsActionTrailDescribeDeath's words:
/// "crashed while applying pattern 'X' to 'op' at LOC", "timed out
/// repeating ..."); empty when there is none. Borrowed until the next run.
IRS_API MlirStringRef irsToolRunnerGetActionNote(IrsToolRunner runner);
/// A step's output judged by the caller: 1 when the output at
/// `outputPath` (text) shows the failure being narrowed (executed, its
/// results differ from the step's input's), 0 when it does not, -1 to
/// abort. See irsToolRunnerNarrowOutput.
typedef int (*IrsToolOutputOracle)(const char *outputPath, void *userData);

/// What irsToolRunnerNarrowOutput found; borrowed from the runner until
/// its next run or narrowing.
typedef struct IrsToolNarrowed {
  /// The action, NULL when none was found (then `why` says why, or is
  /// empty when the step has no actions to tell apart).
  const IrsNarrowedAction *action;
  /// The module just before and just after the action, generic form, as
  /// the tool prints it (empty when it could not print it).
  MlirStringRef before, after;
  MlirStringRef why;
} IrsToolNarrowed;

/// Narrows step `step` (1-based) of the runner's pipeline, run by the tool
/// on the file `inputPath` (its pre-step IR), whose output with all its
/// actions is bad, to the first action after which `oracle` finds it bad: the narrowing of a failing
/// step (irsToolRunnerRun with IrsToolOptions.narrow), with the caller's
/// judgement of a step that succeeds, e.g. a wrong result. One
/// single-threaded run with --log-actions-to counts the step's actions;
/// irsNarrowBisect over --mlir-debug-counter=apply-pattern-count=K (then
/// pass-execution) asks `oracle` at most 1 + ceil(log2(actions)) times.
/// Returns whether an action was found; `out` is filled either way.
IRS_API bool irsToolRunnerNarrowOutput(IrsToolRunner runner, intptr_t step,
                                       const char *inputPath,
                                       IrsToolOutputOracle oracle,
                                       void *userData, IrsToolNarrowed *out);

/// Whether the last failure was the tool misbehaving (no output, output
/// that is neither text nor bytecode, exec failure) rather than the IR.
IRS_API bool irsToolRunnerGetToolError(IrsToolRunner runner);
/// Command lines that replay the failing step with the tool (empty when
/// none was written): the plain one on failure-input.mlir and the
/// --run-reproducer one on reproducer.mlir. Borrowed until the next run.
IRS_API MlirStringRef irsToolRunnerGetReplayCommand(IrsToolRunner runner);
IRS_API MlirStringRef irsToolRunnerGetReproducerCommand(IrsToolRunner runner);

/// Per-step results of the last run (as irsPassManagerGetStepResult; op
/// counts are -1: irscope does not parse the module). Diagnostics are
/// parsed from the tool's stderr.
IRS_API intptr_t irsToolRunnerGetNumSteps(IrsToolRunner runner);
IRS_API const IrsStepResult *irsToolRunnerGetStepResult(IrsToolRunner runner,
                                                        intptr_t pos);
IRS_API double irsToolRunnerGetTotalWallMs(IrsToolRunner runner);
/// Whether steps handed over bytecode in the last run (false: text).
IRS_API bool irsToolRunnerUsedBytecode(IrsToolRunner runner);
/// Whether the tool wrote text when asked for bytecode (--emit-bytecode
/// ignored): later steps of the run then hand over text.
IRS_API bool irsToolRunnerIgnoredBytecode(IrsToolRunner runner);
/// Whether the last run or check wrote its output file.
IRS_API bool irsToolRunnerWroteOutput(IrsToolRunner runner);

/// Writes the per-step timing table of the last run, as
/// irsPassManagerPrintTiming (wall and CPU time of each tool process, which
/// include the tool's parsing and printing).
IRS_API void irsToolRunnerPrintTiming(IrsToolRunner runner, IrsTimingSort sort,
                                      MlirStringCallback callback,
                                      void *userData);
/// The supervisor the runner's tool processes run under, for
/// irsSupervisorInterrupt from a signal handler. Borrowed.
IRS_API IrsSupervisor irsToolRunnerGetSupervisor(IrsToolRunner runner);
/// The supervisor of the runner's helper runs, which only print IR the
/// tool already read (the input's dump, a dump printed from bytecode,
/// pre-step IR, reproducers) under a longer timeout: an interrupt must
/// reach it too. Borrowed.
IRS_API IrsSupervisor irsToolRunnerGetHelperSupervisor(IrsToolRunner runner);

/// Where the next runs write failure artefacts (copied; NULL: the
/// documented default), as IrsToolOptions.failureDir. Lets a caller that
/// runs many times give each failure the directory it keeps, so that the
/// commands in its report name that directory. False if out of memory.
IRS_API bool irsToolRunnerSetFailureDir(IrsToolRunner runner,
                                        const char *dir);

/// Parses diagnostics in mlir-opt's "LOC: SEVERITY: MESSAGE" form out of a
/// tool's stderr (other lines, such as source excerpts and stack dumps, are
/// skipped; notes attach to the diagnostic before them). Calls `callback`
/// once per top-level diagnostic; pointers are valid during the call only.
/// Returns the number of top-level diagnostics.
IRS_API intptr_t irsToolParseDiagnostics(MlirStringRef text,
                                         IrsDiagnosticCallback callback,
                                         void *userData);
/// Whether one line (without its newline) is a diagnostic line by the rule
/// irsToolParseDiagnostics reads: a non-blank location before the first
/// ": <severity>: ". For readers of tool output that only skip such lines.
IRS_API bool irsToolIsDiagnosticLine(MlirStringRef line);

#ifdef __cplusplus
}
#endif

#endif // IRS_TOOL_H
