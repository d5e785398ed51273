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
// The child sends how its run ended as a typed outcome on the channel and
// ends normally; the rest of its result goes through a shared anonymous
// mapping made before the fork: nothing to parse, and a dead child leaves
// it untouched.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CrashHandler.h"
#include "Driver.h"
#include "RepeatProgress.h"
#include "RepeatTally.h"

#include "irscope/Diagnostics.h"
#include "irscope/Flake.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"
#include "irscope/Signature.h"

#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>

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
// --repeat
//===----------------------------------------------------------------------===//

enum { kPathCap = 4096 };

/// Written by the child, read by the parent after the child ended.
typedef struct ChildReport {
  IrsSignature sig; // step, pass and normalised first error of a failure
  char firstError[sizeof(((IrsSignature *)0)->message)];
  char message[1024]; // the run's one-line error, as a single run says it
  bool newSignature; // artefacts kept under `dir`
  bool verifierFailed; // the verifier rejected the failing step's IR
  char dir[kPathCap];
  int threads; // OS threads in the child after the run
} ChildReport;

typedef struct Repeat {
  IrsOptRun *run;
  IrsOptConfig *cfg;
  MlirContext ctx;
  IrsDiagnosticCapture parseDiags;
  MlirModule parsed;
  MlirOperation module;   // what each child runs on (its COW copy)
  MlirOperation pristine; // never run on: the input copy for replays
  IrsPassManager pm;
  IrsFailureOptions failure; // the pass manager's; each run its own dir
  IrsSupervisor sup, quiet; // the runs; the replays documenting deaths
  IrsWorkerChannel ch;
  ChildReport *shared;
  int64_t runIndex; // 0-based, of the run in progress
  int64_t end;      // one past the last run of this process (--shard)
  IrsOptRepeatTally tally;
  IrsOptRepeatProgress progress;
  bool seedDrawn; // no --seed: the master seed cfg->seed.value was drawn
  int rc;
} Repeat;

// In the child: remember the first error, and print every diagnostic (the
// supervisor keeps the tail for crash reports).
static void childDiag(const IrsDiagnostic *d, void *ud) {
  Repeat *r = ud;
  char *first = r->shared->firstError;
  if (d->severity == IrsSeverityError && !first[0]) {
    size_t cap = sizeof(r->shared->firstError);
    size_t n = d->message.length < cap - 1 ? d->message.length : cap - 1;
    memcpy(first, d->message.data, n);
    first[n] = '\0';
  }
  irsOptForwardDiag(d, NULL);
}

// In the child: a documented failure the parent narrows when it is new.
static void childDocumented(const IrsFailureNotice *n, void *ud) {
  Repeat *r = ud;
  r->shared->verifierFailed = n->verifierFailed;
}

static MlirOperation reloadPristine(void *ud) {
  Repeat *r = ud;
  return mlirOperationClone(r->pristine);
}

// The failing step, and its pass when the step is one of the pipeline's.
static void setStep(const Repeat *r, IrsSignature *s, intptr_t step) {
  s->step = step;
  s->pass[0] = '\0';
  if (step > 0 && step <= irsPipelineGetNumSteps(r->run->pipeline))
    irsSignatureSetStep(
        s, step, irsPipelineGetStepPassName(r->run->pipeline, step - 1));
}

// A new failure of a seeded repeat: the seed that replays it (its
// reproducer carries it too, so --run-reproducer makes the same choices).
static void seedNote(const IrsOptRepeatSig *s, int64_t run) {
  if (s->hasRunSeed)
    fprintf(stderr, "irscope-opt: note: run %lld drew with --seed=%llu; its "
                    "reproducer replays with it\n",
            (long long)(run + 1), (unsigned long long)s->runSeed);
}

static int countThreads(void) {
  FILE *f = fopen("/proc/self/status", "re");
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

// In the child, after a failed run: a new signature keeps the artefacts of
// `scratch` as failure-<id>. The table is the parent's as of the fork, and
// runs are sequential, so the id is the one the parent will give it.
static void keepArtefacts(Repeat *r, ChildReport *rep, IrsOutcome outcome,
                          const char *scratch) {
  rep->sig.kind = irsOptRepeatExitKind(outcome);
  if (!irsOptRepeatTallyFind(&r->tally, &rep->sig)) {
    irsRunDirSubdirPath(r->tally.base, IrsRunDirRepeatFailure,
                        r->tally.numSigs + 1, rep->dir, sizeof(rep->dir));
    irsOptRemoveDir(rep->dir);
    if (rename(scratch, rep->dir) == 0)
      rep->newSignature = true;
    else
      rep->dir[0] = '\0';
  }
  if (!rep->newSignature)
    irsOptRemoveDir(scratch);
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
  if (r->cfg->seed.given)
    irsPassManagerSetSeed(r->pm, irsSeedForRun(r->cfg->seed.value,
                                               (uint64_t)r->runIndex));
  char scratch[kPathCap];
  irsRunDirSubdirPath(r->tally.base, IrsRunDirRepeatRun, r->runIndex + 1,
                      scratch, sizeof(scratch));
  IrsFailureOptions failure = r->failure;
  failure.dir = scratch;
  irsPassManagerSetFailureOptions(r->pm, &failure);
  IrsStatus st = irsPassManagerRun(r->pm, r->module);
  rep->threads = countThreads();
  IrsOutcome outcome = irsOptOutcomeFor(st.kind);
  if (outcome != IrsOutcomeOk) {
    MlirStringRef msg = irsPassManagerGetErrorMessage(r->pm);
    fprintf(stderr, "irscope-opt: error: %.*s\n", (int)msg.length, msg.data);
    snprintf(rep->message, sizeof(rep->message), "%.*s", (int)msg.length,
             msg.data);
    setStep(r, &rep->sig, irsPassManagerGetFailedStep(r->pm));
    irsSignatureSetMessage(&rep->sig,
                           mlirStringRefCreateFromCString(rep->firstError));
    if (irsPassManagerGetFailureDir(r->pm).length > 0)
      keepArtefacts(r, rep, outcome, scratch);
  }
  irsWorkerChannelSendOutcome(ch, outcome);
  fflush(stderr);
#if defined(__SANITIZE_ADDRESS__)
  // The supervisor lets LeakSanitizer check each worker at exit, which
  // costs about a second; every run executes the same code, so the first
  // run's check is enough.
  if (r->runIndex > 0) {
    fflush(stdout);
    _exit(0);
  }
#endif
  return 0;
}

static double nowMs(void) {
  return irsClockMonotonicMs();
}

// The pass manager every child runs: a plain run's, one MLIR pass manager
// with MLIR's own schedule (adjacent nested pass managers merged, their
// passes interleaved per op on the threads), which thread races need; the
// step of a failure is found afterwards by replay (--step-timeout then
// limits the whole run, which the pass manager announces as step 0).
// --repeat-stepwise runs step by step instead, so that every failure,
// crashes included, has a step in the run itself.
// Pipelines are checked before any fork, as in a plain run.
static IrsPassManager createPassManager(Repeat *r) {
  const IrsOptConfig *cfg = r->cfg;
  IrsOptPmOptions opts = irsOptPmOptions(r->run);
  opts.watch.stepwise = cfg->repeat.stepwise;
  opts.verify.verifyWith = cfg->verifyWith;
  opts.failure.writeReport = true;
  opts.create.onDiagnostic = childDiag;
  opts.create.onDiagnosticUserData = r;
  opts.watch.onStep = irsWorkerChannelOnStep;
  opts.watch.onStepUserData = &r->ch;
  opts.failure.reloadInput = reloadPristine;
  opts.failure.reloadInputUserData = r;
  opts.failure.onDocumented = childDocumented;
  opts.failure.onDocumentedUserData = r;
  r->failure = opts.failure;
  return irsOptCreatePassManager(r->run, r->ctx, r->run->pipeline, &opts);
}

// Parses the input once and prepares what every run shares. Returns an
// exit code (ok's when ready); repeatClose cleans up either way.
static int repeatOpen(Repeat *r) {
  const IrsOptConfig *cfg = r->cfg;
  mlirRegisterAllPasses();
  // Threading stays off in this process: see the file comment.
  r->ctx = irsOptMakeContext(cfg, /*threading=*/false);
  r->parseDiags = irsDiagnosticCaptureCreate(r->ctx, irsOptForwardDiag, NULL);
  irsDiagnosticCaptureSetFallbackFileName(
      r->parseDiags,
      mlirStringRefCreateFromCString(irsInputGetSourceName(r->run->input)));
  if (!irsOptLoadIrdl(cfg, r->ctx))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  r->parsed = irsInputParseChunk(r->run->input, r->ctx, 0);
  if (mlirModuleIsNull(r->parsed)) {
    if (irsDiagnosticCaptureGetNumErrors(r->parseDiags) == 0)
      fprintf(stderr, "irscope-opt: error: cannot parse '%s'\n", cfg->io.input);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  r->module = mlirModuleGetOperation(r->parsed);
  r->pristine = mlirOperationClone(r->module);
  r->pm = createPassManager(r);
  if (irsPassManagerIsNull(r->pm))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  r->shared = mmap(NULL, sizeof(ChildReport), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (r->shared == MAP_FAILED) {
    r->shared = NULL;
    fprintf(stderr, "irscope-opt: error: cannot map memory: %s\n",
            strerror(errno));
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  IrsSupervisorOptions so = {.stepTimeoutSec = cfg->watch.stepTimeout,
                             .memoryLimitBytes = cfg->watch.memoryLimit};
  r->sup = irsSupervisorCreate(&so);
  r->quiet = irsSupervisorCreate(&so);
  return irsOutcomeGetExitCode(IrsOutcomeOk);
}

// Frees whatever repeatOpen got to.
static void repeatClose(Repeat *r) {
  irsSupervisorDestroy(r->sup);
  irsSupervisorDestroy(r->quiet);
  if (r->shared)
    munmap(r->shared, sizeof(ChildReport));
  irsPassManagerDestroy(r->pm);
  if (!mlirOperationIsNull(r->pristine))
    mlirOperationDestroy(r->pristine);
  if (!mlirModuleIsNull(r->parsed))
    mlirModuleDestroy(r->parsed);
  irsDiagnosticCaptureDestroy(r->parseDiags);
  if (!mlirContextIsNull(r->ctx))
    mlirContextDestroy(r->ctx);
  irsOptRepeatTallyFree(&r->tally);
}

// The signature of a failed run and its exit code. `said`: how the child
// said its run ended (a pass or verifier failure); none when it died by a
// signal, the step timeout or the memory limit, or exited without
// finishing (e.g. a library calling exit()).
static int classify(Repeat *r, const IrsWorkerResult *res, IrsOutcome said,
                    IrsSignature *sig) {
  if (said != IrsOutcomeNone) {
    *sig = r->shared->sig;
    sig->kind = irsOptRepeatExitKind(said);
    return irsOutcomeGetExitCode(said);
  }
  memset(sig, 0, sizeof(*sig));
  sig->kind = irsWorkerOutcomeGetOutcome(res->outcome);
  sig->signal = res->outcome == IrsWorkerCrashed ? res->signal : 0;
  setStep(r, sig, res->inStep ? res->step : 0);
  irsSignatureSetFirstError(sig, res->stderrTail, /*unlocated=*/false);
  if (sig->signal)
    irsOptRepeatSetCrashSite(sig, res->stderrTail);
  return irsOutcomeGetExitCode(sig->kind);
}

// A dead worker's new signature: the supervisor's replays rebuild the
// pre-step IR and reproducers from the input, as for a single run.
static void documentDeath(Repeat *r, IrsOptRepeatSig *s,
                          const IrsWorkerResult *res, int64_t i) {
  IrsOptConfig c2 = *r->cfg;
  char dir[kPathCap];
  irsRunDirSubdirPath(r->tally.base, IrsRunDirRepeatFailure, r->tally.numSigs,
                      dir, sizeof(dir));
  irsOptRemoveDir(dir);
  c2.failureDir = dir;
  c2.dumps.dir = NULL;
  // The replays redo the steps before the failing one with that run's own
  // random choices.
  c2.seed.value = s->runSeed;
  IrsOptRun job = *r->run;
  job.cfg = &c2;
  job.log = NULL;
  irsOptRepeatNewFailure(i, NULL, NULL, true, (MlirStringRef){NULL, 0});
  irsOptDocumentDeath(&job, r->quiet, res, 0);
  seedNote(s, i);
  s->dir = strdup(dir);
}

// A new signature's verifier failure, narrowed as a single run narrows
// it: by a fresh worker forked from this process, which never ran a pass
// (the child's step may have corrupted the child's heap), replaying the
// steps before with that run's seed.
static void narrowNew(Repeat *r, const IrsOptRepeatSig *s,
                      const ChildReport *rep) {
  if (!rep->verifierFailed || !r->cfg->narrow)
    return;
  IrsOptConfig c2 = *r->cfg;
  c2.seed.value = s->runSeed;
  IrsOptRun job = *r->run;
  job.cfg = &c2;
  char *message = strdup(rep->message);
  bool interrupted = false;
  char *note = message ? irsOptNarrowFresh(&job, r->quiet, 0, rep->sig.step,
                                           rep->dir, &message, &interrupted,
                                           NULL)
                       : NULL;
  if (note)
    fprintf(stderr, "irscope-opt: note: %s\n", note);
  if (interrupted) { // the loop stops at its next run
    r->tally.interrupted = true;
    r->rc = irsOptWorse(r->rc, irsOutcomeGetExitCode(IrsOutcomeInterrupted));
  }
  // A file the narrowing could not write.
  if (message && strcmp(message, rep->message))
    fprintf(stderr, "irscope-opt: error: %s\n", message);
  free(note);
  free(message);
}

// Counts a failed run under its signature; a new one is documented.
static void recordFailure(Repeat *r, const IrsWorkerResult *res,
                          IrsOutcome said, int64_t i) {
  bool exited = said != IrsOutcomeNone;
  IrsSignature sig;
  r->rc = irsOptWorse(r->rc, classify(r, res, said, &sig));
  IrsOptRepeatSig *s = irsOptRepeatTallyFind(&r->tally, &sig);
  if (s) {
    ++s->count;
    return;
  }
  if ((s = irsOptRepeatTallyAdd(&r->tally, &sig, i)) == NULL)
    return;
  s->hasRunSeed = r->cfg->seed.given;
  s->runSeed = r->cfg->seed.given ? irsSeedForRun(r->cfg->seed.value, (uint64_t)i) : 0;
  const ChildReport *rep = r->shared;
  irsOptRepeatProgressClear(&r->progress);
  if (exited && rep->newSignature) {
    s->dir = strdup(rep->dir);
    irsOptRepeatNewFailure(i, rep->message, rep->dir, false,
                           (MlirStringRef){NULL, 0});
    narrowNew(r, s, rep);
    seedNote(s, i);
  } else if (!exited) {
    documentDeath(r, s, res, i);
  }
}

// Run `i`; false when the loop must stop.
static bool runOnce(Repeat *r, int64_t i) {
  IrsOptRepeatTally *t = &r->tally;
  r->runIndex = i;
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, childMain, r, &res))) {
    fprintf(stderr, "irscope-opt: error: cannot start a worker process: %s\n",
            strerror(errno));
    r->rc = irsOptWorse(r->rc, irsOutcomeGetExitCode(IrsOutcomeIoError));
    return false;
  }
  const ChildReport *rep = r->shared;
  if (rep->threads > t->maxThreads)
    t->maxThreads = rep->threads;
  if (res->outcome == IrsWorkerInterrupted) {
    t->interrupted = true;
    r->rc = irsOptWorse(r->rc, irsOutcomeGetExitCode(IrsOutcomeInterrupted));
    return false;
  }
  ++t->runs;
  IrsOutcome said = irsWorkerResultGetReported(res);
  if (said == IrsOutcomeOk)
    return true;
  ++t->failures;
  recordFailure(r, res, said, i);
  if (r->cfg->repeat.stopOnFailure) {
    t->stopped = i + 1 < r->end;
    return false;
  }
  return true;
}

// Every run draws with its own seed, irsSeedForRun(master, run index), so
// that each failure's reproducers and report replay that run's choices.
// Without --seed the master seed is drawn; it is printed and recorded
// either way, so that '--seed=S' repeats the whole hunt.
static void chooseSeed(Repeat *r) {
  if (!r->cfg->seed.given) {
    r->cfg->seed.value = irsEntropy64();
    r->cfg->seed.given = true;
    r->seedDrawn = true;
  }
  fprintf(stderr, "irscope-opt: repeat: seed %llu%s\n",
          (unsigned long long)r->cfg->seed.value,
          r->seedDrawn ? " (drawn; '--seed' with it repeats these runs)" : "");
}

// The summary lines and repeat.xml.
static void finish(Repeat *r, double elapsedMs) {
  const IrsOptConfig *cfg = r->cfg;
  IrsRepeatSummary sum = {
      .header = irsOptRunHeader(cfg, r->run->input, -1),
      .pipeline = r->run->pipeline,
      .threading = !cfg->disableThreading,
      .verifyEach = cfg->verifyEach,
      .hasSeed = cfg->seed.given,
      .seed = cfg->seed.value,
      .seedDrawn = r->seedDrawn,
  };
  irsOptRepeatSummaryRange(cfg, &sum);
  r->rc = irsOptWorse(r->rc, irsOptRepeatTallyFinish(&r->tally, &sum,
                                                     elapsedMs));
}

int irsOptRepeat(IrsOptRun *run) {
  Repeat r;
  memset(&r, 0, sizeof(r));
  r.run = run;
  r.cfg = run->cfg;
  if (!irsOptRepeatTallyInit(&r.tally, r.cfg))
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  r.rc = repeatOpen(&r);
  if (r.rc == irsOutcomeGetExitCode(IrsOutcomeOk)) {
    IrsOptInterrupts interrupts;
    irsOptInterruptsCatch(r.sup, r.quiet, &interrupts);
    chooseSeed(&r);
    double t0 = nowMs();
    int64_t begin, end;
    irsOptRepeatRange(r.cfg, &begin, &end);
    r.end = end;
    irsOptRepeatProgressBegin(&r.progress, end - begin);
    for (int64_t i = begin; i < end && runOnce(&r, i); ++i)
      irsOptRepeatProgressUpdate(&r.progress, r.tally.runs, r.tally.failures,
                                 r.tally.numSigs);
    irsOptRepeatProgressClear(&r.progress);
    double elapsed = nowMs() - t0;
    irsOptInterruptsRestore(&interrupts);
    finish(&r, elapsed);
  }
  repeatClose(&r);
  return r.rc;
}
