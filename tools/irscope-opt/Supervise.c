// SPDX-License-Identifier: Apache-2.0
//===- Supervise.c - irscope-opt's crash safety -----------------------------===//
//
// With crash protection (the default) irscope-opt never runs MLIR in its own
// process. A worker does the work (irsOptWork) and reports each step it
// starts; chunk outputs go to files so that what finished survives. When
// the worker dies (signal, --step-timeout, --memory-limit):
//  1. if it died outside a known step (the whole pipeline ran as one), a
//     "locate" worker runs that chunk step by step to find the step;
//  2. a "snapshot" worker replays the steps before the failing one and
//     writes the exact IR that went into it (failure-input.mlir), a local
//     reproducer (that IR + only the failing step) and a full reproducer
//     (the original chunk + the whole pipeline);
//  3. the supervisor writes report.xml, marks the manifest, prints one line,
//     and carries on with the next chunk.
// Nothing is printed ahead of time, so protection costs one fork and a few
// pipe writes per step; replays happen only after a failure.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CrashHandler.h"
#include "CrashNote.h"
#include "Driver.h"

#include "irscope/Report.h"
#include "irscope/StackTrace.h"

#include <mlir-c/IR.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *irsOptChunkDir(const IrsOptConfig *cfg, const char *base, intptr_t chunk,
                     intptr_t numChunks) {
  if (!base)
    return NULL;
  size_t n = strlen(base) + 32;
  char *d = malloc(n);
  if (!d)
    return NULL;
  if (cfg->splitInputFile && numChunks > 1)
    snprintf(d, n, "%s/chunk-%03ld", base, (long)chunk);
  else
    snprintf(d, n, "%s", base);
  return d;
}

int irsOptWriteFileAtomic(const char *path, const void *data, size_t len) {
  return irsFileWriteAtomic(path, data, len);
}

int irsOptWriteChunkOutput(IrsOptRun *run, intptr_t chunk, IrsOptOut *out) {
  if (out->failed) {
    fprintf(stderr, "irscope-opt: error: out of memory collecting output\n");
    return ENOMEM;
  }
  if (!irsWorkerChannelSendOutput(run->ch, chunk, out->data, out->len)) {
    fprintf(stderr, "irscope-opt: error: cannot hand the output of chunk %ld "
                    "to the supervisor\n",
            (long)chunk);
    return EIO;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Replays (inside a worker)
//===----------------------------------------------------------------------===//

static MlirWalkResult countOne(MlirOperation op, void *ud) {
  (void)op;
  ++*(int64_t *)ud;
  return MlirWalkResultAdvance;
}

static int64_t countOps(MlirOperation op) {
  int64_t n = 0;
  mlirOperationWalk(op, countOne, &n, MlirWalkPreOrder);
  return n;
}

int irsOptReplay(IrsOptRun *run, MlirContext ctx, IrsPassManager pm) {
  IrsOptConfig *cfg = run->cfg;
  run->chunk = run->jobChunk;
  MlirModule m = irsInputParseChunk(run->input, ctx, run->jobChunk);
  if (mlirModuleIsNull(m))
    return IRS_EXIT_USAGE;
  MlirOperation op = mlirModuleGetOperation(m);
  int rc = IRS_EXIT_OK;
  irsWorkerChannelSendValue(run->ch, "input-ops", countOps(op));
  if (run->mode == IrsOptModeLocate) {
    // Run until it dies: the supervisor learns the step from the channel.
    rc = irsStatusIsOk(irsPassManagerRunSteps(
             pm, op, 0, irsPipelineGetNumSteps(run->pipeline)))
             ? IRS_EXIT_OK
             : IRS_EXIT_PASS_FAILURE;
    mlirModuleDestroy(m);
    return rc;
  }
  // Snapshot: the full reproducer is the untouched chunk with the whole
  // pipeline; the local one is the IR before the failing step with only it.
  char path[4096];
  snprintf(path, sizeof(path), "%s/reproducer-full.mlir", run->jobDir);
  if (irsReproducerWriteFileWithPlugins(
          op, path, irsPipelineGetText(run->pipeline), cfg->disableThreading,
          cfg->verifyEach, cfg->plugins.plugins) != 0)
    rc = IRS_EXIT_IO;
  if (run->jobStep > 0) {
    intptr_t i = run->jobStep - 1;
    if (!irsStatusIsOk(irsPassManagerRunSteps(pm, op, 0, i))) {
      mlirModuleDestroy(m);
      return IRS_EXIT_PASS_FAILURE;
    }
    snprintf(path, sizeof(path), "%s/failure-input.mlir", run->jobDir);
    if (irsModuleWriteFile(op, path, false, cfg->printDebugInfo) != 0)
      rc = IRS_EXIT_IO;
    snprintf(path, sizeof(path), "%s/reproducer.mlir", run->jobDir);
    MlirStringRef stepText = irsPipelineGetStepText(run->pipeline, i);
    // A seeded run's local reproducer replays with its seed.
    int we = cfg->hasSeed
                 ? irsReproducerWriteFileSeeded(op, path, stepText,
                                                cfg->disableThreading,
                                                cfg->verifyEach,
                                                cfg->plugins.plugins, cfg->seed)
                 : irsReproducerWriteFileWithPlugins(
                       op, path, stepText, cfg->disableThreading,
                       cfg->verifyEach, cfg->plugins.plugins);
    if (we != 0)
      rc = IRS_EXIT_IO;
  }
  mlirModuleDestroy(m);
  return rc;
}

//===----------------------------------------------------------------------===//
// Supervisor
//===----------------------------------------------------------------------===//

// One supervisor per process; reached from the signal handler only.
static IrsSupervisor activeSupervisor;

static void onInterrupt(int sig) {
  (void)sig;
  if (activeSupervisor.ptr)
    irsSupervisorInterrupt(activeSupervisor);
}

void irsOptInterruptsCatch(IrsSupervisor sup, IrsOptInterrupts *saved) {
  activeSupervisor = sup;
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = onInterrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &saved->oldInt);
  sigaction(SIGTERM, &sa, &saved->oldTerm);
}

void irsOptInterruptsRestore(const IrsOptInterrupts *saved) {
  sigaction(SIGINT, &saved->oldInt, NULL);
  sigaction(SIGTERM, &saved->oldTerm, NULL);
  activeSupervisor = (IrsSupervisor){NULL};
}

void irsOptWorkerInit(void) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  irsInstallCrashHandlers("irscope-opt");
}

static int workerMain(IrsWorkerChannel ch, void *ud) {
  IrsOptRun *run = ud;
  run->ch = ch;
  irsOptWorkerInit();
  // Only irsOptSupervise's main supervisor asks for a trace (its quiet
  // one and --repeat's replays do not); the handler is harmless where it
  // is never signalled.
  irsInstallHangTraceHandler("irscope-opt");
  IrsOptOut out = {0};
  int rc = irsOptWork(run, &out);
  free(out.data);
  return rc;
}

int irsOptExitForOutcome(IrsWorkerOutcome o) {
  switch (o) {
  case IrsWorkerTimedOut:
    return IRS_EXIT_TIMEOUT;
  case IrsWorkerMemoryLimit:
    return IRS_EXIT_MEMORY_LIMIT;
  case IrsWorkerInterrupted:
    return IRS_EXIT_INTERRUPTED;
  default:
    return IRS_EXIT_CRASH;
  }
}

// Rewrites DIR/manifest.xml of a run the worker could not finish: the
// status, the failed step and a pointer to the report. The manifest was
// complete (atomically written) after the last finished step, so a textual
// edit of two known spots keeps it valid.
static void markManifest(const char *dir, const char *status, intptr_t step,
                         bool hasReport) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/manifest.xml", dir);
  FILE *f = fopen(path, "rb");
  if (!f)
    return;
  IrsOptOut in = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
    irsOptOutAppend(&in, buf, n);
  fclose(f);
  irsOptOutAppend(&in, "", 1);
  if (in.failed) {
    free(in.data);
    return;
  }
  IrsOptOut out = {0};
  const char *s = in.data;
  const char *st = strstr(s, " status=\"running\"");
  const char *steps = strstr(s, "<steps count=\"");
  const char *end = strstr(s, "</irscope-manifest>");
  if (!st || !steps || !end || st > steps || steps > end) {
    free(in.data);
    return;
  }
  irsOptOutAppend(&out, s, (size_t)(st - s));
  char tmp[128];
  snprintf(tmp, sizeof(tmp), " status=\"%s\"", status);
  irsOptOutAppend(&out, tmp, strlen(tmp));
  const char *after = st + strlen(" status=\"running\"");
  const char *close = strchr(steps, '>');
  irsOptOutAppend(&out, after, (size_t)(close - after));
  if (step > 0 && hasReport && !strstr(steps, "failed=")) {
    snprintf(tmp, sizeof(tmp), " failed=\"%ld\"", (long)step);
    irsOptOutAppend(&out, tmp, strlen(tmp));
  }
  // The failed step's own status, and no dump left "pending": the worker
  // that would have finished them is gone (the files are complete or absent).
  const char *body = close;
  char stepTag[64];
  snprintf(stepTag, sizeof(stepTag), "<step index=\"%ld\" ", (long)step);
  const char *stepAt = step > 0 && hasReport ? strstr(body, stepTag) : NULL;
  const char *p = body;
  while (p < end) {
    const char *pend = strstr(p, " pending=\"true\"");
    const char *notRun = stepAt ? strstr(stepAt, "status=\"not-run\"") : NULL;
    const char *tagEnd = stepAt ? strchr(stepAt, '>') : NULL;
    if (notRun && (notRun > end || !tagEnd || notRun > tagEnd))
      notRun = NULL;
    const char *next = pend && pend < end ? pend : NULL;
    if (notRun && (!next || notRun < next))
      next = notRun;
    if (!next) {
      irsOptOutAppend(&out, p, (size_t)(end - p));
      break;
    }
    irsOptOutAppend(&out, p, (size_t)(next - p));
    if (next == notRun) {
      snprintf(tmp, sizeof(tmp), "status=\"%s\"", status);
      irsOptOutAppend(&out, tmp, strlen(tmp));
      p = next + strlen("status=\"not-run\"");
      stepAt = NULL;
    } else {
      p = next + strlen(" pending=\"true\"");
    }
  }
  if (hasReport && !strstr(s, "<failure report=")) {
    const char *f2 = "  <failure report=\"report.xml\"/>\n";
    irsOptOutAppend(&out, f2, strlen(f2));
  }
  irsOptOutAppend(&out, end, strlen(end));
  if (!out.failed)
    irsOptWriteFileAtomic(path, out.data, out.len);
  free(in.data);
  free(out.data);
}

// Removes temporaries a killed worker left in a dump directory.
static void removeTemporaries(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!strstr(e->d_name, ".tmp-"))
      continue;
    char p[4096];
    snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
    unlink(p);
  }
  closedir(d);
}

// The input's op count as the worker recorded it in the manifest; -1 when
// there is no manifest (the supervisor itself never parses the input).
static int64_t manifestInputOps(const IrsOptConfig *cfg, intptr_t chunk,
                                intptr_t numChunks) {
  char *dd = irsOptChunkDir(cfg, cfg->dumpAfterEach, chunk, numChunks);
  if (!dd)
    return -1;
  char path[4096];
  snprintf(path, sizeof(path), "%s/manifest.xml", dd);
  free(dd);
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  char buf[8192];
  size_t n = fread(buf, 1, sizeof(buf) - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *in = strstr(buf, "<input ");
  const char *ops = in ? strstr(in, " ops=\"") : NULL;
  const char *end = in ? strchr(in, '>') : NULL;
  if (!ops || (end && ops > end))
    return -1;
  return strtoll(ops + 6, NULL, 10);
}

// The most recent numbered dump before `step` in `dir` (the last good IR),
// and whether the input dump exists.
static void lastDump(const char *dir, intptr_t step, char *last, size_t lastCap,
                     char *input, size_t inputCap) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  long best = -1;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    const char *n = e->d_name;
    size_t digits = strspn(n, "0123456789");
    size_t len = strlen(n);
    if (digits < 4 || n[digits] != '-' || len < 6 ||
        strcmp(n + len - 5, ".mlir") != 0 || strstr(n, ".tmp-"))
      continue;
    long idx = strtol(n, NULL, 10);
    if (idx == 0)
      snprintf(input, inputCap, "%s", n);
    if ((step <= 0 || idx < step) && idx > best) {
      best = idx;
      snprintf(last, lastCap, "%s", n);
    }
  }
  closedir(d);
}

static char *makeFailureDir(const IrsOptConfig *cfg, intptr_t chunk,
                            intptr_t numChunks) {
  char *d = irsOptChunkDir(cfg, cfg->dumpAfterEach ? cfg->dumpAfterEach
                                                   : cfg->failureDir,
                           chunk, numChunks);
  if (d) {
    // mkdir -p for the (at most two) levels we create.
    char *slash = strrchr(d, '/');
    if (slash) {
      *slash = '\0';
      mkdir(d, 0777);
      *slash = '/';
    }
    mkdir(d, 0777);
    return d;
  }
  const char *t = getenv("TMPDIR");
  size_t n = strlen(t && *t ? t : "/tmp") + 40;
  d = malloc(n);
  if (!d)
    return NULL;
  snprintf(d, n, "%s/irscope-failure-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(d)) {
    free(d);
    return NULL;
  }
  return d;
}


// Documents a worker that died in chunk `k`. Returns the exit code.
static int documentDeath(IrsOptRun *run, IrsSupervisor quiet,
                         const IrsWorkerResult *res, intptr_t k) {
  IrsOptConfig *cfg = run->cfg;
  intptr_t nchunks = irsInputGetNumChunks(run->input);
  IrsWorkerOutcome outcome = res->outcome;
  int sig = res->signal;
  double elapsed = res->elapsedMs;
  int64_t peak = res->peakRssKb;
  intptr_t step = res->inStep ? res->step : 0;
  // Keep what the dead worker said; the next runs reuse the supervisor.
  IrsOptOut tail = {0};
  irsOptOutAppend(&tail, res->stderrTail.data, res->stderrTail.length);

  IrsOptRun job = *run;
  job.supervised = false;
  job.firstChunk = k;
  job.jobChunk = k;
  if (step == 0 && outcome != IrsWorkerInterrupted) {
    job.mode = IrsOptModeLocate;
    const IrsWorkerResult *r2;
    if (irsStatusIsOk(irsSupervisorRun(quiet, workerMain, &job, &r2)) &&
        (r2->outcome != IrsWorkerExited || r2->exitCode != 0) &&
        r2->inStep && r2->step > 0)
      step = r2->step;
  }
  char *dir = outcome == IrsWorkerInterrupted
                  ? NULL
                  : makeFailureDir(cfg, k, nchunks);
  bool havePre = false;
  int64_t inputOps = -1;
  if (dir && outcome != IrsWorkerInterrupted) {
    job.mode = IrsOptModeSnapshot;
    job.jobStep = step;
    job.jobDir = dir;
    const IrsWorkerResult *r3;
    if (irsStatusIsOk(irsSupervisorRun(quiet, workerMain, &job, &r3))) {
      havePre = r3->outcome == IrsWorkerExited && r3->exitCode == 0 && step > 0;
      irsSupervisorGetValue(quiet, "input-ops", &inputOps);
    }
  }
  const char *kind = outcome == IrsWorkerTimedOut      ? "timeout"
                     : outcome == IrsWorkerMemoryLimit ? "memory-limit"
                     : outcome == IrsWorkerInterrupted ? "interrupted"
                                                       : "crash";
  char msg[1024];
  char where[600] = "";
  if (step > 0) {
    MlirStringRef t = irsPipelineGetStepText(run->pipeline, step - 1);
    snprintf(where, sizeof(where), "step %ld '%.*s'", (long)step,
             (int)(t.length > 400 ? 400 : t.length), t.data);
  } else {
    snprintf(where, sizeof(where), "%s", "the pipeline");
  }
  if (outcome == IrsWorkerTimedOut)
    snprintf(msg, sizeof(msg), "%s timed out after %g s", where,
             cfg->stepTimeout);
  else if (outcome == IrsWorkerMemoryLimit)
    snprintf(msg, sizeof(msg), "%s exceeded the memory limit of %lld bytes",
             where, (long long)cfg->memoryLimit);
  else if (outcome == IrsWorkerInterrupted)
    snprintf(msg, sizeof(msg), "interrupted in %s", where);
  else if (outcome == IrsWorkerExited)
    snprintf(msg, sizeof(msg), "%s ended the process with exit code %d",
             where, res->exitCode);
  else
    snprintf(msg, sizeof(msg), "%s crashed with %s%s", where,
             irsSignalName(sig),
             tail.data && memmem(tail.data, tail.len, "(stack overflow)", 16)
                 ? " (stack overflow)"
                 : "");
  int werr = 0;
  if (dir && outcome != IrsWorkerInterrupted) {
    IrsCrashInfo info;
    memset(&info, 0, sizeof(info));
    info.toolName = "irscope-opt";
    info.commandLine = cfg->commandLine;
    info.inputPath = cfg->input;
    info.inputHash = irsInputGetHash(run->input);
    info.pipeline = run->pipeline;
    info.verifyEach = cfg->verifyEach;
    info.threading = !cfg->disableThreading;
    info.kind = kind;
    info.step = step;
    info.signal = outcome == IrsWorkerCrashed ? sig : 0;
    info.signalName = irsSignalName(sig);
    info.elapsedMs = elapsed;
    info.timeoutSec = outcome == IrsWorkerTimedOut ? cfg->stepTimeout : 0;
    info.memoryLimitBytes =
        outcome == IrsWorkerMemoryLimit ? cfg->memoryLimit : 0;
    info.peakRssKb = peak;
    info.stderrTail = (MlirStringRef){tail.data ? tail.data : "", tail.len};
    info.message = msg;
    info.preStepIr = havePre ? "failure-input.mlir" : NULL;
    info.reproducer = havePre ? "reproducer.mlir" : NULL;
    info.fullReproducer = "reproducer-full.mlir";
    info.dumpOnlyChanged = cfg->dumpOnlyChanged;
    info.plugins = cfg->plugins.plugins;
    info.inputOps = -1;
    char *dd = irsOptChunkDir(cfg, cfg->dumpAfterEach, k, nchunks);
    char lastGood[256] = "", inputDump[32] = "";
    if (dd) {
      lastDump(dd, step, lastGood, sizeof(lastGood), inputDump,
               sizeof(inputDump));
      free(dd);
    }
    info.lastGoodDump = lastGood[0] ? lastGood : NULL;
    info.inputOps = inputOps >= 0 ? inputOps : manifestInputOps(cfg, k, nchunks);
    info.inputDump = inputDump[0] ? inputDump : NULL;
    werr = irsCrashReportWrite(&info, dir);
  }
  irsOptLogDeath(run, k, step, kind, msg,
                 (MlirStringRef){tail.data ? tail.data : "", tail.len},
                 elapsed);
  char *dumpDir = irsOptChunkDir(cfg, cfg->dumpAfterEach, k, nchunks);
  if (dumpDir) {
    removeTemporaries(dumpDir);
    markManifest(dumpDir, kind, step, outcome != IrsWorkerInterrupted);
  }
  free(dumpDir);
  // A crash's frames were held back from the terminal (abridgeCrashTraces):
  // a few symbolised ones stand for them. A timed-out worker was asked for
  // its trace (see irsOptSupervise); the same first frame outside the
  // runtimes names where it was stuck.
  if (outcome == IrsWorkerCrashed || outcome == IrsWorkerTimedOut) {
    MlirStringRef trace = {tail.data ? tail.data : "", tail.len};
    if (outcome == IrsWorkerCrashed && run->abridgedTraces)
      irsToolPrintCrashFrames(trace);
    irsToolPrintSiteNote("irscope-opt", trace, outcome == IrsWorkerTimedOut);
  }
  if (outcome == IrsWorkerInterrupted || !dir)
    fprintf(stderr, "irscope-opt: error: %s\n", msg);
  else if (werr)
    fprintf(stderr, "irscope-opt: error: %s; cannot write report in '%s': %s\n",
            msg, dir, strerror(werr));
  else
    fprintf(stderr, "irscope-opt: error: %s; report: %s/report.xml\n", msg,
            dir);
  free(dir);
  free(tail.data);
  return irsOptExitForOutcome(outcome);
}

int irsOptDocumentDeath(IrsOptRun *run, IrsSupervisor quiet,
                        const IrsWorkerResult *res, intptr_t chunk) {
  return documentDeath(run, quiet, res, chunk);
}

int irsOptSupervise(IrsOptRun *run, IrsOptOut *out) {
  IrsOptConfig *cfg = run->cfg;
  intptr_t nchunks = irsInputGetNumChunks(run->input);
  run->supervised = true;
  run->abridgedTraces = true;
  // A timeout's report says where the step was stuck (workerMain handles
  // the signal); at most IRS_SUPERVISOR_TRACE_WAIT_MS more per timeout.
  IrsSupervisorOptions so = {.stepTimeoutSec = cfg->stepTimeout,
                             .memoryLimitBytes = cfg->memoryLimit,
                             .forwardStderr = true,
                             .traceOnTimeout = true,
                             .abridgeCrashTraces = true};
  IrsSupervisor sup = irsSupervisorCreate(&so);
  // Replays repeat what the user has already seen: same limits, no echo,
  // and no trace (theirs would only repeat the first one's).
  IrsSupervisorOptions qo = so;
  qo.forwardStderr = false;
  qo.traceOnTimeout = false;
  IrsSupervisor quiet = irsSupervisorCreate(&qo);
  IrsOptInterrupts interrupts;
  irsOptInterruptsCatch(sup, &interrupts);

  int rc = IRS_EXIT_OK;
  intptr_t first = 0;
  while (first < nchunks) {
    run->firstChunk = first;
    run->mode = IrsOptModeNormal;
    const IrsWorkerResult *res;
    if (!irsStatusIsOk(irsSupervisorRun(sup, workerMain, run, &res))) {
      fprintf(stderr, "irscope-opt: error: cannot start a worker process: "
                      "%s\n",
              strerror(errno));
      rc = IRS_EXIT_IO;
      break;
    }
    // A worker that exits while inside a step did not finish it: a
    // sanitizer report, a library calling exit(), ... Document it like a
    // crash and carry on with the next chunk.
    if (res->outcome == IrsWorkerExited &&
        !(res->inStep && res->exitCode != 0)) {
      rc = irsOptWorse(rc, res->exitCode);
      break;
    }
    intptr_t k = res->chunk >= 0 ? res->chunk : res->chunksDone;
    if (k < first)
      k = first;
    rc = irsOptWorse(rc, documentDeath(run, quiet, res, k));
    if (rc == IRS_EXIT_INTERRUPTED)
      break;
    first = k + 1;
  }

  irsOptInterruptsRestore(&interrupts);

  // Assemble the output of the chunks that finished, in order.
  for (intptr_t c = 0; c < nchunks; ++c) {
    if (c > 0 && cfg->splitInputFile) {
      irsOptOutAppend(out, cfg->outputSplitMarker,
                      strlen(cfg->outputSplitMarker));
      irsOptOutAppend(out, "\n", 1);
    }
    MlirStringRef o = irsSupervisorGetOutput(sup, c);
    irsOptOutAppend(out, o.data, o.length);
  }
  irsOptLogCollect(run, sup);
  irsOptCheckResultsCollect(run, sup);
  irsSupervisorDestroy(sup);
  irsSupervisorDestroy(quiet);
  run->supervised = false;
  run->abridgedTraces = false;
  return rc;
}
