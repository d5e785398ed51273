// SPDX-License-Identifier: Apache-2.0
//===- printcost.c - where a forked printer's instructions go -------------===//
//
// A dump of a module with aliases (SharedDump.c) costs, per module: the
// printing state (value names of the whole module), MLIR's alias walk (a
// print of every op to nowhere, run by the first print of the module with
// that state), each top-level op printed with the state, and what the
// print's callback does per token. Each part runs here in its own
// function, so that callgrind's inclusive counts of them give the split in
// instructions (counts are reliable on a loaded machine; time is not):
//
//   cc -O2 -I/usr/lib/llvm-22/include -Ilib/Support bench/printcost.c
//      build/lib/libirscope_internal.a -Lbuild/lib -lirscope
//      -Wl,-rpath,$PWD/build/lib -o /tmp/printcost      (one line)
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/pc.out
//      /tmp/printcost DUMP.mlir                          (one line)
//   callgrind_annotate --inclusive=yes /tmp/pc.out | grep costOf
//
// costOfWalk is the alias walk plus the ops' print (costOfOpsNull): the
// walk is the difference. costOfOpsBuf - costOfOpsNull is the callback
// irscope prints through (Buf.h); the rest of costOfOpsNull is MLIR's
// printer and its C API stream (unbuffered: one std::function call per
// token).
//
//===----------------------------------------------------------------------===//
#include "Buf.h"

#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>

#include <stdio.h>
#include <stdlib.h>

static void countToken(MlirStringRef s, void *ud) {
  (void)s;
  ++*(size_t *)ud;
}

static MlirBlock bodyOf(MlirOperation m) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(m, 0));
}

__attribute__((noinline)) static MlirAsmState costOfState(MlirOperation m) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsAssumeVerified(f);
  MlirAsmState s = mlirAsmStateCreateForOperation(m, f);
  mlirOpPrintingFlagsDestroy(f);
  return s;
}

__attribute__((noinline)) static size_t costOfWalk(MlirOperation m,
                                                   MlirAsmState s) {
  size_t tokens = 0;
  mlirOperationPrintWithState(m, s, countToken, &tokens);
  return tokens;
}

// Prints every top-level op of m with s through cb.
static void printOps(MlirOperation m, MlirAsmState s, MlirStringCallback cb,
                     void *ud) {
  for (MlirOperation o = mlirBlockGetFirstOperation(bodyOf(m));
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    mlirOperationPrintWithState(o, s, cb, ud);
}

__attribute__((noinline)) static size_t costOfOpsNull(MlirOperation m,
                                                      MlirAsmState s) {
  size_t tokens = 0;
  printOps(m, s, countToken, &tokens);
  return tokens;
}

// One buffer for all ops: the callback's cost per token, without the
// growth of a per-op buffer.
__attribute__((noinline)) static size_t costOfOpsBuf(MlirOperation m,
                                                     MlirAsmState s) {
  IrsBuf b = IRS_BUF_INIT;
  printOps(m, s, irsBufStringCallback, &b);
  size_t bytes = b.len;
  irsBufFree(&b);
  return bytes;
}

__attribute__((noinline)) static size_t costOfOpsLocal(MlirOperation m) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsUseLocalScope(f);
  mlirOpPrintingFlagsAssumeVerified(f);
  size_t tokens = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(bodyOf(m));
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    mlirOperationPrintWithFlags(o, f, countToken, &tokens);
  mlirOpPrintingFlagsDestroy(f);
  return tokens;
}

static char *readAll(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  char *t = NULL;
  if (f && fseek(f, 0, SEEK_END) == 0) {
    long len = ftell(f);
    t = len >= 0 ? malloc((size_t)len + 1) : NULL;
    rewind(f);
    if (t && fread(t, 1, (size_t)len, f) == (size_t)len) {
      *n = (size_t)len;
    } else {
      free(t);
      t = NULL;
    }
  }
  if (f)
    fclose(f);
  return t;
}

int main(int argc, char **argv) {
  size_t n = 0;
  char *text = argc == 2 ? readAll(argv[1], &n) : NULL;
  if (!text) {
    fprintf(stderr, "usage: printcost DUMP.mlir (a readable module)\n");
    return 2;
  }
  MlirDialectRegistry r = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(r);
  MlirContext ctx = mlirContextCreate();
  mlirContextAppendDialectRegistry(ctx, r);
  mlirContextLoadAllAvailableDialects(ctx);
  MlirOperation m = mlirOperationCreateParse(
      ctx, mlirStringRefCreate(text, n), mlirStringRefCreateFromCString(argv[1]));
  if (mlirOperationIsNull(m)) {
    fprintf(stderr, "printcost: %s does not parse\n", argv[1]);
    return 1;
  }
  MlirAsmState s = costOfState(m);
  size_t whole = costOfWalk(m, s);
  size_t ops = costOfOpsNull(m, s);
  size_t bytes = costOfOpsBuf(m, s);
  size_t local = costOfOpsLocal(m);
  printf("tokens: whole %zu, ops %zu (local scope %zu); %zu bytes\n", whole,
         ops, local, bytes);
  mlirAsmStateDestroy(s);
  mlirOperationDestroy(m);
  mlirContextDestroy(ctx);
  mlirDialectRegistryDestroy(r);
  free(text);
  return 0;
}
