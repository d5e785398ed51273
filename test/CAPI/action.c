// SPDX-License-Identifier: Apache-2.0
// RUN: irscope-capi-action-test 2>&1 | FileCheck %s
//
// Public-API test of irscope/Action.h: the actions of a canonicalize nested
// on functions reach a C consumer with their tag, name (pass argument,
// pattern debug name), op, nesting and per-tag index; a second consumer
// sees the same actions; skipping every `apply-pattern` leaves the IR as it
// was; removing a consumer and detaching stop the calls.
#include "irscope/Action.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <mlir-c/Transforms.h>
#include <stdio.h>
#include <string.h>

#include "Context.h"
#include "Expect.h"

static const char kModule[] =
    "module {\n"
    "  func.func @f(%a: i32) -> i32 {\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %0 = arith.addi %a, %c1 : i32\n"
    "    %1 = arith.addi %0, %c2 : i32\n"
    "    return %1 : i32\n"
    "  }\n"
    "  func.func @g(%a: i32) -> i32 {\n"
    "    return %a : i32\n"
    "  }\n"
    "}\n";

static void printRef(MlirStringRef s) { fwrite(s.data, 1, s.length, stdout); }

static void printCb(MlirStringRef s, void *userData) {
  (void)userData;
  printRef(s);
}

typedef struct Log {
  bool print;
  bool skipPatterns;
  int before, after, skipped;
} Log;

static IrsActionDecision logBefore(const IrsAction *a, void *userData) {
  Log *log = userData;
  ++log->before;
  bool isPattern = mlirStringRefEqual(a->tag, mlirStringRefCreateFromCString(
                                                  "apply-pattern"));
  if (log->print && (isPattern || mlirStringRefEqual(
                                      a->tag, mlirStringRefCreateFromCString(
                                                  "pass-execution")))) {
    printf("%*s", 2 * a->depth, "");
    printRef(a->tag);
    printf(" #%lld '", (long long)a->index);
    printRef(a->name);
    printf("' on ");
    if (mlirOperationIsNull(a->op))
      printf("none");
    else
      printRef(mlirIdentifierStr(mlirOperationGetName(a->op)));
    if (a->parent) {
      printf(" in ");
      printRef(a->parent->tag);
    }
    printf("\n");
  }
  EXPECT((a->depth == 0) == (a->parent == NULL));
  EXPECT(a->index >= 1);
  return isPattern && log->skipPatterns ? IrsActionSkip : IrsActionExecute;
}

static void logAfter(const IrsAction *a, bool executed, void *userData) {
  Log *log = userData;
  ++log->after;
  if (!executed)
    ++log->skipped;
}

static MlirModule parse(MlirContext ctx) {
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
}

static void runCanonicalize(MlirContext ctx, MlirModule m) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager fpm = mlirPassManagerGetNestedUnder(
      pm, mlirStringRefCreateFromCString("func.func"));
  mlirOpPassManagerAddOwnedPass(fpm, mlirCreateTransformsCanonicalizer());
  EXPECT(mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))));
  mlirPassManagerDestroy(pm);
}

int main(void) {
  MlirContext ctx = newContext(false);

  // CHECK-LABEL: observe
  // CHECK: pass-execution #1 'mlir::detail::OpToOpPassAdaptor' on builtin.module
  // CHECK-NEXT:   pass-execution #2 'canonicalize' on func.func in pass-execution
  // CHECK:     apply-pattern #{{[0-9]+}} '{{.*}}AddIAddConstant' on arith.addi in GreedyPatternRewriteIteration
  // CHECK:   pass-execution #3 'canonicalize' on func.func in pass-execution
  // CHECK: counts: pass-execution 3, consumers agree 1, after 1
  printf("observe\n");
  Log log = {.print = true}, second = {0};
  IrsActionHandler h = irsActionHandlerAttach(ctx, logBefore, logAfter, &log);
  EXPECT(!irsActionHandlerIsNull(h));
  EXPECT(irsActionHandlerAddConsumer(h, logBefore, NULL, &second));
  MlirModule m = parse(ctx);
  runCanonicalize(ctx, m);
  printf("counts: pass-execution %lld, consumers agree %d, after %d\n",
         (long long)irsActionHandlerGetCount(
             h, mlirStringRefCreateFromCString("pass-execution")),
         log.before == second.before, log.after == log.before);
  EXPECT(log.skipped == 0 && second.after == 0);
  mlirModuleDestroy(m);

  // A count set back (irscope's own pass manager ran in between) numbers
  // the next action after it; a tag no action had is left alone.
  // CHECK-LABEL: set count
  // CHECK-NEXT: pass-execution 1, unknown 0
  printf("set count\n");
  irsActionHandlerSetCount(h, mlirStringRefCreateFromCString("pass-execution"),
                           1);
  irsActionHandlerSetCount(h, mlirStringRefCreateFromCString("no-such-tag"),
                           5);
  printf("pass-execution %lld, unknown %lld\n",
         (long long)irsActionHandlerGetCount(
             h, mlirStringRefCreateFromCString("pass-execution")),
         (long long)irsActionHandlerGetCount(
             h, mlirStringRefCreateFromCString("no-such-tag")));

  // Skipped patterns never run: canonicalize then only folds.
  // CHECK-LABEL: skip
  // CHECK: arith.addi %arg0, %c1_i32
  // CHECK: arith.addi %0, %c2_i32
  // CHECK: skipped all: 1
  printf("skip\n");
  EXPECT(irsActionHandlerRemoveConsumer(h, logBefore, NULL, &second));
  EXPECT(!irsActionHandlerRemoveConsumer(h, logBefore, NULL, &second));
  irsActionHandlerResetCounts(h);
  int seen = second.before;
  log = (Log){.skipPatterns = true};
  m = parse(ctx);
  runCanonicalize(ctx, m);
  mlirOperationPrint(mlirModuleGetOperation(m), printCb, NULL);
  int64_t patterns = irsActionHandlerGetCount(
      h, mlirStringRefCreateFromCString("apply-pattern"));
  printf("skipped all: %d\n", patterns > 0 && log.skipped == patterns);
  EXPECT(second.before == seen);
  mlirModuleDestroy(m);

  // CHECK-LABEL: detached
  // CHECK-NEXT: calls after detach: 0
  printf("detached\n");
  irsActionHandlerDetach(h);
  log = (Log){0};
  m = parse(ctx);
  runCanonicalize(ctx, m);
  printf("calls after detach: %d\n", log.before);
  mlirModuleDestroy(m);

  mlirContextDestroy(ctx);
  return failures ? 1 : 0;
}
