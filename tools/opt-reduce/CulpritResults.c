// SPDX-License-Identifier: Apache-2.0
//===- CulpritResults.c - the one rewrite a reduced miscompile comes from -===//
//
// opt-reduce --miscompile's culprit, found as irscope-opt --check-results
// finds it on the reduced file: the step the signature names (the first
// step of its pass in the reduced pipeline) is narrowed on its pre-step IR
// by the library (include/irscope/ExecNarrow.h), each trial's output
// executed here and compared with the pre-step IR's result. Executions run
// as --check-results runs them, without the reduction's fillings, so the
// library first confirms that the step's whole output, single-threaded,
// gives another result.
//
// The module is the one written (Culprit.c says why): its text with its
// locations, parsed in a fresh context in every worker. A step after the
// first gets its pre-step IR from a worker of its own that runs the steps
// before it; this process only prints and executes (it must stay free of
// MLIR threads to fork the executions).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Culprit.h"

#include "ExecWorker.h"

#include "irscope/ExecNarrow.h"
#include "irscope/Pipeline.h"

#include <stdlib.h>
#include <string.h>

// The search's supervisor and executor while it runs; reached from the
// signal handler only (orCulpritResultsInterrupt).
static IrsSupervisor activeSup;
static IrsExecutor activeEx;

void orCulpritResultsInterrupt(void) {
  if (activeSup.ptr)
    irsSupervisorInterrupt(activeSup);
  if (activeEx.ptr)
    irsExecutorInterrupt(activeEx);
}

typedef struct Search {
  const OrConfig *c;
  MlirStringRef text; // the module as written, with its locations
  IrsPipeline pipeline;
  intptr_t step; // 1-based: the first step of the signature's pass
} Search;

static const IrsWorkerStream preStepIr = {IrsWorkerStreamStepIr, 0, 0};

static MlirContext workerContext(void *ud) {
  Search *s = ud;
  orCulpritWorkerSignals();
  return orCulpritContext(s->c);
}

// The reduced pipeline, threading off, the reduction's passes and plugins.
static IrsPassManager workerPassManager(MlirContext ctx, void *ud) {
  Search *s = ud;
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  o.passRegistry = s->c->plugins.registry;
  o.plugins = s->c->plugins.plugins;
  return irsPassManagerCreate(ctx, s->pipeline, &o, NULL, NULL);
}

// The steps before the culprit step on the module as written; its IR goes
// back printed with its locations. Exit 0 when they succeeded.
static int preStepMain(IrsWorkerChannel ch, void *ud) {
  Search *s = ud;
  MlirContext ctx = workerContext(s);
  MlirModule m = mlirContextIsNull(ctx) ? (MlirModule){NULL}
                                        : mlirModuleCreateParse(ctx, s->text);
  IrsPassManager pm = mlirModuleIsNull(m) ? (IrsPassManager){NULL}
                                          : workerPassManager(ctx, s);
  if (irsPassManagerIsNull(pm))
    return 2;
  MlirOperation root = mlirModuleGetOperation(m);
  if (!irsStatusIsOk(irsPassManagerRunSteps(pm, root, 0, s->step - 1)))
    return 1;
  IrsToolText t = {0};
  orCulpritPrintAsWritten(root, &t);
  irsWorkerChannelSendOutput(ch, preStepIr, t.data ? t.data : "", t.len);
  return t.failed ? 2 : 0; // the process ends now: nothing is destroyed
}

// The IR going into the culprit step (malloc'd), NULL when it cannot be
// had.
static char *preStep(Search *s, IrsSupervisor sup, size_t *len) {
  if (s->step == 1) {
    *len = s->text.length;
    return strndup(s->text.data, s->text.length);
  }
  const IrsWorkerResult *res = NULL;
  if (!irsStatusIsOk(irsSupervisorRun(sup, preStepMain, s, &res)) ||
      res->outcome != IrsWorkerExited || res->exitCode != 0)
    return NULL;
  MlirStringRef t = irsSupervisorGetOutput(sup, preStepIr);
  *len = t.length;
  return t.length ? strndup(t.data, t.length) : NULL;
}

static intptr_t stepOfPass(IrsPipeline p, const char *pass) {
  for (intptr_t i = 0; i < irsPipelineGetNumSteps(p); ++i) {
    MlirStringRef n = irsPipelineGetStepPassName(p, i);
    if (n.length == strlen(pass) && !memcmp(n.data, pass, n.length))
      return i + 1;
  }
  return 0;
}

static void copyStr(char *dst, size_t cap, const char *s) {
  snprintf(dst, cap, "%s", s ? s : "");
}

static void fromAction(OrCulprit *out, const IrsNarrowedAction *a,
                       intptr_t step) {
  copyStr(out->tag, sizeof(out->tag), a->tag);
  copyStr(out->name, sizeof(out->name), a->name);
  copyStr(out->opName, sizeof(out->opName), a->opName);
  copyStr(out->location, sizeof(out->location), a->location);
  out->stepIndex = a->index;
  out->of = a->of;
  out->step = step;
  // The count within step 1 is the count since the pipeline began.
  out->index = step == 1 ? a->index : 0;
  out->executions = a->executions;
  out->found = out->name[0] != '\0';
}

// The reference (the pre-step IR executed), then the narrowing.
static void narrow(Search *s, IrsSupervisor sup, MlirStringRef pre,
                   OrCulprit *out) {
  IrsExecOptions eo = s->c->exec;
  eo.fill = IrsExecFillNone; // as --check-results and mlir-runner run it
  IrsExecutor ex = irsExecutorCreate(&eo, irsToolExecWorkerSetup, "opt-reduce");
  activeEx = ex;
  IrsExecResult ref;
  memset(&ref, 0, sizeof(ref));
  if (!irsExecutorIsNull(ex) &&
      irsStatusIsOk(irsExecutorRun(ex, pre, &ref)) && ref.outcome == IrsExecOk) {
    IrsExecNarrowOptions o = {.preStep = pre,
                              .step = s->step,
                              .setup = {workerContext, workerPassManager, s},
                              .supervisor = sup,
                              .executor = ex,
                              .reference = &ref,
                              .tolerance = s->c->tolerance,
                              .confirm = true};
    IrsExecNarrowing n = irsExecNarrowingCreate(&o);
    const IrsNarrowedAction *a =
        irsExecNarrowingIsNull(n) ? NULL : irsExecNarrowingGetAction(n);
    if (a)
      fromAction(out, a, s->step);
    irsExecNarrowingDestroy(n);
  }
  activeEx = (IrsExecutor){NULL};
  irsExecResultFree(&ref);
  irsExecutorDestroy(ex);
}

void orCulpritFindResults(const OrConfig *c, IrsReducer r, OrCulprit *out) {
  const IrsSignature *sig = irsReducerGetSignature(r);
  IrsToolText text = {0};
  orCulpritPrintAsWritten(irsReducerGetModule(r), &text);
  Search s = {c, {text.data ? text.data : "", text.len},
              irsPipelineCreateParse(irsReducerGetPipeline(r), NULL, NULL), 0};
  if (!irsPipelineIsNull(s.pipeline))
    s.step = stepOfPass(s.pipeline, sig->pass);
  // The reducer's limits; without a test timeout, 60 s keeps a step that
  // now hangs from hanging us.
  IrsSupervisorOptions so = {
      .stepTimeoutSec = c->testTimeoutSec > 0 ? c->testTimeoutSec : 60,
      .memoryLimitBytes = c->memoryLimitBytes};
  IrsSupervisor sup = s.step > 0 && !text.failed
                          ? irsSupervisorCreate(&so)
                          : (IrsSupervisor){NULL};
  activeSup = sup;
  size_t len = 0;
  char *pre = sup.ptr ? preStep(&s, sup, &len) : NULL;
  if (pre)
    narrow(&s, sup, (MlirStringRef){pre, len}, out);
  activeSup = (IrsSupervisor){NULL};
  free(pre);
  irsSupervisorDestroy(sup);
  irsPipelineDestroy(s.pipeline);
  free(text.data);
}
