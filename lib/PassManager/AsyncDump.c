// SPDX-License-Identifier: Apache-2.0
//===- AsyncDump.c - dumps finished on a thread while the pipeline goes on ===//
//
// A step on the module (sccp, symbol-dce, a module-level canonicalize)
// leaves MLIR's second thread idle, yet a stitched dump made the pipeline
// wait while the changed ops were printed (0.25-0.57 s per step at 283k
// lines, on both threads). Cloning an op costs a third of printing it, so
// the changed top-level ops are cloned on the calling thread, and a thread
// prints the clones and writes the dump while the next step runs. The
// clones are the IR after the step, untouched by later passes: the thread
// reads only them, texts no one else touches and the shell (an empty module
// with the module's attributes).
//
// Dumps chain: the next module-level step's dump starts before this one is
// done. It knows at once which of its ops are unchanged (the same op with
// the same fingerprint as an entry of this dump's, whose keys never change
// once set), and its thread takes those entries' texts once this dump's
// thread has finished. At most two dumps are in flight; the caller waits
// (irsDumpAsyncJoin) before anything else reads the cache, which then
// holds the last dump's texts.
//
// Clones share nothing mutable with the module only when no value is
// defined at the module's level: a top-level op with results could be used
// by another, and cloning the user would add uses to the live module's
// values. Such modules, and contexts without multithreading (whose
// uniquing is not locked), are dumped synchronously (Step.c).
//
// When a text could be aliased, the dump must be the module printed whole.
// The thread then fills the shell: with the clones, with the ops of the
// previous dump's filled shell for ops it had too, and otherwise with the
// parse of the op's text (alias-free or with affine maps and sets only, so
// it holds no distinct attribute or resource and parses back to the same
// attributes and types), and prints
// it whole. The filled shell stays for the next dump of the chain.
//
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "StitchedDump.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

struct IrsAsyncDump {
  pthread_t thread;
  IrsAsyncDump *prev; // in flight before this one; this thread frees it
  MlirContext ctx;
  MlirOperation shell;
  MlirOperation *shellOps; // [n] once the shell is filled, by position
  IrsBuf header;
  IrsDumpEntry *fresh;   // [n]; keys set at creation, texts by the thread
  intptr_t *fromPrev;    // [n]: index of prev's entry with this op's text, or -1
  MlirOperation *clones; // [n]; null where the text comes from elsewhere
  bool *todo;            // [n]: printed from the clone
  size_t n;
  char *path;
  intptr_t step;
  bool assumeVerified;
  bool stitched; // every text alias-free: the texts may be the cache
  bool noThread; // written by the caller (no thread could be started)
  // A dump printed by the caller (irsDumpModuleAsyncPrinted) has its
  // aliases named there, before the thread starts: `maps` the texts with
  // uses, `aliases` their names (null: none), the header their definitions.
  bool named;
  bool *maps;
  IrsDumpAliases *aliases;
  int err;
  IrsAsyncResult *results; // this dump's and its predecessors'
  size_t numResults;
  atomic_int *busy; // dumps not yet on disk (or failed)
  // Ops are printed in chunks claimed from `next`, by the thread and by a
  // caller that joins before the thread is done, so a join never waits
  // longer than printing on the caller's thread alone would have taken.
  atomic_size_t next, printed;
  IrsPhases *ph; // nullable
};

enum { kClaim = 8 };

static void printClaimed(IrsAsyncDump *j) {
  IrsPhaseMark m = irsPhaseBegin(j->ph);
  int64_t bytes = 0;
  MlirOpPrintingFlags f = irsDumpTopFlags(j->assumeVerified);
  for (;;) {
    size_t b = atomic_fetch_add(&j->next, kClaim);
    if (b >= j->n)
      break;
    size_t e = b + kClaim < j->n ? b + kClaim : j->n;
    for (size_t i = b; i < e; ++i)
      if (j->todo[i] && j->clones[i].ptr) {
        IrsDumpEntry *x = &j->fresh[i];
        x->text = irsDumpPrintTopWith(j->clones[i], f, &x->len);
        IrsAliasKind k = x->text ? irsDumpTextAliasKind(x->text, x->len)
                                 : IrsAliasNone;
        x->aliased = k != IrsAliasNone;
        x->maps = k == IrsAliasBuiltin;
        bytes += (int64_t)x->len;
      }
    atomic_fetch_add(&j->printed, e - b);
  }
  mlirOpPrintingFlagsDestroy(f);
  if (bytes)
    irsPhaseEnd(j->ph, IrsPhasePrint, m, bytes);
}

static void asyncFree(IrsAsyncDump *j) {
  irsDumpAliasesFree(j->aliases);
  free(j->maps);
  for (size_t i = 0; j->clones && i < j->n; ++i)
    if (j->clones[i].ptr)
      mlirOperationDestroy(j->clones[i]);
  if (j->shell.ptr)
    mlirOperationDestroy(j->shell);
  for (size_t i = 0; j->fresh && i < j->n; ++i)
    free(j->fresh[i].text);
  for (size_t i = 0; i < j->numResults; ++i)
    free(j->results[i].path);
  free(j->results);
  free(j->fresh);
  free(j->fromPrev);
  free(j->shellOps);
  free(j->clones);
  free(j->todo);
  free(j->path);
  irsBufFree(&j->header);
  free(j);
}

// The op at position k for the filled shell (see above); null on failure.
static MlirOperation shellOp(IrsAsyncDump *j, IrsAsyncDump *p, size_t k) {
  MlirOperation op = j->clones[k];
  j->clones[k] = (MlirOperation){NULL};
  if (op.ptr)
    return op;
  intptr_t src = j->fromPrev[k];
  if (p && src >= 0 && p->shellOps && p->shellOps[src].ptr) {
    op = p->shellOps[src];
    p->shellOps[src] = (MlirOperation){NULL};
    mlirOperationRemoveFromParent(op);
    return op;
  }
  const IrsDumpEntry *e = &j->fresh[k];
  // Not known to parse back to the same IR, unless its only aliases are
  // affine maps and sets, which a local-scope text spells out in full.
  if (!e->text || (e->aliased && !e->maps))
    return (MlirOperation){NULL};
  return mlirOperationCreateParse(j->ctx, mlirStringRefCreate(e->text, e->len),
                                  mlirStringRefCreateFromCString("irscope-dump"));
}

static int printWhole(IrsAsyncDump *j, IrsAsyncDump *p) {
  j->shellOps = calloc(j->n ? j->n : 1, sizeof(*j->shellOps));
  if (!j->shellOps)
    return ENOMEM;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(j->shell, 0));
  for (size_t k = 0; k < j->n; ++k) {
    MlirOperation op = shellOp(j, p, k);
    if (mlirOperationIsNull(op))
      return EINVAL;
    mlirBlockAppendOwnedOperation(body, op);
    j->shellOps[k] = op;
  }
  return irsDumpModule(j->shell, j->path, false, false, j->assumeVerified);
}

// The job's texts, their lengths and which hold maps or sets; whether any
// does.
static bool gather(const IrsAsyncDump *j, const char **texts, size_t *lens,
                   bool *maps) {
  bool any = false;
  for (size_t i = 0; i < j->n; ++i) {
    texts[i] = j->fresh[i].text;
    lens[i] = j->fresh[i].len;
    maps[i] = j->fresh[i].aliased && j->fresh[i].maps;
    any = any || maps[i];
  }
  return any;
}

// The stitched dump; -1 (nothing written) when its builtin aliases cannot
// be named from the texts (AliasStitch.c): the caller prints it whole.
static int writeTexts(IrsAsyncDump *j) {
  size_t n = j->n ? j->n : 1;
  const char **texts = calloc(n, sizeof(char *));
  size_t *lens = calloc(n, sizeof(size_t));
  bool *maps = j->named ? j->maps : calloc(n, sizeof(bool));
  IrsDumpAliases *aliases = j->aliases;
  int e = ENOMEM;
  if (texts && lens && maps) {
    bool anyMaps = gather(j, texts, lens, maps);
    if (!j->named && anyMaps &&
        !irsDumpApplyBuiltinAliases(&j->header, texts, lens, maps, j->n,
                                    &aliases))
      e = -1;
    else
      e = irsDumpWriteStitched(j->path, &j->header, texts, lens, j->n, aliases);
  }
  if (!j->named) {
    irsDumpAliasesFree(aliases);
    free(maps);
  }
  free(texts);
  free(lens);
  return e;
}

// Takes the texts of the unchanged ops from the finished previous dump,
// and its results.
static void takeFromPrev(IrsAsyncDump *j, IrsAsyncDump *p) {
  for (size_t k = 0; k < j->n; ++k) {
    intptr_t src = j->fromPrev[k];
    if (src < 0)
      continue;
    IrsDumpEntry *from = &p->fresh[src];
    j->fresh[k].text = from->text;
    j->fresh[k].len = from->len;
    j->fresh[k].aliased = from->aliased;
    j->fresh[k].maps = from->maps;
    from->text = NULL;
  }
  IrsAsyncResult *r =
      realloc(j->results, (j->numResults + p->numResults + 1) * sizeof(*r));
  if (r) {
    j->results = r;
    memcpy(r + j->numResults, p->results, p->numResults * sizeof(*r));
    j->numResults += p->numResults;
    p->numResults = 0;
  }
}

static void addResult(IrsAsyncDump *j) {
  IrsAsyncResult *r = realloc(j->results, (j->numResults + 1) * sizeof(*r));
  if (!r) { // the path stays ours; the error is still seen through busy
    j->err = j->err ? j->err : ENOMEM;
    return;
  }
  j->results = r;
  r[j->numResults++] =
      (IrsAsyncResult){j->step, j->err, j->path, !j->stitched && !j->err};
  j->path = NULL;
}

static void *asyncRun(void *arg) {
  IrsAsyncDump *j = arg;
  printClaimed(j);
  while (atomic_load(&j->printed) < j->n) // a joiner's last chunk
    sched_yield();
  IrsAsyncDump *p = j->prev;
  if (p) {
    if (!p->noThread)
      pthread_join(p->thread, NULL);
    takeFromPrev(j, p);
  }
  bool stitched = !j->header.failed;
  for (size_t i = 0; i < j->n && stitched; ++i)
    stitched = j->fresh[i].text && (!j->fresh[i].aliased || j->fresh[i].maps);
  IrsPhaseMark m = irsPhaseBegin(j->ph);
  j->err = stitched ? writeTexts(j) : -1;
  if (j->err < 0) {
    stitched = false;
    j->err = printWhole(j, p);
  }
  irsPhaseEnd(j->ph, stitched ? IrsPhaseWrite : IrsPhasePrintWhole, m, 0);
  j->stitched = stitched && !j->err;
  if (p)
    asyncFree(p);
  j->prev = NULL;
  addResult(j);
  atomic_fetch_sub(j->busy, 1);
  return NULL;
}

// What the job's thread needs to know of its dump.
static void describe(IrsAsyncDump *j, MlirOperation module, intptr_t step,
                     bool assumeVerified, atomic_int *busy, IrsPhases *ph) {
  j->ctx = mlirOperationGetContext(module);
  j->step = step;
  j->assumeVerified = assumeVerified;
  j->busy = busy;
  j->ph = ph;
}

// Starts the job's thread (or writes here when none can be started).
static void launch(IrsAsyncDump *j) {
  atomic_fetch_add(j->busy, 1);
  if (pthread_create(&j->thread, NULL, asyncRun, j) != 0) {
    // No thread: this dump is written here, after the one before it; the
    // join collects it as any other.
    j->noThread = true;
    asyncRun(j);
  }
}

typedef struct CloneJob {
  MlirOperation *ops, *clones;
  const bool *todo;
  size_t begin, end;
  IrsPhases *ph;
} CloneJob;

static void *cloneRange(void *arg) {
  CloneJob *c = arg;
  IrsPhaseMark m = irsPhaseBegin(c->ph);
  for (size_t i = c->begin; i < c->end; ++i)
    if (c->todo[i])
      c->clones[i] = mlirOperationClone(c->ops[i]);
  irsPhaseEnd(c->ph, IrsPhaseClone, m, 0);
  return NULL;
}

// Clones the ops marked in `todo`, in two halves on two threads.
static void cloneMissing(MlirOperation *ops, MlirOperation *clones,
                         const bool *todo, size_t n, IrsPhases *ph) {
  CloneJob jobs[2] = {{ops, clones, todo, 0, n / 2, ph},
                      {ops, clones, todo, n / 2, n, ph}};
  pthread_t th;
  if (n > 1 && pthread_create(&th, NULL, cloneRange, &jobs[1]) == 0) {
    cloneRange(&jobs[0]);
    pthread_join(th, NULL);
  } else {
    jobs[0].end = n;
    cloneRange(&jobs[0]);
  }
}

// No value is defined at the module's level (see above).
static bool selfContainedTops(MlirBlock body) {
  if (mlirBlockGetNumArguments(body) != 0)
    return false;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    if (mlirOperationGetNumResults(o) != 0)
      return false;
  return true;
}

// The keys and todo marks of a dump chained after `p`: an op is unchanged
// when p has an entry with the same op and fingerprint (matched in order
// from a moving cursor, as irsDumpCacheTake does).
static void matchPrev(IrsAsyncDump *j, const IrsAsyncDump *p, MlirBlock body,
                      const uint64_t *topFps, size_t numTopFps,
                      MlirOperation *ops) {
  size_t k = 0, cursor = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o), ++k) {
    ops[k] = o;
    j->fresh[k].op = o.ptr;
    j->fresh[k].fp =
        topFps && numTopFps == j->n ? topFps[k] : irsFingerprint(o, NULL);
    j->fromPrev[k] = -1;
    for (size_t probe = 0; probe < p->n && probe < 8; ++probe) {
      size_t idx = (cursor + probe) % p->n;
      if (p->fresh[idx].op == o.ptr && p->fresh[idx].fp == j->fresh[k].fp) {
        j->fromPrev[k] = (intptr_t)idx;
        cursor = idx + 1;
        break;
      }
    }
    j->todo[k] = j->fromPrev[k] < 0;
  }
}

int irsDumpModuleAsync(IrsAsyncDump **jobp, IrsDumpCache **cachep,
                       atomic_int *busy, MlirOperation module,
                       const char *path, intptr_t step, bool assumeVerified,
                       const uint64_t *topFps, size_t numTopFps,
                       IrsPhases *phases) {
  MlirBlock body = irsDumpModuleBody(module);
  if (mlirBlockIsNull(body) || !selfContainedTops(body))
    return -1;
  IrsAsyncDump *j = calloc(1, sizeof(*j));
  if (!j)
    return -1;
  if (!irsDumpModuleHeader(module, &j->header, &j->shell)) {
    asyncFree(j);
    return -1;
  }
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    ++j->n;
  size_t n = j->n, m = n ? n : 1;
  MlirOperation *ops = calloc(m, sizeof(*ops));
  j->clones = calloc(m, sizeof(*j->clones));
  j->fresh = calloc(m, sizeof(*j->fresh));
  j->fromPrev = calloc(m, sizeof(*j->fromPrev));
  j->todo = calloc(m, sizeof(*j->todo));
  j->path = irsStrDup(path);
  if (!*cachep)
    *cachep = irsDumpCacheNew();
  if (!ops || !j->clones || !j->fresh || !j->fromPrev || !j->todo ||
      !j->path || !*cachep) {
    free(ops);
    asyncFree(j);
    return -1;
  }
  describe(j, module, step, assumeVerified, busy, phases);
  j->prev = *jobp;
  if (j->prev) {
    matchPrev(j, j->prev, body, topFps, numTopFps, ops);
  } else {
    irsDumpCacheTake(*cachep, body, n, topFps, numTopFps, ops, j->fresh,
                     j->todo);
    for (size_t k = 0; k < n; ++k)
      j->fromPrev[k] = -1;
  }
  cloneMissing(ops, j->clones, j->todo, n, phases);
  free(ops);
  *jobp = j;
  launch(j);
  return 0;
}

int irsDumpModuleAsyncPrinted(IrsAsyncDump **jobp, IrsDumpCache **cachep,
                              atomic_int *busy, MlirOperation module,
                              const char *path, intptr_t step,
                              bool assumeVerified, const uint64_t *topFps,
                              size_t numTopFps, IrsPhases *phases) {
  MlirBlock body = irsDumpModuleBody(module);
  if (*jobp || mlirBlockIsNull(body))
    return -1;
  IrsAsyncDump *j = calloc(1, sizeof(*j));
  if (!j)
    return -1;
  j->n = irsDumpCountTops(body);
  size_t n = j->n, m = n ? n : 1;
  MlirOperation *ops = calloc(m, sizeof(*ops));
  j->fresh = calloc(m, sizeof(*j->fresh));
  j->fromPrev = calloc(m, sizeof(*j->fromPrev));
  j->todo = calloc(m, sizeof(*j->todo));
  j->path = irsStrDup(path);
  if (!*cachep)
    *cachep = irsDumpCacheNew();
  if (!ops || !j->fresh || !j->fromPrev || !j->todo || !j->path || !*cachep ||
      !irsDumpModuleHeader(module, &j->header, NULL)) {
    free(ops);
    asyncFree(j);
    return -1;
  }
  irsDumpCacheTake(*cachep, body, n, topFps, numTopFps, ops, j->fresh, j->todo);
  irsDumpPrintMissing(*cachep, ops, j->fresh, j->todo, n, assumeVerified,
                      true, phases);
  free(ops);
  bool stitched = !j->header.failed;
  for (size_t k = 0; k < n; ++k) {
    stitched = stitched && j->fresh[k].text &&
               (!j->fresh[k].aliased || j->fresh[k].maps);
    j->fromPrev[k] = -1;
    j->todo[k] = false; // the thread only writes
  }
  // The aliases are named here: texts whose maps cannot be read make the
  // caller print the module whole, as irsDumpModuleStitched does.
  j->named = true;
  j->maps = stitched ? calloc(m, sizeof(bool)) : NULL;
  const char **texts = j->maps ? calloc(m, sizeof(char *)) : NULL;
  size_t *lens = texts ? calloc(m, sizeof(size_t)) : NULL;
  bool anyMaps = lens && gather(j, texts, lens, j->maps);
  stitched = lens && (!anyMaps || irsDumpApplyBuiltinAliases(
                                      &j->header, texts, lens, j->maps, n,
                                      &j->aliases));
  free(texts);
  free(lens);
  if (!stitched) {
    // The texts stay the cache's; the caller prints the module whole.
    irsDumpCacheReplace(*cachep, j->fresh, n, true);
    j->fresh = NULL;
    asyncFree(j);
    return -1;
  }
  describe(j, module, step, assumeVerified, busy, phases);
  *jobp = j;
  launch(j);
  return 0;
}

void irsDumpAsyncJoin(IrsAsyncDump **jobp, IrsDumpCache **cachep,
                      IrsAsyncResult **results, size_t *num) {
  IrsAsyncDump *j = *jobp;
  *results = NULL;
  *num = 0;
  if (!j)
    return;
  printClaimed(j);
  IrsPhaseMark m = irsPhaseBegin(j->ph);
  if (!j->noThread)
    pthread_join(j->thread, NULL);
  irsPhaseEnd(j->ph, IrsPhaseWait, m, 0);
  if (!*cachep)
    *cachep = irsDumpCacheNew();
  if (*cachep) {
    irsDumpCacheReplace(*cachep, j->stitched ? j->fresh : NULL,
                        j->stitched ? j->n : 0, j->stitched);
    if (j->stitched)
      j->fresh = NULL;
  }
  *results = j->results;
  *num = j->numResults;
  j->results = NULL;
  j->numResults = 0;
  asyncFree(j);
  *jobp = NULL;
}

size_t irsDumpCountNew(const IrsDumpCache *cache, const IrsAsyncDump *job,
                       MlirBlock body, const uint64_t *fps, size_t n) {
  // A shared printer's texts are no use to a local-scope dump.
  if (!irsDumpCacheFits(cache, NULL))
    cache = NULL;
  const IrsDumpEntry *keys = job ? job->fresh : cache ? cache->entries : NULL;
  size_t numKeys = job ? job->n : cache ? cache->num : 0, k = 0, cursor = 0;
  size_t missing = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o), ++k) {
    uint64_t fp = fps && k < n ? fps[k] : irsFingerprint(o, NULL);
    bool hit = false;
    for (size_t probe = 0; probe < numKeys && probe < 8 && !hit; ++probe) {
      size_t idx = (cursor + probe) % numKeys;
      // A key without text or place holds nothing to reuse.
      hit = keys[idx].op == o.ptr && keys[idx].fp == fp &&
            (job || keys[idx].text || keys[idx].ilen);
      if (hit)
        cursor = idx + 1;
    }
    missing += !hit;
  }
  return missing;
}
