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
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "StitchedDump.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// One op's place in a forked printer's dump.
typedef struct Row {
  uint64_t off, ilen, len;
} Row;

// The ops' texts written after the header; false (file left to the caller
// to abort) when one may be aliased or cannot be printed.
static bool writeOps(IrsDumpCache *cache, MlirBlock body, size_t n,
                     const uint64_t *topFps, bool assumeVerified,
                     IrsAtomicFile *af, uint64_t off, Row *rows) {
  MlirOpPrintingFlags f = irsDumpTopFlags(assumeVerified);
  size_t k = 0, cursor = 0;
  bool ok = true;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       ok && !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o), ++k) {
    uint64_t fp = topFps ? topFps[k] : irsFingerprint(o, NULL);
    IrsDumpEntry *hit = irsDumpCacheFind(cache, o.ptr, fp, &cursor);
    size_t len = 0;
    char *own = NULL;
    const char *t = hit ? hit->text : NULL;
    if (hit) {
      len = hit->len;
    } else {
      t = own = irsDumpPrintTopWith(o, f, &len);
      ok = own && !irsDumpTextMayAlias(own, len);
    }
    if (ok) {
      size_t il = irsDumpWriteIndented(af, t, len);
      rows[k] = (Row){off, il, len};
      off += il;
    }
    free(own);
    if (hit) { // read from the last dump for this one; not needed again
      free(hit->text);
      hit->text = NULL;
    }
  }
  mlirOpPrintingFlagsDestroy(f);
  return ok && k == n;
}

static int writeAll(int fd, const void *data, size_t n) {
  const char *p = data;
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return w < 0 ? errno : EIO;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

int irsDumpForkedStitch(IrsDumpCache *cache, MlirOperation module,
                        const char *path, bool assumeVerified,
                        const uint64_t *topFps, size_t numTopFps, int tableFd,
                        bool *stitched) {
  *stitched = false;
  MlirBlock body = irsDumpModuleBody(module);
  IrsBuf header = IRS_BUF_INIT;
  if (mlirBlockIsNull(body) || !irsDumpModuleHeader(module, &header, NULL) ||
      header.failed) {
    irsBufFree(&header);
    return 0;
  }
  size_t n = irsDumpCountTops(body);
  Row *rows = calloc(n ? n : 1, sizeof(Row));
  IrsAtomicFile af;
  int e = rows ? irsAtomicFileOpen(&af, path) : ENOMEM;
  if (e) {
    free(rows);
    irsBufFree(&header);
    return e;
  }
  irsAtomicFileWrite(&af, header.data, header.len);
  if (!writeOps(cache, body, n, numTopFps == n ? topFps : NULL, assumeVerified,
                &af, header.len, rows)) {
    irsAtomicFileAbort(&af);
    free(rows);
    irsBufFree(&header);
    return 0;
  }
  irsAtomicFileWrite(&af, "}\n\n", 3);
  e = irsAtomicFileCommit(&af);
  // The table only when the dump is on disk: the parent adopts it then.
  // A short table (a failed write) is refused by the parent.
  if (!e && tableFd >= 0)
    (void)writeAll(tableFd, rows, n * sizeof(Row));
  *stitched = !e;
  free(rows);
  irsBufFree(&header);
  return e;
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
  bool ok = rows && fresh && p && stat(path, &st) == 0 &&
            pread(tableFd, rows, n * sizeof(Row), 0) == (ssize_t)(n * sizeof(Row));
  for (size_t k = 0; ok && k < n; ++k)
    fresh[k] = (IrsDumpEntry){.op = ops[k], .fp = fps[k], .len = rows[k].len,
                              .off = rows[k].off, .ilen = rows[k].ilen};
  free(rows);
  irsDumpCacheReplace(cache, fresh, fresh ? n : 0, ok);
  if (ok) {
    cache->filePath = p;
    cache->fileStat = st;
  } else {
    free(p);
  }
  return ok;
}
