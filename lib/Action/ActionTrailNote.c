// SPDX-License-Identifier: Apache-2.0
//===- ActionTrailNote.c - what a dead process was doing, in one line -----===//
//
// The terminal's note on a trail (Action.h) whose process died, worded the
// same whoever recorded it: irscope's own worker, or a tool whose action
// log was read back into a trail (lib/Tool/ToolActions.c).
//
//===----------------------------------------------------------------------===//
#include "irscope/Action.h"

#include "../Support/Buf.h"

static void appendRef(MlirStringRef s, void *ud) { irsBufAppendRef(ud, s); }

bool irsActionTrailDescribeDeath(IrsActionTrail trail, bool timedOut,
                                 MlirStringCallback callback, void *userData) {
  IrsActionRecord r;
  size_t window = 0;
  IrsBuf b = IRS_BUF_INIT;
  if (timedOut && irsActionTrailGetRepeating(trail, &r, 1, &window) == 1) {
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
