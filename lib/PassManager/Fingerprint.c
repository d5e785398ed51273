// SPDX-License-Identifier: Apache-2.0
// Structural fingerprint of a module; see Fingerprint.h.
#include "Fingerprint.h"

#include <stdlib.h>

typedef struct State {
  uint64_t h;
  int64_t n;
} State;

static inline void mix(State *s, const void *p) {
  // splitmix64-style mixing of one word into the running hash.
  uint64_t x = (uint64_t)(uintptr_t)p + 0x9e3779b97f4a7c15ull + (s->h << 6) +
               (s->h >> 2);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  s->h ^= x ^ (x >> 31);
}

static MlirWalkResult visit(MlirOperation op, void *ud) {
  State *s = ud;
  ++s->n;
  mix(s, op.ptr);
  mix(s, mlirOperationGetName(op).ptr);
  mix(s, mlirOperationGetLocation(op).ptr);
  intptr_t na = mlirOperationGetNumAttributes(op);
  for (intptr_t i = 0; i < na; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    mix(s, a.name.ptr);
    mix(s, a.attribute.ptr);
  }
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

uint64_t irsFingerprint(MlirOperation root, int64_t *numOps) {
  State s = {0x84222325cbf29ce4ull, 0};
  mlirOperationWalk(root, visit, &s, MlirWalkPreOrder);
  if (numOps)
    *numOps = s.n;
  return s.h;
}

uint64_t irsFingerprintWithTops(MlirOperation root, uint64_t **tops,
                                size_t *capTops, size_t *numTops,
                                int64_t *numOps) {
  // The root's own identity (name, attributes, regions, blocks), then each
  // top-level op's subtree hash: together they cover exactly what a full
  // walk covers.
  State s = {0x84222325cbf29ce4ull, 0};
  visit(root, &s);
  *numTops = 0;
  intptr_t nr = mlirOperationGetNumRegions(root);
  for (intptr_t r = 0; r < nr; ++r) {
    MlirRegion reg = mlirOperationGetRegion(root, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(reg); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        int64_t n = 0;
        uint64_t fp = irsFingerprint(o, &n);
        s.n += n;
        mix(&s, (const void *)(uintptr_t)fp);
        if (*numTops == *capTops) {
          size_t cap = *capTops ? *capTops * 2 : 256;
          uint64_t *p = realloc(*tops, cap * sizeof(uint64_t));
          if (!p) {
            *numTops = 0; // callers then recompute what they need
            continue;
          }
          *tops = p;
          *capTops = cap;
        }
        (*tops)[(*numTops)++] = fp;
      }
    }
  }
  if (numOps)
    *numOps = s.n;
  return s.h;
}

uint64_t irsFingerprintCombine(MlirOperation root, const uint64_t *tops,
                               size_t numTops) {
  // Exactly what irsFingerprintWithTops computes from the same parts.
  State s = {0x84222325cbf29ce4ull, 0};
  visit(root, &s);
  for (size_t i = 0; i < numTops; ++i)
    mix(&s, (const void *)(uintptr_t)tops[i]);
  return s.h;
}
