// SPDX-License-Identifier: Apache-2.0
//===- Timing.c - the per-step timing table -------------------------------===//
//
// irscope-opt's --timing table, a function of the run record like every
// other document (Writers.def): the same for in-process and --tool runs.
//
//===----------------------------------------------------------------------===//
#include "RunRecord.h"

#include <stdlib.h>

typedef struct Row {
  intptr_t idx;
  const IrsStepResult *r;
} Row;

static int cmpRow(const Row *a, const Row *b, IrsTimingSort sortKey) {
  double x = 0, y = 0;
  if (sortKey == IrsTimingSortWall) {
    x = a->r->wallMs;
    y = b->r->wallMs;
  } else if (sortKey == IrsTimingSortCpu) {
    x = a->r->cpuMs;
    y = b->r->cpuMs;
  }
  if (x != y)
    return x > y ? -1 : 1;
  return a->idx < b->idx ? -1 : a->idx > b->idx;
}

void irsRunRecordPrintTiming(const IrsRunRecord *rec, IrsTimingSort sort,
                             MlirStringCallback cb, void *ud) {
  IrsBuf b = IRS_BUF_INIT;
  double wall = 0, cpu = 0;
  Row *rows = calloc((size_t)(rec->numSteps ? rec->numSteps : 1), sizeof(Row));
  intptr_t n = 0;
  for (intptr_t i = 0; i < rec->numSteps; ++i) {
    const IrsStepResult *r = &rec->steps[i].result;
    if (r->status == IrsStepNotRun)
      continue;
    wall += r->wallMs;
    cpu += r->cpuMs;
    if (rows)
      rows[n++] = (Row){i, r};
  }
  // Insertion sort: steps number in the hundreds at most, and qsort has no
  // context argument to pass the key without a global.
  for (intptr_t i = 1; i < n; ++i) {
    Row r = rows[i];
    intptr_t j = i;
    for (; j > 0 && cmpRow(&rows[j - 1], &r, sort) > 0; --j)
      rows[j] = rows[j - 1];
    rows[j] = r;
  }
  irsBufPrintf(&b, "===%s===\n", "-------------------------------------------"
                                 "------------------------------");
  irsBufPrintf(&b, "%*s\n", 52, "irscope step timing report");
  irsBufPrintf(&b, "===%s===\n", "-------------------------------------------"
                                 "------------------------------");
  irsBufPrintf(&b, "  Total wall time: %.4f s, CPU time: %.4f s, %ld steps\n\n",
               wall / 1e3, cpu / 1e3, (long)n);
  // A tool's step is a whole run of it, mostly start-up on small IR: the
  // start-up measured once is shown, and a column without it.
  double up = rec->toolStartupWallMs;
  if (up > 0)
    irsBufPrintf(&b, "  Each step is one run of '%s': its start-up (a run on "
                     "an empty module, measured once: %.3f ms wall, %.3f ms "
                     "CPU), reading the step's input, the pass, the verifier "
                     "and printing the output. '-start-up' is the wall time "
                     "without the start-up.\n\n",
                 rec->toolName ? rec->toolName : "the tool", up,
                 rec->toolStartupCpuMs);
  irsBufPrintf(&b, "  %5s  %10s  %10s  ", "step", "wall(ms)", "cpu(ms)");
  if (up > 0)
    irsBufPrintf(&b, "%10s  ", "-start-up");
  irsBufPrintf(&b, "%6s  %-7s  %s\n", "share", "changed", "pass");
  for (intptr_t k = 0; k < n; ++k) {
    const IrsStepResult *r = rows[k].r;
    MlirStringRef t = irsPipelineGetStepText(rec->pipeline, rows[k].idx);
    irsBufPrintf(&b, "  %5ld  %10.3f  %10.3f  ", (long)rows[k].idx + 1,
                 r->wallMs, r->cpuMs);
    if (up > 0)
      irsBufPrintf(&b, "%10.3f  ", r->wallMs > up ? r->wallMs - up : 0.0);
    irsBufPrintf(&b, "%5.1f%%  %-7s  %.*s%s\n",
                 wall > 0 ? 100.0 * r->wallMs / wall : 0.0,
                 r->changed ? "yes" : "no", (int)t.length, t.data,
                 r->status == IrsStepOk ? "" : "  [failed]");
  }
  free(rows);
  cb(irsBufRef(&b), ud);
  irsBufFree(&b);
}
