// SPDX-License-Identifier: Apache-2.0
//===- ActionTrailNote.c - what a dead process was doing, in one line -----===//
//
// The terminal's note on a trail (Action.h) whose process died, worded the
// same whoever recorded it: irscope's own worker, or a tool whose action
// log was read back into a trail (lib/Tool/ToolActions.c). A hang whose
// actions stopped (a greedy driver folding one op forever begins no
// action, llvm/llvm-project#126213) repeats none of them: it is told by
// the action in flight and the last one begun. A crash in the verifier
// after a pass happens when only the pass manager's adaptor (or irscope's
// checkpoint, which verifies) or nothing is in flight: naming the adaptor
// would blame the pass manager, so the note says so and names the pass of
// the pipeline that ran last, whose IR the verifier checks
// (llvm/llvm-project#116044).
//
//===----------------------------------------------------------------------===//
#include "irscope/Action.h"

#include "ActionImpl.h"
#include "../Support/Buf.h"

#include <string.h>

static void appendRef(MlirStringRef s, void *ud) { irsBufAppendRef(ud, s); }

// A stalled hang: what was in flight, how long no action began, and the
// last one that did when it is another (it ended: the step is stuck after
// it, in a folder or its pass's own code).
static void describeStall(IrsActionTrail trail, double ms, IrsBuf *b) {
  IrsActionRecord in, last;
  bool hasIn = irsActionTrailGetInFlight(trail, &in);
  bool hasLast = irsActionTrailGetLast(trail, &last);
  irsBufAppendStr(b, "timed out");
  if (hasIn) {
    irsBufAppendStr(b, " while ");
    irsActionRecordDescribe(&in, appendRef, b);
  }
  irsBufPrintf(b, ": no action began in its last %.1f s", ms / 1e3);
  if (hasLast && !(hasIn && !strcmp(in.tag, last.tag) &&
                   in.index == last.index)) {
    irsBufAppendStr(b, "; the last was ");
    irsActionRecordDescribe(&last, appendRef, b);
    if (last.index > 0)
      irsBufPrintf(b, " (#%lld)", (long long)last.index);
  }
}

// A pass manager's adaptor or one of irscope's own passes: no pass of the
// pipeline.
static bool isInternal(const IrsActionRecord *r) {
  return !strcmp(r->tag, "pass-execution") &&
         irsActionIsInternalPass(mlirStringRefCreateFromCString(r->name));
}

bool irsActionTrailGetCrashAction(IrsActionTrail trail, IrsActionRecord *out,
                                  bool *ended) {
  // The crashed thread's own choice, when it made one as it died.
  if (irsTrailGetDeath(trail, out, ended))
    return true;
  IrsActionRecord last;
  bool hasIn = irsActionTrailGetInFlight(trail, out);
  *ended = false;
  // An action of the pipeline begun after an internal one in flight began
  // inside it and ended (else it would be the one in flight): the process
  // died after it, outside any action of the pipeline. So it did when none
  // was in flight (a verifier after a pass on the module).
  if ((!hasIn || isInternal(out)) && irsTrailGetLastOfPipeline(trail, &last)) {
    *out = last;
    *ended = true;
    return true;
  }
  return hasIn;
}

bool irsActionTrailDescribeDeath(IrsActionTrail trail, bool timedOut,
                                 MlirStringCallback callback, void *userData) {
  IrsActionRecord r;
  size_t window = 0;
  bool ended = false;
  IrsBuf b = IRS_BUF_INIT;
  double stalled = timedOut ? irsActionTrailGetStalled(trail) : 0;
  if (stalled > 0) {
    describeStall(trail, stalled, &b);
  } else if (timedOut &&
             irsActionTrailGetRepeating(trail, &r, 1, &window) == 1) {
    irsBufAppendStr(&b, "timed out repeating ");
    irsActionRecordDescribe(&r, appendRef, &b);
    irsBufPrintf(&b, " (%lld of the last %zu actions)", (long long)r.count,
                 window);
  } else if (!timedOut && irsActionTrailGetCrashAction(trail, &r, &ended)) {
    irsBufAppendStr(&b, ended ? "crashed outside any action, after "
                              : "crashed while ");
    irsActionRecordDescribe(&r, appendRef, &b);
    if (ended && r.index > 0)
      irsBufPrintf(&b, " (#%lld)", (long long)r.index);
    if (ended)
      irsBufAppendStr(&b, ": in the verifier or the pass manager");
  }
  bool said = b.len > 0 && !b.failed;
  if (said)
    callback(irsBufRef(&b), userData);
  irsBufFree(&b);
  return said;
}
