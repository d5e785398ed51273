// SPDX-License-Identifier: Apache-2.0
//===- PipelineRange.c - the pipeline text of a run of steps --------------===//
//
// A resumed run (irscope-opt --resume-from) runs the steps after a dump:
// a contiguous range of the recorded pipeline, written back as pipeline
// text. Neighbouring steps under the same anchors share one nesting, as in
// the text they were parsed from, so the range of a whole pipeline is that
// pipeline's canonical text again (MLIR merges adjacent nestings on the
// same op either way).
//
//===----------------------------------------------------------------------===//
#include "irscope/Pipeline.h"

#include "../Support/Buf.h"

static void appendRef(IrsBuf *b, MlirStringRef s) {
  irsBufAppend(b, s.data, s.length);
}

// How many anchors, outermost first, steps `a` and `b` share.
static intptr_t commonAnchors(IrsPipeline p, intptr_t a, intptr_t b) {
  intptr_t na = irsPipelineGetStepNumAnchors(p, a);
  intptr_t nb = irsPipelineGetStepNumAnchors(p, b);
  intptr_t c = 0;
  while (c < na && c < nb) {
    MlirStringRef x = irsPipelineGetStepAnchorAt(p, a, c);
    MlirStringRef y = irsPipelineGetStepAnchorAt(p, b, c);
    if (!mlirStringRefEqual(x, y))
      break;
    ++c;
  }
  return c;
}

bool irsPipelineGetRangeText(IrsPipeline pipeline, intptr_t begin,
                             intptr_t end, MlirStringCallback callback,
                             void *userData) {
  IrsBuf b = IRS_BUF_INIT;
  intptr_t n = irsPipelineGetNumSteps(pipeline);
  if (begin < 0)
    begin = 0;
  if (end > n)
    end = n;
  if (begin >= end) {
    appendRef(&b, irsPipelineGetRootAnchor(pipeline));
    irsBufAppend(&b, "()", 2);
  }
  intptr_t open = 0; // anchors open after the previous step
  for (intptr_t i = begin; i < end; ++i) {
    intptr_t d = irsPipelineGetStepNumAnchors(pipeline, i);
    intptr_t keep = i == begin ? 0 : commonAnchors(pipeline, i - 1, i);
    for (; open > keep; --open)
      irsBufAppend(&b, ")", 1);
    if (i > begin)
      irsBufAppend(&b, ",", 1);
    for (; open < d; ++open) {
      appendRef(&b, irsPipelineGetStepAnchorAt(pipeline, i, open));
      irsBufAppend(&b, "(", 1);
    }
    appendRef(&b, irsPipelineGetStepPassName(pipeline, i));
    MlirStringRef opts = irsPipelineGetStepPassOptions(pipeline, i);
    if (opts.length) {
      irsBufAppend(&b, "{", 1);
      appendRef(&b, opts);
      irsBufAppend(&b, "}", 1);
    }
  }
  for (; open > 0; --open)
    irsBufAppend(&b, ")", 1);
  bool ok = !b.failed;
  if (ok)
    callback(irsBufRef(&b), userData);
  irsBufFree(&b);
  return ok;
}
