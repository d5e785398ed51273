// SPDX-License-Identifier: Apache-2.0
//===- Report.h - writing failure artefacts outside a pass manager run ----===//
//
// A pass manager writes its own report.xml for failures it sees (pass and
// verifier failures). Crashes, timeouts and memory-limit kills are seen by
// a supervisor in another process, which writes the report with
// irsCrashReportWrite from what it knows (appended to a run record, whose
// crash report writer, lib/Report/Writers.def, writes the file); the pre-step IR and reproducers
// come from a replay worker using the functions below.
// Schema: docs/schema/report.xsd. All files are written atomically.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_REPORT_H
#define IRS_REPORT_H

#include "irscope/Action.h"
#include "irscope/Narrow.h"
#include "irscope/Outcome.h"
#include "irscope/Pipeline.h"
#include "irscope/Plugin.h"
#include "irscope/Signature.h"
#include "irscope/Support.h"
#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What report.xml says about a step that changed a program's results
/// (kind "wrong-result", irscope-opt --check-results). Strings borrowed;
/// file names relative to the report's directory, nullable.
typedef struct IrsResultsInfo {
  const char *entry;
  /// Executions the check needed, reference included.
  intptr_t executions;
  /// Outcome names (irsExecOutcomeGetName) and result texts of the IR
  /// before the step (the reference's result) and after it.
  const char *expectedOutcome;
  const char *actualOutcome;
  MlirStringRef expected;
  MlirStringRef actual;
  /// 1-based line of `expected` where the results first differ (0: none).
  intptr_t firstDifferenceLine;
  const char *expectedFile;
  const char *actualFile;
  const char *postStepIr;
  const char *runReproducer;
} IrsResultsInfo;

/// How the step of a death was found: a worker that died in a step it had
/// announced needs no replay; one that did not (a whole-pipeline run) is
/// located by replaying the pipeline step by step, which may not die again
/// (a crash that depends on thread timing). report.xml's <replay>.
typedef enum IrsCrashLocated {
  IrsCrashLocatedAnnounced,     ///< no replay: the worker named its step
  IrsCrashLocatedInStep,        ///< a replay died in the step named
  IrsCrashLocatedNotReproduced, ///< the replays ran every step, none died
  IrsCrashLocatedOtherFailure,  ///< a replay did not die: a step failed
  IrsCrashLocatedNoAnswer,      ///< the replay could not run, or ended
                                ///< without saying how far it got
} IrsCrashLocated;

/// Everything report.xml says about a worker that died. Strings are
/// borrowed; nullable ones may be NULL.
typedef struct IrsCrashInfo {
  IrsRunHeader header; ///< Support.h
  IrsPipeline pipeline;
  bool verifyEach;
  bool threading;
  /// IrsOutcomeCrash, IrsOutcomeTimeout, IrsOutcomeMemoryLimit (or
  /// IrsOutcomeWrongResult with `results`).
  IrsOutcome kind;
  /// 1-based failing step; 0 when it could not be determined.
  intptr_t step;
  /// How `step` was found, by how many replays (0: none); for
  /// IrsCrashLocatedOtherFailure the 1-based step that failed instead.
  IrsCrashLocated located;
  int replays;
  intptr_t replayFailedStep;
  /// Signal that ended the worker (0 if none) and its name.
  int signal;
  const char *signalName;
  double elapsedMs;
  double timeoutSec;        ///< for kind "timeout"
  int64_t memoryLimitBytes; ///< for kind "memory-limit"
  int64_t peakRssKb;
  /// What the worker printed during the step: diagnostics, stack trace.
  MlirStringRef stderrTail;
  /// One-line description.
  const char *message;
  /// Artefact file names relative to the report's directory (nullable).
  const char *preStepIr;
  const char *reproducer;
  const char *fullReproducer;
  /// Run settings and dumps, as in a pass manager's report (nullable).
  bool dumpOnlyChanged;
  bool hasSeed; ///< the dead run's seed (<settings seed>), when it had one
  uint64_t seed;
  int64_t inputOps; ///< -1 when unknown
  const char *inputDump;
  const char *lastGoodDump;
  /// The plugins the run loaded, listed in <plugins> (nullable).
  IrsPlugins plugins;
  /// Kind "wrong-result": the outputs; the steps after the failing one
  /// then count as run. NULL for deaths.
  const IrsResultsInfo *results;
  /// An llvm-symbolizer (nullable): with it the report also gets the trace
  /// symbolised, <symbolised-trace>, as a terminal shows it. The trace must
  /// come from this process or a worker forked from it.
  const char *symbolizer;
  /// A run through another tool (nullable): the command lines that replay
  /// the failure with it, <replay-command> and <reproducer-command>.
  const char *replayCommand;
  const char *reproducerCommand;
  /// The one action the failing step was narrowed to (Narrow.h; nullable):
  /// <action>, with `actionDiff` (the diff of its top-level op) inline.
  const struct IrsNarrowedAction *action;
  MlirStringRef actionDiff;
  /// The worker's action trail (Action.h; null: none): <action>, the
  /// action in flight when it died, and for a timeout
  /// <repeating-actions>.
  IrsActionTrail actionTrail;
} IrsCrashInfo;

/// Writes DIR/report.xml. Returns 0 or an errno value.
IRS_API int irsCrashReportWrite(const IrsCrashInfo *info, const char *dir);

/// Marks step `step` (1-based) of the finished run in DIR/manifest.xml as
/// failed with `status` (e.g. IrsOutcomeWrongResult, written by its name),
/// sets the run's status to it and points at `report` (relative to DIR).
/// Returns 0 or an errno value (EINVAL when the manifest does not parse).
IRS_API int irsManifestMarkStepFailed(const char *dir, intptr_t step,
                                      IrsOutcome status, const char *report);

/// Prints `module` to `path` (generic form when `generic`), atomically.
/// Returns 0 or an errno value.
IRS_API int irsModuleWriteFile(MlirOperation module, const char *path,
                               bool generic, bool debugInfo);

/// Writes `module` plus an mlir_reproducer resource running `pipeline`, the
/// format `mlir-opt --run-reproducer` reads. Returns 0 or an errno value.
IRS_API int irsReproducerWriteFile(MlirOperation module, const char *path,
                                   MlirStringRef pipeline,
                                   bool disableThreading, bool verifyEach);
/// The same, first naming in comments the command lines that replay it with
/// the run's plugins (`mlir-opt --load-dialect-plugin=.. --load-pass-plugin=..
/// --run-reproducer`; irscope-opt's, which also loads irscope C plugins).
IRS_API int irsReproducerWriteFileWithPlugins(MlirOperation module,
                                              const char *path,
                                              MlirStringRef pipeline,
                                              bool disableThreading,
                                              bool verifyEach,
                                              IrsPlugins plugins);

/// The same for a run with a seed (irsPassManagerSetSeed): the file also
/// carries `irscope_run: { seed: "N" }`, which `irscope-opt
/// --run-reproducer` hands back to randomised passes (mlir-opt ignores it).
IRS_API int irsReproducerWriteFileSeeded(MlirOperation module,
                                         const char *path,
                                         MlirStringRef pipeline,
                                         bool disableThreading,
                                         bool verifyEach,
                                         IrsPlugins plugins, uint64_t seed);

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
  /// A crash: the function it died in and, when that has no name, its
  /// nearest named caller (IrsSignature's site, siteCaller); nullable.
  const char *site;
  const char *siteCaller;
  /// A crash whose process printed a trace or an abort line: which crash
  /// it was; NULL otherwise.
  const IrsCrashIdentity *crash;
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

//===----------------------------------------------------------------------===//
// The replay script
//===----------------------------------------------------------------------===//

/// What replay-action.sh runs: the step on the pre-step IR with the tool's
/// debug counter at K - 1 and at K. Strings borrowed.
typedef struct IrsNarrowReplay {
  /// The tool; NULL: upstream mlir-opt next to the LLVM irscope was built
  /// with (overridable with $MLIR_BIN, the tool itself with $TOOL).
  const char *tool;
  /// More arguments for the tool, shell-quoted already; nullable.
  const char *toolArgs;
  MlirStringRef step; ///< the step's pipeline
  intptr_t stepIndex; ///< 1-based, for the comment
  const IrsNarrowedAction *action;
  IrsOutcome kind;
  const char *input; ///< the pre-step IR's file name in the directory
  /// Wrong results only: each result lowered and run as --check-results
  /// runs them (nullable otherwise).
  const char *lowering, *entry, *sharedLibs, *resultType;
} IrsNarrowReplay;

/// replay-action.sh is written by irsFailureWriterAddActionReplay
/// (FailureWriter.h).

#ifdef __cplusplus
}
#endif

#endif // IRS_REPORT_H
