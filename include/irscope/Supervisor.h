// SPDX-License-Identifier: Apache-2.0
//===- Supervisor.h - running pipelines in a crash-proof worker process ---===//
//
// A pass that segfaults, aborts, hangs or eats all memory takes its process
// with it. The supervisor keeps the evidence alive by never running MLIR
// itself: it forks a worker (before any MLIR context exists) that does the
// real work and tells it, over a pipe, which chunk and step it is in. When
// the worker dies, the supervisor knows where, how (signal, timeout,
// memory limit), how long the step ran and what the worker printed last
// (diagnostics, the stack trace); it then runs a fresh worker to rebuild the
// IR that went into the failing step by replaying the steps before it.
// The successful path costs one fork and a few bytes per step.
//
// This is the one place where the library creates processes. It installs
// no signal handlers and owns no global state; the caller decides.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPERVISOR_H
#define IRS_SUPERVISOR_H

#include "irscope/CrashTrace.h"
#include "irscope/Outcome.h"
#include "irscope/Support.h"
#include "irscope/WorkerChannel.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IrsSupervisorOptions {
  /// Kill the worker when one step runs longer than this; 0 for no limit.
  double stepTimeoutSec;
  /// Kill the worker when its resident memory exceeds this; 0 for none.
  /// Exact, not only sampled: a peak above it is also found when the worker
  /// reports a step's begin or end (its getrusage high-water mark, sent by
  /// irsWorkerChannelStepBegin/End) and when the watched process exits (the
  /// high-water mark wait4 gives, which covers the children it waited for
  /// and, for a tool the worker exec'd, the worker before the exec; a
  /// process killed by a signal is still documented by the signal). The
  /// first peak over the limit names where it was crossed: the step that
  /// ended, the gap between two steps (a begin line: the result is then not
  /// in a step) or, at the exit, whatever ran since the last line.
  int64_t memoryLimitBytes;
  /// Receives what the worker writes to stderr as it arrives (pieces of
  /// any size, not lines), and once more with `data` NULL and `size` 0 when
  /// the run's stderr has ended (a sink that holds back part of a line
  /// flushes it then). In a batch, each lane's pieces come in turn.
  /// Nullable: nothing is passed on (the text is still in the result's
  /// stderrTail). The library never prints it itself.
  void (*onStderr)(const char *data, size_t size, void *userData);
  void *stderrUserData;
  /// On a step timeout, ask the worker where it is stuck before killing it:
  /// send IRS_SUPERVISOR_TRACE_SIGNAL to its running thread (the busiest
  /// one in state R; the main thread when none runs) and wait up to
  /// IRS_SUPERVISOR_TRACE_WAIT_MS for IRS_SUPERVISOR_TRACE_END on its
  /// stderr, then kill as usual. Only for workers that handle that signal
  /// from their first step on (its default action kills the process, which
  /// still reads as a timeout). The result's elapsedMs does not count the
  /// wait. Off (the default), the kill is immediate.
  bool traceOnTimeout;
  /// With traceOnTimeout: the signal that asks for the trace, in place of
  /// IRS_SUPERVISOR_TRACE_SIGNAL (0: that one). A tool built on LLVM takes
  /// SIGQUIT as fatal: its signal handler prints LLVM's stack dump of the
  /// thread that got it, and the tool dies of it, which ends the wait as
  /// IRS_SUPERVISOR_TRACE_END would (a tool that ignores it is killed after
  /// the wait). Workers never write core files (see irsSupervisorRun), so
  /// SIGQUIT's default action leaves none either.
  int traceSignal;
  /// With traceOnTimeout: the longest wait for the trace, in place of
  /// IRS_SUPERVISOR_TRACE_WAIT_MS (0: that one); a tool's LLVM handler may
  /// run llvm-symbolizer first.
  int traceWaitMs;
  /// After the watched process ended, wait up to this long for the
  /// processes it started that still hold its pipes (a pass manager's
  /// background printers, which finish the dumps of the steps before the
  /// one it died in) to end, and then kill those still there, before the
  /// result is returned: what the caller documents next (the last good
  /// dump, the manifest) is then what they left, and none outlives the
  /// run. 0 (the default): the pipes are only drained, nothing waited for.
  int awaitDescendantsMs;
  /// Nullable: a count the worker raises as it works, in memory it shares
  /// with the supervisor (an action trail's, irsActionTrailGetProgress).
  /// Sampled with the limits: a step that times out gets the result's
  /// stalledMs, which tells a step stuck outside the work the count counts
  /// (a folder, a pass's own loop) from one that keeps repeating it.
  const uint64_t *progress;
  /// Take what arrives on the worker's stderr for its progress instead (a
  /// tool that logs each action there).
  bool progressOnStderr;
} IrsSupervisorOptions;

/// The signal of traceOnTimeout (from <signal.h>). SIGUSR1 rather than
/// SIGQUIT: nothing else sends it (a terminal's Ctrl-\ sends SIGQUIT to the
/// whole foreground process group, and a worker that printed a trace and
/// carried on would outlive the supervisor that quit), neither LLVM (unless
/// a tool asks for an info signal) nor the sanitizers use it, and SIGQUIT's
/// default action would dump core in a worker that is not ready.
#define IRS_SUPERVISOR_TRACE_SIGNAL SIGUSR1
/// The line a worker's trace handler writes last: the supervisor kills the
/// worker as soon as it has read it.
#define IRS_SUPERVISOR_TRACE_END IRS_CRASH_TRACE_END
/// Longest wait for that line; a worker whose handler cannot finish (a
/// thread stuck in the dynamic loader) is killed after it.
#define IRS_SUPERVISOR_TRACE_WAIT_MS 300

typedef enum IrsWorkerOutcome {
  IrsWorkerExited,      ///< returned or exited: see exitCode
  IrsWorkerCrashed,     ///< killed by a signal it raised: see signal
  IrsWorkerTimedOut,    ///< killed by the supervisor: step timeout
  IrsWorkerMemoryLimit, ///< over the memory limit: killed by the
                        ///< supervisor, or exited with a peak above it
  IrsWorkerInterrupted, ///< killed by SIGINT/SIGTERM from outside
} IrsWorkerOutcome;

/// Lower-kebab name: "exited", "crash", "timeout", "memory-limit",
/// "interrupted".
IRS_API const char *irsWorkerOutcomeGetName(IrsWorkerOutcome outcome);

/// The outcome kind of a worker that ended so: IrsOutcomeExit (exited),
/// IrsOutcomeCrash, IrsOutcomeTimeout, IrsOutcomeMemoryLimit or
/// IrsOutcomeInterrupted. Its exit code is irscope-opt's for the death.
IRS_API IrsOutcome irsWorkerOutcomeGetOutcome(IrsWorkerOutcome outcome);

/// The kind a dead worker is documented as (crash reports, manifests, run
/// logs): as irsWorkerOutcomeGetOutcome, except that a worker that exited
/// before finishing is documented as a crash.
IRS_API IrsOutcome irsWorkerOutcomeGetDeathKind(IrsWorkerOutcome outcome);

/// Most distinct keys a worker's values are kept for (IrsWorkerResult).
#define IRS_WORKER_MAX_VALUES 16

typedef struct IrsWorkerResult {
  IrsWorkerOutcome outcome;
  int exitCode;
  int signal;
  /// Last chunk the worker started and the step it was in when it ended
  /// (step 0: between steps or in a whole-pipeline run).
  intptr_t chunk;
  intptr_t step;
  bool inStep;
  /// Chunks fully processed (one past the last "chunk done").
  intptr_t chunksDone;
  /// Time spent in the current step (or in the worker, if not in one).
  double elapsedMs;
  /// The longest step that ended (begin to end as the channel reported).
  double longestStepMs;
  /// From the fork to the end of the worker.
  double runMs;
  /// Highest resident set seen while sampling, reported on a step line, or
  /// the kernel's high-water mark at reaping, whichever is highest (KiB).
  int64_t peakRssKb;
  /// What the worker wrote to stderr since its current step began (at most
  /// the last 256 KiB). Borrowed from the supervisor until its next run.
  MlirStringRef stderrTail;
  /// The outcome the worker reported (irsWorkerChannelSendOutcome);
  /// IrsOutcomeNone when it reported none.
  IrsOutcome reported;
  /// Named numbers the worker sent with irsWorkerChannelSendValue (the last
  /// value per key, the first IRS_WORKER_MAX_VALUES keys), for a batch's
  /// jobs too; read them with irsWorkerResultGetValue.
  int numValues;
  char valueKeys[IRS_WORKER_MAX_VALUES][32];
  int64_t values[IRS_WORKER_MAX_VALUES];
  /// With options.progress or progressOnStderr, for a step that timed
  /// out: how long before the timeout its progress last moved, in ms (the
  /// step's whole time when it never did; sampled every 50 ms); 0 otherwise.
  double stalledMs;
} IrsWorkerResult;

/// The value the worker of `result` last sent under `key`; false (and
/// *value untouched) when it sent none.
IRS_API bool irsWorkerResultGetValue(const IrsWorkerResult *result,
                                     const char *key, int64_t *value);

/// How the worker of `result` said its run ended: the outcome it sent
/// (irsWorkerChannelSendOutcome) when it then ended normally (exit code 0);
/// IrsOutcomeNone when it died, exited otherwise or sent none, which a
/// worker of that protocol only does when it did not finish.
IRS_API IrsOutcome irsWorkerResultGetReported(const IrsWorkerResult *result);

typedef struct IrsSupervisor {
  void *ptr;
} IrsSupervisor;

IRS_API IrsSupervisor irsSupervisorCreate(const IrsSupervisorOptions *options);
IRS_API void irsSupervisorDestroy(IrsSupervisor supervisor);
/// Changes the step timeout, for runs in progress too (the reducer judges
/// hangs sooner once it knows how long a normal run takes).
IRS_API void irsSupervisorSetStepTimeout(IrsSupervisor supervisor,
                                         double seconds);

/// Forks a worker running `fn(channel, userData)` and waits for it, enforcing
/// the limits. Returns IRS_ERR_IO if the worker could not be started; the
/// result is borrowed and valid until the next run or destroy.
IRS_API IrsStatus irsSupervisorRun(IrsSupervisor supervisor, IrsWorkerMain fn,
                                   void *userData,
                                   const IrsWorkerResult **result);

/// Starts, in the calling process, a child of it that is to be watched as
/// a worker: `stderrFd` is the write end of the pipe whose text becomes the
/// result's stderrTail (the callee may give the child another stderr, or
/// none). Returns the child's pid, -1 if it could not be started. The child
/// must be able to run already, or be let run by the callee before it
/// returns.
typedef int64_t (*IrsSpawnFn)(int stderrFd, void *userData);

/// irsSupervisorRun without the worker: `spawn` starts the process itself
/// (a tool cloned by the fork server, include/irscope/ForkServer.h), which
/// is watched from its start as a worker that announced step `step` of
/// chunk 0 and then handed over (irsWorkerChannelHandOver): exit status,
/// limits, step timeout, interrupts. Spares the fork of a worker for
/// callers whose preparation cannot crash. IRS_ERR_IO if spawn returned -1.
IRS_API IrsStatus irsSupervisorRunSpawned(IrsSupervisor supervisor,
                                          IrsSpawnFn spawn, void *userData,
                                          intptr_t step,
                                          const IrsWorkerResult **result);

/// Most workers a batch runs at once.
#define IRS_SUPERVISOR_MAX_PARALLEL 64

/// Several independent workers, run at most `maxParallel` at a time, each
/// with the supervisor's limits, its own channel and its own stderr tail.
typedef struct IrsWorkerBatch {
  intptr_t numJobs;
  intptr_t maxParallel; ///< clamped to [1, IRS_SUPERVISOR_MAX_PARALLEL]
  IrsWorkerMain fn;
  /// fn's userData for each job (nullable: NULL for all).
  void *const *jobData;
  /// Called in the parent as each worker ends, in the order they end. The
  /// result is borrowed for the duration of the call. Nullable.
  void (*onDone)(intptr_t job, const IrsWorkerResult *result, void *userData);
  /// Asked before job `job` starts (started == false; false skips it) and,
  /// after every onDone, for each job still running (started == true; false
  /// kills it without an onDone). Lets a caller that wants "the first
  /// success in order" stop work that can no longer change the answer.
  /// Nullable: NULL runs every job to its end.
  bool (*isNeeded)(intptr_t job, bool started, void *userData);
  void *userData;
} IrsWorkerBatch;

/// Runs a batch: jobs start in index order as lanes free up; returns when
/// every job has ended, been skipped or been killed. IRS_ERR_IO if a worker
/// could not be started (no further job starts; running ones finish).
/// Does not change what irsSupervisorRun and the output/value getters see.
IRS_API IrsStatus irsSupervisorRunBatch(IrsSupervisor supervisor,
                                        const IrsWorkerBatch *batch);

/// The last frame a worker sent on `stream` (in any run of this
/// supervisor); empty when none arrived. Borrowed until destroy.
IRS_API MlirStringRef irsSupervisorGetOutput(IrsSupervisor supervisor,
                                             IrsWorkerStream stream);
/// The last frame on `stream` handed to the caller without a copy:
/// malloc'd and NUL-terminated (caller frees), its size in `*length`. The
/// stream is left empty. NULL (and 0) when none arrived or it was taken.
IRS_API char *irsSupervisorTakeOutput(IrsSupervisor supervisor,
                                      IrsWorkerStream stream, size_t *length);
/// Whether any frame arrived on `stream`.
IRS_API bool irsSupervisorHasOutput(IrsSupervisor supervisor,
                                    IrsWorkerStream stream);

/// A value the last worker sent with irsWorkerChannelSendValue.
IRS_API bool irsSupervisorGetValue(IrsSupervisor supervisor, const char *key,
                                   int64_t *value);

/// Asks the running worker to stop (SIGTERM). Async-signal-safe: meant to
/// be called from the caller's SIGINT/SIGTERM handler.
IRS_API void irsSupervisorInterrupt(IrsSupervisor supervisor);

#ifdef __cplusplus
}
#endif

#endif // IRS_SUPERVISOR_H
