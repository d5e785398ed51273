// SPDX-License-Identifier: Apache-2.0
//===- ActionTrailNote.c - what a dead process was doing, in one line -----===//
//
// The terminal's note on a trail (Action.h) whose process died, worded the
// same whoever recorded it: irscope's own worker, or a tool whose action
// log was read back into a trail (lib/Tool/ToolActions.c). A hang whose
// actions stopped (a greedy driver folding one op forever begins no
// action, llvm/llvm-project#126213) repeats none of them: it is told by
// the action in flight and the last one begun.
//
//===----------------------------------------------------------------------===//
#include "irscope/Action.h"

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

bool irsActionTrailDescribeDeath(IrsActionTrail trail, bool timedOut,
                                 MlirStringCallback callback, void *userData) {
  IrsActionRecord r;
  size_t window = 0;
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
  } else if (!timedOut && irsActionTrailGetInFlight(trail, &r)) {
    irsBufAppendStr(&b, "crashed while ");
    irsActionRecordDescribe(&r, appendRef, &b);
  }
  bool said = b.len > 0 && !b.failed;
  if (said)
    callback(irsBufRef(&b), userData);
  irsBufFree(&b);
  return said;
}
