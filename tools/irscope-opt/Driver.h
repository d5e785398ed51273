// SPDX-License-Identifier: Apache-2.0
//===- Driver.h - irscope-opt's configuration and the parts of a run ------===//
//
// main.c parses options into IrsOptConfig (Config.h). Driver.c prepares the
// input and pipeline and picks the kind of run; Work.c does the work of one
// process (irsOptWork); Supervise.c runs that work in a worker process and
// documents crashes, hangs and memory blow-ups; Repeat.c, CheckResults.c and
// ToolMode.c are the other kinds of run. RunEnv.h is what they all share.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_DRIVER_H
#define IRS_TOOLS_IRSCOPE_OPT_DRIVER_H

#include "Config.h"
#include "ExecWorker.h"
#include "RunEnv.h"
#include "Text.h"

#include "irscope/Flake.h"
#include "irscope/Input.h"
#include "irscope/Outcome.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/RunLog.h"
#include "irscope/Supervisor.h"
#include "irscope/Tool.h"

#include <signal.h>



typedef enum IrsOptMode {
  IrsOptModeNormal,   // process chunks, produce output
  IrsOptModeLocate,   // run chunk `jobChunk` step by step to find a crash
  IrsOptModeSnapshot, // write the pre-step IR and reproducers of a crash
  IrsOptModeNarrow,   // narrow step `jobStep` of a verifier failure or
                      // crash (jobSignal) in jobDir
} IrsOptMode;

/// One invocation. Copied into each worker by fork.
typedef struct IrsOptRun {
  IrsOptConfig *cfg;
  const struct IrsOptRunKind *kind;        // RunKind.h, chosen once
  const struct IrsOptChunkKind *chunkKind; // ... and what a chunk runs
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
  const char *jobDir;  // snapshot, narrow: where artefacts go
  // Narrow: the crash (the supervisor's, copied by fork), NULL for a
  // verifier failure.
  const IrsNarrowCrash *jobCrash;
  // Worker: the failure of the current chunk that went to the supervisor
  // (Work.c's announce), sent again with its final message.
  struct {
    bool sent;
    IrsOutcome outcome;
    intptr_t step;
    bool verifierFailed;
  } announced;
  struct IrsOptLog *log; // --trace/--junit bookkeeping (RunLogs.c); nullable
  IrsPassManager pm;     // the worker's pass manager, for the log
  struct IrsOptResults *results; // --check-results: each chunk's steps' IR (parent)
  char stepIrHash[17];   // --check-results: hash of the IR last sent (worker)
  IrsToolRunner tool;    // --tool --check-results: the runner that ran the
                         // steps, which narrows the culprit (null otherwise)
  // Supervised runs: the worker's actions, kept where the supervisor reads
  // them after a crash or hang (Action.h); null otherwise.
  IrsActionTrail trail;
  // --check-determinism, supervised: the chunk a worker runs without the
  // check (the check stopped there at IR that does not verify; -1: none),
  // and, in the worker, that the current chunk stopped so and is left to a
  // fresh worker (Determinism.c).
  intptr_t plainChunk;
  bool chunkLeft;
  // Every chunk's steps ran to their end, as the plain tool runs them, so
  // the output is the plain tool's: -o is written whatever irscope's own
  // checks after the run find (--check-results), as the plain tool, which
  // makes no such check, writes it.
  bool plainRunDone;
  // The chunks whose output was printed (a chunk that failed as in the
  // plain tool prints none): counted by the process that runs them, and by
  // a supervisor from its workers' output streams. All of them printed
  // under a finding only irscope makes (--verify-with, --check-determinism)
  // means the plain tool's run succeeds, and -o is written (Driver.c).
  intptr_t chunksPrinted;
  // The worker runs a chunk's steps after such a finding for its output
  // only (Work.c's runOnPlainly): no steps of the run log.
  bool plainRest;
} IrsOptRun;

/// The worker's value naming the chunk it left to a fresh worker that runs
/// it without the determinism check (IrsOptRun.plainChunk).
#define IRS_OPT_PLAIN_CHUNK "plain-chunk"
/// The narrowing worker's value: the runs of the step its narrowing took.
#define IRS_OPT_NARROW_RUNS "narrow-runs"

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
                                        MlirOperation op, IrsOutcome *found);

/// --repeat, --check-determinism and --seed (Repeat.c; their options are
/// checked by Config.c). Runs the pipeline cfg->repeat times in forked children; exit code.
int irsOptRepeat(IrsOptRun *run);
/// irsPassManagerCheckDeterminism on one chunk; on a differing step sets
/// *found to IrsOutcomeNondeterminism and returns a failed status whose
/// message irsPassManagerGetErrorMessage holds.
IrsStatus irsOptCheckDeterminism(IrsOptRun *run, IrsPassManager pm,
                                 MlirOperation op, IrsOutcome *found);
/// Documents a worker that died (Supervise.c): replays, report.xml, one
/// line on stderr. Returns the exit code for the death.
int irsOptDocumentDeath(IrsOptRun *run, IrsSupervisor quiet,
                        const IrsWorkerResult *res, intptr_t chunk);

/// Runs irscope-opt with a parsed configuration as `kind` (RunKind.h)
/// says: opens the input, builds the pipeline and calls kind->run; returns
/// the exit code.
int irsOptRun(IrsOptConfig *cfg, const struct IrsOptRunKind *kind);
/// The run kind of --crash-protection=0 (Work.c): irsOptWork in this
/// process, its crash handlers installed; the exit code.
int irsOptWorkHere(IrsOptRun *run, IrsOptOut *out);
/// The plain chunk kind (Work.c): the pass manager's run.
IrsStatus irsOptRunChunk(IrsOptRun *run, IrsPassManager pm, MlirOperation op,
                         IrsOutcome *found);
/// The run kind of --check-results (CheckResults.c): a supervised run,
/// then, if it succeeded, the check of its steps' results.
int irsOptCheckResultsRun(IrsOptRun *run, IrsOptOut *out);

/// While a supervisor runs workers, SIGINT and SIGTERM interrupt it
/// (Supervise.c); irsOptInterruptsRestore puts the old handlers back.
typedef struct IrsOptInterrupts {
  struct sigaction oldInt, oldTerm;
} IrsOptInterrupts;
/// SIGINT and SIGTERM stop the runs of `sup` and of `helper` (its replays
/// and narrowing workers; may be null) until irsOptInterruptsRestore.
void irsOptInterruptsCatch(IrsSupervisor sup, IrsSupervisor helper,
                           IrsOptInterrupts *saved);
/// The same for --check-results: SIGINT and SIGTERM stop `ex`'s executions
/// (irsExecutorInterrupt: none starts after) and the runs of `helper`
/// (the --tool runner's, which narrows through the tool; may be null).
void irsOptInterruptsCatchChecks(IrsExecutor ex, IrsSupervisor helper,
                                 IrsOptInterrupts *saved);
/// Whether SIGINT or SIGTERM came since the last irsOptInterruptsCatch*.
bool irsOptInterruptsArrived(void);
void irsOptInterruptsRestore(const IrsOptInterrupts *saved);
/// First thing in a forked worker: default interrupt handling again and
/// the crash handlers (Supervise.c).
void irsOptWorkerInit(void);
/// The work of one process (Work.c); how it ended, the worst of its chunks.
/// A supervised worker sends that outcome on its channel (Supervise.c).
IrsOutcome irsOptWork(IrsOptRun *run, IrsOptOut *out);
int irsOptSupervise(IrsOptRun *run, IrsOptOut *out);
/// The failed steps a supervised worker documented and announced
/// (Announced.c), for chunks from `first` on, in order: each verifier
/// failure narrowed in a fresh worker of `quiet`, then (but under
/// --verify-diagnostics) its error line, notes and replay line printed. A
/// worker that died after its last announcement keeps that failure, the
/// death its note: *keptUpTo is then the chunk after it, else -1. Returns
/// the exit code they add to the worker's own (the kept failure's).
/// Narrows the verifier failure (or, with run->jobCrash, the crash) of
/// 1-based `step` of chunk `chunk`, which another worker documented in
/// `dir`, in a fresh worker of `quiet`
/// (Announced.c; its trials forked, NarrowStep.c): its note, or why there
/// is none when that worker died too (its trials run the step that
/// corrupts memory again) or was interrupted (*interrupted; its
/// temporaries removed), or NULL. Caller frees. A file it could not write
/// goes on `*message` (malloc'd, replaced). `runs` (nullable) gets the
/// runs of the step narrowing took when it found an action, else 0.
char *irsOptNarrowFresh(IrsOptRun *run, IrsSupervisor quiet, intptr_t chunk,
                        intptr_t step, const char *dir, char **message,
                        bool *interrupted, int64_t *runs);
int irsOptAnnouncedFinishAll(IrsOptRun *run, IrsSupervisor sup,
                             IrsSupervisor quiet, intptr_t first,
                             const IrsWorkerResult *res, intptr_t *keptUpTo);
/// The body of irscope-opt's workers (Supervise.c): irsOptWork on the
/// IrsOptRun `ud`.
int irsOptWorkerMain(IrsWorkerChannel ch, void *ud);
/// The error line of a failed run: MESSAGE, and "; report: DIR/report.xml"
/// when a report was written (Work.c).
void irsOptPrintErrorLine(MlirStringRef message, MlirStringRef dir);
/// The replay modes, run inside a worker with a ready context.
IrsOutcome irsOptReplay(IrsOptRun *run, MlirContext ctx, IrsPassManager pm);

int irsOptWriteChunkOutput(IrsOptRun *run, intptr_t chunk, IrsOptOut *out);

/// --tool=PATH (ToolMode.c): the pipeline runs in the user's own tool.
/// irsOptRunTool opens the input, builds the pipeline and the runner's
/// options into an IrsOptToolRun and calls kind->runTool (RunKind.h).
int irsOptRunTool(IrsOptConfig *cfg, const struct IrsOptRunKind *kind);
/// --trace/--junit of a --tool run (ToolLog.c): irsOptToolLogStep is the
/// runner's onStep and records start times (CLOCK_MONOTONIC ms, -1 unknown)
/// into an IrsOptToolStarts; irsOptToolLogCollect builds the log from the
/// runner's results after its run (NULL when none is wanted or out of
/// memory), which a check after the run may mark (irsOptLogMarkStep) before
/// irsOptLogFinish writes it.
typedef struct IrsOptToolStarts {
  double *ms;
  intptr_t num;
} IrsOptToolStarts;
void irsOptToolLogStep(intptr_t step, bool begin, void *userData);
/// A --tool run ready to start: paths the tool reads and writes (stdin
/// and stdout go through temporary files) and the runner's options.
typedef struct IrsOptToolRun {
  IrsOptConfig *cfg;
  IrsPipeline pipeline;
  IrsInput in; // the input as read, for the run's header and --check-results
  const char *input, *output;
  bool outputIsTemporary;   // the output is copied to stdout after the run
  IrsOptToolStarts *starts; // --trace/--junit step starts (options.onStep)
  struct IrsOptLog *log;    // --trace/--junit, written after any check
  IrsToolOptions options;   // from the configuration; a kind adjusts its own
} IrsOptToolRun;
/// The --tool kinds of run (RunKind.c): one run of the tool runner, the
/// determinism check (ToolMode.c), --repeat (ToolRepeat.c: the runner N
/// times, the summary and repeat.xml). Each returns the exit code.
int irsOptToolRunOnce(IrsOptToolRun *run);
int irsOptToolCheckDeterminism(IrsOptToolRun *run);
int irsOptToolRepeat(IrsOptToolRun *run);
/// --check-results through the tool (ToolCheckResults.c): a stepwise run
/// that keeps every step's text, then irsOptCheckResults on it.
int irsOptToolCheckResults(IrsOptToolRun *run);
/// Creates the runner, runs it once as irsOptToolRunOnce does and, after a
/// successful run, calls `then` with it (nullable); the exit code
/// (ToolMode.c).
int irsOptToolRunThen(IrsOptToolRun *run,
                      int (*then)(IrsOptToolRun *run, IrsToolRunner t));
/// Prints the failure of a --tool run (message, report, replay command
/// lines) and returns its exit code (ToolMode.c).
int irsOptToolReportFailure(IrsToolRunner t, IrsErrorKind k);

struct IrsOptLog *irsOptToolLogCollect(const IrsOptConfig *c, IrsToolRunner t,
                                       IrsPipeline p,
                                       const IrsOptToolStarts *starts);

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
/// Adds a step to the finished log (a --tool run's, ToolLog.c); false
/// when out of memory.
bool irsOptLogAddStep(struct IrsOptLog *log, const IrsRunLogStep *step);
/// Gives a logged step a failure found after the run (--check-results).
void irsOptLogMarkStep(IrsOptRun *run, intptr_t chunk, intptr_t step,
                       IrsOutcome kind, const char *message,
                       const char *details);
/// Writes the files and frees the log; returns an exit code (I/O errors).
int irsOptLogFinish(IrsOptRun *run);
/// Frees a log without writing it (null: nothing).
void irsOptLogDestroy(struct IrsOptLog *log);
/// Whether any run-log document was asked for (--trace, --junit: the
/// table in RunLogs.c), and writing each asked for from `log` (an exit
/// code: I/O errors, each said on stderr).
bool irsOptLogWanted(const IrsOptConfig *cfg);
int irsOptLogWriteFiles(const IrsOptConfig *cfg, IrsRunLog log);

#endif
