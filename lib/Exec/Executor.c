// SPDX-License-Identifier: Apache-2.0
//===- Executor.c - executions in supervised worker processes -------------===//
//
// Each execution is one worker forked by a fresh IrsSupervisor (so no
// output of an earlier execution can be mistaken for this one's): the
// caller's setup redirects its stdout into the executor's capture file,
// then the worker parses the text into a new context, announces "step 1"
// (so that the supervisor's timeout covers lowering, JIT and the call) and
// runs irsExecModuleInProcess. The return value and any message travel
// back over the worker channel (slots 0 and 1); the outcome is the exit
// code, sent only after "step end": a worker that exits while still in the
// step was ended by the JIT'd code calling exit().
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ExecImpl.h"

#include "../Support/Buf.h"
#include "irscope/Supervisor.h"

#include <mlir-c/Diagnostics.h>
#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { SlotValue = 0, SlotMessage = 1, SlotType = 2 };

typedef struct ExecutorImpl {
  IrsExecOptions opts;
  char *lowering, *entry, *sharedLibs; // owned copies behind opts
  IrsExecWorkerSetup setup;
  void *setupData;
  FILE *capture;
  int fd;
  // Built once here, inherited by every worker: filling a registry with
  // all dialects is a good part of a small execution's cost.
  MlirDialectRegistry registry;
  intptr_t runs;
  IrsSupervisor current; // while a run is in progress
} ExecutorImpl;

IrsExecutor irsExecutorCreate(const IrsExecOptions *o, IrsExecWorkerSetup setup,
                              void *setupData) {
  ExecutorImpl *e = calloc(1, sizeof(*e));
  if (!e)
    return (IrsExecutor){NULL};
  e->opts = *o;
  e->lowering = o->lowering ? strdup(o->lowering) : NULL;
  e->entry = o->entry ? strdup(o->entry) : NULL;
  e->sharedLibs = o->sharedLibs ? strdup(o->sharedLibs) : NULL;
  e->opts.lowering = e->lowering;
  e->opts.entry = e->entry;
  e->opts.sharedLibs = e->sharedLibs;
  e->setup = setup;
  e->setupData = setupData;
  e->registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(e->registry);
  e->capture = tmpfile();
  e->fd = e->capture ? fileno(e->capture) : -1;
  if (!e->capture || (o->lowering && !e->lowering) ||
      (o->entry && !e->entry) || (o->sharedLibs && !e->sharedLibs)) {
    irsExecutorDestroy((IrsExecutor){e});
    return (IrsExecutor){NULL};
  }
  return (IrsExecutor){e};
}

void irsExecutorDestroy(IrsExecutor executor) {
  ExecutorImpl *e = executor.ptr;
  if (!e)
    return;
  if (e->capture)
    fclose(e->capture);
  if (e->registry.ptr)
    mlirDialectRegistryDestroy(e->registry);
  free(e->lowering);
  free(e->entry);
  free(e->sharedLibs);
  free(e);
}

intptr_t irsExecutorGetNumRuns(IrsExecutor executor) {
  return ((ExecutorImpl *)executor.ptr)->runs;
}

void irsExecutorInterrupt(IrsExecutor executor) {
  ExecutorImpl *e = executor.ptr;
  if (e && e->current.ptr)
    irsSupervisorInterrupt(e->current);
}

typedef struct Job {
  ExecutorImpl *ex;
  MlirStringRef text;
  IrsWorkerChannel ch;
} Job;

static void sendValue(MlirStringRef s, void *ud) {
  Job *j = ud;
  irsWorkerChannelSendOutput(j->ch, SlotValue, s.data, s.length);
}

static void sendMessage(MlirStringRef s, void *ud) {
  Job *j = ud;
  irsWorkerChannelSendOutput(j->ch, SlotMessage, s.data, s.length);
}

static void sendType(MlirStringRef s, void *ud) {
  Job *j = ud;
  irsWorkerChannelSendOutput(j->ch, SlotType, s.data, s.length);
}

static MlirLogicalResult parseDiag(MlirDiagnostic d, void *ud) {
  IrsBuf *b = ud;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError && !b->len)
    mlirDiagnosticPrint(d, irsBufStringCallback, b);
  return mlirLogicalResultSuccess();
}

static int execWorker(IrsWorkerChannel ch, void *ud) {
  Job *j = ud;
  j->ch = ch;
  j->ex->setup(j->ex->fd, j->ex->setupData);
  MlirContext ctx =
      mlirContextCreateWithRegistry(j->ex->registry, /*threading=*/false);
  mlirRegisterAllLLVMTranslations(ctx);
  mlirContextSetAllowUnregisteredDialects(ctx, j->ex->opts.allowUnregistered);
  irsWorkerChannelStepBegin(ch, 0, 1);
  IrsBuf diag = IRS_BUF_INIT;
  MlirDiagnosticHandlerID h =
      mlirContextAttachDiagnosticHandler(ctx, parseDiag, &diag, NULL);
  MlirModule m = mlirModuleCreateParse(ctx, j->text);
  mlirContextDetachDiagnosticHandler(ctx, h);
  IrsExecOutcome out;
  if (mlirModuleIsNull(m)) {
    irsBufPrintf(&diag, "%s", diag.len ? "" : "cannot parse the module");
    sendMessage(irsBufRef(&diag), j);
    out = IrsExecParseFailed;
  } else {
    out = irsExecModuleInProcess(m, &j->ex->opts, sendValue, sendMessage,
                                 sendType, j);
    mlirModuleDestroy(m);
  }
  irsBufFree(&diag);
  irsWorkerChannelStepEnd(ch, 0, 1);
  // The context is not destroyed: the process ends now, and a JIT'd
  // module's global destructors already ran in the engine's destroy.
  fflush(stdout);
  _exit((int)out);
}

static char *readCapture(int fd, size_t *len) {
  struct stat st;
  *len = 0;
  if (fstat(fd, &st) != 0)
    return NULL;
  size_t n = (size_t)st.st_size;
  char *s = malloc(n + 1);
  if (!s)
    return NULL;
  ssize_t got = n ? pread(fd, s, n, 0) : 0;
  if (got < 0)
    got = 0;
  s[got] = '\0';
  *len = (size_t)got;
  return s;
}

// The outcome of a worker that ended.
static void classify(const IrsWorkerResult *res, IrsExecResult *r) {
  switch (res->outcome) {
  case IrsWorkerExited:
    if (res->inStep) {
      r->outcome = IrsExecExited;
      r->exitCode = res->exitCode;
    } else if (res->exitCode >= 0 && res->exitCode <= IrsExecJitFailed) {
      r->outcome = (IrsExecOutcome)res->exitCode;
    } else {
      r->outcome = IrsExecExited;
      r->exitCode = res->exitCode;
    }
    break;
  case IrsWorkerCrashed:
    r->outcome = IrsExecCrashed;
    r->signal = res->signal;
    break;
  case IrsWorkerTimedOut:
    r->outcome = IrsExecTimedOut;
    break;
  case IrsWorkerMemoryLimit:
    r->outcome = IrsExecMemoryLimit;
    break;
  case IrsWorkerInterrupted:
    r->outcome = IrsExecInterrupted;
    break;
  }
}

IrsStatus irsExecutorRun(IrsExecutor executor, MlirStringRef text,
                         IrsExecResult *r) {
  ExecutorImpl *e = executor.ptr;
  memset(r, 0, sizeof(*r));
  if (ftruncate(e->fd, 0) != 0 || lseek(e->fd, 0, SEEK_SET) != 0)
    return (IrsStatus){IRS_ERR_IO};
  IrsSupervisorOptions so = {.stepTimeoutSec = e->opts.timeoutSec,
                             .memoryLimitBytes = e->opts.memoryLimitBytes};
  IrsSupervisor sup = irsSupervisorCreate(&so);
  if (!sup.ptr)
    return (IrsStatus){IRS_ERR_NOMEM};
  // Nothing of ours may reach the capture file through a buffer the
  // worker inherits.
  fflush(stdout);
  Job job = {e, text, {-1}};
  const IrsWorkerResult *res = NULL;
  e->current = sup;
  IrsStatus st = irsSupervisorRun(sup, execWorker, &job, &res);
  e->current = (IrsSupervisor){NULL};
  if (!irsStatusIsOk(st)) {
    irsSupervisorDestroy(sup);
    return st;
  }
  ++e->runs;
  classify(res, r);
  r->wallMs = res->runMs;
  IrsBuf out = IRS_BUF_INIT;
  size_t n;
  char *printed = readCapture(e->fd, &n);
  if (printed)
    irsBufAppend(&out, printed, n);
  free(printed);
  if (r->outcome == IrsExecOk)
    irsBufAppendRef(&out, irsSupervisorGetOutput(sup, SlotValue));
  irsBufAppend(&out, "", 0);
  r->outputLength = out.len;
  r->output = out.data ? irsBufDetach(&out) : strdup("");
  MlirStringRef msg = irsSupervisorGetOutput(sup, SlotMessage);
  if (!msg.length && r->outcome != IrsExecOk)
    msg = res->stderrTail;
  r->message = msg.length ? strndup(msg.data, msg.length) : NULL;
  MlirStringRef type = irsSupervisorGetOutput(sup, SlotType);
  r->resultType = type.length ? strndup(type.data, type.length) : NULL;
  irsSupervisorDestroy(sup);
  return (IrsStatus){IRS_OK};
}
