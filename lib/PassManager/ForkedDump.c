// SPDX-License-Identifier: Apache-2.0
//===- ForkedDump.c - a forked printer's stitched dump and its table ------===//
//
// A module-level conversion changes most functions of a module that grows
// tenfold: a dump finished on a thread (AsyncDump.c) would first clone
// them, the module twice in memory for every dump in flight. A forked
// printer (BackgroundDump.c) shares the module copy-on-write instead, and
// here writes the stitched dump op by op: the text of an op the step left
// alone comes from the dump cache it inherited, the others are printed
// (local scope) and written at once, so the child holds one op's text at
// a time.
//
// The child cannot fill the parent's cache, and without it the next dumps
// would print every op again. So it writes, for each top-level op, where
// its text lies in the dump (offset, indented length, text length) to a
// table the parent handed it (a memfd); the parent makes that the cache
// (irsDumpCacheAdoptFile), and an op's text is read back from the dump file
// only when a later dump needs it (StitchedDump.c, irsDumpEntryLoad). The
// parent's cache then costs no memory for the texts a conversion replaces.
//
// A printer of 8 top-level ops or more forks a second one (the fork's cost
// is the printer's, not the pipeline's): it prints the second half of the
// ops to print into a memfd and their places into the table, the
// first prints the rest, then appends that file in the kernel. Each op is
// printed alone (local scope), or with the module's shared printing state
// (a module with aliases: SharedDump.c), built before the fork so the
// second inherits it; either way the bytes are one printer's. When the
// pipeline waits for the dump (the run's end), both cores print it.
//
// Texts printed with a shared state are reusable only by a printer whose
// header (alias definitions, module line) is the same bytes: the table
// ends with the header's length, and the parent keeps the header
// (IrsDumpCache.sharedHeader) to compare. A dump printed whole with
// aliases (BufferedDump.c) has no places in its table (kWholeTable): the
// parent keeps the ops' keys, and a printer that finds half of them
// unchanged reads the places and the header from that dump
// (irsDumpCacheScan) before it stitches.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // O_TMPFILE, memfd_create
#include "Fingerprint.h"
#include "StitchedDump.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// A module with fewer top-level ops is printed by one printer.
enum { kSplitMin = 8 };
// The header length in the table of a dump printed whole with aliases
// (BufferedDump.c): the places are found when wanted (irsDumpCacheScan).
static const uint64_t kWholeTable = UINT64_MAX;

/// One op's place in a forked printer's dump.
typedef struct Row {
  uint64_t off, ilen, len;
} Row;

/// How a forked printer prints an op the cache has no text for: local
/// scope, or with the module's shared state (SharedDump.c).
typedef struct Printer {
  MlirOpPrintingFlags local;
  IrsDumpShared *shared;
  IrsPhases *ph; // nullable; each printer process adds its "reuse" line
  // The op being printed. One buffer for all: a fresh one per op would be
  // allocated from free chunks on pages shared with the pipeline, each
  // first write a page copied.
  IrsBuf *text;
} Printer;

// The op's text (in p->text), or null when it cannot be stitched (or no
// memory).
static const char *printOp(const Printer *p, MlirOperation o, size_t *len) {
  bool ok = p->shared ? irsDumpSharedPrintTopInto(p->shared, o, p->text)
                      : irsDumpPrintTopInto(o, p->local, p->text) &&
                            p->text->data &&
                            !irsDumpTextMayAlias(p->text->data, p->text->len);
  *len = p->text->len;
  return ok && p->text->data ? p->text->data : NULL;
}

// The texts of ops [begin, end) written from file offset `off`, their
// places in rows[begin..end); false (file left to the caller to abort)
// when one cannot be stitched. `cache` holds texts of p's kind, or is null.
static bool writeOps(IrsDumpCache *cache, MlirBlock body, size_t begin,
                     size_t end, const uint64_t *topFps, IrsAtomicFile *af,
                     uint64_t off, Row *rows, const Printer *p) {
  // The cache's entries are in the order of the last dump's ops: op k's is
  // near k (irsDumpCacheFind probes from the cursor on).
  size_t k = 0, cursor = begin;
  MlirOperation o = mlirBlockGetFirstOperation(body);
  for (; k < begin && !mlirOperationIsNull(o); ++k)
    o = mlirOperationGetNextInBlock(o);
  bool ok = true;
  for (; ok && k < end && !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o), ++k) {
    uint64_t fp = topFps ? topFps[k] : irsFingerprint(o, NULL);
    IrsDumpEntry *hit = irsDumpCacheFind(cache, o.ptr, fp, &cursor);
    size_t len = 0;
    const char *t = hit ? hit->text : NULL;
    if (hit) {
      len = hit->len;
    } else {
      t = printOp(p, o, &len);
      ok = t != NULL;
    }
    if (ok) {
      size_t il = irsDumpWriteIndented(af, t, len);
      rows[k] = (Row){off, il, len};
      off += il;
      if (hit)
        irsPhaseAdd(p->ph, IrsPhaseReuse, 0, 0, (int64_t)il);
    }
    if (hit) { // read from the last dump for this one; not needed again
      free(hit->text);
      hit->text = NULL;
    }
  }
  return ok && k == end;
}

// Where to split ops [0, n) so that each printer prints about half of the
// ops the cache has no text for (keys only: nothing is read).
static size_t splitPoint(const IrsDumpCache *cache, MlirBlock body, size_t n,
                         const uint64_t *fps) {
  bool *fresh = calloc(n ? n : 1, sizeof(bool));
  if (!fresh)
    return n / 2;
  size_t k = 0, cursor = 0, total = 0;
  size_t num = cache ? cache->num : 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       k < n && !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o), ++k) {
    uint64_t fp = fps ? fps[k] : irsFingerprint(o, NULL);
    bool hit = false;
    for (size_t probe = 0; probe < num && probe < 8 && !hit; ++probe) {
      const IrsDumpEntry *e = &cache->entries[(cursor + probe) % num];
      hit = e->op == o.ptr && e->fp == fp && (e->text || e->ilen);
      if (hit)
        cursor = (cursor + probe) % num + 1;
    }
    fresh[k] = !hit;
    total += !hit;
  }
  size_t at = 0;
  for (size_t seen = 0; at < n && seen * 2 < total; ++at)
    seen += fresh[at];
  free(fresh);
  return at;
}

// A file for the tail's part: a memfd, whose pages (tmpfs) are freed when
// the part is appended. The append is a real copy wherever the dump lies:
// it starts at the end of the first half, not at a block boundary, so no
// file system can share the part's extents. A part in a file next to the
// dump would thus be written to that file system twice; in memory it is
// written there once (it holds up to half a dump until then). Without
// memfd, an unnamed file next to the dump.
static int partFile(const char *path) {
  int fd = memfd_create("irscope-dump-part", MFD_CLOEXEC);
  if (fd >= 0)
    return fd;
  const char *slash = strrchr(path, '/');
  char *dir = slash ? strndup(path, (size_t)(slash - path + 1)) : strdup(".");
  fd = dir ? open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600) : -1;
  free(dir);
  return fd;
}

// The tail printer: ops [at, n) and the closing brace into `partFd`, their
// places (from the part's start) into the table. Never returns.
static _Noreturn void printTail(IrsDumpCache *cache, MlirBlock body, size_t at,
                                size_t n, const uint64_t *fps, int partFd,
                                int tableFd, Row *rows, const Printer *p) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpenFd(&af, partFd);
  if (!e) {
    bool ok = writeOps(cache, body, at, n, fps, &af, 0, rows, p);
    irsAtomicFileWrite(&af, "}\n\n", 3);
    e = irsAtomicFileCommit(&af);
    e = e ? e : ok ? 0 : EINVAL;
  }
  if (!e)
    e = irsPwriteAll(tableFd, rows + at, (n - at) * sizeof(Row),
                     (off_t)(at * sizeof(Row)));
  irsPhasesAppend(p->ph, IrsPhaseReuse);
  _exit(e ? 1 : 0);
}

// Ops [at, n) from offset `off`: the tail printer's part and places when
// it delivered them, else printed here. False when one cannot be stitched.
static bool joinTail(IrsDumpCache *cache, MlirBlock body, size_t at, size_t n,
                     const uint64_t *fps, pid_t tail, int partFd, int tableFd,
                     IrsAtomicFile *af, uint64_t off, Row *rows,
                     IrsPhases *ph, const Printer *p) {
  int status = 0;
  struct rusage ru = {0};
  pid_t r;
  do
    r = tail > 0 ? wait4(tail, &status, 0, &ru) : -1;
  while (r < 0 && errno == EINTR);
  struct stat st;
  size_t m = (n - at) * sizeof(Row);
  if (r == tail && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
      fstat(partFd, &st) == 0 &&
      pread(tableFd, rows + at, m, (off_t)(at * sizeof(Row))) == (ssize_t)m) {
    for (size_t k = at; k < n; ++k)
      rows[k].off += off;
    irsAtomicFileAppendFd(af, partFd, (uint64_t)st.st_size);
    irsPhaseAdd(ph, IrsPhaseSplit,
                (int64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000 +
                    (int64_t)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000,
                0, (int64_t)st.st_size);
    irsPhasesAppend(ph, IrsPhaseSplit);
    return true;
  }
  // No tail printer, or it failed: its ops are printed here.
  bool ok = writeOps(cache, body, at, n, fps, af, off, rows, p);
  irsAtomicFileWrite(af, "}\n\n", 3);
  return ok;
}

// Header and ops [0, at) into `af`, then the rest: by a forked tail
// printer when at < n (this printer prints meanwhile), else here.
static bool writeBody(IrsDumpCache *cache, MlirBlock body, size_t n,
                      size_t at, const uint64_t *fps, const char *path,
                      int tableFd, IrsAtomicFile *af, const IrsBuf *header,
                      Row *rows, IrsPhases *ph, const Printer *p) {
  int partFd = at < n ? partFile(path) : -1;
  pid_t tail = partFd >= 0 ? fork() : -1;
  if (tail == 0)
    printTail(cache, body, at, n, fps, partFd, tableFd, rows, p);
  if (tail < 0)
    at = n;
  irsAtomicFileWrite(af, header->data, header->len);
  bool ok = writeOps(cache, body, 0, at, fps, af, header->len, rows, p);
  uint64_t off = header->len;
  for (size_t k = 0; k < at; ++k)
    off += rows[k].ilen;
  if (at < n)
    ok = joinTail(cache, body, at, n, fps, ok ? tail : -1, partFd, tableFd,
                  af, off, rows, ph, p) && ok;
  else if (ok)
    irsAtomicFileWrite(af, "}\n\n", 3);
  if (tail > 0 && !ok) // reaped by joinTail otherwise
    waitpid(tail, NULL, 0);
  if (partFd >= 0)
    close(partFd);
  return ok;
}

// Writes the dump (header, then ops) and, once it is on disk, its table:
// rows[0..n), then the length of a shared printer's header (0 for local
// scope), which the parent reads back from the dump.
static int writeDump(IrsDumpCache *cache, MlirBlock body, const char *path,
                     bool split, const uint64_t *fps, int tableFd,
                     const IrsBuf *header, IrsPhases *ph, const Printer *p,
                     bool *stitched) {
  size_t n = irsDumpCountTops(body);
  size_t at = split && n >= kSplitMin ? splitPoint(cache, body, n, fps) : n;
  Row *rows = calloc(n ? n : 1, sizeof(Row));
  IrsAtomicFile af;
  int e = rows ? irsAtomicFileOpen(&af, path) : ENOMEM;
  if (e) {
    free(rows);
    return e;
  }
  if (!writeBody(cache, body, n, at, fps, path, tableFd, &af, header, rows,
                 ph, p)) {
    irsAtomicFileAbort(&af);
    free(rows);
    return 0;
  }
  e = irsAtomicFileCommit(&af);
  // The table only when the dump is on disk: the parent adopts it then.
  // A short table (a failed write) is refused by the parent.
  uint64_t sharedLen = p->shared ? header->len : 0;
  if (!e && tableFd >= 0 &&
      irsPwriteAll(tableFd, rows, n * sizeof(Row), 0) == 0)
    (void)irsPwriteAll(tableFd, &sharedLen, sizeof(sharedLen),
                       (off_t)(n * sizeof(Row)));
  *stitched = !e;
  free(rows);
  return e;
}

int irsDumpForkedStitch(IrsDumpCache *cache, MlirOperation module,
                        const char *path, bool split, bool shared,
                        const uint64_t *topFps, size_t numTopFps, int tableFd,
                        IrsPhases *ph, bool *stitched, bool *aliases) {
  *stitched = false;
  *aliases = false;
  MlirBlock body = irsDumpModuleBody(module);
  if (mlirBlockIsNull(body))
    return 0;
  IrsBuf header = IRS_BUF_INIT, text = IRS_BUF_INIT;
  IrsDumpShared sh;
  Printer p = {{NULL}, NULL, ph, &text};
  bool ok;
  if (shared) {
    // The state is built before the tail printer is forked: it inherits it.
    ok = irsDumpSharedBegin(module, &sh);
    if (ok) {
      p.shared = &sh;
      *aliases = sh.aliases;
    }
  } else {
    ok = irsDumpModuleHeader(module, &header, NULL) && !header.failed;
    p.local = irsDumpTopFlags(true);
  }
  const IrsBuf *hdr = shared ? &sh.header : &header;
  int e = 0;
  if (ok && shared && cache && !irsDumpCacheScan(cache))
    cache = NULL;
  if (ok) {
    if (!irsDumpCacheFits(cache, shared ? hdr : NULL))
      cache = NULL;
    size_t n = irsDumpCountTops(body);
    e = writeDump(cache, body, path, split, numTopFps == n ? topFps : NULL,
                  tableFd, hdr, ph, &p, stitched);
    if (*stitched)
      irsPhasesAppend(ph, IrsPhaseReuse);
  }
  if (p.shared)
    irsDumpSharedEnd(&sh);
  if (p.local.ptr)
    mlirOpPrintingFlagsDestroy(p.local);
  irsBufFree(&header);
  irsBufFree(&text);
  return e;
}

// The first n bytes of the dump at `path` (a shared printer's header).
static char *readHeader(const char *path, uint64_t n) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  char *h = fd >= 0 ? malloc(n + 1) : NULL;
  if (h && pread(fd, h, n, 0) == (ssize_t)n) {
    h[n] = '\0';
  } else {
    free(h);
    h = NULL;
  }
  if (fd >= 0)
    close(fd);
  return h;
}

bool irsDumpCacheAdoptFile(IrsDumpCache **cachep, const void *const *ops,
                           const uint64_t *fps, size_t n, const char *path,
                           int tableFd) {
  if (!*cachep)
    *cachep = irsDumpCacheNew();
  IrsDumpCache *cache = *cachep;
  if (!cache)
    return false;
  Row *rows = calloc(n ? n : 1, sizeof(Row));
  IrsDumpEntry *fresh = calloc(n ? n : 1, sizeof(IrsDumpEntry));
  struct stat st;
  char *p = irsStrDup(path);
  uint64_t sharedLen = 0;
  bool ok = rows && fresh && p && stat(path, &st) == 0 &&
            pread(tableFd, rows, n * sizeof(Row), 0) == (ssize_t)(n * sizeof(Row)) &&
            pread(tableFd, &sharedLen, sizeof(sharedLen),
                  (off_t)(n * sizeof(Row))) == (ssize_t)sizeof(sharedLen);
  bool whole = sharedLen == kWholeTable;
  if (whole)
    memset(rows, 0, n * sizeof(Row));
  char *shared = ok && sharedLen && !whole ? readHeader(path, sharedLen) : NULL;
  ok = ok && (!sharedLen || whole || shared);
  for (size_t k = 0; ok && k < n; ++k)
    fresh[k] = (IrsDumpEntry){.op = ops[k], .fp = fps[k], .len = rows[k].len,
                              .off = rows[k].off, .ilen = rows[k].ilen};
  free(rows);
  irsDumpCacheReplace(cache, fresh, fresh ? n : 0, ok);
  if (ok) {
    cache->filePath = p;
    cache->fileStat = st;
    cache->sharedHeader = shared;
    cache->sharedHeaderLen = whole ? 0 : sharedLen;
    cache->scanPending = whole;
  } else {
    free(p);
    free(shared);
  }
  return ok;
}

int irsDumpTableMarkWhole(int tableFd, size_t n) {
  return irsPwriteAll(tableFd, &kWholeTable, sizeof kWholeTable,
                      (off_t)(n * sizeof(Row)));
}
