// SPDX-License-Identifier: Apache-2.0
//===- StitchedDump.c - dumps printed one top-level op at a time ----------===//
//
// Printing a 10 MB module takes ~0.4 s, and a dump per step of a long
// pipeline on a large module would cost more than the passes. Most steps
// leave most functions untouched, and functions are isolated from above, so
// a module's text is the concatenation of its top-level ops' texts, each
// indented by two spaces, between the module's header and "}". This file
// keeps the printed text of every top-level op keyed by (op, fingerprint)
// and reprints only ops that changed, on two threads when the context is
// multithreaded (printing only reads IR; uniquing is locked then).
//
// The equivalence holds only when the module printer would not introduce
// aliases (#map = ..., #loc = ..., dialect aliases), which are module-wide
// and printed at the top. Standalone local-scope printing never uses
// aliases, so a top-level op whose text contains anything that could be
// aliased (affine maps/sets, distinct attributes, resources, big tuples, or
// an attribute or type of a dialect not known to be alias-free), generic or
// debug-info printing, or an unusual module make the caller fall back to
// printing the module whole. The result is then byte-identical to
// mlirOperationPrint of the module; tests compare the two.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memmem
#include "PassManagerImpl.h"

#include "../Support/Fs.h"
#include "Fingerprint.h"
#include "StitchedDump.h"
#include "TextPool.h"
#include "TextScan.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

typedef IrsDumpEntry Entry;

IrsDumpCache *irsDumpCacheNew(void) {
  IrsDumpCache *c = calloc(1, sizeof(*c));
  if (c)
    c->fileFd = -1;
  return c;
}

static void closeFile(IrsDumpCache *c) {
  if (c->fileFd >= 0)
    close(c->fileFd);
  c->fileFd = -1;
  free(c->filePath);
  c->filePath = NULL;
}

bool irsDumpCacheFits(const IrsDumpCache *cache, const IrsBuf *header) {
  if (cache && cache->scanPending)
    return false;
  if (!cache || !header)
    return !cache || !cache->sharedHeader;
  return cache->sharedHeader && cache->sharedHeaderLen == header->len &&
         memcmp(cache->sharedHeader, header->data, header->len) == 0;
}

// The cache's dump file, opened now if it is still the file adopted.
static bool openFile(IrsDumpCache *c) {
  if (c->fileFd >= 0)
    return true;
  if (!c->filePath)
    return false;
  int fd = open(c->filePath, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && st.st_ino == c->fileStat.st_ino &&
      st.st_dev == c->fileStat.st_dev && st.st_size == c->fileStat.st_size &&
      st.st_mtim.tv_sec == c->fileStat.st_mtim.tv_sec &&
      st.st_mtim.tv_nsec == c->fileStat.st_mtim.tv_nsec) {
    c->fileFd = fd;
    return true;
  }
  if (fd >= 0)
    close(fd);
  free(c->filePath); // not asked again
  c->filePath = NULL;
  return false;
}

void irsDumpCacheDestroy(IrsDumpCache *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->num; ++i)
    free(c->entries[i].text);
  free(c->entries);
  closeFile(c);
  free(c->sharedHeader);
  free(c);
}

// The inverse of irsDumpWriteIndented: a text of `len` bytes from its
// indented form t[0..n); false when t is not one.
static bool unindent(const char *t, size_t n, char *out, size_t len) {
  size_t o = 0, i = 0;
  while (i < n) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t j = nl ? (size_t)(nl - t) : n;
    if (j > i) {
      if (j - i < 2 || t[i] != ' ' || t[i + 1] != ' ' || o + (j - i - 2) > len)
        return false;
      memcpy(out + o, t + i + 2, j - i - 2);
      o += j - i - 2;
    }
    if (nl && j + 1 < n) {
      if (o >= len)
        return false;
      out[o++] = '\n';
    }
    i = j + 1;
  }
  out[o] = '\0';
  return o == len;
}

bool irsDumpEntryLoad(IrsDumpCache *c, Entry *e) {
  if (e->text)
    return true;
  if (!c || e->ilen == 0 || !openFile(c))
    return false;
  char *raw = malloc(e->ilen);
  char *t = malloc(e->len + 1);
  bool ok = raw && t &&
            pread(c->fileFd, raw, e->ilen, (off_t)e->off) == (ssize_t)e->ilen &&
            unindent(raw, e->ilen, t, e->len);
  free(raw);
  if (!ok) {
    free(t);
    e->ilen = 0;
    return false;
  }
  e->text = t;
  return true;
}

bool irsDumpCacheScan(IrsDumpCache *c) {
  if (!c->scanPending)
    return true;
  struct stat st;
  bool ok = openFile(c) && fstat(c->fileFd, &st) == 0 && st.st_size > 0;
  size_t size = ok ? (size_t)st.st_size : 0;
  char *t = ok ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, c->fileFd, 0)
               : MAP_FAILED;
  size_t h = 0;
  ok = t != MAP_FAILED && irsDumpScanWhole(t, size, c->entries, c->num, &h);
  char *header = ok ? malloc(h + 1) : NULL;
  if (header) {
    memcpy(header, t, h);
    header[h] = '\0';
  }
  if (t != MAP_FAILED)
    munmap(t, size);
  if (!header) {
    irsDumpCacheReplace(c, NULL, 0, false);
    return false;
  }
  c->sharedHeader = header;
  c->sharedHeaderLen = h;
  c->scanPending = false;
  return true;
}

size_t irsDumpCacheCountKeys(const IrsDumpCache *cache, MlirBlock body,
                             size_t n, const uint64_t *fps) {
  size_t k = 0, cursor = 0, hits = 0, num = cache ? cache->num : 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       k < n && !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o), ++k) {
    uint64_t fp = fps ? fps[k] : irsFingerprint(o, NULL);
    for (size_t probe = 0; probe < num && probe < 8; ++probe) {
      const Entry *e = &cache->entries[(cursor + probe) % num];
      if (e->op == o.ptr && e->fp == fp) {
        ++hits;
        cursor = (cursor + probe) % num + 1;
        break;
      }
    }
  }
  return hits;
}

Entry *irsDumpCacheFind(IrsDumpCache *cache, const void *op, uint64_t fp,
                        size_t *cursor) {
  for (size_t probe = 0; cache && probe < cache->num && probe < 8; ++probe) {
    size_t idx = (*cursor + probe) % cache->num;
    Entry *e = &cache->entries[idx];
    if (e->op == op && e->fp == fp && irsDumpEntryLoad(cache, e)) {
      *cursor = idx + 1;
      return e;
    }
  }
  return NULL;
}

// Dialects whose attributes and types never get aliases.
static bool aliasFreeDialect(const char *d, size_t n) {
  static const char *const ok[] = {
      "arith", "builtin", "cf", "complex", "func", "index", "math",
      "memref", "scf", "tensor", "ub", "vector", "bufferization",
      "affine", "linalg", "shape", "ml_program", "emitc", "async", NULL};
  for (const char *const *p = ok; *p; ++p)
    if (strlen(*p) == n && memcmp(*p, d, n) == 0)
      return true;
  return false;
}

// True if the module printer could use an alias for something in `t`.
// The LLVM dialect aliases no type, and of its attributes only debug
// info (di_*), loop annotations (loop_*), TBAA (tbaa_*), access groups and
// alias scopes (its OpAsmDialectInterface). Those also show through op
// syntax that prints them stripped (the dbg intrinsics) or under attribute
// names (tbaa, loop_annotation, access_groups, alias_scopes), so a text
// naming none of these words anywhere holds nothing the LLVM dialect would
// alias. A false alarm (an identifier containing "di_") only costs a
// whole-module print. Every word has a '_' or a 'b' at a fixed place, so
// one scan stopping at those two bytes finds any of them (a search per
// word read a big function's text six times).
static bool llvmMayAlias(const char *t, size_t n) {
  static const struct {
    const char *word;
    size_t len, at; // where its '_' or 'b' is
  } words[] = {{"di_", 3, 2},           {"loop_", 5, 4}, {"tbaa", 4, 1},
               {"access_group", 12, 6}, {"alias_scope", 11, 5},
               {"dbg", 3, 1}};
  for (size_t i = irsTextNextStop(t, 0, n, '_', 'b', '_', 'b'); i < n;
       i = irsTextNextStop(t, i + 1, n, '_', 'b', '_', 'b'))
    for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); ++w)
      if (words[w].word[words[w].at] == t[i] && i >= words[w].at &&
          n - (i - words[w].at) >= words[w].len &&
          memcmp(t + i - words[w].at, words[w].word, words[w].len) == 0)
        return true;
  return false;
}

// "#dialect.x" / "!dialect.x" at t[i] of a dialect that may define aliases.
// *llvm caches llvmMayAlias of the whole text (-1: not asked yet).
static bool aliasingDialectAt(const char *t, size_t n, size_t i, int *llvm) {
  size_t j = i + 1;
  while (j < n && irsTextIsIdent(t[j]))
    ++j;
  if (!(j < n && t[j] == '.' && j > i + 1) ||
      aliasFreeDialect(t + i + 1, j - i - 1))
    return false;
  if (j - i - 1 == 4 && memcmp(t + i + 1, "llvm", 4) == 0) {
    if (*llvm < 0)
      *llvm = llvmMayAlias(t, n);
    return *llvm;
  }
  return true;
}

// The words that start something aliased, as `word` then `end` (the
// character the scan below stops at); `builtin`: a stitched dump names it
// itself (AliasStitch.c).
static const struct {
  const char *word;
  size_t len;
  char end;
  bool builtin;
} kAliasedWords[] = {{"affine_map", 10, '<', true},
                     {"affine_set", 10, '<', true},
                     {"distinct", 8, '[', false},
                     {"dense_resource", 14, '<', false},
                     {"tuple", 5, '<', false}};

// True if `word` ends just before t[i] and starts a word (no identifier
// character before it).
static bool wordBefore(const char *t, size_t i, const char *word, size_t len) {
  return i >= len && memcmp(t + i - len, word, len) == 0 &&
         (i == len || !irsTextIsIdent(t[i - len - 1]));
}

IrsAliasKind irsDumpTextAliasKind(const char *t, size_t n) {
  // Locations are only printed with debug info, which never stitches.
  // This runs over every byte the dumps print, so it stops only where
  // something aliased can show: at '#' or '!' (a dialect attribute or
  // type) and at the '<' or '[' that ends one of the words above, and
  // looks back from there.
  int llvm = -1;
  IrsAliasKind kind = IrsAliasNone;
  for (size_t i = irsTextNextStop(t, 0, n, '#', '!', '<', '['); i < n;
       i = irsTextNextStop(t, i + 1, n, '#', '!', '<', '[')) {
    char c = t[i];
    if (c == '#' || c == '!') {
      if (aliasingDialectAt(t, n, i, &llvm))
        return IrsAliasOther;
      continue;
    }
    for (size_t w = 0; w < sizeof(kAliasedWords) / sizeof(kAliasedWords[0]); ++w)
      if (kAliasedWords[w].end == c &&
          wordBefore(t, i, kAliasedWords[w].word, kAliasedWords[w].len)) {
        if (!kAliasedWords[w].builtin)
          return IrsAliasOther;
        kind = IrsAliasBuiltin;
      }
  }
  return kind;
}

bool irsDumpTextMayAlias(const char *t, size_t n) {
  return irsDumpTextAliasKind(t, n) != IrsAliasNone;
}

MlirOpPrintingFlags irsDumpTopFlags(bool assumeVerified) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsUseLocalScope(f);
  if (assumeVerified)
    mlirOpPrintingFlagsAssumeVerified(f);
  return f;
}

bool irsDumpPrintTopInto(MlirOperation op, MlirOpPrintingFlags f, IrsBuf *out) {
  irsBufReset(out);
  mlirOperationPrintWithFlags(op, f, irsBufStringCallback, out);
  return !out->failed;
}

char *irsDumpPrintTopWith(MlirOperation op, MlirOpPrintingFlags f, size_t *len) {
  IrsBuf b = IRS_BUF_INIT;
  irsDumpPrintTopInto(op, f, &b);
  *len = b.len;
  return irsBufDetach(&b);
}

char *irsDumpPrintTop(MlirOperation op, bool assumeVerified, size_t *len) {
  MlirOpPrintingFlags f = irsDumpTopFlags(assumeVerified);
  char *t = irsDumpPrintTopWith(op, f, len);
  mlirOpPrintingFlagsDestroy(f);
  return t;
}

typedef struct Job {
  MlirOperation *ops;
  Entry *out;
  bool *todo;
  size_t n;
  size_t *next; // the next op to claim, shared by the threads
  bool assumeVerified;
  IrsTextPool *pool;
  IrsPhases *ph;
  // Non-null: verify every op first (all of them, printed or not), set
  // *failed for one that fails and leave it unprinted (VerifyPrint.c).
  bool *failed;
} Job;

// The verifier on op i where it is about to be printed (or was reused):
// the op is then in this core's cache for the print. Its time is moved
// from the print's phase (*print, begun before) to the verifier's.
static bool verifyOne(Job *j, size_t i, IrsPhaseMark *print) {
  if (!j->failed)
    return true;
  IrsPhaseMark m = irsPhaseBegin(j->ph);
  bool ok = mlirOperationVerify(j->ops[i]);
  IrsPhaseMark e = irsPhaseBegin(j->ph);
  irsPhaseAdd(j->ph, IrsPhaseVerify, e.cpuNs - m.cpuNs, e.wallNs - m.wallNs, 0);
  print->cpuNs += e.cpuNs - m.cpuNs;
  print->wallNs += e.wallNs - m.wallNs;
  if (!ok)
    __atomic_store_n(j->failed, true, __ATOMIC_RELAXED);
  return ok;
}

// Prints the ops marked in `todo`, claiming them a few at a time from the
// shared cursor: top-level ops differ a hundredfold in size, so halves
// fixed in advance leave one thread idle while the other finishes. Each
// text is printed into one buffer the thread reuses, then copied into a
// buffer of its exact size (or a spare one).
static void *printRange(void *arg) {
  Job *j = arg;
  IrsPhaseMark m = irsPhaseBegin(j->ph);
  int64_t bytes = 0;
  MlirOpPrintingFlags f = irsDumpTopFlags(j->assumeVerified);
  IrsBuf scratch = IRS_BUF_INIT;
  enum { Claim = 4 };
  for (;;) {
    size_t begin = __atomic_fetch_add(j->next, Claim, __ATOMIC_RELAXED);
    if (begin >= j->n)
      break;
    size_t end = begin + Claim < j->n ? begin + Claim : j->n;
    for (size_t i = begin; i < end; ++i) {
      if (!verifyOne(j, i, &m) || !j->todo[i])
        continue;
      Entry *e = &j->out[i];
      if (!irsDumpPrintTopInto(j->ops[i], f, &scratch))
        continue; // out of memory: no text, the dump falls back
      char *t = irsTextPoolTake(j->pool, scratch.len + 1);
      if (!t)
        t = malloc(scratch.len + 1);
      if (!t)
        continue;
      memcpy(t, scratch.data ? scratch.data : "", scratch.len + 1);
      e->text = t;
      e->len = scratch.len;
      IrsAliasKind k = irsDumpTextAliasKind(t, e->len);
      e->aliased = k != IrsAliasNone;
      e->maps = k == IrsAliasBuiltin;
      bytes += (int64_t)e->len;
    }
  }
  irsBufFree(&scratch);
  mlirOpPrintingFlagsDestroy(f);
  if (bytes)
    irsPhaseEnd(j->ph, IrsPhasePrint, m, bytes);
  return NULL;
}

static bool moduleHeader(MlirOperation module, IrsBuf *out) {
  return irsDumpModuleHeader(module, out, NULL);
}

// The header, and with `shell` the empty module it was printed from (the
// caller's, to fill with top-level ops).
bool irsDumpModuleHeader(MlirOperation module, IrsBuf *out,
                              MlirOperation *shell) {
  // An empty module with the same attributes prints as "<header>{\n}\n".
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("builtin.module"),
      mlirOperationGetLocation(module));
  intptr_t na = mlirOperationGetNumAttributes(module);
  MlirNamedAttribute *attrs = calloc((size_t)(na ? na : 1), sizeof(*attrs));
  if (!attrs)
    return false;
  for (intptr_t i = 0; i < na; ++i)
    attrs[i] = mlirOperationGetAttribute(module, i);
  mlirOperationStateAddAttributes(&st, na, attrs);
  MlirRegion reg = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(reg, mlirBlockCreate(0, NULL, NULL));
  mlirOperationStateAddOwnedRegions(&st, 1, &reg);
  MlirOperation empty = mlirOperationCreate(&st);
  free(attrs);
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsAssumeVerified(f);
  IrsBuf b = IRS_BUF_INIT;
  mlirOperationPrintWithFlags(empty, f, irsBufStringCallback, &b);
  mlirOpPrintingFlagsDestroy(f);
  if (shell)
    *shell = empty;
  else
    mlirOperationDestroy(empty);
  bool ok = !b.failed && b.len >= 9 && memcmp(b.data, "module", 6) == 0 &&
            !irsDumpTextMayAlias(b.data, b.len);
  // Expected shape: "module ... {\n}\n" (trailing newline from top level).
  if (ok) {
    size_t n = b.len;
    if (n >= 4 && memcmp(b.data + n - 4, "{\n}\n", 4) == 0)
      irsBufAppend(out, b.data, n - 2);
    else
      ok = false;
  }
  irsBufFree(&b);
  return ok;
}

// A dump has hundreds of thousands of lines: each line and its newline go
// in one write.
size_t irsDumpWriteIndented(IrsAtomicFile *af, const char *t, size_t n) {
  size_t i = 0, out = 0;
  while (i < n) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t j = nl ? (size_t)(nl - t) : n;
    if (j > i) {
      irsAtomicFileWrite(af, "  ", 2);
      out += 2;
    }
    if (nl) {
      irsAtomicFileWrite(af, t + i, j - i + 1);
    } else {
      irsAtomicFileWrite(af, t + i, j - i);
      irsAtomicFileWrite(af, "\n", 1);
    }
    out += j - i + 1;
    i = j + 1;
  }
  return out;
}

// The dump: the module's header, then texts[0..n) indented, then "}".
// Written as it is assembled, through the file's 1 MiB buffer: a dump is
// as large as the module's text, and building it whole first cost a
// module-sized buffer grown by doubling, then a second copy of it.
int irsDumpWriteStitched(const char *path, const IrsBuf *header,
                         const char *const *texts, const size_t *lens,
                         size_t n, const IrsDumpAliases *a) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, path);
  if (e)
    return e;
  irsAtomicFileWrite(&af, header->data, header->len);
  for (size_t i = 0; i < n; ++i)
    irsDumpWriteText(&af, a, i, texts[i], lens[i]);
  irsAtomicFileWrite(&af, "}\n\n", 3);
  return irsAtomicFileCommit(&af);
}

// The one block of a builtin.module, or null when the module is not one
// the stitcher understands.
MlirBlock irsDumpModuleBody(MlirOperation module) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(module));
  if (name.length != 14 || memcmp(name.data, "builtin.module", 14) != 0 ||
      mlirOperationGetNumRegions(module) != 1)
    return (MlirBlock){NULL};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  if (mlirBlockIsNull(body) || !mlirBlockIsNull(mlirBlockGetNextInRegion(body)))
    return (MlirBlock){NULL};
  return body;
}

size_t irsDumpCountTops(MlirBlock body) {
  size_t n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    ++n;
  return n;
}

// Takes the cached text of every top-level op the step left alone (same op,
// same fingerprint) into `fresh`; marks the others in `todo`.
void irsDumpCacheTake(IrsDumpCache *cache, MlirBlock body, size_t n,
                       const uint64_t *topFps, size_t numTopFps,
                       MlirOperation *ops, Entry *fresh, bool *todo) {
  if (!irsDumpCacheFits(cache, NULL))
    cache = NULL;
  size_t k = 0;
  // Old entries are matched in order: passes rarely reorder functions, so a
  // moving cursor finds most of them at once.
  size_t cursor = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o), ++k) {
    ops[k] = o;
    fresh[k].op = o.ptr;
    fresh[k].fp = topFps && numTopFps == n ? topFps[k] : irsFingerprint(o, NULL);
    Entry *hit = irsDumpCacheFind(cache, o.ptr, fresh[k].fp, &cursor);
    if (hit) {
      fresh[k].text = hit->text;
      fresh[k].len = hit->len;
      fresh[k].aliased = hit->aliased;
      fresh[k].maps = hit->maps;
      hit->text = NULL; // moved
      hit->ilen = 0;
    } else {
      todo[k] = true;
    }
  }
}

void irsDumpPrintMissing(IrsDumpCache *cache, MlirOperation *ops, Entry *fresh,
                         bool *todo, size_t n, bool assumeVerified,
                         bool threads, IrsPhases *ph) {
  irsDumpVerifyPrintMissing(cache, ops, fresh, todo, n, assumeVerified,
                            threads, ph, NULL);
}

void irsDumpVerifyPrintMissing(IrsDumpCache *cache, MlirOperation *ops,
                               Entry *fresh, bool *todo, size_t n,
                               bool assumeVerified, bool threads,
                               IrsPhases *ph, bool *failed) {
  IrsTextPool pool;
  irsTextPoolInit(&pool, cache);
  size_t next = 0;
  Job job = {ops, fresh, todo, n, &next, assumeVerified, &pool, ph, failed};
  pthread_t th;
  bool useThread = threads && n > 1 && pthread_create(&th, NULL, printRange, &job) == 0;
  printRange(&job);
  if (useThread)
    pthread_join(th, NULL);
  irsTextPoolDispose(&pool);
}

// The new texts become the cache (also when we fall back: they are valid
// standalone prints; mayAlias is re-checked only for reprinted ones, so
// drop the cache on fallback to keep that invariant simple).
void irsDumpCacheReplace(IrsDumpCache *cache, Entry *fresh, size_t n, bool ok) {
  for (size_t i = 0; i < cache->num; ++i)
    free(cache->entries[i].text);
  free(cache->entries);
  closeFile(cache);
  free(cache->sharedHeader); // the new texts' kind is the caller's to set
  cache->sharedHeader = NULL;
  cache->sharedHeaderLen = 0;
  cache->scanPending = false;
  if (ok) {
    cache->entries = fresh;
    cache->num = n;
    return;
  }
  for (size_t i = 0; i < n; ++i)
    free(fresh[i].text);
  free(fresh);
  cache->entries = NULL;
  cache->num = 0;
}

int irsDumpModuleStitched(IrsDumpCache **cachep, MlirOperation module,
                          const char *path, bool assumeVerified,
                          bool threads, const uint64_t *topFps,
                          size_t numTopFps, IrsPhases *ph, bool *stitched) {
  *stitched = false;
  MlirBlock body = irsDumpModuleBody(module);
  if (mlirBlockIsNull(body))
    return 0;
  IrsBuf text = IRS_BUF_INIT;
  if (!moduleHeader(module, &text)) {
    irsBufFree(&text);
    return 0;
  }
  size_t n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    ++n;
  MlirOperation *ops = calloc(n ? n : 1, sizeof(*ops));
  Entry *fresh = calloc(n ? n : 1, sizeof(*fresh));
  bool *todo = calloc(n ? n : 1, sizeof(*todo));
  IrsDumpCache *cache = *cachep;
  if (!cache)
    cache = *cachep = irsDumpCacheNew();
  if (!ops || !fresh || !todo || !cache) {
    free(ops);
    free(fresh);
    free(todo);
    irsBufFree(&text);
    return 0;
  }
  irsDumpCacheTake(cache, body, n, topFps, numTopFps, ops, fresh, todo);
  irsDumpPrintMissing(cache, ops, fresh, todo, n, assumeVerified, threads, ph);
  const char **texts = calloc(n ? n : 1, sizeof(char *));
  size_t *lens = calloc(n ? n : 1, sizeof(size_t));
  bool *maps = calloc(n ? n : 1, sizeof(bool));
  IrsDumpAliases *aliases = NULL;
  bool ok = texts && lens && maps && !text.failed, anyMaps = false;
  for (size_t i = 0; i < n && ok; ++i) {
    ok = fresh[i].text && (!fresh[i].aliased || fresh[i].maps);
    maps[i] = fresh[i].aliased && fresh[i].maps;
    anyMaps = anyMaps || maps[i];
  }
  int err = 0;
  if (ok) {
    for (size_t i = 0; i < n; ++i) {
      texts[i] = fresh[i].text;
      lens[i] = fresh[i].len;
    }
    ok = !anyMaps ||
         irsDumpApplyBuiltinAliases(&text, texts, lens, maps, n, &aliases);
  }
  if (ok) {
    IrsPhaseMark m = irsPhaseBegin(ph);
    err = irsDumpWriteStitched(path, &text, texts, lens, n, aliases);
    irsPhaseEnd(ph, IrsPhaseWrite, m, 0);
    *stitched = !err;
  }
  irsDumpAliasesFree(aliases);
  free(maps);
  irsDumpCacheReplace(cache, fresh, n, ok);
  free(ops);
  free(texts);
  free(lens);
  free(todo);
  irsBufFree(&text);
  return err;
}

int irsDumpStitchTexts(MlirOperation module, const char *const *texts,
                       const size_t *lens, size_t n, const char *path,
                       bool *stitched) {
  *stitched = false;
  if (mlirBlockIsNull(irsDumpModuleBody(module)))
    return 0;
  IrsBuf text = IRS_BUF_INIT;
  bool ok = moduleHeader(module, &text) && !text.failed, anyMaps = false;
  size_t m = n ? n : 1;
  const char **ts = calloc(m, sizeof(char *));
  size_t *ls = calloc(m, sizeof(size_t));
  bool *maps = calloc(m, sizeof(bool));
  IrsDumpAliases *aliases = NULL;
  ok = ok && ts && ls && maps;
  for (size_t i = 0; i < n && ok; ++i) {
    IrsAliasKind k = texts[i] ? irsDumpTextAliasKind(texts[i], lens[i])
                              : IrsAliasOther;
    ok = k != IrsAliasOther;
    maps[i] = k == IrsAliasBuiltin;
    anyMaps = anyMaps || maps[i];
    ts[i] = texts[i];
    ls[i] = lens[i];
  }
  ok = ok && (!anyMaps ||
               irsDumpApplyBuiltinAliases(&text, ts, ls, maps, n, &aliases));
  int err = 0;
  if (ok) {
    err = irsDumpWriteStitched(path, &text, ts, ls, n, aliases);
    *stitched = !err;
  }
  irsDumpAliasesFree(aliases);
  free(ts);
  free(ls);
  free(maps);
  irsBufFree(&text);
  return err;
}

void irsDumpCacheBorrow(IrsDumpCache *cache, const void *const *ops,
                        size_t n, const uint64_t *want, uint64_t *fps,
                        const char **texts, size_t *lens) {
  size_t cursor = 0;
  if (!irsDumpCacheFits(cache, NULL))
    cache = NULL;
  for (size_t k = 0; k < n; ++k) {
    texts[k] = NULL;
    lens[k] = 0;
    fps[k] = 0;
    for (size_t probe = 0; cache && probe < cache->num && probe < 8; ++probe) {
      Entry *e = &cache->entries[(cursor + probe) % cache->num];
      if (e->op != ops[k])
        continue;
      // A text still in its dump file is read only when it is current.
      if (e->text || (want && want[k] == e->fp && irsDumpEntryLoad(cache, e))) {
        texts[k] = e->text;
        lens[k] = e->len;
        fps[k] = e->fp;
        cursor = (cursor + probe) % cache->num + 1;
      }
      break;
    }
  }
}

bool irsDumpCacheAdopt(IrsDumpCache **cachep, const void *const *ops,
                       const uint64_t *fps, const char *const *texts,
                       const size_t *lens, size_t n) {
  IrsDumpCache *cache = *cachep;
  if (!cache)
    cache = *cachep = irsDumpCacheNew();
  Entry *fresh = calloc(n ? n : 1, sizeof(*fresh));
  bool ok = cache && fresh;
  for (size_t i = 0; ok && i < n; ++i) {
    fresh[i] = (Entry){.op = ops[i], .fp = fps[i], .text = malloc(lens[i] + 1), .len = lens[i]};
    ok = fresh[i].text != NULL && texts[i] != NULL;
    if (ok) {
      memcpy(fresh[i].text, texts[i], lens[i]);
      fresh[i].text[lens[i]] = '\0';
      IrsAliasKind k = irsDumpTextAliasKind(texts[i], lens[i]);
      fresh[i].aliased = k != IrsAliasNone;
      fresh[i].maps = k == IrsAliasBuiltin;
    }
  }
  if (!cache) {
    free(fresh);
    return false;
  }
  irsDumpCacheReplace(cache, fresh, fresh ? n : 0, ok);
  return ok;
}
