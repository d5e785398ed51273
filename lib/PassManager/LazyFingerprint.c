// SPDX-License-Identifier: Apache-2.0
//===- LazyFingerprint.c - a module-level step's change, without every hash ===//
//
// Whether a module-level step changed the IR, and each top-level op's
// fingerprint for the dump writer, cost a walk of the module with MLIR's
// op hash on every op: after a conversion (which changes every function)
// a tenth of the pipeline's instructions, spent on ops that are printed
// again anyway. A dumping run whose dumps are printed by forked children
// (BackgroundDump.c) spends it only where an answer needs it:
//
// - A light hash of each top-level op (Fingerprint.h: everything but
//   properties and attributes, without MLIR's op hash) that differs from
//   the last step's says "changed" by itself: its fingerprint is not
//   computed, and the op is `held`. Its key in topFps is unique, so no
//   text is reused for it, which is right: it changed.
// - The printer forked for this step's dump has the module as it is now.
//   When the next step leaves a held op's light hash as it was, only its
//   properties or attributes may have changed: the pipeline asks that
//   printer for the op's fingerprint (a thread of the printer computes it
//   from its snapshot while the printer prints) and compares. The answer
//   also becomes the key of the op's text in that printer's table.
// - Whatever else needs a held op's fingerprint (a nested step's group, a
//   dump printed by the pipeline itself, a step whose dump no printer
//   holds) computes it first (irsPmHeldSettle), while the IR is still the
//   one the step left.
//
// So every answer is what a full fingerprint walk gives: a step changed
// the IR exactly when the module op's own part, the number of top-level
// ops, or a top-level op's fingerprint changed. Runs without dumps, or
// whose dumps cannot be forked or are printed in place because forks cost
// more (irsBgDumpForksPay), walk everything as before.
//
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "PassManagerImpl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// A key no fingerprint has (up to a 64-bit collision): one per held op and
// step, never equal to a key of an earlier step.
static uint64_t heldKey(IrsPassManagerImpl *pm) {
  uint64_t x = ++pm->heldSerial * 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  return x ^ (x >> 31);
}

// Makes room for n entries in the per-top arrays.
static bool reserve(IrsPassManagerImpl *pm, size_t n) {
  if (n <= pm->capTopLight && n <= pm->capTopFps)
    return true;
  size_t cap = n ? n : 1;
  uint64_t *fps = realloc(pm->topFps, cap * sizeof(uint64_t));
  if (fps) {
    pm->topFps = fps;
    pm->capTopFps = cap;
  }
  uint64_t *light = realloc(pm->topLight, cap * sizeof(uint64_t));
  if (light)
    pm->topLight = light;
  bool *held = realloc(pm->held, cap * sizeof(bool));
  if (held)
    pm->held = held;
  if (!fps || !light || !held)
    return false;
  pm->capTopLight = cap;
  return true;
}

void irsPmHeldSettle(IrsPassManagerImpl *pm, MlirOperation module) {
  if (!pm->numHeld)
    return;
  irsBgDumpReleaseHeld(pm);
  size_t n = 0, m = 0;
  MlirOperation *tops = irsFingerprintTops(module, &n);
  size_t *idx = malloc((n ? n : 1) * sizeof(size_t));
  int64_t *counts = malloc((n ? n : 1) * sizeof(int64_t));
  if (tops && idx && counts && n == pm->numTopFps) {
    for (size_t k = 0; k < n; ++k)
      if (pm->held[k])
        idx[m++] = k;
    irsFingerprintTopsOf(tops, idx, m, false, pm->topFps, counts,
                         mlirContextGetNumThreads(pm->ctx) > 1);
  } else {
    pm->numTopFps = 0; // readers then walk what they need
  }
  memset(pm->held, 0, pm->capTopLight * sizeof(bool));
  pm->numHeld = 0;
  free(tops);
  free(idx);
  free(counts);
}

// Holding ops pays only where their dumps are printed by forked printers:
// a dump printed in place needs every op's fingerprint at once, and the
// light walk before it would be a second walk of the module.
static bool holds(const IrsPassManagerImpl *pm) {
  return pm->rec.dumpDir && irsBgDumpCan(pm, true) && irsBgDumpForksPay(pm);
}

void irsPmLightBaseline(IrsPassManagerImpl *pm, MlirOperation module) {
  pm->lightValid = false;
  if (!holds(pm) || pm->numHeld)
    return;
  size_t n = 0;
  MlirOperation *tops = irsFingerprintTops(module, &n);
  int64_t *counts = malloc((n ? n : 1) * sizeof(int64_t));
  if (tops && counts && n == pm->numTopFps && reserve(pm, n)) {
    irsFingerprintTopsOf(tops, NULL, n, true, pm->topLight, counts,
                         mlirContextGetNumThreads(pm->ctx) > 1);
    pm->rootFp = irsFingerprintRoot(module);
    pm->lightValid = true;
  }
  free(tops);
  free(counts);
}

// The previous fingerprints of the needed ops: the ones kept, and the held
// ones from their printer. False when that printer could not answer.
static bool previous(IrsPassManagerImpl *pm, const size_t *need, size_t m,
                     uint64_t *prev) {
  size_t a = 0;
  size_t *ask = malloc((m ? m : 1) * sizeof(size_t));
  uint64_t *got = malloc((m ? m : 1) * sizeof(uint64_t));
  bool ok = ask && got;
  for (size_t j = 0; ok && j < m; ++j) {
    prev[need[j]] = pm->topFps[need[j]];
    if (pm->numHeld && pm->held[need[j]])
      ask[a++] = need[j];
  }
  if (ok && a)
    ok = irsBgDumpAskFps(pm, pm->heldStep, ask, a, got);
  irsBgDumpReleaseHeld(pm);
  for (size_t j = 0; ok && j < a; ++j)
    prev[ask[j]] = got[j];
  free(ask);
  free(got);
  return ok;
}

// The top-level ops added or erased: the held ops still there with their
// light hash (found by it) get their keys from the printer, whose texts of
// them the next dump can then reuse; the printer is let go.
static void keepHeldTexts(IrsPassManagerImpl *pm, const uint64_t *light,
                          size_t n) {
  size_t old = pm->numTopFps, cap = 16, a = 0;
  while (pm->numHeld && cap < 2 * pm->numHeld)
    cap *= 2;
  size_t *slot = pm->numHeld && pm->lightValid ? malloc(cap * sizeof(size_t)) : NULL;
  size_t *ask = slot ? malloc(pm->numHeld * sizeof(size_t)) : NULL;
  uint64_t *got = ask ? malloc(pm->numHeld * sizeof(uint64_t)) : NULL;
  if (got) {
    for (size_t i = 0; i < cap; ++i)
      slot[i] = SIZE_MAX;
    for (size_t j = 0; j < old; ++j) {
      size_t i = (size_t)pm->topLight[j] & (cap - 1);
      while (pm->held[j] && slot[i] != SIZE_MAX)
        i = (i + 1) & (cap - 1);
      if (pm->held[j])
        slot[i] = j;
    }
    for (size_t k = 0; k < n && a < pm->numHeld; ++k)
      for (size_t i = (size_t)light[k] & (cap - 1); slot[i] != SIZE_MAX;
           i = (i + 1) & (cap - 1))
        if (pm->topLight[slot[i]] == light[k]) {
          ask[a++] = slot[i];
          break;
        }
    if (a)
      (void)irsBgDumpAskFps(pm, pm->heldStep, ask, a, got);
  }
  irsBgDumpReleaseHeld(pm);
  free(slot);
  free(ask);
  free(got);
}

// The per-top arrays of one step.
typedef struct Scratch {
  MlirOperation *tops;
  uint64_t *light, *fresh, *prev;
  int64_t *counts;
  size_t *need;
} Scratch;

static void freeScratch(Scratch *x) {
  free(x->tops);
  free(x->light);
  free(x->fresh);
  free(x->prev);
  free(x->counts);
  free(x->need);
}

// Everything walked, as before this file (the composite of a step with
// held ops is a key no walk gives: changed).
static bool walkAll(IrsPassManagerImpl *pm, MlirOperation module,
                    uint64_t *moduleFp, int64_t *ops, bool threads) {
  irsPmHeldSettle(pm, module);
  pm->lightValid = false;
  uint64_t fp = irsFingerprintWithTops(module, &pm->topFps, &pm->capTopFps,
                                       &pm->numTopFps, ops, threads);
  bool changed = fp != *moduleFp;
  *moduleFp = fp;
  return changed;
}

// The light hashes, the fingerprints they leave needed, the answer.
static bool lazyStep(IrsPassManagerImpl *pm, MlirOperation module,
                     intptr_t step, uint64_t *moduleFp, int64_t *ops,
                     const Scratch *x, size_t n, bool threads) {
  irsFingerprintTopsOf(x->tops, NULL, n, true, x->light, x->counts, threads);
  *ops = 1;
  for (size_t k = 0; k < n; ++k)
    *ops += x->counts[k];
  uint64_t root = irsFingerprintRoot(module);
  // Same shape: the last step's light hashes say which ops changed.
  bool same = pm->lightValid && n == pm->numTopFps;
  size_t m = 0;
  for (size_t k = 0; k < n; ++k)
    if (!same || x->light[k] == pm->topLight[k])
      x->need[m++] = k;
  irsFingerprintTopsOf(x->tops, x->need, m, false, x->fresh, x->counts,
                       threads);
  bool changed;
  if (same) {
    // Asked also when another op changed: the answers are the keys of the
    // printer's texts, which the next dumps may reuse.
    bool ok = previous(pm, x->need, m, x->prev);
    changed = root != pm->rootFp || m < n || !ok;
    for (size_t j = 0; j < m && !changed; ++j)
      changed = x->fresh[x->need[j]] != x->prev[x->need[j]];
  } else {
    // Every op walked: the composite, as irsFingerprintWithTops makes it.
    keepHeldTexts(pm, x->light, n);
    changed = irsFingerprintCombine(module, x->fresh, n) != *moduleFp;
  }
  memset(pm->held, 0, n * sizeof(bool));
  pm->numHeld = 0;
  for (size_t j = 0, k = 0; k < n; ++k) {
    if (j < m && x->need[j] == k) {
      pm->topFps[k] = x->fresh[k];
      ++j;
    } else {
      pm->topFps[k] = heldKey(pm);
      pm->held[k] = true;
      ++pm->numHeld;
    }
  }
  memcpy(pm->topLight, x->light, n * sizeof(uint64_t));
  pm->numTopFps = n;
  pm->rootFp = root;
  pm->lightValid = true;
  pm->heldStep = step;
  if (pm->numHeld)
    irsPhaseAdd(pm->phases, IrsPhaseHeld, 0, 0,
                (int64_t)(pm->numHeld * sizeof(uint64_t)));
  *moduleFp = pm->numHeld ? heldKey(pm)
                          : irsFingerprintCombine(module, pm->topFps, n);
  return changed;
}

bool irsPmModuleStepChanged(IrsPassManagerImpl *pm, MlirOperation module,
                            intptr_t step, uint64_t *moduleFp, int64_t *ops) {
  bool threads = mlirContextGetNumThreads(pm->ctx) > 1;
  if (!holds(pm))
    return walkAll(pm, module, moduleFp, ops, threads);
  size_t n = 0;
  Scratch x = {0};
  x.tops = irsFingerprintTops(module, &n);
  size_t c = n ? n : 1;
  x.light = malloc(c * sizeof(uint64_t));
  x.fresh = malloc(c * sizeof(uint64_t));
  x.prev = malloc(c * sizeof(uint64_t));
  x.counts = malloc(c * sizeof(int64_t));
  x.need = malloc(c * sizeof(size_t));
  bool ok = x.tops && x.light && x.fresh && x.prev && x.counts && x.need &&
            reserve(pm, n);
  bool changed = ok ? lazyStep(pm, module, step, moduleFp, ops, &x, n, threads)
                    : walkAll(pm, module, moduleFp, ops, threads);
  freeScratch(&x);
  return changed;
}
