// SPDX-License-Identifier: Apache-2.0
//===- Oracle.c - the failure signature of a finished run -----------------===//
//
// A candidate is the current module with some edit applied, tested in a
// forked worker (OracleWorker.c). How the worker ends (signal, timeout,
// memory limit, exit code), the step it reported failing (a typed value on
// the supervisor's channel), its crash frames and the first error in its
// stderr tail make the candidate's signature (an IrsSignature, Signature.h);
// a run is interesting when that is the signature being reduced
// (irsReduceRunVerdict). The other parts of the oracle are listed in
// OracleImpl.h.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OracleImpl.h"

#include "irscope/Flake.h"
#include "irscope/Signature.h"
#include "irscope/StackTrace.h"

#include <execinfo.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Turns the worker's "0xADDR" lines into glibc backtrace lines, looking
// each address up once per reducer: the same crash repeats in most
// candidates, and dladdr over libMLIR's symbols is slow.
static void symbolise(Reducer *r, const char *p, size_t n, IrsBuf *out) {
  const char *end = p + n;
  while (p < end && p[0] == '0' && p + 1 < end && p[1] == 'x') {
    char *next;
    uintptr_t a = (uintptr_t)strtoull(p, &next, 16);
    if (next == p || next >= end || *next != '\n')
      break;
    p = next + 1;
    size_t h = (size_t)((a >> 4) * 0x9E3779B97F4A7C15ull) % kSymCacheSize;
    IrsSymCacheEntry *e = &r->symCache[h];
    if (e->addr != a || !e->text) {
      void *frame = (void *)a;
      char **names = backtrace_symbols(&frame, 1);
      free(e->text);
      e->text = names ? strdup(names[0]) : NULL;
      e->addr = a;
      free(names);
    }
    if (e->text) {
      irsBufAppend(out, e->text, strlen(e->text));
      irsBufAppend(out, "\n", 1);
    }
  }
}

// The kind of a worker that exited: the outcome it reported (in-process
// runs), else its exit code (the miscompile test's are the outcomes'
// own); anything that is no step's result means the candidate could not
// be tested.
static IrsOutcome exitKind(const Reducer *r, const IrsWorkerResult *res) {
  if (r->opts.toolArgv && res->inStep && res->step == 1) {
    // The tool's own exit code (see execOnCandidate). A tool does not
    // say whether a pass failed, the verifier rejected the IR or it could
    // not read its input: the message tells them apart. An exec that
    // failed leaves nothing to judge.
    int64_t err;
    bool noExec = res->exitCode == IRS_EXIT_CANNOT_EXEC &&
                  irsWorkerResultGetValue(res, IRS_REDUCE_EXEC_ERRNO_KEY, &err);
    return res->exitCode == 0 ? IrsOutcomeOk
           : noExec           ? IrsOutcomeInvalid
                              : IrsOutcomeFailure;
  }
  IrsOutcome said = irsWorkerResultGetReported(res);
  IrsOutcome k =
      said != IrsOutcomeNone ? said : irsOutcomeFromExitCode(res->exitCode);
  return k == IrsOutcomeOk || irsOutcomeIsStepFailure(k) ? k
                                                         : IrsOutcomeInvalid;
}

static void signatureOf(Reducer *r, const IrsWorkerResult *res,
                        IrsSignature *s) {
  memset(s, 0, sizeof(*s));
  const char *tail = res->stderrTail.data;
  size_t tl = res->stderrTail.length;
  MlirStringRef tailRef = mlirStringRefCreate(tail ? tail : "", tail ? tl : 0);
  s->kind = res->outcome == IrsWorkerExited
                ? exitKind(r, res)
                : irsWorkerOutcomeGetOutcome(res->outcome);
  s->signal = res->outcome == IrsWorkerCrashed ? res->signal : 0;
  if (r->opts.testArgv)
    return;
  // In-process, freeing the run (freeRun): a worker that reported its
  // pipeline's failure and then died keeps that failure, the death a part
  // of it (as irscope-opt keeps it). Its stack is the teardown's, not the
  // bug's: no crash site.
  IrsOutcome said = res->reported; // sent before the death
  bool diedAfter = !r->opts.toolArgv && res->outcome == IrsWorkerCrashed &&
                   !res->inStep && irsOutcomeIsStepFailure(said);
  if (diedAfter) {
    s->kind = said;
    s->diedAfter = res->signal;
    s->signal = 0;
  }
  if (r->opts.toolArgv && res->outcome != IrsWorkerExited &&
      !(res->inStep && res->step == 1)) {
    // The worker itself, before the tool ran (applying the edit): not the
    // tool's failure.
    s->inEdit = true;
    return;
  }
  // The failing pass: the step the worker reported (OracleWorker.c), or
  // the step it died in (a tool announces neither: its one step is the
  // whole pipeline).
  int64_t failed = 0;
  intptr_t steps = irsPipelineIsNull(r->pipeline)
                       ? 0
                       : irsPipelineGetNumSteps(r->pipeline);
  if (r->opts.toolArgv) {
    // Nothing to read here.
  } else if (irsWorkerResultGetValue(res, IRS_REDUCE_FAILED_STEP_KEY,
                                     &failed)) {
    if (failed > 0 && failed <= steps)
      irsSignatureSetStep(
          s, failed, irsPipelineGetStepPassName(r->pipeline, failed - 1));
  } else if (res->inStep && res->step > 0 &&
             res->step <= steps) {
    irsSignatureSetStep(
        s, res->step, irsPipelineGetStepPassName(r->pipeline, res->step - 1));
  }
  // Which crash: two different bugs in one pass often die of the same
  // signal without a message, often in the same function (a shared
  // helper); the crash site and the crash identity (the assertion line
  // printed before the frames, the first frames) tell them apart.
  static const char begin[] = IRS_REDUCE_FRAMES_BEGIN;
  const size_t nb = sizeof(begin) - 1;
  const char *bt = tail && res->outcome == IrsWorkerCrashed && !diedAfter
                       ? memmem(tail, tl, begin, nb)
                       : NULL;
  if (bt) {
    IrsBuf text = {0};
    irsBufAppend(&text, tail, (size_t)(bt - tail));
    symbolise(r, bt + nb, (size_t)(tail + tl - bt - nb), &text);
    irsSignatureSetCrashSite(s, irsBufRef(&text), (IrsLoadMap){NULL},
                             /*withCaller=*/true);
    irsBufFree(&text);
  } else if (r->opts.toolArgv && tail && res->outcome == IrsWorkerCrashed) {
    // LLVM's own stack dump, printed by the tool's signal handler. It is
    // unsymbolised (LLVM_DISABLE_SYMBOLIZATION: llvm-symbolizer would cost
    // seconds per crashing candidate), so a hidden function's frame has
    // only its absolute address, which depends on the machine and the
    // environment. The tool's runs are forks of its fork server, which
    // share its layout: its mappings, read once while it runs, make that
    // address a module offset, "libMLIR.so.22.1+0x2fce16a", as irscope's
    // own frames and irscope-opt --tool's are named. Without a server
    // (the tool exec'd for each run) the address stays; opt-reduce runs
    // the tool without address randomisation, so it is at least stable
    // from run to run on one machine. The nearest named caller, as for an
    // in-process crash, says where that is; it is not compared.
    if (!r->toolMapRead) {
      r->toolMap = irsForkServerCreateLoadMap(r->opts.toolForkServer);
      r->toolMapRead = true;
    }
    irsSignatureSetCrashSite(s, tailRef, r->toolMap, /*withCaller=*/true);
  } else if (tail && res->outcome == IrsWorkerCrashed && !diedAfter) {
    // No handler wrote frames (a worker set-up without one): the
    // assertion or LLVM ERROR line, if any, still tells the crash.
    irsSignatureSetCrashSite(s, tailRef, (IrsLoadMap){NULL},
                             /*withCaller=*/false);
  }
  // Numbers, SSA names and addresses masked (shared with --repeat).
  irsSignatureSetFirstError(s, tailRef, r->opts.toolArgv != NULL);
}

static bool sameSignature(Reducer *r, const IrsSignature *s) {
  if (!irsSignatureIsFailure(s))
    return false;
  if (r->opts.anyFailure)
    return true;
  // Every run is a fork of this process, or of the tool's fork server, or
  // the tool run without address randomisation: one layout.
  unsigned layout = IrsSignatureMatchSameLayout;
  if (!r->opts.matchRegex)
    return irsSignatureMatches(s, &r->target,
                               IrsSignatureMatchMessage | layout);
  if (!irsSignatureMatches(s, &r->target, layout))
    return false;
  regex_t re;
  if (regcomp(&re, r->opts.matchRegex, REG_EXTENDED | REG_NOSUB) != 0)
    return false;
  bool ok = regexec(&re, s->message, 0, NULL, 0) == 0;
  regfree(&re);
  return ok;
}

// Whether one run's outcome counts as interesting, and its signature.
bool irsReduceRunVerdict(Reducer *r, const IrsWorkerResult *res,
                         IrsSignature *sig) {
  if (r->opts.testArgv) {
    memset(sig, 0, sizeof(*sig));
    bool ok = res->outcome == IrsWorkerExited &&
              (r->opts.testMustFail ? res->exitCode != 0 : res->exitCode == 0);
    sig->kind = ok ? IrsOutcomeInteresting : IrsOutcomeOk;
    return ok;
  }
  signatureOf(r, res, sig);
  if (res->inStep && res->step == 0) {
    // Died or timed out applying the edit (step 0, see workerBody): says
    // nothing about the bug, and the edit must not reach the parent.
    sig->inEdit = true;
    r->editBroke = true;
    return false;
  }
  return sameSignature(r, sig);
}
bool irsReduceSameSignature(Reducer *r, const IrsSignature *s) {
  return sameSignature(r, s);
}
