// SPDX-License-Identifier: Apache-2.0
//===- ActionImpl.h - consumers of MLIR actions inside libirscope ---------===//
//
// The consumers the pass manager hands the one action handler of its
// context (include/irscope/Action.h): the rewrite counts of each step
// (ActionCounts.c) and the action trail a supervisor reads after its worker
// died (ActionTrail.c, public in Action.h).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_ACTION_ACTIONIMPL_H
#define IRS_ACTION_ACTIONIMPL_H

#include "irscope/Action.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a step did, by name: how many times a pattern was applied
/// (`apply-pattern` actions), on how many ops a pass ran
/// (`pass-execution`). Owned by the run record's step.
typedef enum IrsRewriteKind {
  IrsRewritePattern = 0,
  IrsRewritePass = 1,
} IrsRewriteKind;

typedef struct IrsRewriteCount {
  char *name; // owned; "" for a pattern without a debug name
  int64_t count;
  IrsRewriteKind kind;
} IrsRewriteCount;

/// Frees an array from irsActionCountsTake.
void irsRewriteCountsFree(IrsRewriteCount *counts, size_t n);

/// Counts of the step that runs now, kept per thread (MLIR calls the
/// consumer from its worker threads) and gathered when the step ends.
typedef struct IrsActionCounts IrsActionCounts;

IrsActionCounts *irsActionCountsCreate(void);
void irsActionCountsDestroy(IrsActionCounts *c);
/// The consumer (IrsActionBeforeFn) with an IrsActionCounts as userData:
/// counts while a step is open, never skips.
IrsActionDecision irsActionCountsBefore(const IrsAction *a, void *userData);
/// Counts `n` actions of `tag` named `name` (if the tag is one counted)
/// into the calling thread's table, open or not; `c` may be NULL. What the
/// action trail counted for the step (irsActionTrailTakeCounts) and its
/// actions that no cache entry of its counts.
void irsActionCountsAdd(IrsActionCounts *c, MlirStringRef tag,
                        MlirStringRef name, int64_t n);
/// Opens (counting from zero) or closes counting. Call only while no
/// action runs (between steps).
void irsActionCountsSetOpen(IrsActionCounts *c, bool open);
/// Everything counted since the step opened, in *out[0..*n) (caller frees
/// with irsRewriteCountsFree), patterns then passes, each by count
/// (descending) then name; false when out of memory (*out NULL, *n 0).
bool irsActionCountsTake(IrsActionCounts *c, IrsRewriteCount **out,
                         size_t *n);

/// A recorder: a consumer that sees every action before it runs, never
/// skips one, and learns of its end through an end mark instead of a
/// call. It returns the address of an int (or NULL) that the handler sets
/// to the action's depth, with a release store, once the action ended (ran
/// or was skipped by a consumer). A handler has at most one recorder, seen
/// before its consumers; it costs a supervised run one call per action.
typedef int *(*IrsActionRecordFn)(const IrsAction *action, void *userData);

/// Sets (or with NULL clears) the handler's recorder. Only while no action
/// runs on its context.
void irsActionHandlerSetRecorder(IrsActionHandler handler,
                                 IrsActionRecordFn record, void *userData);

/// The action trail as a recorder (userData: the trail's ptr); its end
/// mark is the thread's count of actions in flight. irsActionTrailBefore
/// and irsActionTrailAfter are the same as a consumer pair.
int *irsActionTrailRecord(const IrsAction *action, void *userData);
/// irsActionTrailRecord for an action whose record irsTrailRecordHit
/// (TrailRec.h) did not make: its cache missed, or the thread has not
/// joined the trail. A depth of -1 asks for the depth the thread's stack is
/// at, written back into action->depth.
int *irsActionTrailRecordMiss(IrsAction *action, void *userData);

/// The rewrite counts the trail keeps while it records (NULL: none): an
/// action whose record hits the caches is counted in its (tag, name)
/// entry, in the same lookup; a miss counts into `counts`' table. Set only
/// while no action runs; `counts` belongs to the recording process.
void irsActionTrailSetCounts(IrsActionTrail trail, IrsActionCounts *counts);
/// Adds what the calling process's threads counted in their caches to
/// `counts` (NULL: forgets it) and zeroes them. Only while no action runs
/// (a step's begin and end).
void irsActionTrailTakeCounts(IrsActionTrail trail, IrsActionCounts *counts);

/// Whether a pass-execution is irscope's own machinery (checkpoints, anchor
/// notes) or a pass manager's adaptor rather than a pass of the pipeline.
bool irsActionIsInternalPass(MlirStringRef name);
/// Whether a pass-execution is one of irscope's own passes (checkpoints,
/// anchor notes), which the plain tool does not run: it takes no number
/// among the pass executions (IrsAction.index 0), so that the numbering is
/// the one `--mlir-debug-counter=pass-execution-count=K` counts.
bool irsActionIsOwnPass(MlirStringRef name);
/// irsActionTrailGetLast among the actions of the pipeline (a pass
/// manager's adaptor and irscope's own passes are passed over), its pass
/// executions first: the pass whose IR a verifier checks after it, else
/// (its record left the window) the last pattern application.
bool irsTrailGetLastOfPipeline(IrsActionTrail trail, IrsActionRecord *out);
/// The action the thread that crashed chose to be told by as it died
/// (irsActionTrailDescribeOps without the window) in the current step, and
/// whether it had ended: false when no thread did.
bool irsTrailGetDeath(IrsActionTrail trail, IrsActionRecord *out,
                      bool *ended);
/// The name of one of irscope's own passes as a static string (the pass
/// keeps it in writable memory, which the trail would compare byte by byte
/// on every run of it), else `name`.
MlirStringRef irsActionOwnPassName(MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif // IRS_ACTION_ACTIONIMPL_H
