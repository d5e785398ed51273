// SPDX-License-Identifier: Apache-2.0
//===- Driver.h - irscope-opt's configuration and the parts of a run ------===//
//
// main.c parses options into IrsOptConfig. Driver.c prepares the input and
// pipeline and does the work (irsOptWork). Supervise.c runs that work in a
// worker process and documents crashes, hangs and memory blow-ups.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_DRIVER_H
#define IRS_TOOLS_IRSCOPE_OPT_DRIVER_H

#include "ExecWorker.h"
#include "Options.h"
#include "Plugins.h"
#include "Text.h"

#include "irscope/Flake.h"
#include "irscope/Input.h"
#include "irscope/Outcome.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/Supervisor.h"
#include "irscope/Tool.h"

#include <signal.h>

/// Exit codes: irsOutcomeGetExitCode (irscope/Outcome.h) of the outcome,
/// the one table documented in docs/irscope-opt.md.

typedef struct IrsOptConfig {
  const char *input;
  const char *output;
  const char *passPipeline;
  IrsStringList passFlags; // "canonicalize", "inline=default-pipeline=..."
  IrsOptionSuspects suspects; // pass flags that may be mistyped options
  const char *splitInputFile; // NULL: off; "": default marker
  const char *outputSplitMarker;
  bool allowUnregistered;
  bool printGeneric;
  bool printDebugInfo;
  bool disableThreading;
  bool emitBytecode;
  IrsStringList irdlFiles;
  const char *dumpAfterEach;
  bool dumpOnlyChanged;
  bool dumpOverwrite;
  bool dumpInBackground;
  bool verifyEach;
  const char *verifyWith;
  bool timing;
  const char *timingSort;
  IrsTimingSort sort;      // ... as checked (Config.c)
  const char *failureDir;
  bool runReproducer;
  long elideElementsAttrs;
  const char *commandLine;
  bool crashProtection;
  const char *trace;       // --trace=FILE, NULL: off
  const char *junit;       // --junit=FILE, NULL: off
  long repeat;             // --repeat=N, 0: off (Repeat.c)
  long shard, numShards;   // --shard=I/K (I 1-based), 0: the whole --repeat
  bool stopOnFailure;      // --stop-on-failure
  bool repeatWhole;        // --repeat-whole: the default, accepted
  bool repeatStepwise;     // --repeat-stepwise: a run goes step by step
  const char *checkDeterminism; // NULL: off; "": repeat; "threads"
  bool hasSeed;            // --seed=S given
  uint64_t seed;
  double stepTimeout;      // seconds, 0: none
  int64_t memoryLimit;     // bytes, 0: none
  bool checkResults;       // --check-results (CheckResults.c)
  bool narrow;             // --narrow: a failing step to one action
  IrsToolExecFlags execFlags;  // its execution options as given
  IrsExecOptions exec;         // ... and parsed
  IrsExecTolerance tolerance;
  // mlir-opt's own instrumentation and printing flags, same names and
  // meaning (docs/irscope-opt.md, "mlir-opt's flags").
  bool mlirPrintIrBeforeAll, mlirPrintIrAfterAll, mlirPrintIrAfterChange,
      mlirPrintIrAfterFailure, mlirPrintIrModuleScope;
  const char *mlirPrintIrTreeDir;        // NULL: stderr
  bool mlirTiming;
  const char *mlirTimingDisplay;         // "tree"; "list" is refused
  bool mlirPassStatistics;
  const char *mlirPassStatisticsDisplay; // "pipeline" or "list"
  bool printLocalScope, prettyDebugInfo, printAssumeVerified,
      printSkipRegions, useNameLocAsPrefix;
  long elideResourceStrings;             // -1: off
  const char *verifyDiagnostics; // NULL: off; "", "all", "only-expected"
  const char *diagnosticFormat;  // NULL or "mlir": source and caret; "plain"
  IrsToolPlugins plugins; // --load-*-plugin, loaded before any fork
  const char *tool;        // --tool=PATH, NULL: irscope's own passes
  IrsStringList toolArgs;  // --tool-arg=ARG...
  const char *resumeFrom;  // --resume-from=DUMP (Resume.c rewrote argv)
  intptr_t stepNumberOffset; // ... that dump's step: dumps numbered after it
} IrsOptConfig;

/// Output collected in memory.
// What a run collects for -o (all chunks, written once at the end).
typedef IrsToolText IrsOptOut;

static inline void irsOptOutAppend(IrsOptOut *o, const void *d, size_t n) {
  irsToolTextAppend(o, d, n);
}

typedef enum IrsOptMode {
  IrsOptModeNormal,   // process chunks, produce output
  IrsOptModeLocate,   // run chunk `jobChunk` step by step to find a crash
  IrsOptModeSnapshot, // write the pre-step IR and reproducers of a crash
} IrsOptMode;

/// One invocation. Copied into each worker by fork.
typedef struct IrsOptRun {
  IrsOptConfig *cfg;
  IrsInput input;
  IrsPipeline pipeline;
  IrsTimingSort sort;
  IrsWorkerChannel ch;
  intptr_t firstChunk;
  intptr_t chunk;      // being processed
  bool supervised;     // chunk outputs go to the supervisor
  IrsOptMode mode;
  intptr_t jobChunk;   // replay modes: chunk and 1-based failing step
  intptr_t jobStep;
  const char *jobDir;  // snapshot: where artefacts go
  struct IrsOptLog *log; // --trace/--junit bookkeeping (RunLogs.c); nullable
  IrsPassManager pm;     // the worker's pass manager, for the log
  struct IrsOptResults *results; // --check-results: each chunk's steps' IR (parent)
  char stepIrHash[17];   // --check-results: hash of the IR last sent (worker)
  // Supervised runs: the worker's actions, kept where the supervisor reads
  // them after a crash or hang (Action.h); null otherwise.
  IrsActionTrail trail;
} IrsOptRun;

/// --check-results (CheckResults.c; its options are checked by Config.c).
/// In the worker, irsOptCheckResultsBegin makes every step's IR reach the
/// supervisor;
/// irsOptCheckResultsCollect keeps it before the supervisor goes;
/// irsOptCheckResults executes and bisects and returns the exit code.
void irsOptCheckResultsBegin(IrsOptRun *run, IrsPassManager pm,
                             MlirOperation op);
void irsOptCheckResultsCollect(IrsOptRun *run, IrsSupervisor sup);
int irsOptCheckResults(IrsOptRun *run);
/// Frees what irsOptCheckResultsCollect kept, for a run that ended before
/// its results were checked (irsOptCheckResults frees it itself).
void irsOptCheckResultsRelease(IrsOptRun *run);
/// With --check-determinism too (CheckResults.c): the determinism check on
/// a copy of `op`, then, if every step printed the same IR twice, the run
/// whose steps' IR --check-results executes.
IrsStatus irsOptCheckResultsDeterminism(IrsOptRun *run, IrsPassManager pm,
                                        MlirOperation op, int *exitCode);

/// --repeat, --check-determinism and --seed (Repeat.c; their options are
/// checked by Config.c). Runs the pipeline cfg->repeat times in forked children; exit code.
int irsOptRepeat(IrsOptRun *run);
/// irsPassManagerCheckDeterminism on one chunk; on a differing step sets
/// *exitCode to nondeterminism's exit code and returns a failed status whose
/// message irsPassManagerGetErrorMessage holds.
IrsStatus irsOptCheckDeterminism(IrsOptRun *run, IrsPassManager pm,
                                 MlirOperation op, int *exitCode);
/// Documents a worker that died (Supervise.c): replays, report.xml, one
/// line on stderr. Returns the exit code for the death.
int irsOptDocumentDeath(IrsOptRun *run, IrsSupervisor quiet,
                        const IrsWorkerResult *res, intptr_t chunk);

/// Runs irscope-opt with a parsed configuration; returns the exit code.
int irsOptRun(IrsOptConfig *cfg);
/// Reads cfg->input (a file or "-"), or says why not in an "irscope-opt:
/// error:" line and sets *rc to the exit code (io-error when out of
/// memory, else usage-error); *rc is ok's when it was read.
IrsInput irsOptOpenInput(const IrsOptConfig *cfg, int *rc);
/// Callbacks every process of a run reports through (Driver.c): raw text
/// to stderr, a diagnostic printed to stderr, an "irscope-opt: error:" line.
void irsOptStderrCallback(MlirStringRef s, void *ud);
void irsOptForwardDiag(const IrsDiagnostic *d, void *ud);
void irsOptErrorLine(MlirStringRef s, void *ud);
/// The lines of an error in the run's pipeline, `ud` the IrsOptConfig:
/// --pass-pipeline text is echoed with a caret under the column, an error
/// in the pass flags' pipeline says "in pass flags: <what>".
void irsOptPipelineErrorLine(const IrsPipelineError *e, void *ud);

/// Loads cfg's --irdl-file dialects into `ctx` (irsToolLoadIrdlFiles);
/// false after printing why one did not load.
bool irsOptLoadIrdl(const IrsOptConfig *cfg, MlirContext ctx);
/// A context with all dialects registered, unregistered dialects allowed as
/// configured and MLIR's threading as given (Driver.c).
MlirContext irsOptMakeContext(const IrsOptConfig *cfg, bool threading);
/// A pass manager's options, every concern's (PassManager.h).
typedef struct IrsOptPmOptions {
  IrsPassManagerOptions create;
  IrsDumpOptions dump;
  IrsVerifyOptions verify;
  IrsFailureOptions failure;
  IrsMlirInstrumentationOptions mlir;
  IrsSupervisionOptions watch;
  bool timing;
} IrsOptPmOptions;
/// The options every pass manager of `run` starts from (PmSetup.c): the
/// verifier, the printing of dumps and failure artefacts, the registry and
/// the report's provenance.
IrsOptPmOptions irsOptPmOptions(const IrsOptRun *run);
/// Creates the pass manager of `pipeline` with every concern of `o` set;
/// null after printing the one error line (irsOptPipelineErrorLine).
IrsPassManager irsOptCreatePassManager(const IrsOptRun *run, MlirContext ctx,
                                       IrsPipeline pipeline,
                                       const IrsOptPmOptions *o);
/// What every manifest and report of the run names (Driver.c): irscope-opt,
/// the command line, the input and its hash.
IrsRunHeader irsOptRunHeader(const IrsOptConfig *cfg, IrsInput input);
/// While a supervisor runs workers, SIGINT and SIGTERM interrupt it
/// (Supervise.c); irsOptInterruptsRestore puts the old handlers back.
typedef struct IrsOptInterrupts {
  struct sigaction oldInt, oldTerm;
} IrsOptInterrupts;
void irsOptInterruptsCatch(IrsSupervisor sup, IrsOptInterrupts *saved);
void irsOptInterruptsRestore(const IrsOptInterrupts *saved);
/// First thing in a forked worker: default interrupt handling again and
/// the crash handlers (Supervise.c).
void irsOptWorkerInit(void);
int irsOptWork(IrsOptRun *run, IrsOptOut *out);
int irsOptSupervise(IrsOptRun *run, IrsOptOut *out);
/// The replay modes, run inside a worker with a ready context.
int irsOptReplay(IrsOptRun *run, MlirContext ctx, IrsPassManager pm);

/// base/chunk-NNN when the input has several chunks, base otherwise; NULL
/// when base is NULL. malloc'd.
char *irsOptChunkDir(const IrsOptConfig *cfg, const char *base, intptr_t chunk,
                     intptr_t numChunks);
int irsOptWriteChunkOutput(IrsOptRun *run, intptr_t chunk, IrsOptOut *out);
int irsOptWriteFileAtomic(const char *path, const void *data, size_t n);
int irsOptWorse(int a, int b);
/// The exit code for a library error kind, and for how a worker ended.
int irsOptExitFor(IrsErrorKind k);
int irsOptExitForOutcome(IrsWorkerOutcome outcome);

/// --tool=PATH (ToolMode.c): the pipeline runs in the user's own tool.
int irsOptRunTool(IrsOptConfig *cfg);
/// --trace/--junit of a --tool run (ToolLog.c): irsOptToolLogStep is the
/// runner's onStep and records start times (CLOCK_MONOTONIC ms, -1 unknown)
/// into an IrsOptToolStarts; irsOptToolLogWrite writes the files from the
/// runner's results and returns an exit code (I/O errors).
typedef struct IrsOptToolStarts {
  double *ms;
  intptr_t num;
} IrsOptToolStarts;
void irsOptToolLogStep(intptr_t step, bool begin, void *userData);
/// Prints the failure of a --tool run (message, report, replay command
/// lines) and returns its exit code (ToolMode.c).
int irsOptToolReportFailure(IrsToolRunner t, IrsErrorKind k);

/// A successful run with --dump-after-each says what it left where, in one
/// line: "irscope-opt: dumps: 4 steps, 2 changed the IR, none failed: DIR";
/// `get` reads step i's result of `runner` (a pass manager's or a tool
/// runner's).
void irsOptPrintDumpSummary(intptr_t n, const IrsStepResult *(*get)(void *,
                                                                     intptr_t),
                            void *runner, const char *dir);
/// --repeat of a --tool run (ToolRepeat.c): runs the tool runner N times
/// with `o` (its failureDir replaced), prints the summary, writes
/// repeat.xml; returns the exit code.
int irsOptToolRepeat(const IrsOptConfig *c, IrsPipeline p,
                     const IrsToolOptions *o, const char *input);
int irsOptToolLogWrite(const IrsOptConfig *c, IrsToolRunner t,
                       IrsPipeline p, const IrsOptToolStarts *starts);

/// --trace and --junit (RunLogs.c). The worker records each chunk's steps
/// and hands them to the supervisor as they finish; the supervisor adds
/// the step a worker died in; irsOptLogFinish writes the files.
struct IrsOptLog *irsOptLogCreate(const IrsOptConfig *cfg);
void irsOptLogStepBegin(IrsOptRun *run, intptr_t step);
void irsOptLogChunkEnd(IrsOptRun *run, intptr_t chunk);
void irsOptLogDeath(IrsOptRun *run, intptr_t chunk, intptr_t step,
                    IrsOutcome kind, const char *message,
                    MlirStringRef details, double elapsedMs);
void irsOptLogCollect(IrsOptRun *run, IrsSupervisor sup);
/// Gives a logged step a failure found after the run (--check-results).
void irsOptLogMarkStep(IrsOptRun *run, intptr_t chunk, intptr_t step,
                       IrsOutcome kind, const char *message,
                       const char *details);
/// Writes the files and frees the log; returns an exit code (I/O errors).
int irsOptLogFinish(IrsOptRun *run);

#endif
