// SPDX-License-Identifier: Apache-2.0
//===- ToolLog.c - --trace and --junit of an irscope-opt --tool run -------===//
//
// The tool runner keeps every step's result in irscope's own process (the
// tool processes only run them), so the log is built once after the run
// from the step results, with the start times the runner announced; the
// step a tool process died in gets the death's kind as its status. It is
// written after the run's check (--check-results marks the step whose
// results changed), as in-process.
//
//===----------------------------------------------------------------------===//
#include "Driver.h"

#include "irscope/RunLog.h"
#include "irscope/Tool.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *irsStrDupOrNull(MlirStringRef r) {
  char *s = malloc(r.length + 1);
  if (s) {
    memcpy(s, r.data, r.length);
    s[r.length] = '\0';
  }
  return s;
}

void irsOptToolLogStep(intptr_t step, bool begin, void *userData) {
  IrsOptToolStarts *s = userData;
  if (!begin || step < 1 || step > s->num)
    return;
  s->ms[step - 1] = irsClockMonotonicMs();
}

static IrsOutcome statusOf(IrsToolRunner t, intptr_t i,
                           const IrsStepResult *r) {
  const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
  if (d && irsToolRunnerGetFailedStep(t) == i + 1)
    return irsWorkerOutcomeGetOutcome(d->outcome);
  return irsStepStatusGetOutcome(r->status);
}

static bool addSteps(struct IrsOptLog *log, IrsToolRunner t, IrsPipeline p,
                     const IrsOptToolStarts *starts) {
  char *group = irsStrDupOrNull(irsPipelineGetText(p));
  bool ok = group != NULL;
  for (intptr_t i = 0; ok && i < irsPipelineGetNumSteps(p); ++i) {
    const IrsStepResult *r = irsToolRunnerGetStepResult(t, i);
    char *pipeline = irsStrDupOrNull(irsPipelineGetStepText(p, i));
    char *pass = irsStrDupOrNull(irsPipelineGetStepPassName(p, i));
    char *msg = NULL;
    IrsRunLogStep s = {.group = group, .index = i + 1, .pipeline = pipeline,
                       .pass = pass, .status = statusOf(t, i, r),
                       .changed = r->changed, .wallMs = r->wallMs,
                       .startMs = starts->ms[i]};
    if (irsToolRunnerGetFailedStep(t) == i + 1)
      s.message = msg = irsStrDupOrNull(irsToolRunnerGetErrorMessage(t));
    const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
    char *det = d && s.message ? irsStrDupOrNull(d->stderrTail) : NULL;
    s.details = det;
    ok = pipeline && pass && irsOptLogAddStep(log, &s);
    free(pipeline);
    free(pass);
    free(msg);
    free(det);
  }
  free(group);
  return ok;
}

struct IrsOptLog *irsOptToolLogCollect(const IrsOptConfig *c, IrsToolRunner t,
                                       IrsPipeline p,
                                       const IrsOptToolStarts *starts) {
  struct IrsOptLog *log = irsOptLogCreate(c);
  if (!log || addSteps(log, t, p, starts))
    return log;
  irsOptLogDestroy(log); // irsOptLogFinish says so when there is none
  return NULL;
}
