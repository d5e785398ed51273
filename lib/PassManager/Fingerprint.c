// SPDX-License-Identifier: Apache-2.0
// Structural fingerprint of a module; see Fingerprint.h.
#include "Fingerprint.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

typedef struct State {
  uint64_t h;
  int64_t n;
} State;

// One word into the running hash: rotate, xor, multiply by an odd
// constant. Each of the three is a bijection of the state for a fixed word
// and of the word for a fixed state, so two walks that differ in a single
// word always differ; the short dependency chain (one multiply a word)
// matters because the walk mixes ~10 words an op over the whole module
// after every step (--timing's `changed` column): a splitmix-style mix
// per word cost the walk a third more instructions.
static inline void mix(State *s, const void *p) {
  uint64_t h = (s->h << 5) | (s->h >> 59);
  s->h = (h ^ (uint64_t)(uintptr_t)p) * 0x9e3779b97f4a7c15ull;
}

// The op's operands in order, successors, blocks and their argument types.
static void mixStructure(State *s, MlirOperation op) {
  intptr_t no = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < no; ++i)
    mix(s, mlirOperationGetOperand(op, i).ptr);
  intptr_t ns = mlirOperationGetNumSuccessors(op);
  for (intptr_t i = 0; i < ns; ++i)
    mix(s, mlirOperationGetSuccessor(op, i).ptr);
  intptr_t ng = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < ng; ++r) {
    MlirRegion reg = mlirOperationGetRegion(op, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(reg); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      mix(s, b.ptr);
      intptr_t nb = mlirBlockGetNumArguments(b);
      for (intptr_t i = 0; i < nb; ++i)
        mix(s, mlirValueGetType(mlirBlockGetArgument(b, i)).ptr);
    }
  }
}

// What a step can change of an op without replacing it, apart from its
// name, attributes and properties: its location, result types, operands,
// successors, blocks and their argument types. The op's address stands for
// the op itself (a replaced op is a new one).
static void mixLight(State *s, MlirOperation op) {
  mix(s, op.ptr);
  mix(s, mlirOperationGetLocation(op).ptr);
  intptr_t nr = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nr; ++i)
    mix(s, mlirValueGetType(mlirOperationGetResult(op, i)).ptr);
  mixStructure(s, op);
}

// The light part, the op's name (an op freed and another allocated at its
// address), and its discardable attributes and properties, hashed in place:
// reading the properties as attributes would build a uniqued dictionary
// per op under the context's lock, and MLIR's whole op hash
// (mlirOperationHashValue) rehashes what the light part reads.
static MlirWalkResult visit(MlirOperation op, void *ud) {
  State *s = ud;
  ++s->n;
  mixLight(s, op);
  mix(s, mlirOperationGetName(op).ptr);
  mix(s, (const void *)(uintptr_t)irsOpAttributesHash(op));
  return MlirWalkResultAdvance;
}

// Everything in a fingerprint but the name, attributes and properties: two
// different light hashes mean two different fingerprints; equal ones leave
// only the attributes and properties to compare (LazyFingerprint.c).
static MlirWalkResult visitLight(MlirOperation op, void *ud) {
  State *s = ud;
  ++s->n;
  mixLight(s, op);
  return MlirWalkResultAdvance;
}

uint64_t irsFingerprint(MlirOperation root, int64_t *numOps) {
  State s = {.h = 0x84222325cbf29ce4ull};
  mlirOperationWalk(root, visit, &s, MlirWalkPreOrder);
  if (numOps)
    *numOps = s.n;
  return s.h;
}

// The top-level ops of `root`'s regions, in order (NULL, *n = 0 when out
// of memory).
static MlirOperation *collectTops(MlirOperation root, size_t *n) {
  size_t cap = 256, k = 0;
  MlirOperation *ops = malloc(cap * sizeof(MlirOperation));
  intptr_t nr = mlirOperationGetNumRegions(root);
  for (intptr_t r = 0; ops && r < nr; ++r) {
    MlirRegion reg = mlirOperationGetRegion(root, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(reg); ops && !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           ops && !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        if (k == cap) {
          MlirOperation *p = realloc(ops, 2 * cap * sizeof(MlirOperation));
          if (!p) {
            free(ops);
            ops = NULL;
            break;
          }
          ops = p;
          cap *= 2;
        }
        ops[k++] = o;
      }
    }
  }
  *n = ops ? k : 0;
  return ops;
}

// What the rest of irsFingerprintWithTops mixes in, one op after the
// other and without storing anything.
static void mixTopsSerially(State *s, MlirOperation root) {
  intptr_t nr = mlirOperationGetNumRegions(root);
  for (intptr_t r = 0; r < nr; ++r) {
    MlirRegion reg = mlirOperationGetRegion(root, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(reg); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        int64_t c = 0;
        mix(s, (const void *)(uintptr_t)irsFingerprint(o, &c));
        s->n += c;
      }
  }
}

// Top-level ops [from, n) with a stride of 2: the ops of one of the two
// walkers (interleaved, so both get a similar share of a module whose
// functions grow or shrink along the file). With `idx`, the ops are
// ops[idx[k]] and their results go to fps[idx[k]], counts[idx[k]].
typedef struct TopsJob {
  const MlirOperation *ops;
  uint64_t *fps;
  int64_t *counts;
  size_t from, n;
  const size_t *idx;
  bool light;
} TopsJob;

static uint64_t hashTop(MlirOperation op, int64_t *count, bool light) {
  if (!light)
    return irsFingerprint(op, count);
  State s = {.h = 0x84222325cbf29ce4ull};
  mlirOperationWalk(op, visitLight, &s, MlirWalkPreOrder);
  *count = s.n;
  return s.h;
}

static void *walkTops(void *ud) {
  TopsJob *j = ud;
  for (size_t k = j->from; k < j->n; k += 2) {
    size_t i = j->idx ? j->idx[k] : k;
    j->fps[i] = hashTop(j->ops[i], &j->counts[i], j->light);
  }
  return NULL;
}

// Runs the two jobs, on two threads when `threads` and it pays.
static void runJobs(TopsJob jobs[2], bool threads) {
  pthread_t th;
  bool two = threads && jobs[0].n > 1 &&
             pthread_create(&th, NULL, walkTops, &jobs[1]) == 0;
  if (two) {
    walkTops(&jobs[0]);
    pthread_join(th, NULL);
  } else {
    for (size_t k = 0; k < jobs[0].n; ++k) {
      size_t i = jobs[0].idx ? jobs[0].idx[k] : k;
      jobs[0].fps[i] = hashTop(jobs[0].ops[i], &jobs[0].counts[i], jobs[0].light);
    }
  }
}

uint64_t irsFingerprintWithTops(MlirOperation root, uint64_t **tops,
                                size_t *capTops, size_t *numTops,
                                int64_t *numOps, bool threads) {
  // The root's own identity (name, attributes, regions, blocks), then each
  // top-level op's subtree hash: together they cover exactly what a full
  // walk covers.
  State s = {.h = 0x84222325cbf29ce4ull};
  visit(root, &s);
  *numTops = 0;
  size_t n = 0;
  MlirOperation *ops = collectTops(root, &n);
  int64_t *counts = n ? calloc(n, sizeof(int64_t)) : NULL;
  if (n > *capTops) {
    uint64_t *p = counts ? realloc(*tops, n * sizeof(uint64_t)) : NULL;
    if (p) {
      *tops = p;
      *capTops = n;
    }
  }
  if (!ops || (n && (!counts || *capTops < n))) {
    // Out of memory: the same value without keeping the tops (*numTops 0:
    // callers then recompute what they need).
    free(ops);
    free(counts);
    mixTopsSerially(&s, root);
    if (numOps)
      *numOps = s.n;
    return s.h;
  }
  // The module's ops are only read (nothing is uniqued), so two threads may
  // walk disjoint top-level ops when the caller's context runs threads (its
  // `threads`). At module level MLIR's own threads are idle, so this halves
  // the walk's wall time on two cores.
  TopsJob jobs[2] = {{ops, *tops, counts, 0, n, NULL, false},
                     {ops, *tops, counts, 1, n, NULL, false}};
  runJobs(jobs, threads);
  for (size_t k = 0; k < n; ++k) {
    s.n += counts[k];
    mix(&s, (const void *)(uintptr_t)(*tops)[k]);
  }
  *numTops = n;
  free(ops);
  free(counts);
  if (numOps)
    *numOps = s.n;
  return s.h;
}

uint64_t irsFingerprintRoot(MlirOperation root) {
  State s = {.h = 0x84222325cbf29ce4ull};
  visit(root, &s);
  return s.h;
}

MlirOperation *irsFingerprintTops(MlirOperation root, size_t *n) {
  return collectTops(root, n);
}

void irsFingerprintTopsOf(const MlirOperation *tops, const size_t *idx,
                          size_t n, bool light, uint64_t *out,
                          int64_t *counts, bool threads) {
  TopsJob jobs[2] = {{tops, out, counts, 0, n, idx, light},
                     {tops, out, counts, 1, n, idx, light}};
  runJobs(jobs, threads);
}

uint64_t irsFingerprintCombine(MlirOperation root, const uint64_t *tops,
                               size_t numTops) {
  // Exactly what irsFingerprintWithTops computes from the same parts.
  State s = {.h = 0x84222325cbf29ce4ull};
  visit(root, &s);
  for (size_t i = 0; i < numTops; ++i)
    mix(&s, (const void *)(uintptr_t)tops[i]);
  return s.h;
}

static MlirWalkResult countOne(MlirOperation op, void *ud) {
  (void)op;
  ++*(int64_t *)ud;
  return MlirWalkResultAdvance;
}

int64_t irsCountOps(MlirOperation root) {
  int64_t n = 0;
  mlirOperationWalk(root, countOne, &n, MlirWalkPreOrder);
  return n;
}
