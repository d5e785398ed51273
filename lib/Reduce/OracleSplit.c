// SPDX-License-Identifier: Apache-2.0
//===- OracleSplit.c - tool mode: many candidates in one tool process -----===//
//
// Starting a tool (loading libMLIR, registering every dialect and pass)
// costs more than testing a small candidate in it: about 60 ms of CPU
// against a few. When a crash is being reduced, the candidates of one
// irsReduceTestFirst list therefore go to ONE tool process, as chunks of an
// `--split-input-file` buffer, tested in list order. A crash kills the tool
// at the first crashing chunk. `--mlir-timing` makes the tool print a report
// to stderr after every chunk it finishes (one that failed with an error
// too), so the number of reports says which chunk crashed, and what the tool
// wrote after the last report is that chunk's own stack dump: its signature
// is read exactly as a plain run's (Oracle.c). The chunks before it did not
// crash, so none of them is the crash being reduced; those after it go to
// the next batch. The answer is thus the first interesting candidate in
// list order, as irsReduceTestFirst promises. Candidates that do not apply
// or do not verify never reach the tool.
//
// Trust: until a batch crash has matched the target, every batch ends with
// the module as it is, which a plain run has seen crash that way. A tool
// whose batches tell something else (no reports, unknown options, that
// module not crashing or crashing differently) gets one candidate per
// process from then on, said once in -v. A chunk's crash could in principle
// depend on the chunks before it in the process, so a result accepted from
// a chunk after the first is confirmed by a plain run at the end
// (Reducer.c).
//
// The batch is printed in this process (printBatch says why that is safe)
// and, with the tool's fork server, the tool's fork is started from here
// and watched without a worker of ours (irsSupervisorRunSpawned); lists
// of one candidate go this way too, since a batch of one costs what a
// plain run does, less the worker.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OracleImpl.h"

#include "../Support/Fs.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Candidates are printed into a batch until it holds this much text: with
// the first candidate often the crashing one, a big module's later
// candidates would be printed for nothing.
enum { kSplitBudgetBytes = 4 << 20 };

// What a plain run's stderr tail can hold (IrsWorkerResult.stderrTail): a
// chunk's text is cut the same way, so that its signature is a plain run's.
enum { kTailBytes = 256 << 10 };

// Crashes of another kind met before any batch crashed the target's way
// (see judge) after which batches are given up.
enum { kMaxDoubts = 3 };

static const char kMarker[] = "// -----\n";
static const char kReport[] = "... Execution time report ...";

typedef struct SplitJob {
  Job job;
  const IrsEdit *const *edits;
  size_t n;
  bool withModule; // end with the module as it is (trust, see above)
} SplitJob;

static void printChunk(MlirOperation op, IrsAtomicFile *af, bool first) {
  if (!first)
    irsAtomicFileWrite(af, kMarker, sizeof(kMarker) - 1);
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(f);
  mlirOperationPrintWithFlags(op, f, irsAtomicFileStringCallback, af);
  mlirOpPrintingFlagsDestroy(f);
  irsAtomicFileWrite(af, "\n", 1);
}

// The outcome of one batch: what was printed, then what the tool did.
typedef struct SplitRun {
  bool *printed;     // per candidate considered
  size_t considered; // candidates printed or found invalid
  size_t chunks;     // chunks in the file (printed ones, then the module)
  size_t reports;    // chunks the tool finished
  IrsBuf err;        // the tool's stderr
  // Chunk k's own text is err[from[k], to[k]) (k < reports), the dying
  // chunk's err[from[reports], end).
  size_t *from, *to;
} SplitRun;

// Prints the batch into the job's directory, in this process: each
// candidate is applied to a clone of the module and, if it applies and
// verifies, printed as a chunk. No worker is forked for this (one per
// batch was a fifth of a small reduction's CPU time): the edits are
// irscope's own (irsEditApply, which this process replays on its module
// for every edit it accepts), on a module whose ops are unregistered here,
// so they run no dialect's code; edits that run passes never come here
// (irsReduceSplitUsable). What can crash is the tool, which runs apart.
static bool printBatch(SplitJob *s, SplitRun *sr) {
  Job *j = &s->job;
  Reducer *r = j->r;
  char dir[512], path[600];
  irsReduceJobDir(r, j->id, dir, sizeof(dir));
  snprintf(path, sizeof(path), "%s/candidates.mlir", dir);
  sr->printed = calloc(s->n ? s->n : 1, sizeof(bool));
  IrsAtomicFile af;
  if (!sr->printed || mkdir(dir, 0700) != 0 ||
      irsAtomicFileOpen(&af, path) != 0)
    return false;
  MlirOperation root = mlirModuleGetOperation(r->module);
  for (size_t i = 0;
       i < s->n && (i == 0 || irsAtomicFileSize(&af) < kSplitBudgetBytes);
       ++i) {
    MlirOperation copy = mlirOperationClone(root);
    j->edit = s->edits[i];
    bool ok = irsReduceWorkerApply(j, copy);
    if (ok)
      printChunk(copy, &af, sr->chunks++ == 0);
    mlirOperationDestroy(copy);
    sr->printed[sr->considered++] = ok;
  }
  if (s->withModule && sr->chunks > 0)
    printChunk(root, &af, false);
  sr->chunks += s->withModule && sr->chunks > 0;
  return irsAtomicFileCommit(&af) == 0;
}

static const char *const kSplitArgs[] = {"--split-input-file", "--mlir-timing",
                                         NULL};

// The tool's stderr: a file, which holds every chunk's report (the
// supervisor's tail keeps only the end).
static int openErr(const Reducer *r, const SplitJob *s) {
  char dir[512], err[600];
  irsReduceJobDir(r, s->job.id, dir, sizeof(dir));
  snprintf(err, sizeof(err), "%s/stderr", dir);
  return open(err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
}

// With the fork server: the tool's fork, started from this process and
// watched by its supervisor (irsSupervisorRunSpawned); -1 if the server
// cannot give one (the batch then goes through a worker).
static int64_t spawnBatch(int stderrFd, void *ud) {
  (void)stderrFd; // the file instead, see openErr
  SplitJob *s = ud;
  Reducer *r = s->job.r;
  char dir[512], path[600];
  irsReduceJobDir(r, s->job.id, dir, sizeof(dir));
  snprintf(path, sizeof(path), "%s/candidates.mlir", dir);
  const char **argv = irsReduceToolArgv(r, kSplitArgs, path);
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  int err = openErr(r, s);
  int dirFd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
  int64_t pid = -1;
  int go;
  if (argv && null >= 0 && err >= 0 && dirFd >= 0) {
    const int stdio[3] = {null, null, err};
    pid = irsForkServerSpawnWith(r->opts.toolForkServer, argv, stdio, dirFd,
                                 &go);
  }
  if (pid > 0)
    irsForkServerRelease(go);
  free(argv);
  if (null >= 0)
    close(null);
  if (err >= 0)
    close(err);
  if (dirFd >= 0)
    close(dirFd);
  return pid > 0 ? pid : -1;
}

// Without it (or when it failed): a worker that runs the tool on the
// batch the parent printed.
static int splitWorker(IrsWorkerChannel ch, void *ud) {
  SplitJob *s = ud;
  Job *j = &s->job;
  Reducer *r = j->r;
  j->ch = ch;
  if (r->opts.workerSetup)
    r->opts.workerSetup(IrsReduceWorkerMlir, r->opts.workerSetupUserData);
  setpgid(0, 0);
  char dir[512], path[600];
  irsReduceJobDir(r, j->id, dir, sizeof(dir));
  snprintf(path, sizeof(path), "%s/candidates.mlir", dir);
  int fd = openErr(r, s);
  if (fd < 0 || dup2(fd, 2) < 0)
    return IRS_EXIT_INVALID_CANDIDATE;
  close(fd);
  return irsReduceExecTool(j, kSplitArgs, dir, path);
}

static bool readFile(const char *path, IrsBuf *out) {
  FILE *f = fopen(path, "re");
  if (!f)
    return false;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
    irsBufAppend(out, buf, n);
  fclose(f);
  return true;
}

// Finds the timing reports in the tool's stderr; a report ends at its
// "(100.0%)  Total" line.
static bool findReports(SplitRun *sr) {
  const char *b = sr->err.data ? sr->err.data : "";
  const char *p = b, *end = b + sr->err.len;
  size_t cap = 16;
  sr->from = malloc(cap * sizeof(size_t));
  sr->to = malloc(cap * sizeof(size_t));
  if (!sr->from || !sr->to)
    return false;
  sr->from[0] = 0;
  for (const char *h; (h = memmem(p, (size_t)(end - p), kReport,
                                  sizeof(kReport) - 1));) {
    if (sr->reports + 2 > cap) {
      cap *= 2;
      size_t *f = realloc(sr->from, cap * sizeof(size_t));
      if (f)
        sr->from = f;
      size_t *t = f ? realloc(sr->to, cap * sizeof(size_t)) : NULL;
      if (!t)
        return false;
      sr->to = t;
    }
    while (h > p && h[-1] != '\n') // the report's first line
      --h;
    sr->to[sr->reports] = (size_t)(h - b);
    const char *t = memmem(h, (size_t)(end - h), "%)  Total\n", 10);
    p = t ? t + 10 : end;
    sr->from[++sr->reports] = (size_t)(p - b);
  }
  return true;
}

// What a finished chunk did, for -v: "failure" if it wrote an error.
static const char *chunkKind(const SplitRun *sr, size_t k) {
  const char *b = sr->err.data;
  return b && memmem(b + sr->from[k], sr->to[k] - sr->from[k], ": error: ", 9)
             ? "failure"
             : "ok";
}

static bool readRun(Reducer *r, const SplitJob *s, SplitRun *sr) {
  char dir[512], path[600];
  irsReduceJobDir(r, s->job.id, dir, sizeof(dir));
  snprintf(path, sizeof(path), "%s/stderr", dir);
  readFile(path, &sr->err); // absent when nothing ran
  return findReports(sr);
}

static void reportChunk(Reducer *r, const IrsEdit *e, const char *kind,
                        bool yes, double ms) {
  if (!r->opts.onProgress)
    return;
  IrsBuf d = IRS_BUF_INIT;
  irsEditDescribe(e, &d);
  IrsReduceTestReport t = {d.data ? d.data : "", kind, "", yes, false, ms};
  irsReduceReportTest(r, &t);
  irsBufFree(&d);
}

static void turnOff(Reducer *r, const char *why) {
  r->splitState = -1;
  IrsBuf n = IRS_BUF_INIT;
  irsBufPrintf(&n, "candidates are tested one per tool process from now "
                   "on: %s", why);
  irsReduceNote(r, n.data);
  irsBufFree(&n);
}

// The verdict of the chunk the tool died in (chunk `k` of the file), from
// what the tool wrote after the last report: a plain run's signature.
static bool crashVerdict(Reducer *r, const IrsWorkerResult *res,
                         const SplitRun *sr, IrsSignature *sig) {
  IrsWorkerResult one = *res;
  size_t from = sr->from[sr->reports], len = sr->err.len - from;
  if (len > kTailBytes)
    from += len - kTailBytes, len = kTailBytes;
  one.stderrTail = mlirStringRefCreate(sr->err.data ? sr->err.data + from : "",
                                       len);
  return irsReduceRunVerdict(r, &one, sig);
}

// Judges the candidates of one finished batch; returns how many were
// decided (0: the batch told nothing, batches are off).
static size_t judge(Reducer *r, const SplitJob *s, const IrsWorkerResult *res,
                    SplitRun *sr, signed char *verdict, bool *hit,
                    bool *stop) {
  bool toolRan = res->inStep && res->step == 1;
  bool died = toolRan && res->outcome != IrsWorkerExited;
  size_t candChunks = sr->chunks - s->withModule;
  if (!toolRan || (died ? sr->reports >= sr->chunks
                        : sr->reports != sr->chunks)) {
    turnOff(r, "the tool did not test them as chunks of one "
               "--split-input-file run with --mlir-timing reports");
    return 0;
  }
  // The chunk the tool ended in: a candidate's, or the module's.
  size_t k = died ? sr->reports : sr->chunks;
  IrsSignature sig;
  memset(&sig, 0, sizeof(sig));
  bool yes = died && crashVerdict(r, res, sr, &sig);
  bool late = res->outcome == IrsWorkerTimedOut && k > 0;
  if (s->withModule && k >= candChunks && !yes && !late) {
    turnOff(r, "in a batch, the module as it is did not crash as it does "
               "in a plain run");
    return 0;
  }
  if (yes)
    r->splitState = 1;
  // Not trusted yet, and a crash of another kind: the batch may be what
  // made it differ. That candidate goes to a plain run (the caller's), and
  // after kMaxDoubts such crashes batches are off.
  bool doubt = died && !yes && r->splitState == 0 && k < candChunks &&
               res->outcome == IrsWorkerCrashed;
  if (doubt && ++r->splitDoubts >= kMaxDoubts)
    turnOff(r, "batches crashed otherwise than the crash being reduced, "
               "before any crashed that way");
  // A batch that ran out of time after some chunks (`late`) says nothing
  // about the chunk it was in: the test timeout is per candidate, so that
  // one starts the next batch.
  double ms = res->runMs / (double)(died ? k + 1 : k);
  size_t chunk = 0, i = 0;
  for (; i < sr->considered; ++i) {
    ++r->testsRun;
    ++r->splitTests;
    verdict[i] = 0;
    if (!sr->printed[i]) {
      reportChunk(r, s->edits[i], "invalid", false, 0);
    } else if (chunk == k && late) {
      --r->testsRun, --r->splitTests; // tested again, first in the next
      return i;
    } else if (chunk == k && doubt) {
      --r->testsRun, --r->splitTests; // its plain run counts
      *stop = true;
      return i;
    } else if (chunk == k) {
      char kind[32];
      verdict[i] = yes;
      *hit = yes;
      r->splitLastChunk = (int64_t)k;
      reportChunk(r, s->edits[i],
                  irsSignatureFormatKind(&sig, kind, sizeof(kind)), yes, ms);
      return i + 1;
    } else {
      reportChunk(r, s->edits[i], chunkKind(sr, chunk++), false, ms);
    }
  }
  return i;
}

bool irsReduceSplitUsable(Reducer *r, const IrsEdit *const *edits, size_t n) {
  if (!r->opts.toolArgv || r->splitState < 0 || n < 1 || r->testRuns != 1 ||
      r->target.kind != IrsOutcomeCrash || r->quickHangs)
    return false;
  for (size_t i = 0; i < n; ++i)
    if (!edits[i] || edits[i]->ops->runsPasses)
      return false; // runs passes in the worker: may crash it
  return true;
}

// No candidate of the batch applied and verified: nothing to run.
static size_t allInvalid(Reducer *r, const SplitJob *s, const SplitRun *sr,
                         signed char *verdict) {
  for (size_t i = 0; i < sr->considered; ++i) {
    ++r->testsRun;
    ++r->splitTests;
    verdict[i] = 0;
    reportChunk(r, s->edits[i], "invalid", false, 0);
  }
  return sr->considered;
}

// Prints, runs and judges one batch; how many candidates it decided, and
// in *ran whether the tool ran.
static size_t runBatch(Reducer *r, SplitJob *s, signed char *verdict,
                       bool *hit, bool *stop, bool *ran) {
  SplitRun sr = {0};
  size_t got = 0;
  const IrsWorkerResult *res = NULL;
  IrsStatus st = irsStatusMake(IRS_ERR_IO);
  bool printed = printBatch(s, &sr);
  *ran = printed && sr.chunks > 0;
  if (printed && sr.chunks == 0) {
    got = allInvalid(r, s, &sr, verdict);
  } else if (printed) {
    if (r->opts.toolForkServer.ptr)
      st = irsSupervisorRunSpawned(r->sup, spawnBatch, s, 1, &res);
    if (!irsStatusIsOk(st))
      st = irsSupervisorRun(r->sup, splitWorker, s, &res);
  }
  if (printed && sr.chunks > 0 && irsStatusIsOk(st) && res &&
      readRun(r, s, &sr)) {
    r->testRunSec += res->runMs / 1e3;
    got = judge(r, s, res, &sr, verdict, hit, stop);
    r->toolBatches += got > 0;
  } else if (got == 0 && r->splitState >= 0) {
    turnOff(r, "a batch could not be run");
  }
  free(sr.printed), free(sr.from), free(sr.to);
  irsBufFree(&sr.err);
  irsReduceRemoveJobDir(r, s->job.id);
  return got;
}

size_t irsReduceSplitTest(Reducer *r, const IrsEdit *const *edits, size_t n,
                          signed char *verdict) {
  size_t from = 0;
  bool hit = false, stop = false;
  while (from < n && !hit && !stop && r->splitState >= 0 &&
         !(r->opts.stopFlag && *r->opts.stopFlag)) {
    SplitJob s = {{.r = r, .ch = {-1}, .id = r->nextRunId++},
                  edits + from,
                  n - from,
                  r->splitState == 0};
    bool ran = false;
    size_t got = runBatch(r, &s, verdict + from, &hit, &stop, &ran);
    if (got == 0)
      break;
    IrsBuf note = IRS_BUF_INIT;
    if (ran)
      irsBufPrintf(&note,
                   "batch: %zu candidate%s tested in one tool process "
                   "(--split-input-file), %s",
                   got, got == 1 ? "" : "s",
                   hit ? "the last one interesting" : "none interesting");
    else
      irsBufPrintf(&note, "batch: %zu candidate%s, none valid: the tool "
                          "was not run", got, got == 1 ? "" : "s");
    irsReduceNote(r, note.data);
    irsBufFree(&note);
    from += got;
  }
  return from;
}
