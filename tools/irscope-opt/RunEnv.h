// SPDX-License-Identifier: Apache-2.0
//===- RunEnv.h - what every process and kind of run of irscope-opt shares =//
//
// RunEnv.c: the context, the instrumentation options, the run's header, the
// exit codes, the stderr callbacks and the files a run writes. It calls no
// other file of irscope-opt (but DiagOut.c's printer), so every kind of run
// can use it without a cycle.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_RUNENV_H
#define IRS_TOOLS_IRSCOPE_OPT_RUNENV_H

#include "Config.h"
#include "Text.h"

#include "irscope/Diagnostics.h"
#include "irscope/Input.h"
#include "irscope/Outcome.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/Supervisor.h"

typedef struct IrsOptRun IrsOptRun;
typedef struct IrsOptToolRun IrsOptToolRun; // a --tool run (Driver.h)

/// Exit codes: irsOutcomeGetExitCode (irscope/Outcome.h) of the outcome,
/// the one table documented in docs/irscope-opt.md.

/// Output collected in memory.
// What a run collects for -o (all chunks, written once at the end).
typedef IrsToolText IrsOptOut;

static inline void irsOptOutAppend(IrsOptOut *o, const void *d, size_t n) {
  irsToolTextAppend(o, d, n);
}

/// Reads cfg->io.input (a file or "-"), or says why not in an "irscope-opt:
/// error:" line and sets *rc to the exit code (io-error when out of
/// memory, else usage-error); *rc is ok's when it was read.
IrsInput irsOptOpenInput(const IrsOptConfig *cfg, int *rc);
/// Callbacks every process of a run reports through (RunEnv.c): raw text
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
/// configured and MLIR's threading as given (RunEnv.c).
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
/// What every manifest and report of the run names (RunEnv.c): irscope-opt,
/// the command line, the input and its hash, and with --split-input-file
/// the chunk (0-based inside irscope-opt; -1: the whole input) by its
/// number and line when it has a chunk-NNN directory of its own.
IrsRunHeader irsOptRunHeader(const IrsOptConfig *cfg, IrsInput input,
                             intptr_t chunk);

/// The number a user sees for chunk `chunk` (0-based inside irscope-opt):
/// counted from 1 in messages, chunk-NNN directories and --trace/--junit
/// groups, as opt-reduce's --chunk counts and an editor counts lines.
static inline long irsOptChunkNumber(intptr_t chunk) { return (long)chunk + 1; }

/// base/chunk-NNN (NNN: irsOptChunkNumber) when the input has several
/// chunks, base otherwise; NULL when base is NULL. malloc'd.
char *irsOptChunkDir(const IrsOptConfig *cfg, const char *base, intptr_t chunk,
                     intptr_t numChunks);

int irsOptWriteFileAtomic(const char *path, const void *data, size_t n);

int irsOptWorse(int a, int b);
/// The outcome of a library error kind (an error no run ends with counts
/// as io-error), its exit code, and the exit code for how a worker ended.
IrsOutcome irsOptOutcomeFor(IrsErrorKind k);
int irsOptExitFor(IrsErrorKind k);
int irsOptExitForOutcome(IrsWorkerOutcome outcome);

/// A successful run with --dump-after-each says what it left where, in one
/// line: "irscope-opt: dumps: 4 steps, 2 changed the IR, none failed: DIR";
/// `get` reads step i's result of `runner` (a pass manager's or a tool
/// runner's).
void irsOptPrintDumpSummary(intptr_t n, const IrsStepResult *(*get)(void *,
                                                                     intptr_t),
                            void *runner, const char *dir);
/// The note that ends a failure whose directory `dir` holds a reproducer,
/// as a --tool failure's "replay:" note gives the tool's (ToolMode.c):
/// "irscope-opt: note: replay: irscope-opt [FLAGS] --run-reproducer
/// DIR/reproducer.mlir", FLAGS those of cfg the input needs (plugins,
/// --allow-unregistered-dialect, --irdl-file); the resource holds the
/// step, threading, verify_each and seed. Nothing when `dir` is NULL,
/// empty or has no reproducer.
void irsOptPrintReplayNote(const IrsOptConfig *cfg, const char *dir);
/// Removes the files of one directory level and the directory.
void irsOptRemoveDir(const char *dir);

#endif
