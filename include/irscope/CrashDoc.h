// SPDX-License-Identifier: Apache-2.0
//===- CrashDoc.h - documenting a worker that died ------------------------===//
//
// When a supervised worker dies (signal, step timeout, memory limit,
// interrupt), irsCrashDocument turns what the supervisor saw into the same
// evidence for every driver: it finds the step by a replay if the worker
// did not announce one, has a second replay rebuild the IR that went into
// that step and write the reproducers, writes report.xml
// (irsCrashReportWrite), removes the dead worker's temporaries and marks
// its manifest (irsManifestMarkDeath). The replays run in workers forked
// by the caller's quiet supervisor; the driver supplies their body
// (IrsCrashReplayMain: parse the input, build a pass manager, call
// irsCrashReplayRun), because only it knows how to set those up. Nothing is
// printed: the one-line summary comes back for the driver to show.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_CRASHDOC_H
#define IRS_CRASHDOC_H

#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/Plugin.h"
#include "irscope/Report.h"
#include "irscope/Supervisor.h"

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Replays (inside a worker)
//===----------------------------------------------------------------------===//

typedef enum IrsCrashReplayKind {
  /// Run the input step by step until it dies: the step it announces last
  /// is the failing one.
  IrsCrashReplayLocate,
  /// Write reproducer-full.mlir (the input with the whole pipeline) and,
  /// for a known step, the IR that went into it (failure-input.mlir) and
  /// reproducer.mlir (that IR with only the failing step).
  IrsCrashReplaySnapshot,
} IrsCrashReplayKind;

/// One replay a crash documentation asks for.
typedef struct IrsCrashReplay {
  IrsCrashReplayKind kind;
  intptr_t step;   ///< snapshot: 1-based failing step, 0 when unknown
  const char *dir; ///< snapshot: where the files go
} IrsCrashReplay;

/// The run being replayed, as the snapshot's files record it.
typedef struct IrsCrashReplaySettings {
  IrsPipeline pipeline; ///< the pass manager's pipeline
  bool disableThreading;
  bool verifyEach;
  bool printDebugInfo; ///< locations in failure-input.mlir
  bool hasSeed; ///< both reproducers replay with `seed`
  uint64_t seed;
  IrsPlugins plugins; ///< nullable: named in the reproducers' replay lines
} IrsCrashReplaySettings;

/// The files a snapshot replay writes, as it names the one it could not
/// write to the supervisor: value IRS_CRASH_REPLAY_WRITE_FILE holds one of
/// these, IRS_CRASH_REPLAY_WRITE_ERRNO the error (irsSupervisorGetValue).
typedef enum IrsCrashReplayFile {
  IrsCrashReplayFileFullReproducer,
  IrsCrashReplayFilePreStepIr,
  IrsCrashReplayFileReproducer,
} IrsCrashReplayFile;

#define IRS_CRASH_REPLAY_WRITE_FILE "replay-write-file"
#define IRS_CRASH_REPLAY_WRITE_ERRNO "replay-write-errno"

/// How a locate replay that did not die ended, sent as value
/// IRS_CRASH_REPLAY_LOCATE_END, with the 1-based step that failed as
/// IRS_CRASH_REPLAY_FAILED_STEP for IrsCrashReplayEndStepFailed. A replay
/// that dies sends neither (the supervisor knows its step from the
/// channel); one that ends without them could not run.
typedef enum IrsCrashReplayEnd {
  IrsCrashReplayEndAllSteps = 1, ///< every step ran, none died
  IrsCrashReplayEndStepFailed,   ///< a step failed without dying
} IrsCrashReplayEnd;

#define IRS_CRASH_REPLAY_LOCATE_END "replay-locate-end"
#define IRS_CRASH_REPLAY_FAILED_STEP "replay-failed-step"

/// The file name (RunDir.h) of an IrsCrashReplayFile; NULL for another
/// value.
IRS_API const char *irsCrashReplayFileGetName(int file);

/// Performs `replay` on `module` (the dead worker's input, parsed afresh)
/// with `pm`, a pass manager of the run's pipeline that prints nothing.
/// First hands the input's op count to the supervisor as value
/// "input-ops"; a locate replay that ends sends how (IrsCrashReplayEnd).
/// Returns IRS_OK, IRS_ERR_PASS (a step failed: the replay
/// did not reach the failing step) or IRS_ERR_IO (a file was not written;
/// the first such file and its errno were sent as values, see
/// IrsCrashReplayFile).
IRS_API IrsErrorKind irsCrashReplayRun(const IrsCrashReplay *replay,
                                       IrsWorkerChannel ch, IrsPassManager pm,
                                       MlirOperation module,
                                       const IrsCrashReplaySettings *settings);

/// The pass manager of a worker that runs `pipeline` on one module for its
/// supervisor (a replay, a tool's own test worker):
/// irsPassManagerCreateStepwiseWorker, single-threaded, every step
/// announced on `*channel` (borrowed; it must outlive the pass manager),
/// with `registry` (null: the global one), the action trail `trail`
/// (nullable) and `seed` (nullable). Null when the creation fails.
IRS_API IrsPassManager irsWorkerChannelCreatePassManager(
    IrsWorkerChannel *channel, MlirContext context, IrsPipeline pipeline,
    IrsPassRegistry registry, IrsActionTrail trail, const uint64_t *seed);

/// The body of a replay worker, supplied by the driver: set the process up
/// as for its own workers, parse the input, build the pass manager and call
/// irsCrashReplayRun. Either sends the replay's outcome
/// (irsWorkerChannelSendOutcome; ok: done) and returns 0, or returns the
/// worker's exit code (0: done).
typedef int (*IrsCrashReplayMain)(IrsWorkerChannel ch,
                                  const IrsCrashReplay *replay,
                                  void *userData);

//===----------------------------------------------------------------------===//
// Documenting
//===----------------------------------------------------------------------===//

/// The run around the dead worker. Strings are borrowed.
typedef struct IrsCrashDocOptions {
  IrsRunHeader header; ///< the report's (Support.h)
  IrsPipeline pipeline;
  bool verifyEach;
  bool threading;
  bool dumpOnlyChanged;
  /// The dead run's seed (irsPassManagerSetSeed), for report.xml; the
  /// replays' own settings carry it into the reproducers.
  bool hasSeed;
  uint64_t seed;
  IrsPlugins plugins;           ///< nullable
  double stepTimeoutSec;        ///< the supervisor's limits, for the message
  int64_t memoryLimitBytes;
  /// The dead chunk's dump directory (nullable): its manifest is marked,
  /// its temporaries removed and its dumps named in the report.
  const char *dumpDir;
  /// Where the artefacts go: `dumpDir` or the failure directory the user
  /// gave; NULL for a fresh irscope-failure-XXXXXX (irsRunDirCreateFailureDir).
  const char *failureDir;
  IrsCrashReplayMain replay;
  void *replayUserData;
  /// Names a signal ("SIGSEGV") as the driver's crash handler does, so
  /// the message and report say what the worker's last line said.
  const char *(*signalName)(int signal);
  /// An llvm-symbolizer for the report's <symbolised-trace> (nullable).
  const char *symbolizer;
  /// The dead worker's action trail (Action.h; null: none), read for the
  /// report's <action> and <repeating-actions>.
  IrsActionTrail actionTrail;
} IrsCrashDocOptions;

/// What was documented. Fill with irsCrashDocument, free with
/// irsCrashDocRelease.
typedef struct IrsCrashDoc {
  IrsWorkerOutcome outcome;
  /// IrsOutcomeCrash, IrsOutcomeTimeout, IrsOutcomeMemoryLimit or
  /// IrsOutcomeInterrupted.
  IrsOutcome kind;
  /// 1-based failing step; 0 when not even a replay could tell.
  intptr_t step;
  /// How the step was found (Report.h): announced by the worker, or by
  /// `replays` locate replays; `replayFailedStep` as in IrsCrashInfo.
  IrsCrashLocated located;
  int replays;
  intptr_t replayFailedStep;
  /// "step 3 '...' crashed with SIGSEGV" and the like.
  char message[1024];
  /// The failure directory; "" when none was made (interrupted, or it
  /// could not be created).
  char dir[4096];
  /// errno value of the first artefact that could not be written (a
  /// replay's file, report.xml, the manifest's mark), 0 when all were.
  int writeError;
  /// The path of that artefact ("" when writeError is 0).
  char writePath[4200];
  /// How long the worker ran its last step (ms).
  double elapsedMs;
  /// The dead worker's stderr during its step (owned copy).
  MlirStringRef stderrTail;
} IrsCrashDoc;

/// Documents the worker whose result is `res` (from any supervisor; it is
/// copied first) with replays run by `quiet`, a supervisor with the run's
/// limits that forwards nothing. Interrupted workers get no replays, no
/// directory and no report, only their manifest marked. Fills `doc`.
IRS_API void irsCrashDocument(IrsSupervisor quiet, const IrsWorkerResult *res,
                              const IrsCrashDocOptions *options,
                              IrsCrashDoc *doc);

/// The summary line a driver shows after its "error: " prefix: the message,
/// then "; report: DIR/report.xml" when there is a directory, or "; cannot
/// write 'PATH': REASON" when an artefact could not be written. Calls
/// `callback` once.
IRS_API void irsCrashDocGetSummary(const IrsCrashDoc *doc,
                                   MlirStringCallback callback,
                                   void *userData);

/// Frees what `doc` owns; a zeroed document is a no-op.
IRS_API void irsCrashDocRelease(IrsCrashDoc *doc);

/// The death `res` describes, as its crash report names it: the kind, the
/// signal (0 unless the worker crashed) and `signalName`, the time, the
/// limit that was hit (`stepTimeoutSec` for a timeout, `memoryLimitBytes`
/// for the memory limit; the other 0), the peak RSS and the stderr tail
/// (borrowed from `res`). Every other field of `info` is left as it is.
IRS_API void irsCrashInfoSetDeath(IrsCrashInfo *info,
                                  const IrsWorkerResult *res,
                                  const char *signalName,
                                  double stepTimeoutSec,
                                  int64_t memoryLimitBytes);

#ifdef __cplusplus
}
#endif

#endif // IRS_CRASHDOC_H
