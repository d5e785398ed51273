// SPDX-License-Identifier: Apache-2.0
//===- ActionCounter.c - irscope's debug counter, through the bridge ------===//
//
// The in-process twin of --mlir-debug-counter=TAG-count=K (Narrow.h): an
// action handler (Action.h, the one C++ bridge) that numbers the actions
// of each tag as they begin, lets the first K of one tag run and skips the
// rest, exactly as mlir::tracing::DebugCounter::shouldExecute decides with
// skip 0 and count K (mlir/lib/Debug/DebugCounter.cpp), so that K of N
// here is K of N in mlir-opt's replay. One action can be described: its
// name and op when it begins, and the root printed around it. The root is
// printed rather than the action's own top-level op, which a rewrite may
// erase; the caller cuts the op out of the two texts
// (irsNarrowChangedTopLevelOp).
//
//===----------------------------------------------------------------------===//
#include "irscope/ActionCounter.h"

#include "../Support/Buf.h"
#include "../Support/NarrowImpl.h"

#include <stdlib.h>
#include <string.h>

typedef struct Counter {
  char *tag;
  int64_t count, describe;
  bool printRoot;
  int64_t seen[2]; // apply-pattern, pass-execution
  MlirOperation root;
  IrsActionHandler handler;
  bool attached;
  IrsBuf field[IrsActionFieldAfter + 1];
  IrsBuf beforeGeneric; // the other form of "before", until "after" decides
} Counter;

IrsActionCounter irsActionCounterCreate(const char *tag, int64_t count,
                                        int64_t describe, bool printRoot) {
  Counter *c = calloc(1, sizeof(*c));
  if (!c || !(c->tag = strdup(tag))) {
    free(c);
    return (IrsActionCounter){NULL};
  }
  c->count = count;
  c->describe = describe;
  c->printRoot = printRoot;
  return (IrsActionCounter){c};
}

void irsActionCounterDestroy(IrsActionCounter counter) {
  Counter *c = counter.ptr;
  if (!c)
    return;
  irsActionCounterDetach(counter);
  for (int k = 0; k <= IrsActionFieldAfter; ++k)
    irsBufFree(&c->field[k]);
  irsBufFree(&c->beforeGeneric);
  free(c->tag);
  free(c);
}

static int tagIndex(MlirStringRef tag) {
  if (mlirStringRefEqual(tag,
                         mlirStringRefCreateFromCString(IRS_NARROW_TAG_PATTERN)))
    return 0;
  if (mlirStringRefEqual(tag, mlirStringRefCreateFromCString(IRS_NARROW_TAG_PASS)))
    return 1;
  return -1;
}

static void printModule(MlirOperation root, bool generic, IrsBuf *out) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (generic)
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  irsBufReset(out);
  mlirOperationPrintWithFlags(root, f, irsBufStringCallback, out);
  mlirOpPrintingFlagsDestroy(f);
}

static void describeOp(Counter *c, const IrsAction *a) {
  // A pattern keeps its whole debug name, as --log-actions-to prints it and
  // the crash note names it; a pass is named by its argument, or by
  // MLIR's name for an adaptor without namespaces.
  MlirStringRef name = strcmp(c->tag, IRS_NARROW_TAG_PATTERN)
                           ? irsNarrowShortName(a->name)
                           : a->name;
  irsBufAppendRef(&c->field[IrsActionFieldName],
                  name.length ? name
                              : mlirStringRefCreateFromCString("(unnamed)"));
  if (!mlirOperationIsNull(a->op)) {
    MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
    mlirOpPrintingFlagsPrintGenericOpForm(f);
    mlirOpPrintingFlagsSkipRegions(f);
    mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
    IrsBuf *op = &c->field[IrsActionFieldOp];
    mlirOperationPrintWithFlags(a->op, f, irsBufStringCallback, op);
    mlirOpPrintingFlagsDestroy(f);
    for (size_t k = 0; k < op->len; ++k)
      if (op->data[k] == '\n')
        op->data[k] = ' ';
    irsBufAppendRef(&c->field[IrsActionFieldOpName],
                    mlirIdentifierStr(mlirOperationGetName(a->op)));
    char loc[256];
    irsNarrowLocationOf(irsBufRef(op), loc, sizeof(loc));
    irsBufAppendStr(&c->field[IrsActionFieldLocation], loc);
  }
  if (c->printRoot) {
    printModule(c->root, false, &c->field[IrsActionFieldBefore]);
    printModule(c->root, true, &c->beforeGeneric);
  }
}

static bool isDescribed(const Counter *c, int t, int64_t index) {
  return c->describe > 0 && index == c->describe && !strcmp(c->tag,
         t == 0 ? IRS_NARROW_TAG_PATTERN : IRS_NARROW_TAG_PASS);
}

IrsActionDecision irsActionCounterBefore(const IrsAction *a, void *ud) {
  Counter *c = ud;
  int t = tagIndex(a->tag);
  if (t < 0)
    return IrsActionExecute;
  int64_t index = ++c->seen[t];
  if (isDescribed(c, t, index))
    describeOp(c, a);
  bool ours = !strcmp(c->tag, t == 0 ? IRS_NARROW_TAG_PATTERN
                                     : IRS_NARROW_TAG_PASS);
  return ours && c->count >= 0 && index > c->count ? IrsActionSkip
                                                   : IrsActionExecute;
}

void irsActionCounterAfter(const IrsAction *a, bool executed, void *ud) {
  Counter *c = ud;
  int t = tagIndex(a->tag);
  if (t < 0 || !executed || !c->printRoot || !isDescribed(c, t, c->seen[t]))
    return;
  // Custom form only for IR that verifies: custom printers may crash on
  // broken invariants. "before" follows in the same form.
  bool valid = mlirOperationVerify(c->root);
  printModule(c->root, !valid, &c->field[IrsActionFieldAfter]);
  if (!valid) {
    IrsBuf tmp = c->field[IrsActionFieldBefore];
    c->field[IrsActionFieldBefore] = c->beforeGeneric;
    c->beforeGeneric = tmp;
  }
}

void irsActionCounterSetRoot(IrsActionCounter counter, MlirOperation root) {
  ((Counter *)counter.ptr)->root = root;
}

void irsActionCounterAttach(IrsActionCounter counter, MlirOperation root) {
  Counter *c = counter.ptr;
  c->root = root;
  c->handler = irsActionHandlerAttach(mlirOperationGetContext(root),
                                      irsActionCounterBefore,
                                      irsActionCounterAfter, c);
  c->attached = !irsActionHandlerIsNull(c->handler);
}

void irsActionCounterDetach(IrsActionCounter counter) {
  Counter *c = counter.ptr;
  if (!c->attached)
    return;
  irsActionHandlerDetach(c->handler);
  c->attached = false;
}

int64_t irsActionCounterGetNum(IrsActionCounter counter, const char *tag) {
  Counter *c = counter.ptr;
  int t = tagIndex(mlirStringRefCreateFromCString(tag));
  return t < 0 ? 0 : c->seen[t];
}

MlirStringRef irsActionCounterGetField(IrsActionCounter counter,
                                       IrsActionField field) {
  Counter *c = counter.ptr;
  if ((unsigned)field > IrsActionFieldAfter || !c->field[field].data)
    return (MlirStringRef){"", 0};
  return irsBufRef(&c->field[field]);
}
