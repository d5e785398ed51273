// SPDX-License-Identifier: Apache-2.0
//===- OracleAnchor.c - which top-level symbol the failing step was on ----===//
//
// A nested step that fails (a crash, a hang, a pass failure) usually fails
// on one function: the input's check worker has its pass manager call
// irsReduceAnchorNote before the leaf pass runs on each op
// (IrsPassManagerOptions.onAnchorOp), which writes the name of the
// top-level symbol holding that op into a mapping shared with the parent.
// The mapping outlives a worker that dies, so once the check is over the
// parent knows the symbol of the failing step (the failing-symbol
// strategy cuts the module to it). One slot per thread: with MLIR's threads
// every thread's last symbol is a candidate.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OracleImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { kAnchorSlots = 16, kAnchorNameMax = 1000 };

typedef struct AnchorSlot {
  _Atomic int64_t tid; // the thread that owns the slot; 0: free
  intptr_t step;       // 1-based step of the last note
  _Atomic int32_t len; // the name's length; -1: none (or being written)
  char name[kAnchorNameMax];
} AnchorSlot;

struct IrsReduceAnchors {
  AnchorSlot slots[kAnchorSlots];
};

bool irsReduceAnchorsStart(Reducer *r) {
  void *p = mmap(NULL, sizeof(IrsReduceAnchors), PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return false;
  r->anchors = p;
  irsReduceAnchorsReset(r);
  return true;
}

void irsReduceAnchorsReset(Reducer *r) {
  for (int i = 0; r->anchors && i < kAnchorSlots; ++i) {
    atomic_store(&r->anchors->slots[i].tid, 0);
    atomic_store(&r->anchors->slots[i].len, -1);
  }
}

void irsReduceAnchorsFree(Reducer *r) {
  if (r->anchors)
    munmap(r->anchors, sizeof(IrsReduceAnchors));
  r->anchors = NULL;
}

static AnchorSlot *mySlot(IrsReduceAnchors *a) {
  int64_t me = (int64_t)gettid();
  for (int i = 0; i < kAnchorSlots; ++i)
    if (atomic_load(&a->slots[i].tid) == me)
      return &a->slots[i];
  for (int i = 0; i < kAnchorSlots; ++i) {
    int64_t none = 0;
    if (atomic_compare_exchange_strong(&a->slots[i].tid, &none, me))
      return &a->slots[i];
  }
  return NULL; // more threads than slots: this one is not noted
}

void irsReduceAnchorNote(intptr_t step, MlirOperation op, void *userData) {
  Reducer *r = userData;
  AnchorSlot *s = r->anchors ? mySlot(r->anchors) : NULL;
  if (!s)
    return;
  // The op directly in the module that holds `op` (or is it).
  MlirOperation top = op, p;
  while (!mlirOperationIsNull(p = mlirOperationGetParentOperation(top)) &&
         !mlirOperationIsNull(mlirOperationGetParentOperation(p)))
    top = p;
  MlirAttribute a = mlirOperationGetAttributeByName(
      top, mlirSymbolTableGetSymbolAttributeName());
  MlirStringRef name = !mlirAttributeIsNull(a) && mlirAttributeIsAString(a)
                           ? mlirStringAttrGetValue(a)
                           : mlirStringRefCreate(NULL, 0);
  atomic_store(&s->len, -1);
  s->step = step;
  if (!name.data || name.length >= kAnchorNameMax)
    return; // not a symbol (or too long a name): nothing to cut to
  memcpy(s->name, name.data, name.length);
  atomic_store(&s->len, (int32_t)name.length);
}

size_t irsReduceAnchorNames(Reducer *r, intptr_t step, MlirStringRef *out,
                            size_t cap) {
  size_t n = 0;
  for (int i = 0; r->anchors && i < kAnchorSlots && n < cap; ++i) {
    AnchorSlot *s = &r->anchors->slots[i];
    int32_t len = atomic_load(&s->len);
    if (atomic_load(&s->tid) != 0 && len >= 0 && s->step == step)
      out[n++] = mlirStringRefCreate(s->name, (size_t)len);
  }
  return n;
}

bool irsReduceStepNoted(const Reducer *r, intptr_t step) {
  if (!r->anchors || step < 1 || step > irsPipelineGetNumSteps(r->pipeline))
    return false;
  intptr_t na = irsPipelineGetStepNumAnchors(r->pipeline, step - 1);
  if (na < 2)
    return false;
  for (intptr_t d = 1; d < na; ++d) {
    MlirStringRef a = irsPipelineGetStepAnchorAt(r->pipeline, step - 1, d);
    if (a.length == 3 && memcmp(a.data, "any", 3) == 0)
      return false;
  }
  return true;
}
