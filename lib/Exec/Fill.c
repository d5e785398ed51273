// SPDX-License-Identifier: Apache-2.0
//===- Fill.c - fresh memory filled with a known byte before an execution -===//
//
// A program that reads memory it never wrote prints whatever was there.
// Executions forked from one process find the same leftovers there (the
// same heap, the same address-space layout), so two of them agree on that
// garbage and it passes for a result. With a filling, what the JIT'd code
// gets from malloc and aligned_alloc (memref.alloc) is set to one byte,
// and so is the stack below the caller (memref.alloca); two executions
// under the two fillings, whose bytes differ in every bit, give one
// result only if it does not depend on memory nobody wrote.
//
// The allocators are plain functions the engine resolves the JIT'd code's
// `malloc` to (mlirExecutionEngineRegisterSymbol), one per filling: a
// symbol carries no user data, and lib/ keeps no global state.
//
//===----------------------------------------------------------------------===//
#include "ExecImpl.h"

#include <stdlib.h>
#include <string.h>

enum { StackBytes = 256 * 1024 };

static unsigned char byteOf(IrsExecFill f) {
  return f == IrsExecFill5A ? 0x5A : 0xA5;
}

static void *filled(void *p, size_t n, IrsExecFill f) {
  if (p)
    memset(p, byteOf(f), n);
  return p;
}

static void *malloc5A(size_t n) { return filled(malloc(n), n, IrsExecFill5A); }
static void *mallocA5(size_t n) { return filled(malloc(n), n, IrsExecFillA5); }
static void *alignedAlloc5A(size_t a, size_t n) {
  return filled(aligned_alloc(a, n), n, IrsExecFill5A);
}
static void *alignedAllocA5(size_t a, size_t n) {
  return filled(aligned_alloc(a, n), n, IrsExecFillA5);
}

void irsExecFillRegister(MlirExecutionEngine jit, IrsExecFill f) {
  if (f == IrsExecFillNone)
    return;
  bool a = f == IrsExecFill5A;
  mlirExecutionEngineRegisterSymbol(
      jit, mlirStringRefCreateFromCString("malloc"),
      a ? (void *)malloc5A : (void *)mallocA5);
  mlirExecutionEngineRegisterSymbol(
      jit, mlirStringRefCreateFromCString("aligned_alloc"),
      a ? (void *)alignedAlloc5A : (void *)alignedAllocA5);
}

// The frames of the entry, called right after this returns, lie in the
// area written here. Volatile: the stores must happen although nothing
// reads them.
__attribute__((noinline)) void irsExecFillStack(IrsExecFill f) {
  if (f == IrsExecFillNone)
    return;
  volatile unsigned char area[StackBytes];
  unsigned char b = byteOf(f);
  for (size_t i = 0; i < sizeof(area); ++i)
    area[i] = b;
}
