// SPDX-License-Identifier: Apache-2.0
//===- ReduceSave.c - writing the best module so far ----------------------===//
//
// Every accepted change is written to the output at once (atomically), so
// an interrupted reduction leaves a valid best-so-far behind; big modules
// are written less often, and the input's first write runs beside its
// check.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // pipe2
#include "ReduceImpl.h"

#include "../Support/Fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

// Only counts: the size of a module not written.
static void countCb(MlirStringRef s, void *ud) {
  *(int64_t *)ud += (int64_t)s.length;
}

// Prints the module as -o has it; returns its size in bytes.
static int64_t printModule(Reducer *r, IrsAtomicFile *af) {
  int64_t bytes = 0;
  uint64_t at = af ? irsAtomicFileSize(af) : 0;
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (r->opts.printGeneric)
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  if (r->opts.printDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
  // The printer verifies what it prints first (1.2 s of CPU on a million
  // ops); the input verified, and so did every candidate kept since.
  if (!r->inputInvalid)
    mlirOpPrintingFlagsAssumeVerified(f);
  MlirOperation m = mlirModuleGetOperation(r->module);
  if (af)
    mlirOperationPrintWithFlags(m, f, irsAtomicFileStringCallback, af);
  else
    mlirOperationPrintWithFlags(m, f, countCb, &bytes);
  mlirOpPrintingFlagsDestroy(f);
  if (af) {
    bytes = (int64_t)(irsAtomicFileSize(af) - at);
    irsAtomicFileWrite(af, "\n", 1);
  }
  return bytes + 1;
}

// A write of the best so far failed: a full disk or a read-only
// directory fails the next one too, so the reduction stops, the output
// keeping the last module written (still failing as the input did), and
// the run ends with the error (Reducer.c).
static bool saveFailed(Reducer *r, int e) {
  if (!r->saveErr)
    r->saveErr = e;
  r->stop = true;
  return false;
}

// Printing a module of a million ops takes seconds, and ddmin accepts a
// dozen halvings of it in a row: a write is put off while it would cost
// more than a fifth of the time since the last one (estimated per op from
// that one). `force`: the input, and the result at the end, are always
// written; only a killed run can leave an older (bigger) best behind.
static bool saveBest(Reducer *r, bool force) {
  ++r->generation;
  if (!r->opts.outputPath)
    return true;
  double t0 = irsClockMonotonicMs() / 1e3;
  if (!force && r->saveSecPerOp * (double)r->opsNow > (t0 - r->lastSaveAt) / 5)
    return true;
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, r->opts.outputPath);
  if (e) {
    errno = e; // for the caller's message
    return saveFailed(r, e);
  }
  r->bytesAfter = printModule(r, &af);
  e = irsAtomicFileCommit(&af);
  bool ok = e == 0;
  if (!ok) {
    errno = e;
    return saveFailed(r, e);
  }
  r->lastSaveAt = irsClockMonotonicMs() / 1e3;
  r->saveSecPerOp = (r->lastSaveAt - t0) / (double)(r->opsNow > 0 ? r->opsNow : 1);
  return ok;
}

bool irsReduceSaveBest(Reducer *r) { return saveBest(r, false); }
bool irsReduceSaveBestNow(Reducer *r) { return saveBest(r, true); }
int64_t irsReduceModuleBytes(Reducer *r) { return printModule(r, NULL); }

// The input's first write, on a big module, runs in a forked child while
// the input's check runs: printing a million ops took 6.6 s of CPU after
// the check, on the critical path, while the single-threaded check leaves
// the second core idle (bench/README.md, scale). The parent opens the
// temporary file and renames it into place only once the check has found
// the input interesting, so a failed check leaves -o untouched, as before.
enum { kBackgroundSaveOps = 100000 };

struct IrsReduceBackgroundSave {
  IrsAtomicFile af;
  pid_t pid;
  int fd; // the child's report: bytes written and seconds taken
};

IrsReduceBackgroundSave *irsReduceBackgroundSaveStart(Reducer *r) {
  int p[2];
  if (!r->opts.outputPath || r->opsNow < kBackgroundSaveOps)
    return NULL;
  IrsReduceBackgroundSave *b = malloc(sizeof(*b));
  if (!b)
    return NULL;
  if (irsAtomicFileOpen(&b->af, r->opts.outputPath) != 0) {
    free(b);
    return NULL;
  }
  if (b->af.direct || pipe2(p, O_CLOEXEC) != 0) {
    irsAtomicFileAbort(&b->af);
    free(b);
    return NULL;
  }
  b->pid = fork();
  if (b->pid == 0) {
    close(p[0]);
    // Behind the check's threads: it may take the core their inliner
    // leaves idle, not theirs.
    if (nice(10) == -1) {
      // Runs at the parent's priority: only slower.
    }
    double t0 = irsClockMonotonicMs() / 1e3;
    double rep[2] = {(double)printModule(r, &b->af), 0};
    b->af.direct = true; // flush and close; the parent renames
    if (irsAtomicFileCommit(&b->af) != 0)
      rep[0] = -1;
    rep[1] = irsClockMonotonicMs() / 1e3 - t0;
    ssize_t w = write(p[1], rep, sizeof(rep));
    _exit(w == (ssize_t)sizeof(rep) && rep[0] >= 0 ? 0 : 1);
  }
  close(p[1]);
  b->fd = p[0];
  if (b->pid < 0) {
    close(p[0]);
    irsAtomicFileAbort(&b->af);
    free(b);
    return NULL;
  }
  return b;
}

// Waits for the child; `commit`: renames its file into place. True when
// the input is written (then bytesAfter is its size).
bool irsReduceBackgroundSaveFinish(Reducer *r, IrsReduceBackgroundSave *b,
                                   bool commit) {
  if (!b)
    return false;
  double rep[2] = {-1, 0};
  ssize_t n;
  while ((n = read(b->fd, rep, sizeof(rep))) < 0 && errno == EINTR)
    ;
  close(b->fd);
  int st = 0;
  while (waitpid(b->pid, &st, 0) < 0 && errno == EINTR)
    ;
  bool ok = commit && n == (ssize_t)sizeof(rep) && rep[0] >= 0 &&
            WIFEXITED(st) && WEXITSTATUS(st) == 0;
  if (!ok) {
    irsAtomicFileAbort(&b->af);
    free(b);
    return false;
  }
  int committed = irsAtomicFileCommit(&b->af); // nothing buffered: renames
  free(b);
  if (committed != 0)
    return false;
  ++r->generation;
  r->bytesAfter = (int64_t)rep[0];
  r->lastSaveAt = irsClockMonotonicMs() / 1e3;
  r->saveSecPerOp = rep[1] / (double)(r->opsNow > 0 ? r->opsNow : 1);
  return true;
}
