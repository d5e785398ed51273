// SPDX-License-Identifier: Apache-2.0
// Structural fingerprint of a module; see Fingerprint.h.
#include "Fingerprint.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

// The inherent attribute names seen on each op name during one walk, so
// that an op's inherent attributes (its properties) are looked up by name:
// enumerating them through mlirOperationGetAttribute rebuilds the op's
// attribute dictionary (a uniqued DictionaryAttr, under the context's lock)
// on every call, which was 80% of a walk's time.
enum { kKinds = 32, kNames = 8, kDiscardable = 16 };

typedef struct Kind {
  const void *name; // the op name's identifier
  int numNames;
  MlirIdentifier names[kNames]; // sorted (identifierLess)
} Kind;

typedef struct State {
  uint64_t h;
  int64_t n;
  int numKinds;
  Kind kinds[kKinds];
} State;

static inline void mix(State *s, const void *p) {
  // splitmix64-style mixing of one word into the running hash.
  uint64_t x = (uint64_t)(uintptr_t)p + 0x9e3779b97f4a7c15ull + (s->h << 6) +
               (s->h >> 2);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  s->h ^= x ^ (x >> 31);
}

static bool identifierLess(MlirIdentifier a, MlirIdentifier b) {
  MlirStringRef x = mlirIdentifierStr(a), y = mlirIdentifierStr(b);
  size_t n = x.length < y.length ? x.length : y.length;
  int c = n ? memcmp(x.data, y.data, n) : 0;
  return c < 0 || (c == 0 && x.length < y.length);
}

// Inserts `name` into the sorted `names` (of *num, at most kNames) unless
// it is there; false when it does not fit.
static bool insertSorted(MlirIdentifier *names, MlirAttribute *attrs, int *num,
                         MlirIdentifier name, MlirAttribute attr) {
  for (int i = 0; i < *num; ++i)
    if (names[i].ptr == name.ptr)
      return true;
  if (*num == kNames)
    return false;
  int i = (*num)++;
  for (; i > 0 && identifierLess(name, names[i - 1]); --i) {
    names[i] = names[i - 1];
    if (attrs)
      attrs[i] = attrs[i - 1];
  }
  names[i] = name;
  if (attrs)
    attrs[i] = attr;
  return true;
}

static Kind *findKind(State *s, MlirIdentifier name) {
  for (int i = 0; i < s->numKinds; ++i)
    if (s->kinds[i].name == name.ptr)
      return &s->kinds[i];
  if (s->numKinds == kKinds)
    return NULL;
  Kind *k = &s->kinds[s->numKinds++];
  k->name = name.ptr;
  k->numNames = 0;
  return k;
}

// The op's inherent attributes, sorted by name, found through the names
// already seen on its kind; false when they are not all among those.
static bool knownInherent(MlirOperation op, const Kind *k, intptr_t want,
                          MlirIdentifier *names, MlirAttribute *attrs,
                          int *num) {
  *num = 0;
  for (int i = 0; k && i < k->numNames; ++i) {
    MlirAttribute a = mlirOperationGetInherentAttributeByName(
        op, mlirIdentifierStr(k->names[i]));
    if (!mlirAttributeIsNull(a)) {
      names[*num] = k->names[i];
      attrs[(*num)++] = a;
    }
  }
  return *num == want;
}

// The same from the op's full attribute list (sorted here), learning the
// names for its kind.
static void listInherent(MlirOperation op, Kind *k, intptr_t na,
                         const MlirIdentifier *disc, intptr_t nd,
                         MlirIdentifier *names, MlirAttribute *attrs,
                         int *num) {
  *num = 0;
  for (intptr_t i = 0; i < na; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    bool discardable = false;
    for (intptr_t j = 0; j < nd && !discardable; ++j)
      discardable = disc[j].ptr == a.name.ptr;
    if (discardable)
      continue;
    insertSorted(names, attrs, num, a.name, a.attribute);
    if (k)
      insertSorted(k->names, NULL, &k->numNames, a.name, a.attribute);
  }
}

// Every attribute of the op, in a sequence that depends on the IR only:
// the discardable ones in their order, then the inherent ones (the rest)
// sorted by name; all in their order when there are too many to sort here.
static void mixAttributes(State *s, MlirOperation op) {
  intptr_t na = mlirOperationGetNumAttributes(op);
  intptr_t nd = na ? mlirOperationGetNumDiscardableAttributes(op) : 0;
  intptr_t ni = na - nd;
  if (ni > kNames || nd > kDiscardable) {
    for (intptr_t i = 0; i < na; ++i) {
      MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
      mix(s, a.name.ptr);
      mix(s, a.attribute.ptr);
    }
    return;
  }
  MlirIdentifier disc[kDiscardable];
  for (intptr_t i = 0; i < nd; ++i) {
    MlirNamedAttribute a = mlirOperationGetDiscardableAttribute(op, i);
    disc[i] = a.name;
    mix(s, a.name.ptr);
    mix(s, a.attribute.ptr);
  }
  if (ni <= 0)
    return;
  MlirIdentifier names[kNames];
  MlirAttribute attrs[kNames];
  int num = 0;
  Kind *k = findKind(s, mlirOperationGetName(op));
  if (!knownInherent(op, k, ni, names, attrs, &num))
    listInherent(op, k, na, disc, nd, names, attrs, &num);
  for (int i = 0; i < num; ++i) {
    mix(s, names[i].ptr);
    mix(s, attrs[i].ptr);
  }
}

static MlirWalkResult visit(MlirOperation op, void *ud) {
  State *s = ud;
  ++s->n;
  mix(s, op.ptr);
  mix(s, mlirOperationGetName(op).ptr);
  mix(s, mlirOperationGetLocation(op).ptr);
  mixAttributes(s, op);
  intptr_t no = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < no; ++i)
    mix(s, mlirOperationGetOperand(op, i).ptr);
  intptr_t nr = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nr; ++i)
    mix(s, mlirValueGetType(mlirOperationGetResult(op, i)).ptr);
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
  return MlirWalkResultAdvance;
}

// One op's fingerprint with `s`'s table of inherent attribute names, which
// carries over from op to op: the names do not change what is hashed (they
// are only tried before the op's own list is read), so a walker that
// fingerprints many top-level ops learns each kind's names once instead of
// once per op, and reads fewer attribute lists (each one builds a uniqued
// dictionary).
static uint64_t fingerprintWith(State *s, MlirOperation root, int64_t *numOps) {
  s->h = 0x84222325cbf29ce4ull;
  s->n = 0;
  mlirOperationWalk(root, visit, s, MlirWalkPreOrder);
  if (numOps)
    *numOps = s->n;
  return s->h;
}

uint64_t irsFingerprint(MlirOperation root, int64_t *numOps) {
  State s = {.numKinds = 0};
  return fingerprintWith(&s, root, numOps);
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
  State w = {.numKinds = 0};
  intptr_t nr = mlirOperationGetNumRegions(root);
  for (intptr_t r = 0; r < nr; ++r) {
    MlirRegion reg = mlirOperationGetRegion(root, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(reg); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        int64_t c = 0;
        mix(s, (const void *)(uintptr_t)fingerprintWith(&w, o, &c));
        s->n += c;
      }
  }
}

// Top-level ops [from, n) with a stride of 2: the ops of one of the two
// walkers (interleaved, so both get a similar share of a module whose
// functions grow or shrink along the file).
typedef struct TopsJob {
  const MlirOperation *ops;
  uint64_t *fps;
  int64_t *counts;
  size_t from, n;
} TopsJob;

static void *walkTops(void *ud) {
  TopsJob *j = ud;
  State s = {.numKinds = 0};
  for (size_t k = j->from; k < j->n; k += 2)
    j->fps[k] = fingerprintWith(&s, j->ops[k], &j->counts[k]);
  return NULL;
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
  // The module's ops are only read, so two threads may walk disjoint
  // top-level ops; the uniquing their attribute lookups do is locked in a
  // multithreaded context (the caller's `threads`). At module level MLIR's
  // own threads are idle, so this halves the walk's wall time on two cores.
  TopsJob jobs[2] = {{ops, *tops, counts, 0, n}, {ops, *tops, counts, 1, n}};
  pthread_t th;
  bool two = threads && n > 1 && pthread_create(&th, NULL, walkTops, &jobs[1]) == 0;
  if (two) {
    walkTops(&jobs[0]);
    pthread_join(th, NULL);
  } else {
    State w = {.numKinds = 0};
    for (size_t k = 0; k < n; ++k)
      (*tops)[k] = fingerprintWith(&w, ops[k], &counts[k]);
  }
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
