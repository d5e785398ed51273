// SPDX-License-Identifier: Apache-2.0
//===- Executor.c - executions in supervised worker processes -------------===//
//
// Each execution is one worker forked by a fresh IrsSupervisor (so no
// output of an earlier execution can be mistaken for this one's): the
// caller's setup redirects its stdout into the executor's capture file,
// then the worker parses the text into a new context, announces "step 1"
// (so that the supervisor's timeout covers lowering, JIT and the call) and
// runs irsExecModuleInProcess. The return value and any message travel
// back over the worker channel (streams IrsWorkerStreamExec*), the outcome
// as a value sent after "step end": a worker that exits while still in the
// step was ended by the JIT'd code calling exit().
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ExecImpl.h"

#include "../Support/Buf.h"
#include "../Support/Fs.h"
#include "irscope/Supervisor.h"

#include <mlir-c/Diagnostics.h>
#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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
  // Where the workers' perf jitdumps go (JitDump.c), emptied after each
  // worker; NULL when the user's JITDUMPDIR takes them.
  char *jitDumpDir;
  IrsSupervisor current; // while a run is in progress
  // Set by irsExecutorInterrupt: from then on no execution starts (each
  // ends IrsExecInterrupted at once), so a search stops where it is.
  volatile sig_atomic_t interrupted;
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
  e->capture = irsTempFileOpen(); // dup2 to the worker's stdout
  e->fd = e->capture ? fileno(e->capture) : -1;
  int jitErr = irsExecJitDumpDirCreate(&e->jitDumpDir);
  if (!e->capture || jitErr || (o->lowering && !e->lowering) ||
      (o->entry && !e->entry) || (o->sharedLibs && !e->sharedLibs)) {
    irsExecutorDestroy((IrsExecutor){e});
    if (jitErr)
      errno = jitErr;
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
  irsExecJitDumpDirDestroy(e->jitDumpDir);
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

void irsExecutorSetFill(IrsExecutor executor, IrsExecFill fill) {
  ((ExecutorImpl *)executor.ptr)->opts.fill = fill;
}

IrsExecFill irsExecutorGetFill(IrsExecutor executor) {
  return ((ExecutorImpl *)executor.ptr)->opts.fill;
}

void irsExecutorInterrupt(IrsExecutor executor) {
  ExecutorImpl *e = executor.ptr;
  if (!e)
    return;
  e->interrupted = 1;
  if (e->current.ptr)
    irsSupervisorInterrupt(e->current);
}

typedef struct Job {
  ExecutorImpl *ex;
  const MlirStringRef *texts;
  intptr_t num;
  intptr_t current; // the execution in progress: its streams' index
  IrsWorkerChannel ch;
} Job;

static void sendStream(Job *j, IrsWorkerStreamKind kind, MlirStringRef s) {
  IrsWorkerStream to = {kind, j->current, 0};
  irsWorkerChannelSendOutput(j->ch, to, s.data, s.length);
}

static void sendValue(MlirStringRef s, void *ud) {
  sendStream(ud, IrsWorkerStreamExecValue, s);
}
static void sendMessage(MlirStringRef s, void *ud) {
  sendStream(ud, IrsWorkerStreamExecMessage, s);
}
static void sendType(MlirStringRef s, void *ud) {
  sendStream(ud, IrsWorkerStreamExecType, s);
}

static double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static MlirLogicalResult parseDiag(MlirDiagnostic d, void *ud) {
  IrsBuf *b = ud;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError && !b->len)
    mlirDiagnosticPrint(d, irsBufStringCallback, b);
  return mlirLogicalResultSuccess();
}

// The values that say how execution i ended: "out<i>" (its IrsExecOutcome),
// "end<i>" (where its printed text ends in the capture file) and "us<i>"
// (its wall time); "out<i>" is sent last, so it means the others arrived.
static void sendRecord(IrsWorkerChannel ch, intptr_t i, IrsExecOutcome out,
                       int64_t end, int64_t us) {
  char key[24];
  snprintf(key, sizeof(key), "end%ld", (long)i);
  irsWorkerChannelSendValue(ch, key, end);
  snprintf(key, sizeof(key), "us%ld", (long)i);
  irsWorkerChannelSendValue(ch, key, us);
  snprintf(key, sizeof(key), "out%ld", (long)i);
  irsWorkerChannelSendValue(ch, key, (int64_t)out);
}

// One execution in the worker's context: parse, lower, JIT, call.
static IrsExecOutcome execOne(Job *j, MlirContext ctx, MlirStringRef text) {
  IrsBuf diag = IRS_BUF_INIT;
  MlirDiagnosticHandlerID h =
      mlirContextAttachDiagnosticHandler(ctx, parseDiag, &diag, NULL);
  MlirModule m = mlirModuleCreateParse(ctx, text);
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
  return out;
}

// Execution i is step i + 1 of the worker; after it, its record
// (sendRecord) tells the parent how it ended. The worker stops after the
// first execution that does not end cleanly. Its exit code only says that
// it ended normally (0): the outcomes are in the records.
static int execWorker(IrsWorkerChannel ch, void *ud) {
  Job *j = ud;
  j->ch = ch;
  irsExecJitDumpDirEnter(j->ex->jitDumpDir);
  j->ex->setup(j->ex->fd, j->ex->setupData);
  MlirContext ctx =
      mlirContextCreateWithRegistry(j->ex->registry, /*threading=*/false);
  mlirRegisterAllLLVMTranslations(ctx);
  mlirContextSetAllowUnregisteredDialects(ctx, j->ex->opts.allowUnregistered);
  IrsExecOutcome out = IrsExecOk;
  for (j->current = 0; j->current < j->num && out == IrsExecOk; ++j->current) {
    double t0 = nowMs();
    irsWorkerChannelStepBegin(ch, 0, j->current + 1);
    out = execOne(j, ctx, j->texts[j->current]);
    irsWorkerChannelStepEnd(ch, 0, j->current + 1);
    fflush(stdout);
    // How it ended, where its printed text ends in the capture file
    // (shared offset with fd 1) and its wall time.
    sendRecord(ch, j->current, out, (int64_t)lseek(j->ex->fd, 0, SEEK_CUR),
               (int64_t)((nowMs() - t0) * 1000));
  }
  // The context is not destroyed: the process ends now, and a JIT'd
  // module's global destructors already ran in the engine's destroy.
  _exit(0);
}

// Bytes [from, to) of the capture file, to = -1: to its end.
static void readCapture(int fd, int64_t from, int64_t to, IrsBuf *out) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return;
  if (to < 0 || to > (int64_t)st.st_size)
    to = (int64_t)st.st_size;
  if (from >= to)
    return;
  char *s = malloc((size_t)(to - from));
  if (!s)
    return;
  ssize_t got = pread(fd, s, (size_t)(to - from), (off_t)from);
  if (got > 0)
    irsBufAppend(out, s, (size_t)got);
  free(s);
}

// The outcome of a worker that ended during an execution.
static void classify(const IrsWorkerResult *res, IrsExecResult *r) {
  switch (res->outcome) {
  case IrsWorkerExited:
    // Ended normally between two executions: it started no other one (the
    // caller drops this result). Otherwise something called exit(): the
    // JIT'd code, in the step.
    r->outcome = !res->inStep && res->exitCode == 0 ? IrsExecOk
                                                    : IrsExecExited;
    r->exitCode = r->outcome == IrsExecExited ? res->exitCode : 0;
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

static MlirStringRef stream(IrsSupervisor sup, intptr_t i,
                            IrsWorkerStreamKind kind) {
  return irsSupervisorGetOutput(sup, (IrsWorkerStream){kind, i, 0});
}

// Fills r with execution i of the worker that ended with `res`; `*from`
// is where its printed text starts in the capture file (moved past it).
// False when the worker never finished it (not started, or the worker
// died in it: then r says how, if it was the one running).
static bool collect(ExecutorImpl *e, IrsSupervisor sup,
                    const IrsWorkerResult *res, intptr_t i, int64_t *from,
                    IrsExecResult *r) {
  char key[24];
  int64_t outcome = 0, ended = -1, us = 0;
  snprintf(key, sizeof(key), "out%ld", (long)i);
  bool done = irsWorkerResultGetValue(res, key, &outcome);
  snprintf(key, sizeof(key), "end%ld", (long)i);
  irsWorkerResultGetValue(res, key, &ended);
  snprintf(key, sizeof(key), "us%ld", (long)i);
  irsWorkerResultGetValue(res, key, &us);
  if (done) {
    r->outcome = (IrsExecOutcome)outcome;
    r->wallMs = (double)us / 1000;
  } else {
    classify(res, r);
    r->wallMs = res->elapsedMs;
  }
  IrsBuf out = IRS_BUF_INIT;
  readCapture(e->fd, *from, done ? ended : -1, &out);
  *from = done ? ended : *from;
  if (r->outcome == IrsExecOk)
    irsBufAppendRef(&out, stream(sup, i, IrsWorkerStreamExecValue));
  irsBufAppend(&out, "", 0);
  r->outputLength = out.len;
  r->output = out.data ? irsBufDetach(&out) : strdup("");
  MlirStringRef msg = stream(sup, i, IrsWorkerStreamExecMessage);
  if (!msg.length && r->outcome != IrsExecOk && !done)
    msg = res->stderrTail;
  r->message = msg.length ? strndup(msg.data, msg.length) : NULL;
  MlirStringRef type = stream(sup, i, IrsWorkerStreamExecType);
  r->resultType = type.length ? strndup(type.data, type.length) : NULL;
  return done;
}

intptr_t irsExecutorRunSequence(IrsExecutor executor,
                                const MlirStringRef *texts, intptr_t num,
                                IrsExecResult *results) {
  ExecutorImpl *e = executor.ptr;
  memset(results, 0, (size_t)num * sizeof(*results));
  if (num < 1 || num > IRS_EXEC_MAX_SEQUENCE || ftruncate(e->fd, 0) != 0 ||
      lseek(e->fd, 0, SEEK_SET) != 0)
    return -1;
  IrsSupervisorOptions so = {.stepTimeoutSec = e->opts.timeoutSec,
                             .memoryLimitBytes = e->opts.memoryLimitBytes};
  IrsSupervisor sup = irsSupervisorCreate(&so);
  if (!sup.ptr)
    return -1;
  // Nothing of ours may reach the capture file through a buffer the
  // worker inherits.
  fflush(stdout);
  Job job = {e, texts, num, 0, {-1}};
  const IrsWorkerResult *res = NULL;
  e->current = sup;
  // An interrupt before `current` was set: the worker does not start.
  if (e->interrupted)
    irsSupervisorInterrupt(sup);
  IrsStatus st = irsSupervisorRun(sup, execWorker, &job, &res);
  e->current = (IrsSupervisor){NULL};
  // The worker has ended, however: its jitdump is of no more use.
  irsExecJitDumpDirEmpty(e->jitDumpDir);
  if (!irsStatusIsOk(st)) {
    irsSupervisorDestroy(sup);
    return -1;
  }
  intptr_t filled = 0;
  int64_t from = 0;
  for (bool more = true; more && filled < num; ++filled) {
    more = collect(e, sup, res, filled, &from, &results[filled]) &&
           results[filled].outcome == IrsExecOk;
    // A worker that died between two executions started no other one.
    if (!more && results[filled].outcome == IrsExecOk) {
      irsExecResultFree(&results[filled]);
      memset(&results[filled], 0, sizeof(results[filled]));
      break;
    }
  }
  e->runs += filled;
  irsSupervisorDestroy(sup);
  return filled;
}

IrsStatus irsExecutorRun(IrsExecutor executor, MlirStringRef text,
                         IrsExecResult *r) {
  if (irsExecutorRunSequence(executor, &text, 1, r) < 1)
    return (IrsStatus){IRS_ERR_IO};
  return (IrsStatus){IRS_OK};
}
