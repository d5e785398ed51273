// SPDX-License-Identifier: Apache-2.0
//===- SharedDump.c - a module with aliases printed one top-level op at a time
//
// A lowered model keeps an alias (#map = affine_map<...>: affine.apply in
// every function) to the end of the pipeline, and local-scope texts cannot
// be stitched into such a dump: aliases are module-wide. Here a forked
// printer builds the printing state of the whole module once (value
// names, and the aliases a whole print would define) and prints each
// top-level op with it: the bytes a whole print gives for that op. The
// alias definitions and the module's first line come from the same state,
// so the dump is header, texts indented, "}".
//
// MLIR's C API computes the aliases only while it prints an op that has
// no parent, and prints it: the module, whole. So the printer empties the
// module's block when the first byte comes out (the aliases are known by
// then and the body is not printed yet) and fills it again afterwards:
// the print is the header of an empty module, the state is the whole
// module's. This mutates the module, which only a forked printer (its own
// copy-on-write copy, single-threaded, leaving by _exit) may do.
//
// What a whole print numbers in print order cannot be split: a distinct
// attribute not behind an alias (distinct[N]) and a resource (printed in
// the file's trailing metadata). A text showing either ends the stitch and
// the module is printed whole.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memmem
#include "StitchedDump.h"

#include <stdlib.h>
#include <string.h>

typedef struct HeaderPrint {
  IrsBuf out;
  MlirBlock body, holder;
  bool emptied;
} HeaderPrint;

// The print's callback: empties the module's block before the first byte.
static void headerCallback(MlirStringRef s, void *ud) {
  HeaderPrint *h = ud;
  if (!h->emptied) {
    h->emptied = true;
    for (MlirOperation o = mlirBlockGetFirstOperation(h->body);
         !mlirOperationIsNull(o); o = mlirBlockGetFirstOperation(h->body)) {
      mlirOperationRemoveFromParent(o);
      mlirBlockAppendOwnedOperation(h->holder, o);
    }
  }
  irsBufStringCallback(s, &h->out);
}

// Puts the ops back, in order.
static void refill(HeaderPrint *h) {
  for (MlirOperation o = mlirBlockGetFirstOperation(h->holder);
       !mlirOperationIsNull(o); o = mlirBlockGetFirstOperation(h->holder)) {
    mlirOperationRemoveFromParent(o);
    mlirBlockAppendOwnedOperation(h->body, o);
  }
}

bool irsDumpSharedBegin(MlirOperation module, IrsDumpShared *sh) {
  *sh = (IrsDumpShared){.header = IRS_BUF_INIT};
  MlirBlock body = irsDumpModuleBody(module);
  if (mlirBlockIsNull(body))
    return false;
  // The flags of every dump of verified IR (irsDumpModuleAliases).
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsAssumeVerified(f);
  sh->state = mlirAsmStateCreateForOperation(module, f);
  mlirOpPrintingFlagsDestroy(f);
  HeaderPrint h = {IRS_BUF_INIT, body, mlirBlockCreate(0, NULL, NULL), false};
  mlirOperationPrintWithState(module, sh->state, headerCallback, &h);
  refill(&h);
  mlirBlockDestroy(h.holder);
  // "<aliases>module ... {\n}\n": anything after the module (resources,
  // deferred aliases) or a text that is not this shape cannot be stitched.
  size_t n = h.out.len;
  bool ok = !h.out.failed && n >= 4 && memcmp(h.out.data + n - 4, "{\n}\n", 4) == 0;
  if (ok)
    irsBufAppend(&sh->header, h.out.data, n - 2);
  irsBufFree(&h.out);
  if (!ok || sh->header.failed) {
    irsDumpSharedEnd(sh);
    return false;
  }
  sh->aliases = sh->header.data[0] == '#' || sh->header.data[0] == '!';
  return true;
}

bool irsDumpSharedPrintTopInto(IrsDumpShared *sh, MlirOperation op,
                               IrsBuf *out) {
  irsBufReset(out);
  mlirOperationPrintWithState(op, sh->state, irsBufStringCallback, out);
  return !out->failed && out->data &&
         !memmem(out->data, out->len, "distinct[", 9) &&
         !memmem(out->data, out->len, "dense_resource<", 15);
}

void irsDumpSharedEnd(IrsDumpShared *sh) {
  if (sh->state.ptr)
    mlirAsmStateDestroy(sh->state);
  sh->state.ptr = NULL;
  irsBufFree(&sh->header);
}
