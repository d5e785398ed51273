// SPDX-License-Identifier: Apache-2.0
//===- Repeat.c - irscope-opt --repeat, --check-determinism, --seed --------===//
//
// --repeat=N measures how often a pipeline fails. The input is parsed once,
// in a context whose thread pool has never started (a forked child cannot
// use threads its parent started: only the forking thread survives fork).
// Each run is a worker forked by the supervisor (lib/Supervisor) that turns
// threading on if configured, runs the pipeline step by step on its own
// copy-on-write copy of the module and exits; the parent never runs a
// pass. Every run is therefore isolated and costs one fork, not a parse.
//
// A run's outcome becomes a failure signature: kind (and signal), step,
// pass and the normalised first error. A pass or verifier failure is
// documented by the worker itself (the pass manager writes report.xml,
// the pre-step IR and a reproducer into a scratch directory, which the
// worker keeps as DIR/failure-<id> only when the signature is new: the
// worker inherits the parent's table of known signatures). A worker that
// dies is documented by the parent with the supervisor's replays
// (irsOptDocumentDeath), again only for a new signature. The summary goes
// to stderr and to DIR/repeat.xml (irsRepeatReportWrite).
//
// The child reports its result through a shared anonymous mapping made
// before the fork: nothing to parse, and a dead child leaves it untouched.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CrashHandler.h"
#include "Driver.h"

#include "irscope/Diagnostics.h"
#include "irscope/Flake.h"
#include "irscope/Report.h"

#include <mlir-c/Dialect/IRDL.h>
#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// --check-determinism
//===----------------------------------------------------------------------===//

IrsStatus irsOptCheckDeterminism(IrsOptRun *run, IrsPassManager pm,
                                 MlirOperation op, int *exitCode) {
  IrsDeterminismMode mode = *run->cfg->checkDeterminism
                                ? IrsDeterminismThreads
                                : IrsDeterminismRepeat;
  intptr_t step = 0;
  IrsStatus st = irsPassManagerCheckDeterminism(pm, op, mode, &step);
  if (irsStatusIsOk(st) && step > 0) {
    *exitCode = IRS_EXIT_NONDETERMINISM;
    return irsStatusMake(IRS_ERR_PASS);
  }
  return st;
}

//===----------------------------------------------------------------------===//
// --repeat
//===----------------------------------------------------------------------===//

enum { kMsgCap = 512, kPathCap = 4096 };

/// Written by the child, read by the parent after the child ended.
typedef struct ChildReport {
  int status; // 0: nothing written (the child died); else an exit code
  intptr_t step;
  char message[kMsgCap]; // normalised first error
  char firstError[kMsgCap];
  bool newSignature;     // artefacts kept under `dir`
  char dir[kPathCap];
  int threads;           // OS threads in the child after the run
} ChildReport;

typedef struct Sig {
  char kind[32];
  int signal;
  intptr_t step;
  char pass[128];
  char message[kMsgCap];
  int64_t count;
  int64_t firstRun;
  bool hasRunSeed;
  uint64_t runSeed;
  char *dir; // nullable
} Sig;

typedef struct Repeat {
  IrsOptRun *run;
  IrsOptConfig *cfg;
  MlirContext ctx;
  MlirOperation module;   // what each child runs on (its COW copy)
  MlirOperation pristine; // never run on: the input copy for replays
  IrsPassManager pm;
  IrsWorkerChannel ch;
  ChildReport *shared;
  char *base;       // where repeat.xml and failure-<id> go
  int64_t runIndex; // 0-based, of the run in progress
  Sig *sigs;
  intptr_t numSigs, capSigs;
} Repeat;

// In the child: remember the first error, and print every diagnostic (the
// supervisor keeps the tail for crash reports).
static void childDiag(const IrsDiagnostic *d, void *ud) {
  Repeat *r = ud;
  if (d->severity == IrsSeverityError && !r->shared->firstError[0]) {
    size_t n = d->message.length < kMsgCap - 1 ? d->message.length
                                               : kMsgCap - 1;
    memcpy(r->shared->firstError, d->message.data, n);
    r->shared->firstError[n] = '\0';
  }
  irsOptForwardDiag(d, NULL);
}

static void childStep(intptr_t step, bool begin, void *ud) {
  Repeat *r = ud;
  if (begin)
    irsWorkerChannelStepBegin(r->ch, 0, step);
  else
    irsWorkerChannelStepEnd(r->ch, 0, step);
}

static MlirOperation reloadPristine(void *ud) {
  Repeat *r = ud;
  return mlirOperationClone(r->pristine);
}

static void passName(Repeat *r, intptr_t step, char *out, size_t cap) {
  out[0] = '\0';
  if (step > 0 && step <= irsPipelineGetNumSteps(r->run->pipeline)) {
    MlirStringRef p = irsPipelineGetStepPassName(r->run->pipeline, step - 1);
    snprintf(out, cap, "%.*s", (int)p.length, p.data);
  }
}

// A new failure of a seeded repeat: the seed that replays it (its
// reproducer carries it too, so --run-reproducer makes the same choices).
static void seedNote(const Sig *s, int64_t run) {
  if (s->hasRunSeed)
    fprintf(stderr, "irscope-opt: note: run %lld drew with --seed=%llu; its "
                    "reproducer replays with it\n",
            (long long)(run + 1), (unsigned long long)s->runSeed);
}

static Sig *findSig(Repeat *r, const char *kind, int signal, intptr_t step,
                    const char *message) {
  for (intptr_t i = 0; i < r->numSigs; ++i) {
    Sig *s = &r->sigs[i];
    if (!strcmp(s->kind, kind) && s->signal == signal && s->step == step &&
        !strcmp(s->message, message))
      return s;
  }
  return NULL;
}

// Removes the files of one directory level and the directory.
static void removeDir(const char *dir) {
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
        continue;
      char p[kPathCap];
      snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
      unlink(p);
    }
    closedir(d);
  }
  rmdir(dir);
}

static int countThreads(void) {
  FILE *f = fopen("/proc/self/status", "r");
  if (!f)
    return 0;
  char line[256];
  int n = 0;
  while (fgets(line, sizeof(line), f))
    if (sscanf(line, "Threads: %d", &n) == 1)
      break;
  fclose(f);
  return n;
}

static const char *kindOfExit(int code) {
  return code == IRS_EXIT_PASS_FAILURE     ? "pass-failure"
         : code == IRS_EXIT_VERIFY_FAILURE ? "verify-failure"
                                           : "exit";
}

static int childMain(IrsWorkerChannel ch, void *ud) {
  Repeat *r = ud;
  r->ch = ch;
  irsOptWorkerInit();
  ChildReport *rep = r->shared;
  memset(rep, 0, sizeof(*rep));
  // Threads are started here, after the fork, never in the parent.
  if (!r->cfg->disableThreading)
    mlirContextEnableMultithreading(r->ctx, true);
  if (r->cfg->hasSeed)
    irsPassManagerSetSeed(r->pm, irsSeedForRun(r->cfg->seed,
                                               (uint64_t)r->runIndex));
  char scratch[kPathCap];
  snprintf(scratch, sizeof(scratch), "%s/.run-%lld", r->base,
           (long long)r->runIndex + 1);
  irsPassManagerSetFailureDir(r->pm, scratch);
  IrsStatus st = irsPassManagerRun(r->pm, r->module);
  rep->threads = countThreads();
  int code = IRS_EXIT_OK;
  switch (st.kind) {
  case IRS_OK:
    code = IRS_EXIT_OK;
    break;
  case IRS_ERR_PASS:
    code = IRS_EXIT_PASS_FAILURE;
    break;
  case IRS_ERR_VERIFY:
    code = IRS_EXIT_VERIFY_FAILURE;
    break;
  case IRS_ERR_IO:
  case IRS_ERR_NOMEM:
    code = IRS_EXIT_IO;
    break;
  default:
    code = IRS_EXIT_USAGE;
    break;
  }
  if (code != IRS_EXIT_OK) {
    MlirStringRef msg = irsPassManagerGetErrorMessage(r->pm);
    fprintf(stderr, "irscope-opt: error: %.*s\n", (int)msg.length, msg.data);
    rep->step = irsPassManagerGetFailedStep(r->pm);
    irsNormaliseMessage(rep->firstError, strlen(rep->firstError),
                        rep->message, sizeof(rep->message));
    MlirStringRef used = irsPassManagerGetFailureDir(r->pm);
    bool wrote = used.length > 0;
    // New signature: keep the artefacts as failure-<id>. The table is the
    // parent's as of the fork, and runs are sequential, so the id is the
    // one the parent will give it.
    if (wrote && !findSig(r, kindOfExit(code), 0, rep->step, rep->message)) {
      snprintf(rep->dir, sizeof(rep->dir), "%s/failure-%ld", r->base,
               (long)(r->numSigs + 1));
      removeDir(rep->dir);
      if (rename(scratch, rep->dir) == 0)
        rep->newSignature = true;
      else
        rep->dir[0] = '\0';
    }
    if (wrote && !rep->newSignature)
      removeDir(scratch);
  }
  rep->status = code == IRS_EXIT_OK ? -1 : code;
  fflush(stderr);
#if defined(__SANITIZE_ADDRESS__)
  // The supervisor lets LeakSanitizer check each worker at exit, which
  // costs about a second; every run executes the same code, so the first
  // run's check is enough.
  if (r->runIndex > 0) {
    fflush(stdout);
    _exit(code);
  }
#endif
  return code;
}

static Sig *addSig(Repeat *r) {
  if (r->numSigs == r->capSigs) {
    intptr_t cap = r->capSigs ? 2 * r->capSigs : 8;
    Sig *s = realloc(r->sigs, (size_t)cap * sizeof(Sig));
    if (!s)
      return NULL;
    r->sigs = s;
    r->capSigs = cap;
  }
  Sig *s = &r->sigs[r->numSigs++];
  memset(s, 0, sizeof(*s));
  return s;
}

// The normalised first "error:" line of what a dead worker printed.
static void tailMessage(MlirStringRef tail, char *out, size_t cap) {
  out[0] = '\0';
  const char *e = tail.data ? memmem(tail.data, tail.length, ": error: ", 9)
                            : NULL;
  if (!e)
    return;
  e += 9;
  const char *end = memchr(e, '\n', (size_t)(tail.data + tail.length - e));
  size_t n = end ? (size_t)(end - e) : (size_t)(tail.data + tail.length - e);
  irsNormaliseMessage(e, n, out, cap);
}

static bool loadIrdl(MlirContext ctx, const char *path) {
  IrsErrorKind k = IRS_OK;
  IrsInput in = irsInputCreateFromFile(path, NULL, NULL, &k);
  if (irsInputIsNull(in)) {
    fprintf(stderr, "irscope-opt: error: cannot read IRDL file '%s'\n", path);
    return false;
  }
  MlirModule m = irsInputParseChunk(in, ctx, 0);
  bool ok = !mlirModuleIsNull(m) &&
            mlirLogicalResultIsSuccess(mlirLoadIRDLDialects(m));
  if (!ok)
    fprintf(stderr, "irscope-opt: error: cannot load IRDL dialects from "
                    "'%s'\n",
            path);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  irsInputDestroy(in);
  return ok;
}

static double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static char *makeBase(const IrsOptConfig *cfg) {
  if (cfg->failureDir) {
    char *d = strdup(cfg->failureDir);
    if (d && mkdir(d, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "irscope-opt: error: cannot create '%s': %s\n", d,
              strerror(errno));
      free(d);
      return NULL;
    }
    return d;
  }
  const char *t = getenv("TMPDIR");
  size_t n = strlen(t && *t ? t : "/tmp") + 40;
  char *d = malloc(n);
  if (!d)
    return NULL;
  snprintf(d, n, "%s/irscope-repeat-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(d)) {
    fprintf(stderr, "irscope-opt: error: cannot create '%s': %s\n", d,
            strerror(errno));
    free(d);
    return NULL;
  }
  return d;
}

void irsOptRepeatPrintSummary(IrsPipeline p, int64_t runs, int64_t failures,
                              bool stopped, const IrsRepeatSignature *sigs,
                              intptr_t numSigs) {
  IrsRateInterval ci = irsWilsonInterval(failures, runs, IRS_Z95);
  fprintf(stderr,
          "irscope-opt: repeat: %lld of %lld runs failed (%.2f%%, 95%% "
          "Wilson interval %.2f%%-%.2f%%)%s\n",
          (long long)failures, (long long)runs, 100 * ci.rate, 100 * ci.lower,
          100 * ci.upper, stopped ? "; stopped at the first failure" : "");
  if (failures == 0)
    fprintf(stderr,
            "irscope-opt: repeat: no failure seen; the failure rate is below "
            "%.2f%% with 95%% confidence\n",
            100 * ci.upper);
  intptr_t n = irsPipelineGetNumSteps(p);
  for (intptr_t i = 0; i <= n; ++i) {
    int64_t c = 0;
    for (intptr_t k = 0; k < numSigs; ++k)
      if (sigs[k].step == i)
        c += sigs[k].count;
    if (!c)
      continue;
    if (i == 0) {
      fprintf(stderr, "irscope-opt: repeat:   no step known: %lld failed\n",
              (long long)c);
      continue;
    }
    MlirStringRef t = irsPipelineGetStepText(p, i - 1);
    fprintf(stderr, "irscope-opt: repeat:   step %ld '%.*s': %lld failed\n",
            (long)i, (int)t.length, t.data, (long long)c);
  }
  for (intptr_t k = 0; k < numSigs; ++k) {
    const IrsRepeatSignature *s = &sigs[k];
    char kind[64];
    if (s->signal)
      snprintf(kind, sizeof(kind), "%s %s", s->kind, irsSignalName(s->signal));
    else
      snprintf(kind, sizeof(kind), "%s", s->kind);
    fprintf(stderr,
            "irscope-opt: repeat:   signature %ld: %s in step %ld (%s), %lld "
            "runs, first in run %lld%s%s%s%s%s\n",
            (long)(k + 1), kind, (long)s->step, s->pass ? s->pass : "?",
            (long long)s->count, (long long)s->firstRun,
            s->message[0] ? ": '" : "", s->message,
            s->message[0] ? "'" : "", s->artifacts ? "; artefacts: " : "",
            s->artifacts ? s->artifacts : "");
  }
}

int irsOptRepeat(IrsOptRun *run) {
  IrsOptConfig *cfg = run->cfg;
  int rc = IRS_EXIT_OK;
  Repeat r;
  memset(&r, 0, sizeof(r));
  r.run = run;
  r.cfg = cfg;
  r.base = makeBase(cfg);
  if (!r.base)
    return IRS_EXIT_IO;

  mlirRegisterAllPasses();
  // Threading stays off in this process: see the file comment.
  r.ctx = irsOptMakeContext(cfg, /*threading=*/false);
  IrsDiagnosticCapture parseDiags =
      irsDiagnosticCaptureCreate(r.ctx, irsOptForwardDiag, NULL);
  irsDiagnosticCaptureSetFallbackFileName(
      parseDiags,
      mlirStringRefCreateFromCString(irsInputGetSourceName(run->input)));
  MlirModule m = {NULL};
  IrsSupervisor sup = {NULL}, quiet = {NULL};
  for (size_t i = 0; i < cfg->irdlFiles.num; ++i)
    if (!loadIrdl(r.ctx, cfg->irdlFiles.items[i])) {
      rc = IRS_EXIT_USAGE;
      goto done;
    }
  m = irsInputParseChunk(run->input, r.ctx, 0);
  if (mlirModuleIsNull(m)) {
    if (irsDiagnosticCaptureGetNumErrors(parseDiags) == 0)
      fprintf(stderr, "irscope-opt: error: cannot parse '%s'\n", cfg->input);
    rc = IRS_EXIT_USAGE;
    goto done;
  }
  r.module = mlirModuleGetOperation(m);
  r.pristine = mlirOperationClone(r.module);

  IrsInstrumentationOptions opts = irsOptInstrumentationOptions(run);
  // Step by step, so that every failure, crashes included, has a step;
  // --repeat-whole keeps MLIR's own schedule (adjacent nested pass
  // managers merged, their passes interleaved per op on the threads), which
  // some thread races need, and finds the step of a failure by replay.
  opts.forceStepwise = !cfg->repeatWhole || cfg->stepTimeout > 0;
  opts.verifyWith = cfg->verifyWith;
  opts.writeFailureReport = true;
  opts.onDiagnostic = childDiag;
  opts.onDiagnosticUserData = &r;
  opts.onStep = childStep;
  opts.onStepUserData = &r;
  opts.reloadInput = reloadPristine;
  opts.reloadInputUserData = &r;
  // Pipelines are checked before any fork, as in a plain run.
  r.pm = irsPassManagerCreate(r.ctx, run->pipeline, &opts, irsOptErrorLine,
                              NULL);
  if (irsPassManagerIsNull(r.pm)) {
    rc = IRS_EXIT_USAGE;
    goto done;
  }
  r.shared = mmap(NULL, sizeof(ChildReport), PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (r.shared == MAP_FAILED) {
    r.shared = NULL;
    fprintf(stderr, "irscope-opt: error: cannot map memory: %s\n",
            strerror(errno));
    rc = IRS_EXIT_IO;
    goto done;
  }
  IrsSupervisorOptions so = {.stepTimeoutSec = cfg->stepTimeout,
                             .memoryLimitBytes = cfg->memoryLimit};
  sup = irsSupervisorCreate(&so);
  quiet = irsSupervisorCreate(&so);
  IrsOptInterrupts interrupts;
  irsOptInterruptsCatch(sup, &interrupts);

  int64_t runs = 0, failures = 0;
  int maxThreads = 0;
  bool stopped = false, interrupted = false;
  double t0 = nowMs();
  for (int64_t i = 0; i < cfg->repeat; ++i) {
    r.runIndex = i;
    const IrsWorkerResult *res;
    if (!irsStatusIsOk(irsSupervisorRun(sup, childMain, &r, &res))) {
      fprintf(stderr, "irscope-opt: error: cannot start a worker process: "
                      "%s\n",
              strerror(errno));
      rc = irsOptWorse(rc, IRS_EXIT_IO);
      break;
    }
    ++runs;
    ChildReport *rep = r.shared;
    if (rep->threads > maxThreads)
      maxThreads = rep->threads;
    if (res->outcome == IrsWorkerInterrupted) {
      interrupted = true;
      --runs;
      rc = irsOptWorse(rc, IRS_EXIT_INTERRUPTED);
      break;
    }
    bool exited = res->outcome == IrsWorkerExited && rep->status != 0;
    if (exited && res->exitCode == IRS_EXIT_OK)
      continue;
    ++failures;
    char kind[32], message[kMsgCap];
    int sig = 0, code;
    intptr_t step;
    if (exited) {
      snprintf(kind, sizeof(kind), "%s", kindOfExit(res->exitCode));
      snprintf(message, sizeof(message), "%s", rep->message);
      step = rep->step;
      code = res->exitCode;
    } else {
      // Died: by a signal, the step timeout or the memory limit, or exited
      // without finishing (e.g. a library calling exit()).
      snprintf(kind, sizeof(kind), "%s",
               res->outcome == IrsWorkerCrashed        ? "crash"
               : res->outcome == IrsWorkerTimedOut     ? "timeout"
               : res->outcome == IrsWorkerMemoryLimit ? "memory-limit"
                                                       : "exit");
      sig = res->outcome == IrsWorkerCrashed ? res->signal : 0;
      step = res->inStep ? res->step : 0;
      tailMessage(res->stderrTail, message, sizeof(message));
      code = res->outcome == IrsWorkerCrashed        ? IRS_EXIT_CRASH
             : res->outcome == IrsWorkerTimedOut     ? IRS_EXIT_TIMEOUT
             : res->outcome == IrsWorkerMemoryLimit ? IRS_EXIT_MEMORY_LIMIT
                                                     : IRS_EXIT_CRASH;
    }
    rc = irsOptWorse(rc, code);
    Sig *s = findSig(&r, kind, sig, step, message);
    if (s) {
      ++s->count;
    } else if ((s = addSig(&r)) != NULL) {
      snprintf(s->kind, sizeof(s->kind), "%s", kind);
      s->signal = sig;
      s->step = step;
      passName(&r, step, s->pass, sizeof(s->pass));
      snprintf(s->message, sizeof(s->message), "%s", message);
      s->count = 1;
      s->firstRun = i + 1;
      s->hasRunSeed = cfg->hasSeed;
      s->runSeed = cfg->hasSeed ? irsSeedForRun(cfg->seed, (uint64_t)i) : 0;
      if (exited && rep->newSignature) {
        s->dir = strdup(rep->dir);
        fprintf(stderr, "irscope-opt: error: run %lld: step %ld failed "
                        "(%s); report: %s/report.xml\n",
                (long long)(i + 1), (long)step, kind, rep->dir);
        seedNote(s, i);
      } else if (!exited) {
        // The supervisor's replays rebuild the pre-step IR and reproducers
        // from the input, as for a single run.
        IrsOptConfig c2 = *cfg;
        char dir[kPathCap];
        snprintf(dir, sizeof(dir), "%s/failure-%ld", r.base, (long)r.numSigs);
        removeDir(dir);
        c2.failureDir = dir;
        c2.dumpAfterEach = NULL;
        // The replays redo the steps before the failing one with that
        // run's own random choices.
        c2.seed = s->runSeed;
        IrsOptRun job = *run;
        job.cfg = &c2;
        job.log = NULL;
        fprintf(stderr, "irscope-opt: repeat: run %lld failed in a new way:\n",
                (long long)(i + 1));
        seedNote(s, i);
        irsOptDocumentDeath(&job, quiet, res, 0);
        s->dir = strdup(dir);
      }
    }
    if (cfg->stopOnFailure) {
      stopped = i + 1 < cfg->repeat;
      break;
    }
  }
  double elapsed = nowMs() - t0;
  irsOptInterruptsRestore(&interrupts);

  {
    IrsRepeatSignature *gs =
        calloc((size_t)(r.numSigs ? r.numSigs : 1), sizeof(*gs));
    for (intptr_t k = 0; gs && k < r.numSigs; ++k) {
      Sig *s = &r.sigs[k];
      gs[k] = (IrsRepeatSignature){s->kind,     s->signal,
                                   s->signal ? irsSignalName(s->signal) : NULL,
                                   s->step,     s->pass[0] ? s->pass : NULL,
                                   s->message,  s->count,
                                   s->firstRun, s->hasRunSeed,
                                   s->runSeed,  s->dir};
    }
    if (gs)
      irsOptRepeatPrintSummary(run->pipeline, runs, failures, stopped, gs,
                               r.numSigs);
    IrsRepeatSummary sum;
    memset(&sum, 0, sizeof(sum));
    sum.toolName = "irscope-opt";
    sum.commandLine = cfg->commandLine;
    sum.inputPath = cfg->input;
    sum.inputHash = irsInputGetHash(run->input);
    sum.pipeline = run->pipeline;
    sum.threading = !cfg->disableThreading;
    sum.verifyEach = cfg->verifyEach;
    sum.hasSeed = cfg->hasSeed;
    sum.seed = cfg->seed;
    sum.requestedRuns = cfg->repeat;
    sum.runs = runs;
    sum.stoppedEarly = stopped;
    sum.interrupted = interrupted;
    sum.failures = failures;
    sum.maxThreads = maxThreads;
    sum.meanRunMs = runs ? elapsed / (double)runs : 0;
    sum.numSignatures = gs ? r.numSigs : 0;
    sum.signatures = gs;
    int e = irsRepeatReportWrite(&sum, r.base);
    if (e) {
      fprintf(stderr, "irscope-opt: error: cannot write '%s/repeat.xml': %s\n",
              r.base, strerror(e));
      rc = irsOptWorse(rc, IRS_EXIT_IO);
    } else {
      fprintf(stderr, "irscope-opt: repeat: summary: %s/repeat.xml\n", r.base);
    }
    free(gs);
  }

done:
  irsSupervisorDestroy(sup);
  irsSupervisorDestroy(quiet);
  if (r.shared)
    munmap(r.shared, sizeof(ChildReport));
  for (intptr_t k = 0; k < r.numSigs; ++k)
    free(r.sigs[k].dir);
  free(r.sigs);
  irsPassManagerDestroy(r.pm);
  if (!mlirOperationIsNull(r.pristine))
    mlirOperationDestroy(r.pristine);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  irsDiagnosticCaptureDestroy(parseDiags);
  mlirContextDestroy(r.ctx);
  free(r.base);
  return rc;
}
