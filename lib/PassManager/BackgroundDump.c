// SPDX-License-Identifier: Apache-2.0
//===- BackgroundDump.c - printing dumps off the critical path ------------===//
//
// Printing a large module takes about as long as a cheap pass, and a dump
// per step would double the run time. Instead the pass manager forks: the
// child shares the module copy-on-write, prints it (atomically, like every
// dump) and exits, while the parent runs the next step on the other core.
//
// Why this is safe: the fork happens between steps, when MLIR's worker
// threads are idle and hold no locks; the child only prints, with
// "assume verified" so the printer does not run the (possibly parallel)
// verifier, and leaves with _exit so no destructors or atexit handlers run.
// A forked child must never run passes or verify: the context's thread
// pool does not exist in it.
//
// At most kMaxChildren dumps are in flight; older ones are waited for first.
// Every child's outcome is collected before the run returns, and a failed
// write is reported as an I/O error exactly as a synchronous dump would be.
// A worker that dies in a later step leaves its printers behind, holding
// its pipes: a supervisor with awaitDescendantsMs (irscope-opt's) lets them
// finish the dumps before it documents the death, and kills what is left
// after the wait, so the manifest it marks lists only complete dumps
// (lib/Report/ManifestMark.c says "lost" for one that never arrived).
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { kMaxChildren = 2 };

// Records the outcome of child k and removes it from the list.
static IrsErrorKind finish(IrsPassManagerImpl *pm, intptr_t k, int status,
                           IrsBuf *err) {
  IrsBgDump *d = &pm->bg[k];
  IrsErrorKind kind = IRS_OK;
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  IrsRecordStep *s = d->step >= 0 ? &pm->rec.steps[d->step] : NULL;
  if (s)
    s->dumpPending = false;
  if (code != 0) {
    if (err->len == 0) {
      if (code > 0)
        irsBufPrintf(err, "cannot write dump '%s': %s", d->path,
                     strerror(code));
      else
        irsBufPrintf(err, "cannot write dump '%s': printer process died",
                     d->path);
    }
    if (s) {
      free(s->dumpFile);
      s->dumpFile = NULL;
      s->result.dumpFile = mlirStringRefCreate("", 0);
    }
    kind = IRS_ERR_IO;
  }
  free(d->path);
  memmove(&pm->bg[k], &pm->bg[k + 1],
          (size_t)(pm->numBg - k - 1) * sizeof(IrsBgDump));
  --pm->numBg;
  return kind;
}

IrsErrorKind irsBgDumpReap(IrsPassManagerImpl *pm, bool waitAll, IrsBuf *err) {
  IrsErrorKind kind = IRS_OK;
  for (intptr_t k = 0; k < pm->numBg;) {
    int status = 0;
    pid_t r;
    do
      r = waitpid(pm->bg[k].pid, &status, waitAll ? 0 : WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == 0) {
      ++k;
      continue;
    }
    if (r < 0) {
      // Reaped by someone else (a host with its own SIGCHLD handling): the
      // file under its real name is the only evidence of success.
      status = access(pm->bg[k].path, F_OK) == 0 ? 0 : (EIO << 8);
    }
    IrsErrorKind e = finish(pm, k, status, err);
    if (kind == IRS_OK)
      kind = e;
  }
  return kind;
}

int irsBgDumpStart(IrsPassManagerImpl *pm, intptr_t step, MlirOperation module,
                   const char *path, bool generic, bool debugInfo) {
  IrsBuf ignored = IRS_BUF_INIT;
  while (pm->numBg >= kMaxChildren) {
    int status = 0;
    pid_t r;
    do
      r = waitpid(pm->bg[0].pid, &status, 0);
    while (r < 0 && errno == EINTR);
    if (r < 0)
      status = access(pm->bg[0].path, F_OK) == 0 ? 0 : (EIO << 8);
    if (finish(pm, 0, status, &pm->bgErr) != IRS_OK)
      pm->bgFailed = true;
  }
  irsBufFree(&ignored);
  if (pm->numBg == pm->capBg) {
    intptr_t cap = pm->capBg ? pm->capBg * 2 : 4;
    IrsBgDump *n = realloc(pm->bg, (size_t)cap * sizeof(IrsBgDump));
    if (!n)
      return ENOMEM;
    pm->bg = n;
    pm->capBg = cap;
  }
  char *p = irsStrDup(path);
  if (!p)
    return ENOMEM;
  pid_t pid = fork();
  if (pid < 0) {
    int e = errno;
    free(p);
    return e;
  }
  if (pid == 0) {
    int e = irsDumpModule(module, path, generic, debugInfo, true);
    _exit(e > 0 && e < 256 ? e : e ? EIO : 0);
  }
  pm->bg[pm->numBg++] = (IrsBgDump){pid, step, p};
  if (step >= 0)
    pm->rec.steps[step].dumpPending = true;
  return 0;
}
