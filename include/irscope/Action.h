// SPDX-License-Identifier: Apache-2.0
//===- Action.h - MLIR actions (pattern applications, pass runs) in C -----===//
//
// MLIR makes every application of a rewrite pattern (`apply-pattern`) and
// every run of a pass on one op (`pass-execution`) an *action* that a
// handler registered on the context observes and may skip
// (mlir/IR/Action.h). The MLIR C API has no such handler; this is it.
//
// A context has at most one handler, so one handler here fans out to
// several consumers (the rewrite counts, the crash recorder, narrowing):
// each sees every action before it runs and, if it gave an `after`, after
// it ran. An action runs unless a consumer's `before` says skip.
//
// Actions nest: a `pass-execution` holds the `apply-pattern`s of its pass,
// and a pass manager nested on functions holds a `pass-execution` per
// function inside the module-level one. Each thread has its own nesting.
// MLIR runs passes on worker threads: consumers are called concurrently
// from them, and the numbering (IrsAction.index) is deterministic only with
// threading off (mlirContextEnableMultithreading(ctx, false)).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_ACTION_H
#define IRS_ACTION_H

#include "irscope/Support.h"

#include <mlir-c/IR.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum IrsActionDecision {
  IrsActionExecute = 0,
  IrsActionSkip = 1,
} IrsActionDecision;

/// One action, as consumers see it. Every field is valid only during the
/// callback it is passed to (copy what you keep).
typedef struct IrsAction {
  /// The action's tag: "apply-pattern", "pass-execution",
  /// "GreedyPatternRewriteIteration", ... (mlir::tracing::Action::getTag).
  /// A static string (it outlives every handler), so consumers may know a
  /// tag by its address, as the handler's numbering and the trail do.
  MlirStringRef tag;
  /// For `apply-pattern` the pattern's debug name (upstream gives patterns
  /// added by type their C++ type name; empty when a pattern has none); for
  /// `pass-execution` the pass's argument ("canonicalize"), or its name
  /// when it has none (a pass manager's adaptor of nested managers is
  /// "mlir::detail::OpToOpPassAdaptor").
  /// Empty for other tags.
  MlirStringRef name;
  /// The op the action applies to: the op a pattern is applied to, the op a
  /// pass runs on; null when the action names no op. In `after` it may
  /// have been erased by the action: do not use it there.
  MlirOperation op;
  /// Nesting on this thread: 0 for an outermost action.
  int depth;
  /// 1-based: this is the index-th action with this tag since the handler
  /// was attached or its counts reset (irsActionHandlerResetCounts),
  /// counting skipped ones, as upstream's `--mlir-debug-counter=<tag>-...`
  /// counts. Single-threaded runs only give a deterministic index.
  int64_t index;
  /// The action this one runs inside, on this thread; NULL for depth 0.
  const struct IrsAction *parent;
  /// The op's name and location as they were when the action began. The
  /// context keeps both (they are uniqued), so unlike `op` they stay valid
  /// in `after`. Null when the action names no op, or when whoever made
  /// the IrsAction (not the handler) left them out: ask `op` then.
  MlirIdentifier opName;
  MlirLocation opLoc;
} IrsAction;

/// Called before the action runs; returning IrsActionSkip skips it (the
/// action's code never runs: for `apply-pattern` the pattern does not
/// match; for `pass-execution` the pass does not run on that op).
typedef IrsActionDecision (*IrsActionBeforeFn)(const IrsAction *action,
                                               void *userData);
/// Called after the action ran (`executed`) or was skipped.
typedef void (*IrsActionAfterFn)(const IrsAction *action, bool executed,
                                 void *userData);

typedef struct IrsActionHandler {
  void *ptr;
} IrsActionHandler;

/// Most consumers one handler fans out to.
#define IRS_ACTION_MAX_CONSUMERS 8

/// Registers a handler on `ctx` (replacing any handler MLIR had there) with
/// one consumer; `before` may be NULL (always execute), `after` may be
/// NULL (both NULL: no consumer yet). Detach it before destroying the
/// context.
IRS_API IrsActionHandler irsActionHandlerAttach(MlirContext ctx,
                                                IrsActionBeforeFn before,
                                                IrsActionAfterFn after,
                                                void *userData);
/// Unregisters the handler from its context and frees it.
IRS_API void irsActionHandlerDetach(IrsActionHandler handler);
static inline bool irsActionHandlerIsNull(IrsActionHandler handler) {
  return !handler.ptr;
}

/// Adds a consumer, called after the ones added before it; false when
/// IRS_ACTION_MAX_CONSUMERS are there. Add and remove consumers only while
/// no action runs on the context (between pass-manager runs).
IRS_API bool irsActionHandlerAddConsumer(IrsActionHandler handler,
                                         IrsActionBeforeFn before,
                                         IrsActionAfterFn after,
                                         void *userData);
/// Removes the consumer added with exactly these three values; false when
/// there is none.
IRS_API bool irsActionHandlerRemoveConsumer(IrsActionHandler handler,
                                            IrsActionBeforeFn before,
                                            IrsActionAfterFn after,
                                            void *userData);
/// Restarts every tag's numbering at 1 (for the next action).
IRS_API void irsActionHandlerResetCounts(IrsActionHandler handler);
/// How many actions with `tag` ran or were skipped since the numbering
/// last restarted.
IRS_API int64_t irsActionHandlerGetCount(IrsActionHandler handler,
                                         MlirStringRef tag);
/// Sets the count of `tag`'s numbering (a tag no action had yet is left
/// alone): the next action of it is numbered count + 1. For actions of a
/// pass manager of one's own that the plain tool never runs (irscope's
/// shallow verification), so that they take no number. Only while no other
/// action runs on the context.
IRS_API void irsActionHandlerSetCount(IrsActionHandler handler,
                                      MlirStringRef tag, int64_t count);

//===----------------------------------------------------------------------===//
// The action trail: what a worker was doing when it died
//===----------------------------------------------------------------------===//

/// A record of the actions a process runs, in memory shared with the
/// process that created it (an anonymous shared mapping), so that a
/// supervisor still reads it after the worker it forked has crashed or was
/// killed: per thread, the actions in flight (recorded before each runs),
/// and the last IRS_ACTION_TRAIL_WINDOW actions of all threads. Create it
/// before forking; the worker attaches it as a consumer (userData: the
/// trail's ptr). A record is small and has no text of its op, so an action
/// costs a few stores, never a print or a description: its tag and pattern
/// or pass are stored once per process in the same mapping and found
/// through per-thread caches by the addresses MLIR hands over; its op is
/// kept as the context's pointers to the op's name and location, which the
/// recording process describes into the mapping as it dies or hangs
/// (irsActionTrailDescribeOps). Ops not described read as no op (a worker
/// killed outright: SIGKILL, a memory limit). The caches know names by
/// address, which mean one thing only within one process: mark the context
/// (irsActionTrailMarkContext) or reset the trail before recording actions
/// of another context, and end it (irsActionTrailMarkContextEnd) before
/// destroying one whose actions were recorded.
typedef struct IrsActionTrail {
  void *ptr;
} IrsActionTrail;

/// How many of the last actions the trail keeps.
#define IRS_ACTION_TRAIL_WINDOW 256

/// The longest string a record holds, in bytes. The trail stores each
/// string once, cut to this length, and a record holds it whole: what a
/// record shows is what the trail kept.
#define IRS_ACTION_RECORD_TEXT_MAX 255

/// One recorded action; strings are NUL-terminated, each cut to its first
/// IRS_ACTION_RECORD_TEXT_MAX bytes (possibly inside a UTF-8 sequence).
typedef struct IrsActionRecord {
  char tag[IRS_ACTION_RECORD_TEXT_MAX + 1];
  /// Pattern or pass, as IrsAction.name.
  char name[IRS_ACTION_RECORD_TEXT_MAX + 1];
  /// "" when the action names no op.
  char opName[IRS_ACTION_RECORD_TEXT_MAX + 1];
  /// The op's file location; "" when it has none.
  char file[IRS_ACTION_RECORD_TEXT_MAX + 1];
  unsigned line, column;
  int depth;
  int64_t index;    ///< IrsAction.index
  uint64_t opId;    ///< tells ops apart within one process; 0 for none
  int64_t count;    ///< irsActionTrailGetRepeating: times in the window
} IrsActionRecord;

IRS_API IrsActionTrail irsActionTrailCreate(void);
IRS_API void irsActionTrailDestroy(IrsActionTrail trail);
static inline bool irsActionTrailIsNull(IrsActionTrail trail) {
  return !trail.ptr;
}
/// Forgets everything recorded (before the next worker).
IRS_API void irsActionTrailReset(IrsActionTrail trail);
/// The consumer pair; userData is the trail's ptr.
IRS_API IrsActionDecision irsActionTrailBefore(const IrsAction *action,
                                               void *userData);
IRS_API void irsActionTrailAfter(const IrsAction *action, bool executed,
                                 void *userData);
/// Records an action described by the caller (a tool's action log read
/// back, lib/Tool) as if it had begun now on the calling thread at
/// record->depth; irsActionTrailAfter with an IrsAction of that depth ends
/// it.
IRS_API void irsActionTrailPush(IrsActionTrail trail,
                                const IrsActionRecord *record);
/// Starts a new step: irsActionTrailGetRepeating looks only at the actions
/// recorded since. (An IrsPassManager with a trail calls it as each of its
/// steps begins.)
IRS_API void irsActionTrailMarkStep(IrsActionTrail trail);
/// The actions recorded from now on may be of another context than those
/// before (or the earlier context was destroyed): the recording threads
/// forget what they cached by address, and a step begins
/// (irsActionTrailMarkStep), so that a death describes no earlier record.
/// (An IrsPassManager with a trail calls it as each run begins.)
IRS_API void irsActionTrailMarkContext(IrsActionTrail trail);
/// The context of the actions recorded so far is about to be destroyed:
/// their ops are described now (as irsActionTrailDescribeOps with the
/// window does) and never followed again, so that a process dying in the
/// teardown describes none of them and the supervisor reads them as they
/// were. Call it in the recording process before the context's teardown
/// begins (not in a signal handler). (An IrsPassManager with a trail calls
/// it when it is destroyed: it borrows its context, so it goes first.)
IRS_API void irsActionTrailMarkContextEnd(IrsActionTrail trail);
/// Describes, in the recording process, the ops of its records that a
/// supervisor reads: every thread's actions in flight and, with `window`,
/// the window's since the step began (irsActionTrailGetRepeating), each
/// op's name and file location written into the trail. For a process that
/// is dying or hung: async-signal-safe (no allocation, no lock), and it
/// reads only what the context keeps for its whole life (an op's name and
/// location, never the op). Memory a crash corrupted may make it fault:
/// call it from the fatal-signal handler with a fault guard (the tool's;
/// the library installs no handler), and before the process dies. Without
/// `window` (a crash) call it on the thread that crashed, as a fatal
/// signal's handler runs: that thread chooses the action the crash is told
/// by (irsActionTrailGetCrashAction). Records of a context whose teardown
/// began (irsActionTrailMarkContextEnd) are not described again.
IRS_API void irsActionTrailDescribeOps(IrsActionTrail trail, bool window);
/// The innermost action in flight that names an op (else the innermost)
/// when the recording process stopped: of the threads with an action in
/// flight, the one that began its action last. False when none was in
/// flight. With threading on, another thread's action may be the one that
/// crashed (irsActionTrailGetCrashAction knows which).
IRS_API bool irsActionTrailGetInFlight(IrsActionTrail trail,
                                       IrsActionRecord *out);
/// The actions of the window since the step began that name an op,
/// grouped by (tag, name, op), most frequent first, only those seen at
/// least twice: out[0..return) of at most `cap`.
/// Rewrites replace ops by new ones, so an op is told apart by its name
/// and file location, or by its identity when it has no location.
/// *window (nullable) is how many actions of the step the window held.
IRS_API size_t irsActionTrailGetRepeating(IrsActionTrail trail,
                                          IrsActionRecord *out, size_t cap,
                                          size_t *window);
/// The action of the step that began last and names an op (in flight or
/// ended): false when the step began none.
IRS_API bool irsActionTrailGetLast(IrsActionTrail trail, IrsActionRecord *out);

/// The action a crash is told by: the one in flight on the thread that
/// crashed (irsActionTrailGetInFlight), unless none is, or only a pass
/// manager's adaptor or one of irscope's own passes, and an action of the
/// pipeline began in the step: the process then died outside any action
/// (in the verifier after a pass, in the pass manager, in irscope's
/// checkpoint that verifies and prints), and the pass of the pipeline that
/// thread ran last is told, with *ended set; for a thread that ran none in
/// the step (MLIR's verifier checks functions on pool threads), the pass
/// of the pipeline begun last on any thread (else its last action). False
/// when there is neither.
IRS_API bool irsActionTrailGetCrashAction(IrsActionTrail trail,
                                          IrsActionRecord *out, bool *ended);

/// The trail's count of actions begun, in the trail's shared memory: what
/// a supervisor samples to see whether the recording process still begins
/// actions (IrsSupervisorOptions.progress). Valid while the trail lives;
/// NULL for a null trail.
IRS_API const uint64_t *irsActionTrailGetProgress(IrsActionTrail trail);

/// A hang whose process began no action during its last
/// IRS_ACTION_TRAIL_STALL_MS or more is stuck outside the actions it had
/// been running (a folder looping, a pass's own code) or inside the one in
/// flight: it repeats none of them, and is described by the action in
/// flight and the last one begun. Below that, by the actions it repeated.
#define IRS_ACTION_TRAIL_STALL_MS 500
/// Records how long before it was stopped the trail's process had begun no
/// action (IrsWorkerResult.stalledMs); a reset forgets it.
IRS_API void irsActionTrailSetStalled(IrsActionTrail trail, double ms);
/// The time irsActionTrailSetStalled recorded if it is a stall (at least
/// IRS_ACTION_TRAIL_STALL_MS, in a step that recorded an action), else 0.
IRS_API double irsActionTrailGetStalled(IrsActionTrail trail);

/// What the record was doing, as the terminal notes say it: "applying
/// pattern 'X' to 'arith.addi' at f.mlir:3:8", "running pass 'cse' on
/// 'func.func' at f.mlir:1:1", "running action 'T' on ..."; without the
/// location when the op has none.
IRS_API void irsActionRecordDescribe(const IrsActionRecord *record,
                                     MlirStringCallback callback,
                                     void *userData);

/// The terminal's note on what the trail's process was doing when it died:
/// for a timeout, "timed out repeating applying pattern 'X' to 'arith.addi'
/// at f.mlir:3:8 (85 of the last 256 actions)" (the action repeated most,
/// irsActionTrailGetRepeating), or for a stalled one
/// (irsActionTrailGetStalled) "timed out while running pass 'X' on ...: no
/// action began in its last 2.9 s; the last was applying pattern 'Y' to ...
/// (#120)" (in flight, then irsActionTrailGetLast when another); for a
/// crash, "crashed while applying pattern 'X' to ..." or "crashed outside
/// any action, after running pass 'X' on ... (#3): in the verifier or the
/// pass manager" (irsActionTrailGetCrashAction). Calls `callback` once, or not at all and
/// returns false when the trail has nothing to say.
IRS_API bool irsActionTrailDescribeDeath(IrsActionTrail trail, bool timedOut,
                                         MlirStringCallback callback,
                                         void *userData);

#ifdef __cplusplus
}
#endif

#endif // IRS_ACTION_H
