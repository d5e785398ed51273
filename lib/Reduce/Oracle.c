// SPDX-License-Identifier: Apache-2.0
//===- Oracle.c - "is this candidate still interesting?" ------------------===//
//
// A candidate is the current module with some ops erased. It is tested in a
// forked worker: the worker applies the edit to its copy-on-write module
// (uses of erased results become ub.poison of the same type), then either
// runs the pipeline (in-process mode) or prints the candidate to a file and
// runs the user's script on it. How the worker ends (signal, timeout,
// memory limit, exit code) plus the first error it printed make the
// candidate's signature. The edit is then replayed on the parent's module if
// it was accepted: both sides apply it with irsEditApply (Edit.c).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ReduceImpl.h"

#include "../Support/Fs.h"
#include "irscope/Diagnostics.h"
#include "irscope/PassManager.h"
#include "irscope/Report.h"

#include <errno.h>
#include <ctype.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kExitInvalid = 99, kExitPass = 1, kExitVerify = 3, kExitNoTest = 126 };

//===----------------------------------------------------------------------===//
// The worker
//===----------------------------------------------------------------------===//

typedef struct Job {
  Reducer *r;
  const IrsEdit *edit;
  IrsWorkerChannel ch;
  intptr_t step;
} Job;

static void printDiag(const IrsDiagnostic *d, void *ud) {
  (void)ud;
  fprintf(stderr, "%.*s: %s: %.*s\n", (int)d->location.length, d->location.data,
          irsSeverityGetName(d->severity), (int)d->message.length,
          d->message.data);
}

static void onStep(intptr_t step, bool begin, void *ud) {
  Job *j = ud;
  if (begin) {
    j->step = step;
    irsWorkerChannelStepBegin(j->ch, 0, step);
  } else {
    irsWorkerChannelStepEnd(j->ch, 0, step);
  }
}

static int worker(IrsWorkerChannel ch, void *ud) {
  Job *j = ud;
  Reducer *r = j->r;
  j->ch = ch;
  signal(SIGSEGV, SIG_DFL);
  signal(SIGBUS, SIG_DFL);
  signal(SIGFPE, SIG_DFL);
  signal(SIGILL, SIG_DFL);
  MlirOperation root = mlirModuleGetOperation(r->module);
  irsEditApply(r->ctx, root, j->edit);
  if (r->opts.testArgv) {
    char path[512];
    snprintf(path, sizeof(path), "%s/candidate.mlir", r->tmpDir);
    setpgid(0, 0);
    MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
    IrsAtomicFile af;
    if (irsAtomicFileOpen(&af, path) != 0)
      return kExitInvalid;
    mlirOperationPrintWithFlags(root, f, irsAtomicFileStringCallback, &af);
    mlirOpPrintingFlagsDestroy(f);
    irsAtomicFileWrite(&af, "\n", 1);
    if (irsAtomicFileCommit(&af) != 0)
      return kExitInvalid;
    const char **argv = calloc((size_t)r->opts.testArgc + 2, sizeof(char *));
    for (int i = 0; i < r->opts.testArgc; ++i)
      argv[i] = r->opts.testArgv[i];
    if (r->testPath)
      argv[0] = r->testPath;
    argv[r->opts.testArgc] = path;
    irsWorkerChannelStepBegin(ch, 0, 1); // the test's time is the step's
    if (chdir(r->tmpDir) != 0)
      return kExitInvalid;
    execv(argv[0], (char *const *)argv);
    execvp(argv[0], (char *const *)argv);
    fprintf(stderr, "cannot run test '%s': %s\n", argv[0], strerror(errno));
    free(argv);
    return kExitNoTest;
  }
  // An edit that breaks the IR is discarded before the pipeline runs: a
  // reproducer must start from valid IR even when the bug is a verifier
  // failure after some pass. Only an input that was invalid to begin with
  // (the bug is in the verifier, or the user reduces invalid IR) is reduced
  // without this check.
  if (j->edit && !r->inputInvalid && !mlirOperationVerify(root))
    return kExitInvalid;
  IrsInstrumentationOptions o = irsInstrumentationOptionsDefault();
  o.forceStepwise = true;
  o.writeFailureReport = false;
  o.threadingEnabled = false;
  o.onDiagnostic = printDiag;
  o.onStep = onStep;
  o.onStepUserData = j;
  IrsPassManager pm = irsPassManagerCreate(r->ctx, r->pipeline, &o, NULL, NULL);
  if (irsPassManagerIsNull(pm))
    return kExitInvalid;
  IrsStatus st = irsPassManagerRun(pm, root);
  intptr_t failed = irsPassManagerGetFailedStep(pm);
  if (failed > 0) {
    MlirStringRef p = irsPipelineGetStepPassName(r->pipeline, failed - 1);
    fprintf(stderr, "##irs-failed %ld %.*s\n", (long)failed, (int)p.length,
            p.data);
  }
  irsPassManagerDestroy(pm);
  fflush(stderr);
  if (st.kind == IRS_ERR_PASS)
    return kExitPass;
  if (st.kind == IRS_ERR_VERIFY)
    return kExitVerify;
  return st.kind == IRS_OK ? 0 : kExitInvalid;
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

// Masks what varies between equivalent failures: numbers, SSA names,
// addresses; keeps the words.
static void normalise(const char *in, size_t n, char *out, size_t cap) {
  size_t k = 0;
  for (size_t i = 0; i < n && k + 2 < cap;) {
    char c = in[i];
    if (c == '%') {
      out[k++] = '%';
      ++i;
      while (i < n && (isalnum((unsigned char)in[i]) || in[i] == '_' ||
                       in[i] == '#'))
        ++i;
      continue;
    }
    if (c >= '0' && c <= '9') {
      out[k++] = 'N';
      while (i < n && (isalnum((unsigned char)in[i])))
        ++i;
      continue;
    }
    out[k++] = c;
    ++i;
  }
  out[k] = '\0';
}

static void signatureOf(Reducer *r, const IrsWorkerResult *res,
                        IrsSignature *s) {
  memset(s, 0, sizeof(*s));
  const char *tail = res->stderrTail.data;
  size_t tl = res->stderrTail.length;
  switch (res->outcome) {
  case IrsWorkerCrashed:
    snprintf(s->kind, sizeof(s->kind), "crash");
    s->signal = res->signal;
    break;
  case IrsWorkerTimedOut:
    snprintf(s->kind, sizeof(s->kind), "timeout");
    break;
  case IrsWorkerMemoryLimit:
    snprintf(s->kind, sizeof(s->kind), "memory-limit");
    break;
  case IrsWorkerInterrupted:
    snprintf(s->kind, sizeof(s->kind), "interrupted");
    break;
  case IrsWorkerExited:
    snprintf(s->kind, sizeof(s->kind), "%s",
             res->exitCode == 0            ? "ok"
             : res->exitCode == kExitPass   ? "pass-failure"
             : res->exitCode == kExitVerify ? "verify-failure"
                                            : "invalid");
    break;
  }
  if (r->opts.testArgv)
    return;
  // The failing pass: announced by the worker, or the step it died in.
  const char *f = tail ? memmem(tail, tl, "##irs-failed ", 13) : NULL;
  if (f) {
    long step = 0;
    char name[128] = "";
    if (sscanf(f + 13, "%ld %127s", &step, name) == 2) {
      snprintf(s->pass, sizeof(s->pass), "%s", name);
      s->step = step;
    }
  } else if (res->inStep && res->step > 0 &&
             res->step <= irsPipelineGetNumSteps(r->pipeline)) {
    MlirStringRef p = irsPipelineGetStepPassName(r->pipeline, res->step - 1);
    snprintf(s->pass, sizeof(s->pass), "%.*s", (int)p.length, p.data);
    s->step = res->step;
  }
  const char *e = tail ? memmem(tail, tl, ": error: ", 9) : NULL;
  if (e) {
    e += 9;
    const char *end = memchr(e, '\n', (size_t)(tail + tl - e));
    normalise(e, end ? (size_t)(end - e) : (size_t)(tail + tl - e), s->message,
              sizeof(s->message));
  }
}

static bool isFailure(const IrsSignature *s) {
  return strcmp(s->kind, "ok") != 0 && strcmp(s->kind, "invalid") != 0 &&
         strcmp(s->kind, "interrupted") != 0;
}

static bool sameSignature(Reducer *r, const IrsSignature *s) {
  if (!isFailure(s))
    return false;
  if (r->opts.anyFailure)
    return true;
  const IrsSignature *t = &r->target;
  if (strcmp(s->kind, t->kind) != 0 || s->signal != t->signal ||
      strcmp(s->pass, t->pass) != 0)
    return false;
  if (r->opts.matchRegex) {
    regex_t re;
    if (regcomp(&re, r->opts.matchRegex, REG_EXTENDED | REG_NOSUB) != 0)
      return false;
    bool ok = regexec(&re, s->message, 0, NULL, 0) == 0;
    regfree(&re);
    return ok;
  }
  return strcmp(s->message, t->message) == 0;
}

// Runs one candidate; fills `sig`.
static bool runCandidate(Reducer *r, const IrsEdit *edit, IrsSignature *sig,
                         const IrsWorkerResult **resOut) {
  Job j = {r, edit, {-1}, 0};
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, worker, &j, &res)))
    return false;
  ++r->testsRun;
  if (r->opts.testArgv) {
    char path[512];
    snprintf(path, sizeof(path), "%s/candidate.mlir", r->tmpDir);
    unlink(path);
    memset(sig, 0, sizeof(*sig));
    bool ok = res->outcome == IrsWorkerExited &&
              (r->opts.testMustFail ? res->exitCode != 0 : res->exitCode == 0);
    snprintf(sig->kind, sizeof(sig->kind), "%s", ok ? "interesting" : "ok");
  } else {
    signatureOf(r, res, sig);
  }
  if (resOut)
    *resOut = res;
  return true;
}

bool irsReduceTest(Reducer *r, const IrsEdit *edit) {
  if (r->opts.stopFlag && *r->opts.stopFlag)
    r->stop = true;
  if (r->stop)
    return false;
  IrsSignature sig;
  if (!runCandidate(r, edit, &sig, NULL))
    return false;
  irsReduceReport(r, false);
  if (r->opts.testArgv)
    return strcmp(sig.kind, "interesting") == 0;
  return sameSignature(r, &sig);
}

// Sequential for now; the contract allows testing several at once.
intptr_t irsReduceTestFirst(Reducer *r, const IrsEdit *const *edits, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (irsReduceTest(r, edits[i]))
      return (intptr_t)i;
  return -1;
}

// The initial check: establishes the target signature.
bool irsReduceEstablish(Reducer *r) {
  IrsSignature sig;
  const IrsWorkerResult *res;
  if (!runCandidate(r, NULL, &sig, &res)) {
    irsBufPrintf(&r->msg, "%s", "cannot start a test process");
    return false;
  }
  if (r->opts.testArgv) {
    if (res->outcome == IrsWorkerExited && res->exitCode == kExitNoTest &&
        res->stderrTail.length &&
        memmem(res->stderrTail.data, res->stderrTail.length, "cannot run test",
               15)) {
      irsBufPrintf(&r->msg, "cannot run the test script '%s'",
                   r->opts.testArgv[0]);
      return false;
    }
    if (strcmp(sig.kind, "interesting") == 0)
      return true;
    if (res->outcome == IrsWorkerTimedOut) {
      irsBufPrintf(&r->msg, "the input is not interesting: the test timed out after %g s",
                   r->opts.testTimeoutSec > 0 ? r->opts.testTimeoutSec : 60.0);
      return false;
    }
    irsBufPrintf(&r->msg,
                 "the input is not interesting: the test %s (exit code %d%s)",
                 res->outcome == IrsWorkerExited ? "exited" : "was killed",
                 res->exitCode,
                 r->opts.testMustFail ? "; --test-must-fail expects non-zero"
                                      : "; 0 means interesting");
    return false;
  }
  if (!isFailure(&sig)) {
    irsBufPrintf(&r->msg,
                 "the input is not interesting: the pipeline %s",
                 strcmp(sig.kind, "ok") == 0 ? "succeeds on it"
                                             : "cannot run on it");
    return false;
  }
  r->target = sig;
  if (r->opts.matchRegex && !sameSignature(r, &sig)) {
    irsBufPrintf(&r->msg,
                 "the input is not interesting: its first error '%s' does not "
                 "match --match",
                 sig.message);
    return false;
  }
  r->target = sig;
  return true;
}

//===----------------------------------------------------------------------===//
// Pre-step snapshot (for the pipeline strategy)
//===----------------------------------------------------------------------===//

typedef struct Snap {
  Reducer *r;
  intptr_t steps;
  const char *path;
} Snap;

static int snapWorker(IrsWorkerChannel ch, void *ud) {
  (void)ch;
  Snap *s = ud;
  IrsInstrumentationOptions o = irsInstrumentationOptionsDefault();
  o.writeFailureReport = false;
  o.threadingEnabled = false;
  IrsPassManager pm =
      irsPassManagerCreate(s->r->ctx, s->r->pipeline, &o, NULL, NULL);
  if (irsPassManagerIsNull(pm))
    return 1;
  MlirOperation root = mlirModuleGetOperation(s->r->module);
  bool ok = irsStatusIsOk(irsPassManagerRunSteps(pm, root, 0, s->steps));
  irsPassManagerDestroy(pm);
  if (!ok)
    return 1;
  IrsAtomicFile af;
  if (irsAtomicFileOpen(&af, s->path) != 0)
    return 1;
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(f);
  mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
  mlirOperationPrintWithFlags(root, f, irsAtomicFileStringCallback, &af);
  mlirOpPrintingFlagsDestroy(f);
  irsAtomicFileWrite(&af, "\n", 1);
  return irsAtomicFileCommit(&af) == 0 ? 0 : 1;
}

bool irsReduceSnapshot(Reducer *r, intptr_t steps, const char *path) {
  Snap s = {r, steps, path};
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, snapWorker, &s, &res)))
    return false;
  return res->outcome == IrsWorkerExited && res->exitCode == 0;
}
