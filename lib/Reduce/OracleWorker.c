// SPDX-License-Identifier: Apache-2.0
//===- OracleWorker.c - the forked worker that tests one candidate --------===//
//
// A candidate is tested in a forked worker: the worker applies the edit to
// its copy-on-write module (uses of erased results become ub.poison of the
// same type), then either runs the pipeline step by step (in-process mode)
// or prints the candidate to a file and execs the user's script or tool on
// it. The parent replays an accepted edit on its own module: both sides
// apply it with irsEditApply (Edit.c). What the worker tells the parent
// travels over the supervisor's channel: the step it is in, and the step
// that failed (IRS_REDUCE_FAILED_STEP_KEY); its exit code says how it ended
// (OracleImpl.h).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OracleImpl.h"

#include "../Support/Fs.h"
#include "irscope/Diagnostics.h"
#include "irscope/PassManager.h"
#include "irscope/Report.h"

#include <execinfo.h>
#include <sys/personality.h>

#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

void irsReduceRemoveJobDir(const Reducer *r, int64_t id) {
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

int irsReduceWorker(IrsWorkerChannel ch, void *ud) {
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
