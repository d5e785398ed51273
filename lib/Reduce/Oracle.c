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
// Candidates are tested as a batch (irsSupervisorRunBatch): up to -j
// workers at once, each with --test-runs runs, started in candidate order.
// The answer is the first interesting candidate *in order*, whatever the
// order in which workers end: a later candidate that ends first only wins
// once every earlier one is known not to be interesting, and workers that
// can no longer change the answer are killed. Outcomes are cached under
// (module generation, module, pipeline, edit key), so a candidate met again
// before the module changes costs nothing.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ReduceImpl.h"

#include "../Support/Fs.h"
#include "irscope/Diagnostics.h"
#include "irscope/PassManager.h"
#include "irscope/Report.h"

#include "irscope/Flake.h"
#include "irscope/StackTrace.h"

#include <execinfo.h>
#include <sys/personality.h>

#include <errno.h>
#include <ctype.h>
#include <ftw.h>
#include <sys/stat.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
  kExitInvalid = 99,
  kExitPass = 1,
  kExitVerify = 3,
  kExitNondeterministic = 8,
  kExitNoTest = 126
};

//===----------------------------------------------------------------------===//
// The worker
//===----------------------------------------------------------------------===//

typedef struct Job {
  Reducer *r;
  const IrsEdit *edit;
  IrsWorkerChannel ch;
  intptr_t step;
  int64_t id;    // unique per run of a test: names its directory
  uint64_t seed; // for passes that draw random numbers (with --seed)
} Job;

// Script mode: every test runs in a directory of its own, so that parallel
// tests never see each other's candidate or scratch files.
static void jobDir(const Reducer *r, int64_t id, char *out, size_t cap) {
  snprintf(out, cap, "%s/%lld", r->tmpDir, (long long)id);
}

static int rmEntry(const char *path, const struct stat *st, int flag,
                   struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

static void removeJobDir(const Reducer *r, int64_t id) {
  char dir[512];
  jobDir(r, id, dir, sizeof(dir));
  if (access(dir, F_OK) == 0)
    nftw(dir, rmEntry, 8, FTW_DEPTH | FTW_PHYS);
}

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

// The worker's fatal-signal handler: leaves the raw return addresses on
// stderr (the supervisor keeps the tail) so that the crash site becomes
// part of the signature, then dies of the same signal. Only
// async-signal-safe calls. Symbolising here (backtrace_symbols_fd) cost
// a few milliseconds per crashing candidate in dladdr's scan of libMLIR's
// symbol table; the parent, which has the same mappings (fork without
// exec), symbolises instead, once per address (see symbolise below).
static void onFatalSignal(int sig) {
  char line[32 * 64 + 16];
  size_t len = 0;
  static const char hdr[] = "##irs-frames\n";
  memcpy(line, hdr, sizeof(hdr) - 1);
  len = sizeof(hdr) - 1;
  void *frames[64];
  int n = backtrace(frames, 64);
  for (int i = 0; i < n; ++i) {
    uintptr_t a = (uintptr_t)frames[i];
    char hex[2 * sizeof(a)];
    int k = 0;
    do {
      hex[k++] = "0123456789abcdef"[a & 15];
      a >>= 4;
    } while (a);
    line[len++] = '0', line[len++] = 'x';
    while (k)
      line[len++] = hex[--k];
    line[len++] = '\n';
  }
  line[len++] = '#', line[len++] = '#', line[len++] = '\n';
  ssize_t w = write(2, line, len);
  (void)w;
  signal(sig, SIG_DFL);
  raise(sig);
}

// `altStack` is the alternate signal stack (so that a stack overflow can
// still be reported); the caller keeps it alive while the handler is set.
// backtrace() has been called once in the parent (irsReduceWarmUp): its
// first call loads libgcc, not something to do in a handler or per child.
static void installCrashHandler(char *altStack, size_t size) {
  stack_t ss;
  ss.ss_size = size;
  ss.ss_sp = altStack;
  ss.ss_flags = 0;
  sigaltstack(&ss, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = onFatalSignal;
  sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); ++i)
    sigaction(sigs[i], &sa, NULL);
}

static int workerBody(Job *j);

static int worker(IrsWorkerChannel ch, void *ud) {
  Job *j = ud;
  j->ch = ch;
  if (j->r->opts.testArgv) {
    signal(SIGSEGV, SIG_DFL);
    signal(SIGBUS, SIG_DFL);
    signal(SIGFPE, SIG_DFL);
    signal(SIGILL, SIG_DFL);
    return workerBody(j);
  }
  // The alternate stack lives in this frame, above everything the
  // candidate's run pushes (a stack overflow grows away from it), and as
  // long as the handler can fire; nothing to free (a leak checker watches
  // workers).
  char altStack[1 << 16];
  installCrashHandler(altStack, sizeof(altStack));
  int rc = workerBody(j);
  stack_t off;
  memset(&off, 0, sizeof(off));
  off.ss_flags = SS_DISABLE;
  sigaltstack(&off, NULL);
  return rc;
}

// Script and tool mode: prints the candidate into the job's directory and
// execs `argv` on it there, the candidate appended (a tool also gets
// `-o /dev/null`). The exec is announced as step 1, so that the parent
// knows the exit code is the script's or the tool's, not the worker's.
// A tool runs with LLVM's symboliser off (llvm-symbolizer takes seconds
// over libMLIR's debug information, for each crashing candidate) and
// without address-space randomisation, so that the unsymbolised frame
// addresses of its stack dump, which name the crash site, are the same in
// every run. Candidates reach a tool in generic form: the tool, not this
// context, knows its dialects' custom syntax.
static int execOnCandidate(Job *j, const char *const *args, int argc) {
  Reducer *r = j->r;
  bool tool = args == r->opts.toolArgv;
  MlirOperation root = mlirModuleGetOperation(r->module);
  char dir[512], path[600];
  jobDir(r, j->id, dir, sizeof(dir));
  snprintf(path, sizeof(path), "%s/candidate.mlir", dir);
  setpgid(0, 0);
  if (mkdir(dir, 0700) != 0)
    return kExitInvalid;
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (tool)
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  IrsAtomicFile af;
  if (irsAtomicFileOpen(&af, path) != 0)
    return kExitInvalid;
  mlirOperationPrintWithFlags(root, f, irsAtomicFileStringCallback, &af);
  mlirOpPrintingFlagsDestroy(f);
  irsAtomicFileWrite(&af, "\n", 1);
  if (irsAtomicFileCommit(&af) != 0)
    return kExitInvalid;
  const char **argv = calloc((size_t)argc + 4, sizeof(char *));
  if (!argv)
    return kExitInvalid;
  for (int i = 0; i < argc; ++i)
    argv[i] = args[i];
  if (r->testPath && !tool)
    argv[0] = r->testPath;
  argv[argc] = path;
  if (tool) {
    argv[argc + 1] = "-o";
    argv[argc + 2] = "/dev/null";
    setenv("LLVM_DISABLE_SYMBOLIZATION", "1", 1);
    personality(ADDR_NO_RANDOMIZE);
  }
  irsWorkerChannelStepBegin(j->ch, 0, 1); // the test's time is the step's
  if (chdir(dir) != 0)
    return kExitInvalid;
  execv(argv[0], (char *const *)argv);
  execvp(argv[0], (char *const *)argv);
  fprintf(stderr, "cannot run test '%s': %s\n", argv[0], strerror(errno));
  free(argv);
  return kExitNoTest;
}

static int workerBody(Job *j) {
  Reducer *r = j->r;
  MlirOperation root = mlirModuleGetOperation(r->module);
  if (j->edit) {
    // An edit that runs passes (run-passes) may itself crash or hang on
    // this module: it runs as step 0, under the test timeout, and a run
    // that dies there is never interesting (runVerdict). The parent only
    // ever applies an edit a worker applied to the end.
    bool passes = j->edit->kind == IrsEditRunPipeline;
    if (passes)
      irsWorkerChannelStepBegin(j->ch, 0, 0);
    int64_t before = irsEditMustNotGrow(j->edit) ? irsReduceCountOps(root) : -1;
    int64_t poison = r->opts.miscompile ? irsReduceCountPoison(root) : 0;
    bool applied = irsEditApply(r->ctx, root, j->edit);
    if (applied && r->opts.miscompile)
      irsReduceErasePoisonUsers(r->ctx, root);
    applied = applied && (before < 0 || irsReduceCountOps(root) <= before) &&
                   (!r->opts.miscompile || irsReduceCountPoison(root) <= poison);
    if (passes)
      irsWorkerChannelStepEnd(j->ch, 0, 0);
    // Not applicable (or, for passes, no smaller; for dropped arguments,
    // more ops): no progress.
    if (!applied)
      return kExitInvalid;
  }
  if (r->opts.testArgv)
    return execOnCandidate(j, r->opts.testArgv, r->opts.testArgc);
  // An edit that breaks the IR is discarded before the pipeline runs: a
  // reproducer must start from valid IR even when the bug is a verifier
  // failure after some pass. Only an input that was invalid to begin with
  // (the bug is in the verifier, or the user reduces invalid IR) is reduced
  // without this check.
  if (j->edit && !r->inputInvalid && !mlirOperationVerify(root))
    return kExitInvalid;
  if (r->opts.toolArgv)
    return execOnCandidate(j, r->opts.toolArgv, r->opts.toolArgc);
  IrsInstrumentationOptions o = irsInstrumentationOptionsDefault();
  o.forceStepwise = true;
  o.writeFailureReport = false;
  o.threadingEnabled = false;
  o.onDiagnostic = printDiag;
  o.onStep = onStep;
  o.onStepUserData = j;
  o.passRegistry = r->opts.passRegistry;
  IrsPassManager pm = irsPassManagerCreate(r->ctx, r->pipeline, &o, NULL, NULL);
  if (irsPassManagerIsNull(pm))
    return kExitInvalid;
  if (r->opts.hasSeed)
    irsPassManagerSetSeed(pm, j->seed);
  if (r->opts.miscompile) {
    int rc = irsReduceMiscompileTest(r, pm, root);
    irsPassManagerDestroy(pm);
    return rc;
  }
  IrsStatus st;
  intptr_t failed;
  if (r->opts.checkDeterminism) {
    // Each step twice on identical copies (threads: on, then off; this
    // child's context never had threads, so it may start them). A step
    // whose outputs differ is the failure.
    intptr_t differing = 0;
    st = irsPassManagerCheckDeterminism(
        pm, root,
        r->opts.checkDeterminism == 2 ? IrsDeterminismThreads
                                      : IrsDeterminismRepeat,
        &differing);
    if (differing > 0) {
      MlirStringRef p = irsPipelineGetStepPassName(r->pipeline, differing - 1);
      fprintf(stderr, "##irs-failed %ld %.*s\n", (long)differing,
              (int)p.length, p.data);
      irsPassManagerDestroy(pm);
      fflush(stderr);
      return kExitNondeterministic;
    }
    failed = irsPassManagerGetFailedStep(pm);
  } else {
    st = irsPassManagerRun(pm, root);
    failed = irsPassManagerGetFailedStep(pm);
  }
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

// The kind of a worker that exited (workerBody's exit codes are the
// outcomes' own); a code that is no step's result means the candidate
// could not be tested.
static IrsOutcome exitKind(const Reducer *r, const IrsWorkerResult *res,
                           MlirStringRef tail) {
  if (r->opts.toolArgv && res->inStep && res->step == 1) {
    // The tool's own exit code (see execOnCandidate). A tool does not
    // say whether a pass failed, the verifier rejected the IR or it could
    // not read its input: the message tells them apart.
    bool noExec = res->exitCode == kExitNoTest && tail.length &&
                  memmem(tail.data, tail.length, "cannot run test", 15);
    return res->exitCode == 0 ? IrsOutcomeOk
           : noExec           ? IrsOutcomeInvalid
                              : IrsOutcomeFailure;
  }
  IrsOutcome k = irsOutcomeFromExitCode(res->exitCode);
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
                ? exitKind(r, res, tailRef)
                : irsWorkerOutcomeGetOutcome(res->outcome);
  s->signal = res->outcome == IrsWorkerCrashed ? res->signal : 0;
  if (r->opts.testArgv)
    return;
  if (r->opts.toolArgv && res->outcome != IrsWorkerExited &&
      !(res->inStep && res->step == 1)) {
    // The worker itself, before the tool ran (applying the edit): not the
    // tool's failure.
    s->inEdit = true;
    return;
  }
  // The failing pass: announced by the worker, or the step it died in (a
  // tool announces neither: its one step is the whole pipeline).
  const char *f = tail ? memmem(tail, tl, "##irs-failed ", 13) : NULL;
  if (r->opts.toolArgv) {
    // Nothing to read here.
  } else if (f) {
    long step = 0;
    char name[128] = "";
    if (sscanf(f + 13, "%ld %127s", &step, name) == 2)
      irsSignatureSetStep(s, step, mlirStringRefCreateFromCString(name));
  } else if (res->inStep && res->step > 0 &&
             res->step <= irsPipelineGetNumSteps(r->pipeline)) {
    irsSignatureSetStep(
        s, res->step, irsPipelineGetStepPassName(r->pipeline, res->step - 1));
  }
  // Where it crashed: two different bugs in one pass often die of the same
  // signal without a message; the crashing function tells them apart.
  const char *bt = tail && res->outcome == IrsWorkerCrashed
                       ? memmem(tail, tl, "##irs-frames\n", 13)
                       : NULL;
  if (bt) {
    IrsBuf text = {0};
    symbolise(r, bt + 13, (size_t)(tail + tl - bt - 13), &text);
    irsSignatureSetCrashSite(s, irsBufRef(&text), /*withCaller=*/true);
    irsBufFree(&text);
  } else if (r->opts.toolArgv && tail && res->outcome == IrsWorkerCrashed) {
    // LLVM's own stack dump, printed by the tool's signal handler.
    irsSignatureSetCrashSite(s, tailRef, /*withCaller=*/false);
  }
  // Numbers, SSA names and addresses masked (shared with --repeat).
  irsSignatureSetFirstError(s, tailRef, r->opts.toolArgv != NULL);
}

static bool sameSignature(Reducer *r, const IrsSignature *s) {
  if (!irsSignatureIsFailure(s))
    return false;
  if (r->opts.anyFailure)
    return true;
  if (!r->opts.matchRegex)
    return irsSignatureMatches(s, &r->target, IrsSignatureMatchMessage);
  if (!irsSignatureMatches(s, &r->target, 0))
    return false;
  regex_t re;
  if (regcomp(&re, r->opts.matchRegex, REG_EXTENDED | REG_NOSUB) != 0)
    return false;
  bool ok = regexec(&re, s->message, 0, NULL, 0) == 0;
  regfree(&re);
  return ok;
}

//===----------------------------------------------------------------------===//
// Batches of tests
//===----------------------------------------------------------------------===//

// Whether one run's outcome counts as interesting, and its signature.
static bool runVerdict(Reducer *r, const IrsWorkerResult *res,
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

// A batch tests `n` candidates with `runs` runs each; job j is run j % runs
// of candidate j / runs. A candidate is interesting once `need` of its runs
// were, and certainly not once too few runs are left to get there.
typedef struct Batch {
  Reducer *r;
  size_t n;
  int runs, need;
  bool measure; // run every job (rates), never cut a candidate short
  bool unstoppable; // the input check: runs whatever the stop flag says
  Job *jobs;
  int *fails, *done;
  signed char *verdict; // -1 undecided, 0 not interesting, 1 interesting
  bool *quick; // judged interesting on a quick hang verdict (hangTimeout)
  // The first run's result in measure mode (the input's outcome).
  IrsSignature *sigs;
  IrsWorkerResult first;
  IrsBuf firstTail;
  bool haveFirst;
} Batch;

static double nowSec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool jobNeeded(intptr_t job, bool started, void *ud) {
  Batch *b = ud;
  Reducer *r = b->r;
  bool signalled = r->opts.stopFlag && *r->opts.stopFlag;
  if (signalled)
    r->stop = true;
  // --max-time is checked between tests, also inside a long list.
  if (!b->measure && r->opts.maxTimeSec > 0 &&
      nowSec() - r->start > r->opts.maxTimeSec)
    r->stop = true;
  // Measuring the rates goes on after --max-time, not after a signal; the
  // input check always runs (without it there is nothing to write).
  if (!started && !b->unstoppable && (b->measure ? signalled : r->stop))
    return false;
  if (b->measure)
    return true;
  size_t c = (size_t)job / (size_t)b->runs;
  if (b->verdict[c] >= 0)
    return false;
  // A later candidate is moot once an earlier one is interesting.
  for (size_t k = 0; k < c; ++k)
    if (b->verdict[k] == 1)
      return false;
  return true;
}

static void setTimeout(Reducer *r, double t) {
  if (t > 0 && t != r->curTimeoutSec) {
    irsSupervisorSetStepTimeout(r->sup, t);
    r->curTimeoutSec = t;
    if (t < r->minTimeoutSec)
      r->minTimeoutSec = t;
  }
}

// A candidate that still hangs costs the whole --test-timeout, and in a
// hang reduction most accepted candidates do: at 1 s each that is most of
// the run. Once runs that finish have been timed, a step that takes
// IRS_REDUCE_HANG_FACTOR times the slowest step that ended is judged hung (never below 1/20 of
// the full timeout nor 50 ms). A slow run that would have finished can thus pass
// for a hang; the end result is confirmed at the full timeout
// (irsReduceConfirm), and redone without this if it fails.
static double hangTimeout(const Reducer *r) {
  double full = r->opts.testTimeoutSec;
  if (!r->quickHangs || r->maxFinishMs <= 0) // no step has ended yet
    return full;
  double t = IRS_REDUCE_HANG_FACTOR * r->maxFinishMs / 1e3;
  if (t < full / 20)
    t = full / 20;
  if (t < 0.05)
    t = 0.05;
  return t < full ? t : full;
}

static void jobDone(intptr_t job, const IrsWorkerResult *res, void *ud) {
  Batch *b = ud;
  Reducer *r = b->r;
  size_t c = (size_t)job / (size_t)b->runs;
  const Job *jb = &b->jobs[job];
  ++r->testsRun;
  if (b->measure && job == 0) {
    b->first = *res;
    irsBufReset(&b->firstTail);
    irsBufAppend(&b->firstTail, res->stderrTail.data, res->stderrTail.length);
    b->haveFirst = true;
  }
  IrsSignature sig;
  bool yes = runVerdict(r, res, &sig);
  if (b->sigs)
    b->sigs[job] = sig;
  b->fails[c] += yes;
  b->done[c] += 1;
  r->testRunSec += res->runMs / 1e3;
  if (res->longestStepMs > 0) {
    // Steps that ended, also in a run that then hung (the input's check
    // times the steps before the hanging one).
    if (res->longestStepMs > r->maxFinishMs)
      r->maxFinishMs = res->longestStepMs;
    // Applies to the runs in progress too.
    setTimeout(r, hangTimeout(r));
  }
  bool quick = yes && res->outcome == IrsWorkerTimedOut &&
               r->curTimeoutSec < r->opts.testTimeoutSec;
  b->quick[c] |= quick;
  if (r->opts.onProgress) {
    IrsBuf d = IRS_BUF_INIT;
    irsEditDescribe(jb->edit, &d);
    // The input's check runs before there is a signature to compare with.
    bool shown = b->measure && r->target.kind == IrsOutcomeNone
                     ? irsSignatureIsFailure(&sig)
                     : yes;
    char kind[32];
    IrsReduceTestReport t = {d.data ? d.data : "",
                             irsSignatureFormatKind(&sig, kind, sizeof(kind)),
                             sig.pass, shown, quick, res->runMs};
    irsReduceReportTest(r, &t);
    irsBufFree(&d);
  }
  if (b->verdict[c] < 0 && !b->measure) {
    if (b->fails[c] >= b->need)
      b->verdict[c] = 1;
    else if (b->fails[c] + (b->runs - b->done[c]) < b->need)
      b->verdict[c] = 0;
  }
  irsReduceReport(r, false);
}

static bool batchInit(Batch *b, Reducer *r, const IrsEdit *const *edits,
                      size_t n, bool measure) {
  memset(b, 0, sizeof(*b));
  b->r = r;
  b->n = n;
  b->runs = r->testRuns;
  b->need = r->needRuns;
  b->measure = measure;
  size_t nj = n * (size_t)b->runs;
  b->jobs = calloc(nj, sizeof(Job));
  b->fails = calloc(n, sizeof(int));
  b->done = calloc(n, sizeof(int));
  b->verdict = malloc(n);
  b->quick = calloc(n, sizeof(bool));
  if (measure)
    b->sigs = calloc(nj, sizeof(IrsSignature));
  if (!b->jobs || !b->fails || !b->done || !b->verdict || !b->quick ||
      (measure && !b->sigs))
    return false;
  memset(b->verdict, -1, n);
  for (size_t j = 0; j < nj; ++j) {
    Job *jb = &b->jobs[j];
    jb->r = r;
    jb->edit = edits ? edits[j / (size_t)b->runs] : NULL;
    jb->ch.fd = -1;
    jb->id = r->nextRunId + (int64_t)j;
    // Run ids are handed out in order whatever -j is, so a --seed makes
    // the random draws of every run reproducible.
    jb->seed = irsSeedForRun(r->opts.seed, (uint64_t)jb->id);
  }
  return true;
}

static void batchFree(Batch *b) {
  free(b->jobs);
  free(b->fails);
  free(b->done);
  free(b->verdict);
  free(b->quick);
  free(b->sigs);
  irsBufFree(&b->firstTail);
}

// How many tests run at once (IrsReduceOptions.adaptiveJobs).
static int lanes(const Reducer *r, const Batch *b) {
  if (!r->opts.adaptiveJobs || b->runs > 1 || b->measure)
    return r->jobs;
  return r->testsRun > 0 && r->testRunSec / (double)r->testsRun >= 0.05
             ? r->jobs
             : 1;
}

// Runs the batch; false if no worker could be started at all.
static bool batchRun(Batch *b) {
  Reducer *r = b->r;
  setTimeout(r, b->measure ? r->opts.testTimeoutSec : hangTimeout(r));
  size_t nj = b->n * (size_t)b->runs;
  void **data = malloc((nj ? nj : 1) * sizeof(void *));
  if (!data)
    return false;
  for (size_t j = 0; j < nj; ++j)
    data[j] = &b->jobs[j];
  IrsWorkerBatch wb = {(intptr_t)nj, lanes(r, b), worker, data, jobDone,
                       jobNeeded, b};
  int64_t before = r->testsRun;
  IrsStatus st = irsSupervisorRunBatch(r->sup, &wb);
  free(data);
  if (r->opts.testArgv || r->opts.toolArgv)
    for (size_t j = 0; j < nj; ++j)
      removeJobDir(r, b->jobs[j].id);
  r->nextRunId += (int64_t)nj;
  return irsStatusIsOk(st) || r->testsRun > before;
}

//===----------------------------------------------------------------------===//
// The outcome cache
//===----------------------------------------------------------------------===//

// Keys are hashed twice (two independent 64-bit FNV-1a streams): a ddmin
// chunk's key lists thousands of op indices, and only hashes are kept.
static void hashKey(const IrsBuf *k, uint64_t *h1, uint64_t *h2) {
  uint64_t a = 0xcbf29ce484222325ull, c = 0x84222325cbf29ce4ull;
  for (size_t i = 0; i < k->len; ++i) {
    unsigned char x = (unsigned char)k->data[i];
    a = (a ^ x) * 0x100000001b3ull;
    c = (c ^ (x + 0x9e)) * 0x100000001b3ull;
    c ^= c >> 29;
  }
  *h1 = a;
  *h2 = c;
}

static void cacheKey(Reducer *r, const IrsEdit *edit, IrsBuf *k) {
  irsBufReset(k);
  irsBufAppend(k, &r->generation, sizeof(r->generation));
  irsBufAppend(k, &r->module.ptr, sizeof(r->module.ptr));
  if (!irsPipelineIsNull(r->pipeline)) {
    MlirStringRef p = irsPipelineGetText(r->pipeline);
    irsBufAppend(k, p.data, p.length);
  }
  irsBufAppend(k, "", 1);
  irsEditKey(edit, k);
}

// Entries only ever describe the current generation: an accepted change
// makes every older entry useless, so the table is emptied then.
static IrsReduceCacheEntry *cacheSlot(Reducer *r, uint64_t h1, uint64_t h2,
                                      bool insert) {
  IrsReduceCache *c = &r->cache;
  if (c->generation != r->generation) {
    if (c->entries)
      memset(c->entries, 0, c->cap * sizeof(*c->entries));
    c->count = 0;
    c->generation = r->generation;
  }
  if (insert && (c->count + 1) * 2 > c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 1024;
    IrsReduceCacheEntry *e = calloc(cap, sizeof(*e));
    if (!e)
      return NULL;
    for (size_t i = 0; i < c->cap; ++i) {
      if (!c->entries[i].used)
        continue;
      size_t p = (size_t)c->entries[i].h1 & (cap - 1);
      while (e[p].used)
        p = (p + 1) & (cap - 1);
      e[p] = c->entries[i];
    }
    free(c->entries);
    c->entries = e;
    c->cap = cap;
  }
  if (!c->cap)
    return NULL;
  size_t p = (size_t)h1 & (c->cap - 1);
  while (c->entries[p].used) {
    if (c->entries[p].h1 == h1 && c->entries[p].h2 == h2)
      return &c->entries[p];
    p = (p + 1) & (c->cap - 1);
  }
  if (!insert)
    return NULL;
  c->entries[p].used = true;
  c->entries[p].h1 = h1;
  c->entries[p].h2 = h2;
  ++c->count;
  return &c->entries[p];
}

void irsReduceCacheFree(Reducer *r) {
  free(r->cache.entries);
  memset(&r->cache, 0, sizeof(r->cache));
  if (r->symCache)
    for (size_t k = 0; k < kSymCacheSize; ++k)
      free(r->symCache[k].text);
  free(r->symCache);
  r->symCache = NULL;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

bool irsReduceTest(Reducer *r, const IrsEdit *edit) {
  return irsReduceTestFirst(r, &edit, 1) == 0;
}

static bool containsIndex(const int64_t *a, size_t n, int64_t v) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && a[lo] == v;
}

// Whether `e` erases every top-level op: the candidate is the empty module.
// Every ddmin over top-level ops starts with it and every round of
// erase-symbols on a one-function module tries it, yet its verdict depends
// only on the pipeline: it is tested once per pipeline (emptyVerdict).
// `top` is the number of top-level ops.
static bool emptiesModule(Reducer *r, const IrsEdit *e, size_t top) {
  if (!e || e->kind != IrsEditErase || top == 0 || e->numErase < top)
    return false;
  MlirBlock body = mlirModuleGetBody(r->module);
  int64_t idx = 1; // pre-order: the module is 0
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!containsIndex(e->erase, e->numErase, idx))
      return false;
    idx += irsReduceCountOps(op);
  }
  return true;
}

// -1 unknown, else the verdict of the empty module under the current
// pipeline.
static int emptyVerdict(Reducer *r) {
  if (r->emptyVerdict < 0 || !r->emptyPipeline ||
      irsPipelineIsNull(r->pipeline))
    return -1;
  MlirStringRef p = irsPipelineGetText(r->pipeline);
  if (strlen(r->emptyPipeline) != p.length ||
      memcmp(r->emptyPipeline, p.data, p.length) != 0)
    return -1;
  return r->emptyVerdict;
}

static void setEmptyVerdict(Reducer *r, bool interesting) {
  if (irsPipelineIsNull(r->pipeline))
    return;
  MlirStringRef p = irsPipelineGetText(r->pipeline);
  char *copy = malloc(p.length + 1);
  if (!copy)
    return;
  memcpy(copy, p.data, p.length);
  copy[p.length] = '\0';
  free(r->emptyPipeline);
  r->emptyPipeline = copy;
  r->emptyVerdict = interesting;
}

intptr_t irsReduceTestFirst(Reducer *r, const IrsEdit *const *edits, size_t n) {
  if (r->opts.stopFlag && *r->opts.stopFlag)
    r->stop = true;
  if (r->stop || n == 0)
    return -1;
  // Candidates the cache answers are not run; one it knows is interesting
  // ends the list (nothing after it can be the first).
  uint64_t *h = malloc(n * 2 * sizeof(uint64_t));
  const IrsEdit **todo = malloc(n * sizeof(*todo));
  size_t *pos = malloc(n * sizeof(size_t));
  bool *cached = calloc(n, sizeof(bool));
  bool *empties = calloc(n, sizeof(bool));
  if (!h || !todo || !pos || !cached || !empties) {
    free(h), free(todo), free(pos), free(cached), free(empties);
    return -1;
  }
  IrsBuf key = IRS_BUF_INIT;
  size_t m = 0;
  intptr_t cachedYes = -1;
  int known = emptyVerdict(r);
  size_t top = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(r->module));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ++top;
  for (size_t i = 0; i < n; ++i) {
    cacheKey(r, edits[i], &key);
    hashKey(&key, &h[2 * i], &h[2 * i + 1]);
    IrsReduceCacheEntry *e = cacheSlot(r, h[2 * i], h[2 * i + 1], false);
    empties[i] = !r->opts.testArgv && r->testRuns == 1 &&
                 emptiesModule(r, edits[i], top);
    if (!e && empties[i] && known >= 0) {
      cached[i] = true;
      if (known) {
        cachedYes = (intptr_t)i;
        break;
      }
      continue;
    }
    cached[i] = e != NULL;
    if (e) {
      if (e->interesting) {
        cachedYes = (intptr_t)i;
        break;
      }
      continue;
    }
    todo[m] = edits[i];
    pos[m++] = i;
  }
  irsBufFree(&key);
  intptr_t answer = cachedYes;
  bool answerQuick = true; // a cached verdict: how it was made is not kept
  if (m > 0) {
    Batch b;
    if (batchInit(&b, r, todo, m, false) && batchRun(&b)) {
      for (size_t k = 0; k < m; ++k) {
        if (b.verdict[k] < 0)
          break; // stopped early: nothing after an unknown one is first
        IrsReduceCacheEntry *e =
            cacheSlot(r, h[2 * pos[k]], h[2 * pos[k] + 1], true);
        if (e)
          e->interesting = b.verdict[k] == 1;
        if (empties[pos[k]])
          setEmptyVerdict(r, b.verdict[k] == 1);
        if (b.verdict[k] == 1) {
          answer = (intptr_t)pos[k];
          answerQuick = b.quick[k];
          break;
        }
      }
      // With nothing interesting among the runs, the cached one stands,
      // unless an undecided run came before it.
      if (answer == cachedYes && cachedYes >= 0)
        for (size_t k = 0; k < m; ++k)
          if (b.verdict[k] < 0 && pos[k] < (size_t)cachedYes)
            answer = -1;
    } else {
      answer = -1;
    }
    batchFree(&b);
  }
  // Count the hits that sequential testing would have met: those up to
  // the answer (a list may run far beyond it).
  for (size_t i = 0; i < n && (answer < 0 || i <= (size_t)answer); ++i)
    r->cacheHits += cached[i];
  // Every caller applies the candidate found: whether the module then
  // still needs confirming at the full timeout is this verdict's.
  if (answer >= 0)
    r->unconfirmed = r->quickHangs && answerQuick;
  free(h), free(todo), free(pos), free(cached), free(empties);
  irsReduceReport(r, false);
  return answer;
}

// Runs the current module `testRuns` times; counts the runs that fail with
// the target signature. For the summary's failure rates.
bool irsReduceMeasure(Reducer *r, int64_t *failures, int64_t *runs) {
  Batch b;
  bool ok = batchInit(&b, r, NULL, 1, true) && batchRun(&b);
  if (ok) {
    *failures = b.fails[0];
    *runs = b.done[0];
  }
  batchFree(&b);
  return ok;
}

bool irsReduceConfirm(Reducer *r) {
  Batch b;
  bool ok = batchInit(&b, r, NULL, 1, true);
  b.unstoppable = true;
  ok = ok && batchRun(&b) && b.haveFirst && sameSignature(r, &b.sigs[0]);
  batchFree(&b);
  return ok;
}

static void notEnough(Reducer *r, int64_t count, int64_t runs,
                      const char *what) {
  irsBufPrintf(&r->msg,
               "the input is not interesting: %s in %lld of %lld runs, fewer "
               "than --min-rate=%g asks for",
               what, (long long)count, (long long)runs, r->opts.minRate);
}

// The initial check: establishes the target signature (from the first run
// that failed, in run order) and the input's failure rate.
bool irsReduceEstablish(Reducer *r) {
  Batch b;
  bool ok0 = batchInit(&b, r, NULL, 1, true);
  b.unstoppable = true;
  if (!ok0 || !batchRun(&b) || !b.haveFirst) {
    batchFree(&b);
    irsBufPrintf(&r->msg, "%s", "cannot start a test process");
    return false;
  }
  IrsWorkerResult first = b.first;
  first.stderrTail = irsBufRef(&b.firstTail);
  const IrsWorkerResult *res = &first;
  int64_t runs = b.done[0];
  const char *inRuns = runs > 1 ? " in any run" : "";
  bool ok = false;
  if (r->opts.testArgv) {
    int64_t count = b.fails[0];
    r->failuresBefore = count, r->runsBefore = runs;
    if (res->outcome == IrsWorkerExited && res->exitCode == kExitNoTest &&
        res->stderrTail.length &&
        memmem(res->stderrTail.data, res->stderrTail.length, "cannot run test",
               15)) {
      irsBufPrintf(&r->msg, "cannot run the test script '%s'",
                   r->opts.testArgv[0]);
    } else if (count >= r->needRuns) {
      ok = true;
    } else if (count > 0) {
      notEnough(r, count, runs, "the test found it interesting");
    } else if (res->outcome == IrsWorkerTimedOut) {
      irsBufPrintf(&r->msg, "the input is not interesting: the test timed out after %g s",
                   r->opts.testTimeoutSec > 0 ? r->opts.testTimeoutSec : 60.0);
    } else {
      irsBufPrintf(&r->msg,
                   "the input is not interesting: the test %s (exit code %d%s)%s",
                   res->outcome == IrsWorkerExited ? "exited" : "was killed",
                   res->exitCode,
                   r->opts.testMustFail ? "; --test-must-fail expects non-zero"
                                        : "; 0 means interesting",
                   runs > 1 ? " in every run" : "");
    }
    batchFree(&b);
    return ok;
  }
  int64_t firstFail = -1;
  bool ran = false;
  for (int64_t j = 0; j < runs; ++j) {
    const IrsSignature *s = &b.sigs[j];
    if (firstFail < 0 && irsSignatureIsFailure(s))
      firstFail = j;
    if (s->inEdit ||
        (s->kind != IrsOutcomeInvalid && s->kind != IrsOutcomeInterrupted))
      ran = true;
  }
  if (firstFail < 0) {
    irsBufPrintf(&r->msg, "the input is not interesting: the %s %s%s",
                 r->opts.toolArgv ? "tool" : "pipeline",
                 !ran ? "cannot run on it"
                 : r->opts.checkDeterminism
                     ? "succeeds on it and every step printed the same IR "
                       "twice"
                     : "succeeds on it",
                 inRuns);
    batchFree(&b);
    return false;
  }
  r->target = b.sigs[firstFail];
  if (r->target.kind == IrsOutcomeTimeout && !r->target.inEdit &&
      r->opts.testTimeoutSec > 0 &&
      r->testRuns == 1) {
    r->original = mlirOperationClone(mlirModuleGetOperation(r->module));
    r->quickHangs = !mlirOperationIsNull(r->original);
  }
  if (r->opts.matchRegex && !sameSignature(r, &r->target)) {
    irsBufPrintf(&r->msg,
                 "the input is not interesting: its first error '%s' does not "
                 "match --match",
                 r->target.message);
    batchFree(&b);
    return false;
  }
  int64_t count = 0;
  for (int64_t j = 0; j < runs; ++j)
    count += sameSignature(r, &b.sigs[j]);
  r->failuresBefore = count, r->runsBefore = runs;
  ok = count >= r->needRuns;
  if (!ok)
    notEnough(r, count, runs, "the pipeline fails this way");
  batchFree(&b);
  return ok;
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
  o.passRegistry = s->r->opts.passRegistry;
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
  // Bytecode: several times faster to write and to parse back than text on
  // big modules, keeps locations, and is exact (no printer round trip).
  mlirOperationWriteBytecode(root, irsAtomicFileStringCallback, &af);
  return irsAtomicFileCommit(&af) == 0 ? 0 : 1;
}

bool irsReduceSnapshot(Reducer *r, intptr_t steps, const char *path) {
  Snap s = {r, steps, path};
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, snapWorker, &s, &res)))
    return false;
  return res->outcome == IrsWorkerExited && res->exitCode == 0;
}
