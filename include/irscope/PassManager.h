// SPDX-License-Identifier: Apache-2.0
//===- PassManager.h - the instrumented, step-by-step pass manager --------===//
//
// IrsPassManager runs an IrsPipeline on a module one step at a time. After
// each step it can verify the module, time the step, count ops, fingerprint
// the IR to tell whether the step changed it, capture the step's
// diagnostics, dump the module to a numbered file and keep a manifest of the
// run up to date. When a step fails (the pass signals failure, the verifier
// or a verify hook rejects the IR) it writes a failure report, the IR that
// went into the step, and a reproducer in MLIR's format.
//
// Without instrumentation the whole pipeline runs in one MLIR pass manager,
// exactly as mlir-opt would run it; the per-step machinery is only used when
// something needs it (or, on failure, to locate the failing step by replaying
// the pipeline from a copy of the input).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSMANAGER_H
#define IRS_PASSMANAGER_H

#include "irscope/DiagVerifier.h"
#include "irscope/Diagnostics.h"
#include "irscope/Outcome.h"
#include "irscope/PassRegistry.h"
#include "irscope/Pipeline.h"
#include "irscope/Signature.h"
#include "irscope/Plugin.h"
#include "irscope/Action.h"
#include "irscope/StepResult.h"
#include "irscope/Support.h"
#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Options, one struct per concern
//===----------------------------------------------------------------------===//
//
// As MLIR's C API separates mlirPassManagerEnableIRPrinting,
// mlirPassManagerEnableVerifier and mlirPassManagerEnableTiming, each
// concern has its own struct, its defaults (irs<Concern>OptionsDefault) and
// its setter on the handle; a setter may be called again between runs.
// What shapes the MLIR pass managers themselves is given to
// irsPassManagerCreate. Strings are copied by the call that takes them.

/// What irsPassManagerCreate builds the step pipelines with, and the run's
/// environment. Defaults: threading on, everything else zero.
typedef struct IrsPassManagerOptions {
  /// Whether the context runs multithreaded (recorded in reproducers).
  bool threadingEnabled;
  /// Recorded in the manifest and report (Support.h); all nullable.
  IrsRunHeader header;
  /// Where pass names that are not MLIR's are looked up (PassRegistry.h);
  /// borrowed, must outlive the pass manager. Null: irscope's own passes.
  IrsPassRegistry passRegistry;
  /// Plugins the run loaded (Plugin.h), recorded in the manifest, reports
  /// and reproducers; borrowed, must outlive the pass manager. Nullable.
  IrsPlugins plugins;
  /// Catches what LLVM's option parser prints while the step pipelines are
  /// built, so that irsPassManagerCreate's error names a bad option value
  /// (Support.h says why this is the caller's business). Zero: none.
  IrsStderrCatcher stderrCatcher;
  /// Called for each diagnostic emitted during a run, as it happens.
  /// NOTHING IS PRINTED WHEN THIS IS NULL (the library never prints): the
  /// diagnostics are then only in the step results and reports. Set it to a
  /// function calling irsDiagnosticPrint to see them as mlir-opt shows them.
  IrsDiagnosticCallback onDiagnostic;
  void *onDiagnosticUserData;
  /// Called in stepwise runs on the thread that runs a nested step, with
  /// the step (1-based) and each op its leaf pass is about to run on (each
  /// func.func of `func.func(cse)`), right before it does. Set, each nested
  /// step's manager gets a pass of irscope's in front of the leaf, in the
  /// leaf's own nested manager (MLIR merges the two), that only calls this;
  /// NULL (the default) leaves the managers exactly as the pipeline says.
  /// Steps on the root op or nested under `any` are not reported. Lets a
  /// reducer know which function a worker died in (lib/Reduce).
  void (*onAnchorOp)(intptr_t step, MlirOperation op, void *userData);
  void *onAnchorOpUserData;
} IrsPassManagerOptions;

IRS_API IrsPassManagerOptions irsPassManagerOptionsDefault(void);

/// Numbered dumps and manifest.xml (irsPassManagerSetDumpOptions).
/// Default: no dumps.
typedef struct IrsDumpOptions {
  /// Directory for numbered dumps and manifest.xml; NULL disables dumping.
  const char *dir;
  /// How many steps of a longer pipeline ran before this one's first (a
  /// run resumed from a dump): the dumps are numbered after them, step 1's
  /// dump being number stepNumberOffset + 1. 0 by default.
  intptr_t stepNumberOffset;
  /// Skip the dump file of steps that left the IR unchanged.
  bool onlyChanged;
  /// Print dumps in forked child processes while the next step runs (the
  /// child shares the IR copy-on-write). Off by default: a library should
  /// not fork behind its host's back unless asked.
  bool inBackground;
  /// Remove the files of a previous run found in dir instead of failing.
  bool overwrite;
  /// Printing flags for dumps (and the IR files of a failure).
  bool printGeneric;
  bool printDebugInfo;
} IrsDumpOptions;

IRS_API IrsDumpOptions irsDumpOptionsDefault(void);

/// Checks after every step (irsPassManagerSetVerifyOptions). Default:
/// verifyEach on, nothing else. Verify hooks are added one at a time
/// (irsPassManagerAddVerifyHook).
typedef struct IrsVerifyOptions {
  /// Run the verifier on the whole module after every step.
  bool verifyEach;
  /// Extra checking pipeline run after each step, e.g. "builtin.module(
  /// irs-op-stats)"; NULL for none. A failure is a verifier failure.
  const char *verifyWith;
  /// Narrow a step whose IR no longer verifies to the one pattern
  /// application or pass execution after which it does not (Narrow.h):
  /// <action> in report.xml, the files around it, and
  /// irsPassManagerGetNarrowNote.
  bool narrow;
} IrsVerifyOptions;

IRS_API IrsVerifyOptions irsVerifyOptionsDefault(void);

/// A documented failure (IrsFailureOptions.onDocumented); borrowed for the
/// call.
typedef struct IrsFailureNotice {
  IrsOutcome outcome;
  /// 1-based.
  intptr_t step;
  /// The error line (irsPassManagerGetErrorMessage) and the directory.
  MlirStringRef message;
  MlirStringRef dir;
  /// The verifier rejected the step's IR: the failure IrsVerifyOptions.narrow
  /// narrows, here or in another process (irsPassManagerNarrowStep).
  bool verifierFailed;
} IrsFailureNotice;

/// Documenting a failed step (irsPassManagerSetFailureOptions). Default:
/// report on, the documented default directory, the input cloned.
typedef struct IrsFailureOptions {
  /// Write failure artefacts at all.
  bool writeReport;
  /// Where failure artefacts go when there is no dump directory; NULL
  /// means the documented default (see irsPassManagerGetFailureDir).
  const char *dir;
  /// Produces a fresh copy of the run's input module (ownership passes to
  /// the library), used to replay the pipeline when a step fails. When NULL
  /// the library clones the module before running, which costs a deep copy
  /// on every run; a driver that can re-parse its input on demand makes the
  /// successful path free.
  MlirOperation (*reloadInput)(void *userData);
  void *reloadInputUserData;
  /// Called as soon as a failed step is documented (its report.xml
  /// written), before the run's manifest and before anything is freed: a
  /// supervised worker tells its supervisor then, so that a death later in
  /// the run (a pass that corrupted the heap) does not replace the failure.
  /// NULL: not called.
  void (*onDocumented)(const IrsFailureNotice *notice, void *userData);
  void *onDocumentedUserData;
} IrsFailureOptions;


IRS_API IrsFailureOptions irsFailureOptionsDefault(void);

/// MLIR's own instrumentation, as mlir-opt's --mlir-print-ir-*,
/// --mlir-timing and --mlir-pass-statistics set it up
/// (irsPassManagerSetMlirInstrumentation). It is attached to the MLIR pass
/// managers that run the user's pipeline (the whole-pipeline manager, or in
/// stepwise runs one manager per step), never to those the library uses
/// for replays, --verify-with or determinism checks. MLIR's printers write
/// to stderr themselves (the library does not print): IR dumps as passes
/// run, statistics at the end of each MLIR pass-manager run, and the timing
/// report when the run ends (irsPassManagerRun destroys those managers
/// before returning). Stepwise runs therefore give one statistics block and
/// one timing report per step, in step order. printIrAfterFailure implies
/// printing after passes, as in mlir-opt; printIrAfterChange only filters
/// printIrAfterAll. Default: all off, statistics displayed as a pipeline.
typedef struct IrsMlirInstrumentationOptions {
  bool printIrBeforeAll;
  bool printIrAfterAll;
  bool printIrAfterChange;
  bool printIrAfterFailure;
  /// Needs IrsPassManagerOptions.threadingEnabled false (MLIR would
  /// abort): the setter fails otherwise.
  bool printIrModuleScope;
  /// Print into a file tree under this directory (copied) instead of
  /// stderr; NULL for stderr. MLIR numbers the files per pass manager, so
  /// stepwise runs give each step its own sub-directory named like its dump
  /// without ".mlir" (e.g. "0002-func.func-cse/").
  const char *printIrTreeDir;
  /// Flags MLIR prints the IR with; borrowed, must stay valid until the pass
  /// manager is destroyed. Null: MLIR's defaults.
  MlirOpPrintingFlags printIrFlags;
  /// mlir-opt's --mlir-timing (tree display; the C API offers no other).
  bool timing;
  /// mlir-opt's --mlir-pass-statistics and its display mode.
  bool passStatistics;
  MlirPassDisplayMode passStatisticsDisplay;
} IrsMlirInstrumentationOptions;

IRS_API IrsMlirInstrumentationOptions
irsMlirInstrumentationOptionsDefault(void);

/// What a supervisor or a reducer watching the run needs
/// (irsPassManagerSetSupervision). Default: none of it.
typedef struct IrsSupervisionOptions {
  /// Run step by step, each step in its own MLIR pass manager, so that a
  /// crash or a timeout can be attributed to one step (onStep says which).
  bool stepwise;
  /// Called when a step starts (`begin`) and when it and its checks are
  /// done, with its 1-based index; 0 stands for the whole pipeline when it
  /// runs as one. Lets a supervisor know where a worker died.
  void (*onStep)(intptr_t step, bool begin, void *userData);
  void *onStepUserData;
  /// Records the MLIR actions of every run (Action.h) into this trail, for
  /// a supervisor to read after the worker died: the pattern a crash was
  /// applying, the actions a hang kept repeating. Borrowed; null: none.
  IrsActionTrail actionTrail;
} IrsSupervisionOptions;

IRS_API IrsSupervisionOptions irsSupervisionOptionsDefault(void);

//===----------------------------------------------------------------------===//
// Step results
//===----------------------------------------------------------------------===//

// IrsStepResult and IrsTimingSort: StepResult.h.

/// A user check run after every step (after the verifier). Return failure to
/// stop the run with a verifier failure naming the hook; emit diagnostics
/// through MLIR (mlirEmitError) to explain why.
typedef MlirLogicalResult (*IrsVerifyHook)(MlirOperation module,
                                           intptr_t step, void *userData);

//===----------------------------------------------------------------------===//
// IrsPassManager
//===----------------------------------------------------------------------===//

typedef struct IrsPassManager {
  void *ptr;
} IrsPassManager;

static inline bool irsPassManagerIsNull(IrsPassManager pm) { return !pm.ptr; }

/// Builds the MLIR pass managers for every step of `pipeline` (borrowed; it
/// must outlive the pass manager). On failure returns a null handle and
/// calls `errorCallback` (nullable) once: an unknown pass or a bad option
/// is positioned at the step's pass name in the text `pipeline` was parsed
/// from (irsPipelineGetStepOffset; line 1, column offset + 1), other errors
/// (option combinations, out of memory) have no position.
IRS_API IrsPassManager irsPassManagerCreateLocated(
    MlirContext context, IrsPipeline pipeline,
    const IrsPassManagerOptions *options,
    IrsPipelineErrorCallback errorCallback, void *userData);

/// irsPassManagerCreateLocated with the error reported as the line
/// irsPipelineErrorPrint writes ("pipeline:1:<column>: <what>" for a step).
IRS_API IrsPassManager irsPassManagerCreate(
    MlirContext context, IrsPipeline pipeline,
    const IrsPassManagerOptions *options, MlirStringCallback errorCallback,
    void *userData);

/// Destroys the pass manager, its step results and diagnostics. Null is a
/// no-op.
IRS_API void irsPassManagerDestroy(IrsPassManager pm);

/// Adds a consumer of the MLIR actions of this pass manager's runs
/// (Action.h), called in the order added, after irscope's own (the rewrite
/// counts of a run that dumps, the action trail). During a run the pass
/// manager owns its context's one action handler: observe or skip actions
/// through this, never by attaching a handler to the same context. False
/// when IRS_ACTION_MAX_CONSUMERS - 2 are there already.
IRS_API bool irsPassManagerAddActionConsumer(IrsPassManager pm,
                                             IrsActionBeforeFn before,
                                             IrsActionAfterFn after,
                                             void *userData);

/// Registers a verify hook run after every step. `name` is copied.
IRS_API void irsPassManagerAddVerifyHook(IrsPassManager pm, MlirStringRef name,
                                         IrsVerifyHook hook, void *userData);

/// The setters of each concern (see "Options" above). Each copies what it
/// is given (a null `options`: the defaults) and applies from the next
/// irsPassManagerRun on; call them before a run, never during one. Set
/// dump options with a new `dir` to give each --split-input-file chunk its
/// own sub-directory.
IRS_API IrsStatus irsPassManagerSetDumpOptions(IrsPassManager pm,
                                               const IrsDumpOptions *options);
/// Which chunk of the input the next runs are (IrsRunHeader.chunk and
/// chunkLine: its number from 1 and its first line; 0 for the whole
/// input), as their manifest and reports say.
IRS_API void irsPassManagerSetInputChunk(IrsPassManager pm, intptr_t chunk,
                                         intptr_t line);
/// Fails (IRS_ERR_PIPELINE, IRS_ERR_NOMEM) when verifyWith cannot be
/// parsed or built, with the reason ("in --verify-with: ...") as
/// irsPassManagerGetErrorMessage; the previous verify options then stay.
IRS_API IrsStatus irsPassManagerSetVerifyOptions(
    IrsPassManager pm, const IrsVerifyOptions *options);
IRS_API IrsStatus irsPassManagerSetFailureOptions(
    IrsPassManager pm, const IrsFailureOptions *options);
/// Fails (IRS_ERR_USAGE) for printIrModuleScope in a threaded pass manager
/// (MLIR would abort), with the reason as irsPassManagerGetErrorMessage.
IRS_API IrsStatus irsPassManagerSetMlirInstrumentation(
    IrsPassManager pm, const IrsMlirInstrumentationOptions *options);
IRS_API void irsPassManagerSetSupervision(IrsPassManager pm,
                                          const IrsSupervisionOptions *options);
/// The pass manager of a supervised worker that tests a module (opt-reduce's
/// candidates, its crash and culprit replays): `pipeline` run step by step,
/// every step announced through `supervision`'s onStep (stepwise is forced
/// on), and no failure report: the supervisor documents what it needs.
/// `options` and `supervision` are borrowed (null: the defaults); `seed`
/// (nullable) goes to irsPassManagerSetSeed. Null when
/// irsPassManagerCreate fails (its error message is dropped).
IRS_API IrsPassManager irsPassManagerCreateStepwiseWorker(
    MlirContext context, IrsPipeline pipeline,
    const IrsPassManagerOptions *options,
    const IrsSupervisionOptions *supervision, const uint64_t *seed);
/// Measures each step (wall and CPU time, peak RSS, whether it changed the
/// IR) even when nothing else needs per-step results: for
/// irsPassManagerPrintTiming, traces and run logs. The pipeline still runs
/// in MLIR's own schedule where it can (docs/ARCHITECTURE.md). Off by
/// default.
IRS_API void irsPassManagerEnableTiming(IrsPassManager pm, bool enable);
/// The verifier (borrowed, nullable) checking this run's diagnostics
/// (--verify-diagnostics): manifest.xml records its counts.
IRS_API void irsPassManagerSetDiagVerifier(IrsPassManager pm,
                                           IrsDiagVerifier verifier);

/// Runs the pipeline on `module` (a builtin.module or whatever the root
/// anchor names). Returns IRS_OK; IRS_ERR_PASS or IRS_ERR_VERIFY when a step
/// fails; IRS_ERR_PIPELINE when the pipeline's root anchor does not match
/// the module; IRS_ERR_USAGE when the dump directory holds a previous run;
/// IRS_ERR_IO or IRS_ERR_NOMEM. The one-line explanation is
/// irsPassManagerGetErrorMessage. The module is left as the last step left
/// it.
///
/// Not crash-protected: the passes run in the calling process, so a crash,
/// hang or memory blow-up in a pass takes the caller down and leaves the
/// dump directory's manifest.xml at status="running" (the step after the
/// last one with results was running; nothing was documented). For
/// protection run this in a worker of an IrsSupervisor (Supervisor.h), as
/// irscope-opt does; docs/API.md#crashes-are-not-caught-in-process.
IRS_API IrsStatus irsPassManagerRun(IrsPassManager pm, MlirOperation module);

/// Runs steps [first, last) (0-based) of the pass manager's pipeline on
/// `module`, one at a time, without instrumentation. `onStep`, if set in the
/// options, is still called. Returns IRS_ERR_PASS if a step fails.
IRS_API IrsStatus irsPassManagerRunSteps(IrsPassManager pm,
                                         MlirOperation module, intptr_t first,
                                         intptr_t last);

/// Whether the last run (irsPassManagerRun, irsPassManagerCheckDeterminism)
/// stopped at a finding only irscope makes, where the plain tool, which
/// makes no such check, goes on: a --verify-with pipeline or a verify hook
/// rejected a step's IR that the verifier accepted, a step was not
/// deterministic and its run on the module succeeded, or a dump, the
/// manifest or the dump directory could not be written (IRS_ERR_IO: the
/// run stopped between two steps, the plain tool writes none of them).
/// False when the plain run would have to start over on the input (see
/// irsPassManagerRunPlainRest) and IrsFailureOptions.reloadInput is unset.
IRS_API bool irsPassManagerPlainGoesOn(IrsPassManager pm);

/// After such a run (irsPassManagerPlainGoesOn), finishes the plain tool's
/// run so that `module` holds what the plain tool's run leaves: the steps
/// after the finding (after the last step that passed, for a write error),
/// each in its own manager as in a stepwise run and verified after it with
/// verifyEach, on `module` as the run left it. A check that changed the
/// module, or a determinism check whose run on the module was threaded
/// where the plain tool's is not, makes the plain run start over on the
/// input (IrsFailureOptions.reloadInput) and move its
/// result into `module`. Nothing of the run's record changes: no dump,
/// manifest, report, check or verify hook runs; diagnostics go to
/// onDiagnostic and onStep is called. IRS_ERR_PASS when a step fails
/// as it would in the plain tool (its pass, or the verifier after it), its
/// 1-based index in `*failedStep` (nullable); IRS_ERR_USAGE when the plain
/// tool does not go on (also after this call) or the input cannot be
/// reloaded; IRS_ERR_PIPELINE when the managers cannot be built again.
IRS_API IrsStatus irsPassManagerRunPlainRest(IrsPassManager pm,
                                             MlirOperation module,
                                             intptr_t *failedStep);

/// One-line message describing the last failure; empty after success.
IRS_API MlirStringRef irsPassManagerGetErrorMessage(IrsPassManager pm);

/// Directory holding report.xml and friends after a failed run; empty when
/// none was written. Default when neither dumpDir nor failureDir is set:
/// a new "$TMPDIR/irscope-failure-XXXXXX" per failure ($TMPDIR defaults to
/// /tmp).
IRS_API MlirStringRef irsPassManagerGetFailureDir(IrsPassManager pm);

/// The one-line note about narrowing the last run's failing step (with
/// IrsVerifyOptions.narrow): the action found ("first rewrite
/// that breaks the IR: #3 of 3 in step 1 ..."), or why there is none;
/// empty when narrowing did not run. Borrowed until the next run.
IRS_API MlirStringRef irsPassManagerGetNarrowNote(IrsPassManager pm);

/// Narrows step `step` (1-based), whose IR the verifier rejected in another
/// process that documented the failure in `dir`, on `input` (that run's
/// input, which the library consumes): the steps before it are replayed,
/// the step narrowed as IrsVerifyOptions.narrow does, its files added to
/// `dir` and <action> to its report.xml (irsFailureWriterCommitAction).
/// A supervisor runs it in a fresh worker: the process whose step broke the
/// IR may have a corrupted heap. The note is irsPassManagerGetNarrowNote's;
/// a file or the report that could not be written is said by
/// irsPassManagerGetErrorMessage ("cannot write 'PATH': REASON", else
/// empty).
IRS_API void irsPassManagerNarrowStep(IrsPassManager pm, MlirOperation input,
                                      intptr_t step, const char *dir);
/// A crash another process documented, as irsPassManagerNarrowCrash
/// tells it again.
typedef struct IrsNarrowCrash {
  /// How the step died: kind IrsOutcomeCrash, its signal and, when the
  /// dead process printed a trace, its crash site and identity
  /// (irsSignatureSetCrashSite); the rest as the caller likes.
  IrsSignature signature;
  /// Each run's limit (the step's timeout): a run still going then is
  /// stopped and does not crash. 0: none.
  double timeoutSec;
} IrsNarrowCrash;
/// As irsPassManagerNarrowStep, for step `step` that crashed as `crash`
/// says in the process that documented it in `dir`, in no action finer
/// than the step (after its pattern applications: a conversion's commit,
/// the verifier after the pass). A run with the first K actions fails
/// when it dies as `crash` did: irsSignatureMatches with its signal,
/// crash site and identity (a run that crashes elsewhere, or in the same
/// function reached another way, is another bug). Each run is
/// a fork of its own that keeps the process's fatal-signal handlers (the
/// caller's: the one that prints a trace gives the runs their crash
/// sites); at most irsNarrowBudget(N) runs. The narrowed <action> takes
/// the place of the report's.
IRS_API void irsPassManagerNarrowCrash(IrsPassManager pm, MlirOperation input,
                                       intptr_t step, const char *dir,
                                       const IrsNarrowCrash *crash);

/// The action the last run's failing step was narrowed to (Narrow.h), for
/// callers that name it their own way (opt-reduce's culprit line); NULL when
/// none was found. Borrowed until the next run.
IRS_API const struct IrsNarrowedAction *
irsPassManagerGetNarrowedAction(IrsPassManager pm);

/// Index (1-based) of the step that failed in the last run, 0 if none.
IRS_API intptr_t irsPassManagerGetFailedStep(IrsPassManager pm);

/// Results of the last run, one per step; steps after a failure are
/// IrsStepNotRun. `pos` is 0-based.
IRS_API intptr_t irsPassManagerGetNumSteps(IrsPassManager pm);
IRS_API const IrsStepResult *irsPassManagerGetStepResult(IrsPassManager pm,
                                                         intptr_t pos);

/// The dump file (a NUL-terminated path) whose bytes are what
/// mlirOperationPrintWithFlags writes, with the flags of `printing`, for
/// the module as the last run left it, followed by "\n"; or an empty
/// string when there is none. A driver about to print the module so after
/// the run may copy this file instead (irscope-opt does for its output):
/// the dumps are printed once already, and a print of a large module costs
/// as much as a pass. The dumps print with printGeneric and printDebugInfo
/// from the options (debug info in its plain form) and MLIR's defaults for
/// everything else; for any other `printing` the result is empty, except
/// that assumeVerified makes no difference (the IR in the dump passed the
/// verifier). With IrsDumpOptions.onlyChanged it may be an earlier step's dump (or
/// the input's) when the steps after it left the IR unchanged; like every
/// dump, it assumes the module given to irsPassManagerRun was valid. Empty
/// when the run failed or wrote no dumps, without verifyEach, and after
/// irsPassManagerCheckDeterminism. Borrowed: valid until the next run or
/// irsPassManagerDestroy.
IRS_API MlirStringRef
irsPassManagerGetFinalDump(IrsPassManager pm,
                           const IrsPrintingOptions *printing);

/// Waits up to `timeoutMs` for a dump being finished on a thread while the
/// run goes on (a module-level step's, see docs/ARCHITECTURE.md); true when
/// none is in flight. Async-signal-safe: a tool's fatal-signal handler
/// calls it so that a crash in the step after a dump still finds that dump
/// on disk.
IRS_API bool irsPassManagerAwaitDumps(IrsPassManager pm, int timeoutMs);

/// Whole-run totals of the last run.
IRS_API double irsPassManagerGetTotalWallMs(IrsPassManager pm);


/// Writes the per-step timing table of the last run (wall, CPU, share of the
/// total, changed?) as text through `callback`.
IRS_API void irsPassManagerPrintTiming(IrsPassManager pm, IrsTimingSort sort,
                                       MlirStringCallback callback,
                                       void *userData);

//===----------------------------------------------------------------------===//
// Seeds and determinism (irscope-opt --seed, --check-determinism)
//===----------------------------------------------------------------------===//

/// Hands `seed` to every pass of this pass manager that makes random
/// choices (irs-test-flaky), for the following runs. Without a seed such
/// passes draw from the kernel's entropy source.
IRS_API void irsPassManagerSetSeed(IrsPassManager pm, uint64_t seed);
/// Whether a seed was set, and which (`seed` nullable).
IRS_API bool irsPassManagerGetSeed(IrsPassManager pm, uint64_t *seed);

typedef enum IrsDeterminismMode {
  /// Both runs of a step with the context's threading as configured.
  IrsDeterminismRepeat,
  /// The first run with threading on, the second with it off.
  IrsDeterminismThreads,
} IrsDeterminismMode;

/// Runs every step twice on identical copies of its input, compares the
/// printed results (printing flags as in the options) and stops at the first
/// step whose results differ: `*differingStep` gets its 1-based index (0 when
/// every step was deterministic), the one-line message
/// (irsPassManagerGetErrorMessage) names it, and unless IrsFailureOptions.writeReport is
/// off, report.xml of kind "nondeterminism" with a unified diff, the pre-step
/// IR, a reproducer of the step and the first run's output are written (see
/// irsPassManagerGetFailureDir). A step that fails the same way in both runs
/// stops the check with IRS_ERR_PASS or IRS_ERR_VERIFY (no report). `module`
/// is left as the first runs left it. Each step's second run goes first, in
/// a fork of the calling process (its frees never reach the caller's heap,
/// where the user's run goes on); the context's threading is off while it
/// forks and restored afterwards. Costs one clone, one fork and two prints
/// per step.
IRS_API IrsStatus irsPassManagerCheckDeterminism(IrsPassManager pm,
                                                 MlirOperation module,
                                                 IrsDeterminismMode mode,
                                                 intptr_t *differingStep);

/// After irsPassManagerCheckDeterminism: the 1-based step after which the
/// check stopped, with IRS_OK, because that step's output does not verify
/// (possible only without verifyEach, where the plain tool goes on with
/// such IR): broken IR cannot be copied safely (a block named from another
/// region, freed with the copy, corrupts the heap), so nothing more is
/// copied, printed or freed. The caller may run the remaining steps once
/// (irsPassManagerRunSteps from the stop), which goes on without
/// rebuilding the managers, or better run the input again without the
/// check in a fresh process: the check's clone and prints changed this
/// heap. 0 when the check did not stop so.
IRS_API intptr_t irsPassManagerGetDeterminismStop(IrsPassManager pm);

#ifdef __cplusplus
}
#endif

#endif // IRS_PASSMANAGER_H
