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
// A threaded run takes the same road by itself for the dumps of a module
// whose last dump had aliases other than affine maps and sets (which
// AliasStitch.c names), which only the whole module's printing state
// gives (irsBgDumpWanted), while forks pay (irsBgDumpForksPay). The dump finished on a thread
// (AsyncDump.c) would print every op's text, find it aliased, and print
// the module again whole from a shell filled with clones: the module twice
// in memory per dump in flight, and two prints. A forked printer shares
// the module copy-on-write and copies only the pages the parent writes
// meanwhile (bench/model.py measures the sum of the processes' PSS). At
// most three such children are in flight (the pipeline does not wait for
// the last one's table before it forks the next: a stale cache only
// saves less), so the extra memory is bounded by three modules whatever
// the number of steps; --dump-in-background also keeps three. Why three:
// a run of conversions each changing the whole module asks for prints
// faster than the idle core makes them; with two in flight the pipeline
// stops for the oldest while the printers share one core, with three it
// goes on and the prints left at its end fill both cores (bench/model.py,
// 800 layers, five sittings of alternating runs: less CPU in all five,
// less wall in four, e.g. 1.176 against 1.203 of mlir-opt's wall). A module
// whose step changed a quarter of its top-level ops or more (a conversion)
// is also dumped by a child. Both kinds stitch the dump from the cache's
// texts and prints of the other ops, local-scope texts or, for a module
// with aliases, texts printed with the module's shared state (SharedDump.c),
// and hand back where each text lies in it (ForkedDump.c), so the parent's
// cache still saves reprinting what the next steps leave alone; fewer
// changed ops of a module without aliases are cloned for a thread. A
// module with aliases whose cache holds the texts of fewer than half its
// ops is printed whole through MLIR's buffered stream instead
// (BufferedDump.c), which costs a quarter fewer instructions than op by
// op through the C API's callback; where its texts lie is found in that
// dump only when a later printer would reuse them.
//
// The child tells by its exit status whether its text had aliases (it
// starts with their definitions, not "module"); a module that lost them
// (lower-affine) goes back to local-scope texts.
//
// Printers run at nice 19 with SCHED_BATCH: a pipeline thread sharing a
// core with one keeps about 98% of it, and printing fills idle cores.
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
#define _GNU_SOURCE // memfd_create
#include "PassManagerImpl.h"

#include "../Support/Fs.h"
#include "Fingerprint.h"
#include "PrinterHold.h"
#include "StitchedDump.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { kMaxChildren = 3 };
// The exit status of a child whose dump is complete and has aliases (any
// other nonzero status is the errno of a failed write).
enum { kAliasedOk = 250 };
// A stitching printer's status for a dump printed whole without aliases
// (no table); 0 is a stitched dump with its table.
enum { kWholeOk = 251 };
// A stitched dump with its table whose header defines aliases (printed
// with the module's shared state).
enum { kStitchedAliasedOk = 252 };
// kAliasedOk and kStitchedAliasedOk for a dump whose aliases are builtin
// affine maps and sets only, which the stitcher in place names itself.
enum { kAliasedMapsOk = 253, kStitchedMapsOk = 254 };
// The status LLVM exits with on a fatal error, such as a stream MLIR's IR
// printing could not write (a full disk or file size limit, BufferedDump.c
// prints through one): not the errno EPERM it equals.
enum { kLlvmFatalExit = 1 };
// A printer's nice value: the lowest, so that a pipeline thread sharing
// its core keeps about 98% of it. Raised priority cannot be regained
// without privilege, so the printers stay there also when the pipeline
// waits for them: they then have the cores to themselves (an idle machine)
// or share them with other background work.
enum { kPrinterNice = 19 };

static int64_t tvNs(struct timeval t) {
  return (int64_t)t.tv_sec * 1000000000 + (int64_t)t.tv_usec * 1000;
}

// waitpid with the child's CPU time into the phase counters.
static pid_t reapOne(IrsPassManagerImpl *pm, pid_t pid, int *status,
                     int flags) {
  // A printer holding fingerprints waits for the request, which none
  // will make now.
  for (intptr_t k = 0; flags == 0 && k < pm->numBg; ++k)
    if (pm->bg[k].pid == pid && pm->bg[k].ansFd >= 0)
      irsBgDumpReleaseHeld(pm);
  struct rusage ru;
  pid_t r;
  do
    r = wait4(pid, status, flags, &ru);
  while (r < 0 && errno == EINTR);
  if (r > 0)
    irsPhaseAdd(pm->phases, IrsPhaseChild,
                tvNs(ru.ru_utime) + tvNs(ru.ru_stime), 0, 0);
  if (r != 0)
    atomic_compare_exchange_strong(&pm->bgPid, &(int){pid}, 0);
  return r;
}

// Makes the copies waiting for step `step`'s dump at `from` (which exists
// when `ok`), then those waiting for them. False when one failed.
static bool runCopies(IrsPassManagerImpl *pm, intptr_t step, const char *from,
                      bool ok, IrsBuf *err) {
  bool all = true;
  for (size_t c = 0; c < pm->numBgCopies;) {
    IrsBgCopy x = pm->bgCopies[c];
    if (x.after != step) {
      ++c;
      continue;
    }
    memmove(&pm->bgCopies[c], &pm->bgCopies[c + 1],
            (pm->numBgCopies - c - 1) * sizeof(IrsBgCopy));
    --pm->numBgCopies;
    IrsPhaseMark m = irsPhaseBegin(pm->phases);
    int e = ok ? irsCopyFileAtomic(from, x.path) : EIO;
    irsPhaseEnd(pm->phases, IrsPhaseCopy, m, 0);
    IrsRecordStep *s = &pm->rec.steps[x.step];
    s->dumpPending = false;
    if (e) {
      if (err->len == 0)
        irsBufPrintf(err, "cannot write dump '%s': %s", x.path, strerror(e));
      irsRunRecordSetDumpFile(&pm->rec, x.step, NULL);
      s->dumpUnwritten = true;
    }
    all = runCopies(pm, x.step, x.path, !e, err) && all && !e;
    free(x.path);
    c = 0; // the list changed under us
  }
  return all;
}

int irsBgDumpCopyLater(IrsPassManagerImpl *pm, intptr_t i, const char *path) {
  bool source = false;
  for (intptr_t k = 0; k < pm->numBg && !source; ++k)
    source = pm->bg[k].step == i - 1;
  for (size_t c = 0; c < pm->numBgCopies && !source; ++c)
    source = pm->bgCopies[c].step == i - 1;
  if (!source)
    return -1;
  IrsBgCopy *n =
      realloc(pm->bgCopies, (pm->numBgCopies + 1) * sizeof(IrsBgCopy));
  char *p = irsStrDup(path);
  if (n)
    pm->bgCopies = n;
  if (!n || !p) {
    free(p);
    return ENOMEM;
  }
  pm->bgCopies[pm->numBgCopies++] = (IrsBgCopy){i, i - 1, p};
  pm->rec.steps[i].dumpPending = true;
  return 0;
}

// Records the outcome of child k and removes it from the list.
static IrsErrorKind finish(IrsPassManagerImpl *pm, intptr_t k, int status,
                           IrsBuf *err) {
  IrsBgDump *d = &pm->bg[k];
  if (d->ansFd >= 0)
    irsBgDumpReleaseHeld(pm);
  IrsErrorKind kind = IRS_OK;
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  bool mapsOnly = code == kAliasedMapsOk || code == kStitchedMapsOk;
  if (mapsOnly)
    code = code == kAliasedMapsOk ? kAliasedOk : kStitchedAliasedOk;
  pm->dumpAliased =
      !mapsOnly && (code == kAliasedOk || code == kStitchedAliasedOk);
  if (code == kStitchedAliasedOk)
    code = 0;
  if (d->tableFd >= 0) {
    if (code == 0)
      irsDumpCacheAdoptFile(&pm->dumpCache, d->ops, d->fps, d->n, d->path,
                            d->tableFd);
    else if (pm->dumpCache)
      irsDumpCacheReplace(pm->dumpCache, NULL, 0, false);
    close(d->tableFd);
    free(d->ops);
    free(d->fps);
  }
  if (code == kAliasedOk || (code == kWholeOk && d->tableFd >= 0))
    code = 0;
  IrsRecordStep *s = d->step >= 0 ? &pm->rec.steps[d->step] : NULL;
  if (s)
    s->dumpPending = false;
  if (code != 0) {
    if (err->len == 0) {
      if (code == kLlvmFatalExit)
        irsBufPrintf(err, "cannot write dump '%s': printer process failed "
                          "writing its print (LLVM error)",
                     d->path);
      else if (code > 0)
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
      s->dumpUnwritten = true;
    }
    kind = IRS_ERR_IO;
  }
  if (!runCopies(pm, d->step, d->path, code == 0, err))
    kind = IRS_ERR_IO;
  free(d->path);
  memmove(&pm->bg[k], &pm->bg[k + 1],
          (size_t)(pm->numBg - k - 1) * sizeof(IrsBgDump));
  --pm->numBg;
  return kind;
}

IrsErrorKind irsBgDumpReap(IrsPassManagerImpl *pm, bool waitAll, IrsBuf *err) {
  IrsErrorKind kind = IRS_OK;
  // Tables are adopted in the order of their dumps: a newer one adopted
  // first would be replaced by an older one.
  bool tableRunning = false;
  for (intptr_t k = 0; k < pm->numBg;) {
    if (tableRunning && pm->bg[k].tableFd >= 0) {
      ++k;
      continue;
    }
    int status = 0;
    IrsPhaseMark m = irsPhaseBegin(pm->phases);
    pid_t r = reapOne(pm, pm->bg[k].pid, &status, waitAll ? 0 : WNOHANG);
    if (waitAll)
      irsPhaseEnd(pm->phases, IrsPhaseWait, m, 0);
    if (r == 0) {
      tableRunning = tableRunning || pm->bg[k].tableFd >= 0;
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

// Room for one more child, waiting for the oldest while there are `most`:
// kMaxChildren stitching printers (`table`; the pipeline need not wait for
// one before the next dump), else one (--dump-in-background: kMaxChildren).
static int makeRoom(IrsPassManagerImpl *pm, bool table) {
  // No thread of ours may be printing while we fork (the child would
  // inherit its locks); MLIR's threads are idle between steps.
  irsPmDumpJoinThreads(pm);
  int most = pm->opts.dump.inBackground || table ? kMaxChildren : 1;
  while (pm->numBg >= most) {
    int status = 0;
    IrsPhaseMark m = irsPhaseBegin(pm->phases);
    pid_t r = reapOne(pm, pm->bg[0].pid, &status, 0);
    irsPhaseEnd(pm->phases, IrsPhaseWait, m, 0);
    if (r < 0)
      status = access(pm->bg[0].path, F_OK) == 0 ? 0 : (EIO << 8);
    if (finish(pm, 0, status, &pm->bgErr) != IRS_OK)
      pm->bgFailed = true;
  }
  if (pm->numBg == pm->capBg) {
    intptr_t cap = pm->capBg ? pm->capBg * 2 : 4;
    IrsBgDump *n = realloc(pm->bg, (size_t)cap * sizeof(IrsBgDump));
    if (!n)
      return ENOMEM;
    pm->bg = n;
    pm->capBg = cap;
  }
  return 0;
}

// The keys of the module's top-level ops as the child sees them, and the
// memfd its table goes to; false when out of memory or descriptors.
static bool prepareTable(IrsPassManagerImpl *pm, MlirOperation module,
                         IrsBgDump *d) {
  MlirBlock body = irsDumpModuleBody(module);
  if (mlirBlockIsNull(body))
    return false;
  size_t n = irsDumpCountTops(body);
  d->ops = calloc(n ? n : 1, sizeof(void *));
  d->fps = calloc(n ? n : 1, sizeof(uint64_t));
  d->n = n;
  d->tableFd = memfd_create("irscope-dump-table", MFD_CLOEXEC);
  if (!d->ops || !d->fps || d->tableFd < 0)
    return false;
  size_t k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o), ++k) {
    d->ops[k] = o.ptr;
    d->fps[k] = pm->numTopFps == n ? pm->topFps[k] : irsFingerprint(o, NULL);
  }
  return true;
}

static void dropTable(IrsBgDump *d) {
  if (d->tableFd >= 0)
    close(d->tableFd);
  free(d->ops);
  free(d->fps);
  d->tableFd = -1;
  d->ops = NULL;
  d->fps = NULL;
}

// True when the cache has texts of at least half of the module's
// top-level ops, under the keys they have now (read or not).
static bool worthStitching(const IrsPassManagerImpl *pm, const IrsBgDump *d,
                           MlirOperation module) {
  const IrsDumpCache *c = pm->dumpCache;
  MlirBlock body = irsDumpModuleBody(module);
  if (!c || (!c->sharedHeader && !c->scanPending) || mlirBlockIsNull(body))
    return false;
  const uint64_t *fps = pm->numTopFps == d->n ? pm->topFps : NULL;
  return irsDumpCacheCountKeys(c, body, d->n, fps) * 2 >= d->n;
}

// irsDumpBuffered, counted as a "buffered" line of the phases.
static int printBuffered(IrsPassManagerImpl *pm, MlirOperation module,
                         const char *path, bool generic, bool debugInfo,
                         bool *done, bool *aliases) {
  IrsPhaseMark m = irsPhaseBegin(pm->phases);
  int e = irsDumpBuffered(module, path, generic, debugInfo, done, aliases);
  struct stat st;
  if (*done && !e && stat(path, &st) == 0) {
    irsPhaseEnd(pm->phases, IrsPhaseBuffered, m, (int64_t)st.st_size);
    irsPhasesAppend(pm->phases, IrsPhaseBuffered);
  }
  return e;
}

// The exit status of a whole print: its errno, or whether it had aliases.
static int wholeStatus(int e, bool aliases, int table) {
  return e > 0 && e < kAliasedOk ? e
         : e                     ? EIO
         : aliases               ? table
         : kWholeOk;
}

// The forked printer: stitched with its table when `d` has one, else
// whole. A module whose last dump had aliases is printed whole through a
// buffered stream (BufferedDump.c) unless the cache has the texts of half
// its ops, else stitched with its shared printing state (SharedDump.c); a
// local-scope stitch that meets an aliased text tries that next. Never
// returns.
static int childStatus(IrsPassManagerImpl *pm, const IrsBgDump *d,
                       MlirOperation module, bool generic, bool debugInfo) {
  bool done = false, aliases = false;
  int e = 0;
  // Also the run's last dump, which the pipeline waits for: split between
  // two printers it would be done no sooner, since the shared state both
  // inherit is built first, on one core, and costs as much as half the
  // ops' texts, which the C API's callback prints more slowly (cse's dump
  // of bench/model.py at 150 layers, callgrind: 0.52G instructions split,
  // 0.36G on the longer of its two paths, against 0.37G buffered).
  if (d->tableFd >= 0 && pm->dumpAliased && !worthStitching(pm, d, module)) {
    e = printBuffered(pm, module, d->path, false, false, &done, &aliases);
    if (done && !e && aliases)
      e = irsDumpTableMarkWhole(d->tableFd, d->n);
    if (done)
      return wholeStatus(e, aliases, kStitchedAliasedOk);
  }
  for (int shared = pm->dumpAliased; d->tableFd >= 0 && shared < 2; ++shared) {
    bool stitched = false;
    e = irsDumpForkedStitch(pm->dumpCache, module, d->path, true, shared,
                            pm->topFps, pm->numTopFps, d->tableFd, pm->phases,
                            &stitched, &aliases);
    if (e || stitched)
      return e > 0 && e < kAliasedOk ? e
             : e                     ? EIO
             : aliases               ? kStitchedAliasedOk
                                     : 0;
  }
  e = printBuffered(pm, module, d->path, generic, debugInfo, &done, &aliases);
  if (!done)
    e = irsDumpModuleAliases(module, d->path, generic, debugInfo, true,
                             &aliases);
  int s = wholeStatus(e, aliases, kAliasedOk);
  return s == kWholeOk && d->tableFd < 0 ? 0 : s;
}

// Reads up to n bytes (fewer at end of file or on an error).
static size_t readUpTo(int fd, void *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, (char *)buf + got, n - got);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      break;
    got += (size_t)r;
  }
  return got;
}

// Sends n bytes on a socket whose other end may be gone (no SIGPIPE).
static bool sendAll(int fd, const void *buf, size_t n) {
  size_t put = 0;
  while (put < n) {
    ssize_t r = send(fd, (const char *)buf + put, n - put, MSG_NOSIGNAL);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return false;
    put += (size_t)r;
  }
  return true;
}

// A printer's second thread when it holds fingerprints the pipeline
// skipped: waits on its socket for the pipeline's request (a count, then
// that many top-level op indices; end of file: none) and answers with the
// ops' fingerprints in the module as forked, while the first thread
// prints. Both only read the IR.
typedef struct Holder {
  MlirOperation module;
  int fd;
} Holder;

static void *answerFps(void *ud) {
  Holder *h = ud;
  uint32_t n = 0;
  uint32_t *idx = NULL;
  uint64_t *out = NULL;
  size_t numTops = 0;
  MlirOperation *tops = NULL;
  if (readUpTo(h->fd, &n, sizeof(n)) == sizeof(n) && n > 0 &&
      (idx = malloc(n * sizeof(uint32_t))) &&
      (out = malloc(n * sizeof(uint64_t))) &&
      readUpTo(h->fd, idx, n * sizeof(uint32_t)) == n * sizeof(uint32_t) &&
      (tops = irsFingerprintTops(h->module, &numTops))) {
    bool ok = true;
    for (uint32_t k = 0; k < n && ok; ++k)
      if ((ok = idx[k] < numTops))
        out[k] = irsFingerprint(tops[idx[k]], NULL);
    if (ok)
      (void)sendAll(h->fd, out, n * sizeof(uint64_t));
  }
  free(tops);
  free(out);
  free(idx);
  close(h->fd);
  return NULL;
}

static _Noreturn void childPrint(IrsPassManagerImpl *pm, const IrsBgDump *d,
                                 MlirOperation module, bool generic,
                                 bool debugInfo, int held) {
  // A printer only fills the cores the pipeline leaves idle: the
  // pipeline's threads win every core they want (see above).
  (void)sched_setscheduler(0, SCHED_BATCH, &(struct sched_param){0});
  (void)setpriority(PRIO_PROCESS, 0, kPrinterNice);
  // Only the pipeline may keep an older printer waiting.
  int older = atomic_load(&pm->heldReqFd);
  if (older >= 0)
    close(older);
  Holder h = {module, held};
  pthread_t th;
  bool holds = held >= 0 && pthread_create(&th, NULL, answerFps, &h) == 0;
  if (held >= 0 && !holds)
    close(held);
  irsPrinterHold();
  // The buffered print runs a pass: the trail must not record it.
  if (!irsActionHandlerIsNull(pm->actions))
    irsActionHandlerDetach(pm->actions);
  int status = childStatus(pm, d, module, generic, debugInfo);
  if ((status == kAliasedOk || status == kStitchedAliasedOk) &&
      irsDumpFileAliasesBuiltinOnly(d->path))
    status = status == kAliasedOk ? kAliasedMapsOk : kStitchedMapsOk;
  if (holds)
    pthread_join(th, NULL);
  _exit(status);
}

// A fork costs the pipeline a page fault on every page it writes after
// it, a copy as well while the printer lives: a conversion that rewrites
// a module of 150 MB takes ~37k of them. A fault costs ~3 us on some
// hosts and 15-18 us where the guest's faults go through the hypervisor
// (bench/README.md: two kinds of VM), 0.1 s or 0.6 s per such step,
// against ~0.3 s to print its dump (40 MB of text at ~14 ns a byte) in
// place on two threads. Forks pay below kForkFaultNs, measured at the run's
// first fork (probeCow).
enum { kForkFaultNs = 6000, kProbePages = 64 };

bool irsBgDumpForksPay(const IrsPassManagerImpl *pm) {
  if (pm->forksTest >= 0)
    return pm->forksTest;
  return pm->cowFaultNs == 0 || pm->cowFaultNs <= kForkFaultNs;
}

static int64_t monoNs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

// Pages the pipeline touched before a fork, to write after it: what each
// write costs is what a fault costs now. Null when it cannot be mapped.
static char *probePages(void) {
  long page = sysconf(_SC_PAGESIZE);
  char *p = mmap(NULL, (size_t)page * kProbePages, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  for (int k = 0; k < kProbePages; ++k)
    p[(size_t)k * (size_t)page] = 1;
  return p;
}

// After the fork (the printer shares the probe's pages): the faults'
// mean cost, the cheaper half of the pages' writes (a preemption in the
// middle would count as faults).
static void probeCow(IrsPassManagerImpl *pm, char *p) {
  long page = sysconf(_SC_PAGESIZE);
  int64_t half[2];
  for (int h = 0; h < 2; ++h) {
    int64_t t0 = monoNs();
    for (int k = h * kProbePages / 2; k < (h + 1) * kProbePages / 2; ++k)
      ((volatile char *)p)[(size_t)k * (size_t)page] = 2;
    half[h] = monoNs() - t0;
  }
  int64_t best = half[0] < half[1] ? half[0] : half[1];
  pm->cowFaultNs = best / (kProbePages / 2) + 1;
  munmap(p, (size_t)page * kProbePages);
  irsPhaseAdd(pm->phases, IrsPhaseProbe, 0, pm->cowFaultNs,
              irsBgDumpForksPay(pm));
}

static int start(IrsPassManagerImpl *pm, intptr_t step, MlirOperation module,
                 const char *path, bool generic, bool debugInfo, bool table) {
  int e = makeRoom(pm, table);
  if (e)
    return e;
  IrsBgDump d = {0, step, irsStrDup(path), -1, NULL, NULL, 0, -1};
  if (!d.path || (table && !prepareTable(pm, module, &d))) {
    dropTable(&d);
    free(d.path);
    return ENOMEM;
  }
  // This step's dump holds the fingerprints the pipeline skipped
  // (LazyFingerprint.c): a socket to ask for them.
  int sv[2] = {-1, -1};
  if (pm->numHeld && pm->heldStep == step &&
      socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    sv[0] = sv[1] = -1;
  char *probe = pm->cowFaultNs ? NULL : probePages();
  IrsPhaseMark m = irsPhaseBegin(pm->phases);
  pid_t pid = fork();
  if (probe && pid > 0)
    probeCow(pm, probe);
  else if (probe && pid < 0)
    munmap(probe, (size_t)sysconf(_SC_PAGESIZE) * kProbePages);
  if (pid < 0) {
    e = errno;
    if (sv[0] >= 0) {
      close(sv[0]);
      close(sv[1]);
    }
    dropTable(&d);
    free(d.path);
    return e;
  }
  if (pid == 0) {
    if (sv[0] >= 0)
      close(sv[0]);
    childPrint(pm, &d, module, generic, debugInfo, sv[1]);
  }
  if (sv[0] >= 0) {
    close(sv[1]);
    irsBgDumpReleaseHeld(pm); // an older holder, if any
    d.ansFd = sv[0];
    atomic_store(&pm->heldReqFd, sv[0]);
  }
  irsPhaseEnd(pm->phases, IrsPhaseFork, m, 0);
  atomic_store(&pm->bgPid, pid);
  d.pid = pid;
  pm->bg[pm->numBg++] = d;
  if (step >= 0)
    pm->rec.steps[step].dumpPending = true;
  return 0;
}

int irsBgDumpStart(IrsPassManagerImpl *pm, intptr_t step, MlirOperation module,
                   const char *path, bool generic, bool debugInfo) {
  return start(pm, step, module, path, generic, debugInfo, false);
}

int irsBgDumpStitch(IrsPassManagerImpl *pm, intptr_t step, MlirOperation module,
                    const char *path) {
  // The child reads the cache as it is now: the dumps in flight on threads
  // put their texts there first (makeRoom joins them).
  return start(pm, step, module, path, false, false, true);
}

void irsBgDumpSettleTables(IrsPassManagerImpl *pm) {
  for (intptr_t k = 0; k < pm->numBg;) {
    if (pm->bg[k].tableFd < 0) {
      ++k;
      continue;
    }
    int status = 0;
    IrsPhaseMark m = irsPhaseBegin(pm->phases);
    pid_t r = reapOne(pm, pm->bg[k].pid, &status, 0);
    irsPhaseEnd(pm->phases, IrsPhaseWait, m, 0);
    if (r < 0)
      status = access(pm->bg[k].path, F_OK) == 0 ? (kWholeOk << 8) : (EIO << 8);
    if (finish(pm, k, status, &pm->bgErr) != IRS_OK)
      pm->bgFailed = true;
  }
}

bool irsBgDumpCan(const IrsPassManagerImpl *pm, bool verified) {
  // The child must not verify (the printer would, on unverified IR) nor
  // need MLIR's threads; a context without threads keeps its synchronous
  // dumps (and the memory of one module).
  return verified && !pm->opts.dump.printGeneric && !pm->opts.dump.printDebugInfo &&
         pm->opts.run.threadingEnabled && mlirContextGetNumThreads(pm->ctx) >= 2;
}

bool irsBgDumpWanted(IrsPassManagerImpl *pm, bool verified) {
  return pm->dumpAliased && irsBgDumpCan(pm, verified);
}

void irsBgDumpCollect(IrsPassManagerImpl *pm, MlirOperation module) {
  if (pm->numBg && irsBgDumpReap(pm, false, &pm->bgErr) != IRS_OK)
    pm->bgFailed = true;
  // A printer still at work is waited for when its texts would serve the
  // next dump: a quarter or more of the module's top-level ops have its
  // keys, half for a module with aliases (matched in order from a moving
  // cursor, as the cache's are).
  const IrsBgDump *d = NULL;
  for (intptr_t k = 0; k < pm->numBg; ++k)
    if (pm->bg[k].tableFd >= 0)
      d = &pm->bg[k];
  MlirBlock body = irsDumpModuleBody(module);
  if (!d || mlirBlockIsNull(body))
    return;
  size_t n = irsDumpCountTops(body), k = 0, cursor = 0, same = 0;
  const uint64_t *fps = pm->numTopFps == n ? pm->topFps : NULL;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o), ++k) {
    uint64_t fp = fps ? fps[k] : irsFingerprint(o, NULL);
    for (size_t probe = 0; probe < d->n && probe < 8; ++probe) {
      size_t idx = (cursor + probe) % d->n;
      if (d->ops[idx] == o.ptr && d->fps[idx] == fp) {
        ++same;
        cursor = idx + 1;
        break;
      }
    }
  }
  // A module with aliases is stitched only from half its texts (else
  // printed whole, childPrint): a quarter is not worth waiting for.
  if (same * (pm->dumpAliased ? 2 : 4) >= n && n > 0)
    irsBgDumpSettleTables(pm);
}

void irsBgDumpSettle(IrsPassManagerImpl *pm) {
  irsPmDumpJoin(pm);
  if (pm->numBg && irsBgDumpReap(pm, true, &pm->bgErr) != IRS_OK)
    pm->bgFailed = true;
}

int irsBgDumpSnapshot(IrsPassManagerImpl *pm, intptr_t step,
                      MlirOperation module, const char *path) {
  int e = irsBgDumpStart(pm, step, module, path, false, false);
  if (e == 0) {
    // Texts of a module with aliases are of no use to its dumps.
    irsDumpCacheDestroy(pm->dumpCache);
    pm->dumpCache = NULL;
  }
  return e;
}

void irsBgDumpReleaseHeld(IrsPassManagerImpl *pm) {
  int fd = atomic_exchange(&pm->heldReqFd, -1);
  if (fd >= 0)
    close(fd);
  for (intptr_t k = 0; k < pm->numBg; ++k)
    pm->bg[k].ansFd = -1;
}

bool irsBgDumpAskFps(IrsPassManagerImpl *pm, intptr_t step, const size_t *idx,
                     size_t n, uint64_t *out) {
  IrsBgDump *d = NULL;
  for (intptr_t k = 0; k < pm->numBg; ++k)
    if (pm->bg[k].step == step && pm->bg[k].ansFd >= 0)
      d = &pm->bg[k];
  int fd = d ? atomic_load(&pm->heldReqFd) : -1;
  uint32_t *w = n ? malloc(n * sizeof(uint32_t)) : NULL;
  bool ok = fd >= 0 && fd == d->ansFd && w && n <= UINT32_MAX;
  for (size_t k = 0; ok && k < n; ++k)
    w[k] = (uint32_t)idx[k];
  uint32_t count = (uint32_t)n;
  IrsPhaseMark m = irsPhaseBegin(pm->phases);
  ok = ok && sendAll(fd, &count, sizeof(count)) &&
       sendAll(fd, w, n * sizeof(uint32_t)) &&
       readUpTo(fd, out, n * sizeof(uint64_t)) == n * sizeof(uint64_t);
  irsPhaseEnd(pm->phases, IrsPhaseAsk, m, ok ? (int64_t)(n * sizeof(uint64_t)) : 0);
  free(w);
  // The printer's table gets the keys its texts have.
  for (size_t k = 0; ok && d->fps && k < n; ++k)
    if (idx[k] < d->n)
      d->fps[idx[k]] = out[k];
  irsBgDumpReleaseHeld(pm);
  return ok;
}
