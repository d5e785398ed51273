// SPDX-License-Identifier: Apache-2.0
//===- Narrow.c - the one rewrite that changes the results ----------------===//
//
// irsExecNarrowingCreate (ExecNarrow.h): each trial runs the step in a
// fresh worker of the caller's supervisor, single-threaded, with the
// action counter (only the first K actions of a tag run) consuming the
// pass manager's actions, and sends back the counts of both tags, the IR
// it left (custom form when it verifies, else generic) and, when asked,
// the described action's fields. This process executes the IR and
// compares with the reference. The first trial has no limit and counts;
// then irsNarrowBisect over `apply-pattern`, else over `pass-execution`
// when the step runs its pass on more than IRS_NARROW_MIN_PASSES ops; a
// last trial at K describes action K and the module around it.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/ExecNarrow.h"

#include "irscope/ActionCounter.h"

#include "../Support/Buf.h"

#include <mlir-c/Diagnostics.h>

#include <stdlib.h>
#include <string.h>

// What the narrowing found. The action's strings and the module before
// and after it live in `text`, one after the other, each NUL-terminated.
typedef struct Narrowed {
  IrsNarrowedAction action; // action.tag is NULL when none was found
  IrsBuf text;
  MlirStringRef before, after;
  IrsBuf why;
  int64_t executions;
} Narrowed;

typedef struct Narrowing {
  const IrsExecNarrowOptions *o;
  const char *tag;
  int64_t count, describe;
  Narrowed *out;
} Narrowing;

static MlirLogicalResult quiet(MlirDiagnostic d, void *ud) {
  (void)d;
  (void)ud;
  return mlirLogicalResultSuccess();
}

static const IrsWorkerStream trialIr = {IrsWorkerStreamTrialIr, 0, 0};

static IrsWorkerStream trialField(IrsActionField f) {
  return (IrsWorkerStream){IrsWorkerStreamTrialField, 0, (intptr_t)f};
}

static void send(IrsWorkerChannel ch, IrsWorkerStream to, MlirStringRef s) {
  irsWorkerChannelSendOutput(ch, to, s.data ? s.data : "", s.length);
}

static void sendModule(IrsWorkerChannel ch, MlirOperation op) {
  IrsBuf b = IRS_BUF_INIT;
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (!mlirOperationVerify(op))
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  mlirOperationPrintWithFlags(op, f, irsBufStringCallback, &b);
  mlirOpPrintingFlagsDestroy(f);
  send(ch, trialIr, irsBufRef(&b));
  irsBufFree(&b);
}

// One trial: the step on the pre-step IR with the counter; exit 0 when
// the step succeeded, 1 when it failed, 2 when it could not be run.
static int trialMain(IrsWorkerChannel ch, void *ud) {
  Narrowing *n = ud;
  const IrsExecNarrowOptions *o = n->o;
  MlirContext ctx = o->setup.createContext(o->setup.userData);
  if (mlirContextIsNull(ctx))
    return 2;
  mlirContextAttachDiagnosticHandler(ctx, quiet, NULL, NULL);
  MlirModule m = mlirModuleCreateParse(ctx, o->preStep);
  IrsPassManager pm = mlirModuleIsNull(m)
                          ? (IrsPassManager){NULL}
                          : o->setup.createPassManager(ctx, o->setup.userData);
  IrsActionCounter ac =
      irsActionCounterCreate(n->tag, n->count, n->describe, true);
  if (irsPassManagerIsNull(pm) || irsActionCounterIsNull(ac))
    return 2;
  MlirOperation root = mlirModuleGetOperation(m);
  // The pass manager owns the context's action handler during its runs.
  irsActionCounterSetRoot(ac, root);
  if (!irsPassManagerAddActionConsumer(pm, irsActionCounterBefore,
                                       irsActionCounterAfter, ac.ptr))
    return 2;
  irsWorkerChannelStepBegin(ch, 0, o->step);
  IrsStatus st = irsPassManagerRunSteps(pm, root, o->step - 1, o->step);
  irsWorkerChannelStepEnd(ch, 0, o->step);
  irsWorkerChannelSendValue(ch, "patterns",
                            irsActionCounterGetNum(ac, IRS_NARROW_TAG_PATTERN));
  irsWorkerChannelSendValue(ch, "passes",
                            irsActionCounterGetNum(ac, IRS_NARROW_TAG_PASS));
  sendModule(ch, root);
  for (int f = 0; n->describe && f <= IrsActionFieldAfter; ++f)
    send(ch, trialField((IrsActionField)f),
         irsActionCounterGetField(ac, (IrsActionField)f));
  // The process ends now: nothing is destroyed.
  return irsStatusIsOk(st) ? 0 : 1;
}

// Runs a trial: 1 when it ran, 0 when it could not be run or died, -1
// when it was interrupted from outside (SIGINT, SIGTERM: the search ends).
static int trial(Narrowing *n, int64_t count, int64_t describe) {
  n->count = count;
  n->describe = describe;
  const IrsWorkerResult *res = NULL;
  IrsStatus st = irsSupervisorRun(n->o->supervisor, trialMain, n, &res);
  if (irsStatusIsOk(st) && res->outcome == IrsWorkerInterrupted)
    return -1;
  return irsStatusIsOk(st) && res->outcome == IrsWorkerExited &&
         res->exitCode < 2;
}

int irsExecDiffersFromReference(IrsExecutor ex, MlirStringRef text,
                                const IrsExecResult *reference,
                                IrsExecTolerance tol) {
  IrsExecResult r;
  memset(&r, 0, sizeof(r));
  if (!irsStatusIsOk(irsExecutorRun(ex, text, &r)))
    return -1;
  bool same = irsExecResultsEqual(reference, &r, tol);
  IrsExecOutcome how = r.outcome;
  irsExecResultFree(&r);
  return how == IrsExecInterrupted ? -1 : !same;
}

// The last trial's IR, executed and compared with the reference.
static int differs(Narrowing *n) {
  ++n->out->executions;
  return irsExecDiffersFromReference(
      n->o->executor, irsSupervisorGetOutput(n->o->supervisor, trialIr),
      n->o->reference, n->o->tolerance);
}

static int isBad(int64_t count, void *ud) {
  Narrowing *n = ud;
  int ran = trial(n, count, 0);
  if (ran <= 0)
    return ran < 0 ? -1 : 1; // a step cut short that dies is not the reference
  return differs(n);
}

static MlirStringRef field(Narrowing *n, IrsActionField f) {
  return irsSupervisorGetOutput(n->o->supervisor, trialField(f));
}

// The described action's fields into `text` in IrsActionField's order,
// the location named after the pre-step file: the parse of a text names
// no file ("-:12:8" or ":12:8"), its lines are that file's.
static void keepFields(Narrowing *n, IrsBuf *text) {
  const char *file = n->o->preStepFile;
  for (int f = IrsActionFieldName; f <= IrsActionFieldAfter; ++f) {
    MlirStringRef s = field(n, (IrsActionField)f);
    const char *at = s.length ? memchr(s.data, ':', s.length) : NULL;
    if (f == IrsActionFieldLocation && file && at &&
        (at == s.data || (s.length > 1 && !strncmp(s.data, "-:", 2)))) {
      irsBufAppendStr(text, file);
      s = (MlirStringRef){at, s.length - (size_t)(at - s.data)};
    }
    irsBufAppendRef(text, s);
    irsBufAppend(text, "", 1);
  }
}

// Fills `n->out` from a described trial at K.
static bool describe(Narrowing *n, int64_t k, int64_t of) {
  Narrowed *out = n->out;
  if (trial(n, k, k) <= 0 || !field(n, IrsActionFieldName).length)
    return false;
  keepFields(n, &out->text);
  if (out->text.failed)
    return false;
  const char *p[IrsActionFieldAfter + 1];
  p[0] = out->text.data;
  for (int f = 1; f <= IrsActionFieldAfter; ++f)
    p[f] = p[f - 1] + strlen(p[f - 1]) + 1;
  IrsNarrowedAction *a = &out->action;
  a->tag = n->tag;
  a->index = k;
  a->of = of;
  a->executions = out->executions;
  a->name = p[IrsActionFieldName];
  a->op = *p[IrsActionFieldOp] ? p[IrsActionFieldOp] : NULL;
  a->opName = *p[IrsActionFieldOpName] ? p[IrsActionFieldOpName] : NULL;
  a->location = *p[IrsActionFieldLocation] ? p[IrsActionFieldLocation] : NULL;
  out->before = mlirStringRefCreateFromCString(p[IrsActionFieldBefore]);
  out->after = mlirStringRefCreateFromCString(p[IrsActionFieldAfter]);
  return true;
}

// The counting trial, the bisections and the description; false, with
// `why` when there were actions to tell apart, when none was found.
static bool narrow(Narrowing *n) {
  Narrowed *out = n->out;
  int64_t patterns = 0, passes = 0;
  if (trial(n, -1, 0) <= 0)
    return false;
  IrsSupervisor sup = n->o->supervisor;
  irsSupervisorGetValue(sup, "patterns", &patterns);
  irsSupervisorGetValue(sup, "passes", &passes);
  if (n->o->confirm) {
    int r = differs(n);
    if (r == 0)
      irsBufAppendStr(&out->why, "the step's output gives the reference's "
                                 "result when it runs single-threaded");
    if (r <= 0)
      return false;
  }
  int64_t at = patterns ? irsNarrowBisect(patterns, isBad, n) : 0;
  int64_t of = patterns;
  if (at == 0 && passes > IRS_NARROW_MIN_PASSES) {
    n->tag = IRS_NARROW_TAG_PASS;
    at = irsNarrowBisect(passes, isBad, n);
    of = passes;
  }
  if (at > 0 && describe(n, at, of))
    return true;
  // An interrupted search has no answer; a step without actions to tell
  // apart is its own: no reason either way.
  if (at >= 0 && (patterns > 0 || passes > IRS_NARROW_MIN_PASSES))
    irsBufPrintf(&out->why, "no single action is to blame: the results "
                            "change with none of the step's %lld pattern "
                            "applications",
                 (long long)patterns);
  return false;
}

IrsExecNarrowing irsExecNarrowingCreate(const IrsExecNarrowOptions *options) {
  Narrowed *out = calloc(1, sizeof(*out));
  if (!out)
    return (IrsExecNarrowing){NULL};
  out->before = out->after = (MlirStringRef){"", 0};
  Narrowing n = {.o = options, .tag = IRS_NARROW_TAG_PATTERN, .out = out};
  if (!narrow(&n)) {
    out->action.tag = NULL;
    out->before = out->after = (MlirStringRef){"", 0};
  }
  return (IrsExecNarrowing){out};
}

void irsExecNarrowingDestroy(IrsExecNarrowing narrowing) {
  Narrowed *nr = narrowing.ptr;
  if (!nr)
    return;
  irsBufFree(&nr->text);
  irsBufFree(&nr->why);
  free(nr);
}

const IrsNarrowedAction *irsExecNarrowingGetAction(IrsExecNarrowing n) {
  Narrowed *nr = n.ptr;
  return nr->action.tag ? &nr->action : NULL;
}

MlirStringRef irsExecNarrowingGetModuleBefore(IrsExecNarrowing n) {
  return ((Narrowed *)n.ptr)->before;
}

MlirStringRef irsExecNarrowingGetModuleAfter(IrsExecNarrowing n) {
  return ((Narrowed *)n.ptr)->after;
}

int64_t irsExecNarrowingGetNumExecutions(IrsExecNarrowing n) {
  return ((Narrowed *)n.ptr)->executions;
}

MlirStringRef irsExecNarrowingGetWhy(IrsExecNarrowing n) {
  return irsBufRef(&((Narrowed *)n.ptr)->why);
}
