// SPDX-License-Identifier: Apache-2.0
//===- Unwritten.c - buffers that are read and that nothing writes --------===//
//
// Miscompile mode refuses an edit that leaves a buffer read but no longer
// written (OracleWorker.c): erasing the stores that initialise a printed
// buffer, or the call that fills it, makes the program print whatever was
// in that memory. The executions' fillings (IrsExecFill, Miscompile.c)
// catch such a candidate too, at the price of three executions; this walk
// refuses it before anything runs.
//
// A buffer is what memref.alloc or memref.alloca returns, with the views
// of it (cast, subview, reshapes, ...). Its uses are sorted into reads
// (loads, transfer reads, a copy's source), uses that cannot write
// (dealloc, dim, the views themselves, followed) and everything else,
// which may write: stores, a copy's target, calls, linalg ops, yields and
// returns that hand it on. A buffer with a read and none of the rest is
// read unwritten.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <string.h>

enum { MaxViewDepth = 8 };

static bool named(MlirOperation op, const char *const *names) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  for (; *names; ++names)
    if (n.length == strlen(*names) && memcmp(n.data, *names, n.length) == 0)
      return true;
  return false;
}

static const char *const kAllocs[] = {"memref.alloc", "memref.alloca", NULL};
static const char *const kViews[] = {
    "memref.cast",          "memref.subview",        "memref.reinterpret_cast",
    "memref.expand_shape",  "memref.collapse_shape", "memref.view",
    "memref.transpose",     "memref.assume_alignment", NULL};
static const char *const kReads[] = {
    "memref.load",          "affine.load",     "vector.load",
    "vector.transfer_read", "affine.vector_load", "vector.maskedload",
    "vector.gather",        NULL};
static const char *const kHarmless[] = {"memref.dealloc", "memref.dim",
                                        "memref.extract_strided_metadata",
                                        NULL};

typedef struct Uses {
  bool read, written;
} Uses;

static void classify(MlirValue buf, Uses *u, int depth) {
  for (MlirOpOperand use = mlirValueGetFirstUse(buf);
       !mlirOpOperandIsNull(use) && !u->written;
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (named(user, kViews) && depth < MaxViewDepth) {
      for (intptr_t i = 0; i < mlirOperationGetNumResults(user); ++i)
        classify(mlirOperationGetResult(user, i), u, depth + 1);
    } else if (named(user, kReads) ||
               (named(user, (const char *const[]){"memref.copy", NULL}) &&
                mlirOpOperandGetOperandNumber(use) == 0)) {
      u->read = true;
    } else if (!named(user, kHarmless)) {
      u->written = true;
    }
  }
}

static MlirWalkResult countBuffer(MlirOperation op, void *ud) {
  if (!named(op, kAllocs) || mlirOperationGetNumResults(op) != 1)
    return MlirWalkResultAdvance;
  Uses u = {false, false};
  classify(mlirOperationGetResult(op, 0), &u, 0);
  *(int64_t *)ud += u.read && !u.written;
  return MlirWalkResultAdvance;
}

int64_t irsReduceCountUnwrittenReads(MlirOperation root) {
  int64_t n = 0;
  mlirOperationWalk(root, countBuffer, &n, MlirWalkPreOrder);
  return n;
}
