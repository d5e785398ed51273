// SPDX-License-Identifier: Apache-2.0
// Unit tests of the reducer's candidate edits (lib/Reduce/Edit.c and the
// appliers in lib/Reduce/Strategy*.c): each edit kind applied to a small
// parsed module gives the expected, valid IR; an edit naming an op that is
// not there is refused; irsEditKey tells apart edits that differ in any
// field the appliers read.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Reduce/ReduceImpl.h"

#include <mlir-c/RegisterEverything.h>

#include <stdlib.h>
#include <string.h>

// The edit kinds, as their strategies list them (Strategies.def).
#define KIND_INLINE (irsStrategyInlineRegion.edits[0])
#define KIND_DROP_ARG (irsStrategyDropArgs.edits[0])
#define KIND_DROP_RESULT (irsStrategyDropArgs.edits[1])
#define KIND_SET_OPERAND (irsStrategySimplifyOperands.edits[0])
#define KIND_SIMPLIFY_CFG (irsStrategySimplifyCfg.edits[0])
#define KIND_POISON_TO_ARG (irsStrategyPoisonToArgs.edits[0])
#define KIND_ATTRS (irsStrategySimplifyAttrs.edits[0])
#define KIND_RENAME (irsStrategyRename.edits[0])
#define KIND_RUN_PIPELINE (irsStrategyRunPasses.edits[0])

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

typedef struct Applied {
  bool applied;  // irsEditApply's answer
  bool verifies; // the module verifies afterwards
  char *text;    // the module printed afterwards; owned
} Applied;

static MlirContext newContext(void) {
  MlirContext ctx = mlirContextCreateWithThreading(false);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirContextAppendDialectRegistry(ctx, reg);
  mlirDialectRegistryDestroy(reg);
  mlirContextLoadAllAvailableDialects(ctx);
  return ctx;
}

static Applied apply(const char *src, const IrsEdit *e) {
  MlirContext ctx = newContext();
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(src));
  assert_false(mlirModuleIsNull(m));
  MlirOperation root = mlirModuleGetOperation(m);
  Applied a;
  a.applied = irsEditApply(ctx, root, e);
  a.verifies = mlirOperationVerify(root);
  IrsBuf b = IRS_BUF_INIT;
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(f); // safe even if invalid
  if (a.verifies) {
    mlirOpPrintingFlagsDestroy(f);
    f = mlirOpPrintingFlagsCreate();
  }
  mlirOperationPrintWithFlags(root, f, irsBufStringCallback, &b);
  mlirOpPrintingFlagsDestroy(f);
  irsBufAppend(&b, "", 1);
  a.text = irsBufDetach(&b);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return a;
}

static void expectContains(const Applied *a, const char *needle) {
  if (!strstr(a->text, needle))
    fail_msg("'%s' not found in:\n%s", needle, a->text);
}

static void expectLacks(const Applied *a, const char *needle) {
  if (strstr(a->text, needle))
    fail_msg("'%s' unexpectedly found in:\n%s", needle, a->text);
}

//===----------------------------------------------------------------------===//
// Edit kinds
//===----------------------------------------------------------------------===//

// Pre-order: 0 module, 1 func, 2 addi, 3 muli, 4 return.
static const char *kArith = "func.func @f(%x: i32) -> i32 {\n"
                            "  %a = arith.addi %x, %x : i32\n"
                            "  %m = arith.muli %a, %x : i32\n"
                            "  return %m : i32\n"
                            "}\n";

// 0 module, 1 global, 2 callee, 3 return, 4 caller, 5 get_global, 6 call,
// 7 addi, 8 return.
static const char kSymbols[] =
    "memref.global \"private\" @g : memref<2xi32>\n"
    "func.func private @callee(%a: i32) -> i32 {\n"
    "  return %a : i32\n"
    "}\n"
    "func.func @caller(%x: i32) -> i32 {\n"
    "  %m = memref.get_global @g : memref<2xi32>\n"
    "  %r = func.call @callee(%x) : (i32) -> i32\n"
    "  %s = arith.addi %r, %x : i32\n"
    "  return %s : i32\n"
    "}\n";

static void test_edit__erase_replaces_used_results_with_poison(void **state) {
  (void)state;
  int64_t idx[] = {2};
  IrsEdit e = {.ops = &irsEditErase, .erase = {idx, 1}};
  Applied a = apply(kArith, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectLacks(&a, "arith.addi");
  expectContains(&a, "%0 = ub.poison : i32\n    %1 = arith.muli %0, %arg0");
  free(a.text);
}

static void test_edit__erase_symbol_takes_its_uses(void **state) {
  (void)state;
  const char *src = kSymbols; // erases the global and the callee
  int64_t idx[] = {1, 2};
  IrsEdit e = {.ops = &irsEditErase, .erase = {idx, 2}};
  Applied a = apply(src, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectLacks(&a, "@callee");
  expectLacks(&a, "@g");
  expectContains(&a, "%0 = ub.poison : i32\n    %1 = arith.addi %0, %arg0");
  free(a.text);
}

// With erase.detachTo set, erased top-level ops move into that block
// (a worker's copy-on-write module then frees nothing) and the module left
// is the one destroying them gives; a module with a top-level op that has
// results (a nested op could use it) destroys them as before.
static char *printOp(MlirOperation op) {
  IrsBuf b = IRS_BUF_INIT;
  mlirOperationPrint(op, irsBufStringCallback, &b);
  irsBufAppend(&b, "", 1);
  return irsBufDetach(&b);
}

static size_t eraseDetached(const char *src, const int64_t *idx, size_t n,
                            char **text) {
  MlirContext ctx = newContext();
  mlirContextSetAllowUnregisteredDialects(ctx, true);
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(src));
  MlirModule rest = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  assert_false(mlirModuleIsNull(m));
  IrsEdit e = {.ops = &irsEditErase, .erase = {idx, n, mlirModuleGetBody(rest)}};
  assert_true(irsEditApply(ctx, mlirModuleGetOperation(m), &e));
  assert_true(mlirOperationVerify(mlirModuleGetOperation(m)));
  *text = printOp(mlirModuleGetOperation(m));
  size_t moved = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(rest));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ++moved;
  mlirModuleDestroy(rest);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return moved;
}

static void test_edit__erase_detaches_top_level_ops(void **state) {
  (void)state;
  const char *src = kSymbols;
  int64_t idx[] = {1, 2};
  char *detached = NULL;
  assert_int_equal(eraseDetached(src, idx, 2, &detached), 2);
  IrsEdit e = {.ops = &irsEditErase, .erase = {idx, 2}};
  Applied a = apply(src, &e);
  assert_string_equal(detached, a.text);
  expectLacks(&a, "@callee");
  free(detached);
  free(a.text);
  // 0 module, 1 "test.value" (a result at the top), 2 @f, 3 return.
  const char *withResult = "%v = \"test.value\"() : () -> i32\n"
                           "func.func @f() {\n"
                           "  return\n"
                           "}\n";
  int64_t f[] = {2};
  assert_int_equal(eraseDetached(withResult, f, 1, &detached), 0);
  assert_null(strstr(detached, "@f"));
  free(detached);
}

static void test_edit__stale_index_is_refused(void **state) {
  (void)state;
  int64_t idx[] = {99};
  IrsEdit erase = {.ops = &irsEditErase, .erase = {idx, 1}};
  Applied a = apply(kArith, &erase);
  assert_false(a.applied);
  expectContains(&a, "arith.addi");
  free(a.text);
  IrsEdit inl = {.ops = KIND_INLINE, .target = 99, .inlineRegion = {0}};
  a = apply(kArith, &inl);
  assert_false(a.applied);
  free(a.text);
  IrsEdit op = {.ops = KIND_SET_OPERAND, .target = 3, .setOperand = {7, IrsEditValuePoison, 0}};
  a = apply(kArith, &op); // operand 7 of a two-operand op
  assert_false(a.applied);
  expectContains(&a, "arith.muli %0, %arg0");
  free(a.text);
}

static void test_edit__inline_maps_iter_args_and_yield(void **state) {
  (void)state;
  // 0 module, 1 func, 2 scf.for, 3 muli, 4 yield, 5 return.
  const char *src =
      "func.func @f(%x: i32, %lb: index, %ub: index, %s: index) -> i32 {\n"
      "  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> i32 {\n"
      "    %m = arith.muli %acc, %acc : i32\n"
      "    scf.yield %m : i32\n"
      "  }\n"
      "  return %r : i32\n"
      "}\n";
  IrsEdit e = {.ops = KIND_INLINE, .target = 2, .inlineRegion = {0}};
  Applied a = apply(src, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectLacks(&a, "scf.");
  expectContains(&a, "%0 = arith.muli %arg0, %arg0 : i32\n    return %0 : i32");
  free(a.text);
}

static void test_edit__inline_poisons_mismatched_results(void **state) {
  (void)state;
  // 0 module, 1 func, 2 scf.if, 3 yield (then), 4 yield (else), 5 return.
  const char *src = "func.func @f(%c: i1, %x: i32) -> i64 {\n"
                    "  %r = scf.if %c -> i64 {\n"
                    "    %e = arith.extsi %x : i32 to i64\n"
                    "    scf.yield %e : i64\n"
                    "  } else {\n"
                    "    %z = arith.constant 0 : i64\n"
                    "    scf.yield %z : i64\n"
                    "  }\n"
                    "  return %r : i64\n"
                    "}\n";
  IrsEdit e = {.ops = KIND_INLINE, .target = 2, .inlineRegion = {1}}; // the else region
  Applied a = apply(src, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectLacks(&a, "arith.extsi");
  expectContains(&a, "%c0_i64 = arith.constant 0 : i64\n    return %c0_i64");
  free(a.text);
}

// 0 module, 1 callee, 2 muli, 3 return, 4 caller, 5 call, 6 return.
static const char *kCall =
    "func.func private @callee(%a: i32, %b: i32) -> (i32, i32) {\n"
    "  %m = arith.muli %a, %b : i32\n"
    "  return %m, %a : i32, i32\n"
    "}\n"
    "func.func @caller(%x: i32, %y: i32) -> i32 {\n"
    "  %r:2 = func.call @callee(%x, %y) : (i32, i32) -> (i32, i32)\n"
    "  return %r#1 : i32\n"
    "}\n";

static void test_edit__drop_func_arg_updates_calls(void **state) {
  (void)state;
  IrsEdit e = {.ops = KIND_DROP_ARG, .target = 1, .dropArg = {0, 0, 0}};
  Applied a = apply(kCall, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "func.func private @callee(%arg0: i32) -> (i32, i32)");
  expectContains(&a, "%0 = ub.poison : i32\n    %1 = arith.muli %0, %arg0");
  expectContains(&a, "call @callee(%arg1) : (i32) -> (i32, i32)");
  free(a.text);
}

static void test_edit__drop_result_rebuilds_calls(void **state) {
  (void)state;
  IrsEdit e = {.ops = KIND_DROP_RESULT, .target = 1, .dropResult = {1}};
  Applied a = apply(kCall, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "func.func private @callee(%arg0: i32, %arg1: i32) -> i32 {");
  expectContains(&a, "return %0 : i32");
  // The dropped result was used: the use becomes poison.
  expectContains(&a, "%0 = ub.poison : i32\n    %1 = call @callee(%arg0, %arg1) "
                     ": (i32, i32) -> i32\n    return %0 : i32");
  free(a.text);
}

static void test_edit__drop_block_arg_updates_cond_br(void **state) {
  (void)state;
  // 0 module, 1 func, 2 cond_br, 3 br, 4 addi, 5 return.
  const char *src = "func.func @f(%x: i32, %c: i1) -> i32 {\n"
                    "  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%x, %x : i32, i32)\n"
                    "^bb1(%p: i32):\n"
                    "  cf.br ^bb2(%p, %p : i32, i32)\n"
                    "^bb2(%q: i32, %r: i32):\n"
                    "  %s = arith.addi %q, %r : i32\n"
                    "  return %s : i32\n"
                    "}\n";
  IrsEdit e = {.ops = KIND_DROP_ARG, .target = 1, .dropArg = {0, 2, 0}}; // ^bb2's %q
  Applied a = apply(src, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2(%arg0 : i32)");
  expectContains(&a, "cf.br ^bb2(%0 : i32)");
  expectContains(&a, "^bb2(%1: i32):");
  free(a.text);
  IrsEdit entry = {.ops = KIND_DROP_ARG, .target = 2, .dropArg = {0, 0, 0}}; // not a func
  a = apply(src, &entry);
  assert_false(a.applied);
  free(a.text);
}

// simplify-cfg. 0 module, 1 func, 2 cond_br, 3 addi, 4 br, 5 muli, 6 br,
// 7 return.
static const char *kDiamond =
    "func.func @f(%x: i32, %c: i1) -> i32 {\n"
    "  cf.cond_br %c, ^bb1(%x : i32), ^bb2\n"
    "^bb1(%p: i32):\n"
    "  %a = arith.addi %p, %p : i32\n"
    "  cf.br ^bb3(%a : i32)\n"
    "^bb2:\n"
    "  %m = arith.muli %x, %x : i32\n"
    "  cf.br ^bb3(%m : i32)\n"
    "^bb3(%r: i32):\n"
    "  return %r : i32\n"
    "}\n";

static void test_edit__simplify_cfg_fold_prunes(void **state) {
  (void)state;
  IrsEdit keepFalse = {.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgFold, 1}};
  Applied a = apply(kDiamond, &keepFalse);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "cf.br ^bb1\n  ^bb1:");
  expectContains(&a, "arith.muli");
  expectLacks(&a, "arith.addi"); // the true block, unreachable, is gone
  expectLacks(&a, "cond_br");
  free(a.text);
  IrsEdit keepTrue = {.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgFold, 0}};
  a = apply(kDiamond, &keepTrue);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "cf.br ^bb1(%arg0 : i32)");
  expectLacks(&a, "arith.muli");
  free(a.text);
  IrsEdit notCond = {.ops = KIND_SIMPLIFY_CFG, .target = 4, .cfg = {IrsEditCfgFold, 0}}; // a cf.br
  a = apply(kDiamond, &notCond);
  assert_false(a.applied);
  free(a.text);
}

static void test_edit__simplify_cfg_merge_substitutes_args(void **state) {
  (void)state;
  // 0 module, 1 func, 2 br, 3 addi, 4 br, 5 return.
  const char *src = "func.func @f(%x: i32) -> i32 {\n"
                    "  cf.br ^bb1(%x : i32)\n"
                    "^bb1(%p: i32):\n"
                    "  %a = arith.addi %p, %p : i32\n"
                    "  cf.br ^bb2(%a : i32)\n"
                    "^bb2(%r: i32):\n"
                    "  return %r : i32\n"
                    "}\n";
  IrsEdit e = {.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgMerge, 0}};
  Applied a = apply(src, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "{\n    %0 = arith.addi %arg0, %arg0 : i32\n"
                     "    cf.br ^bb1(%0 : i32)\n  ^bb1(%1: i32):");
  free(a.text);
  // ^bb3 of the diamond has two predecessors: no merge.
  IrsEdit two = {.ops = KIND_SIMPLIFY_CFG, .target = 4, .cfg = {IrsEditCfgMerge, 0}};
  a = apply(kDiamond, &two);
  assert_false(a.applied);
  free(a.text);
}

static void test_edit__simplify_cfg_bypass_and_switch(void **state) {
  (void)state;
  // 0 module, 1 func, 2 switch, 3 br (^bb1, trivial), 4 br, 5 return.
  const char *src = "func.func @f(%x: i32, %y: i32) -> i32 {\n"
                    "  cf.switch %x : i32, [\n"
                    "    default: ^bb1(%x : i32),\n"
                    "    4: ^bb2(%y : i32),\n"
                    "    5: ^bb1(%y : i32)\n"
                    "  ]\n"
                    "^bb1(%p: i32):\n"
                    "  cf.br ^bb3(%x, %p : i32, i32)\n"
                    "^bb2(%q: i32):\n"
                    "  cf.br ^bb3(%q, %q : i32, i32)\n"
                    "^bb3(%r: i32, %s: i32):\n"
                    "  return %s : i32\n"
                    "}\n";
  IrsEdit e = {.ops = KIND_SIMPLIFY_CFG, .target = 3, .cfg = {IrsEditCfgBypass, 0}};
  Applied a = apply(src, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "default: ^bb2(%arg0, %arg0 : i32, i32),\n"
                     "      4: ^bb1(%arg1 : i32),\n"
                     "      5: ^bb2(%arg0, %arg1 : i32, i32)");
  free(a.text);
  IrsEdit fold = {.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgFold, 2}}; // case 5
  a = apply(src, &fold);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "cf.br ^bb1(%arg1 : i32)");
  expectLacks(&a, "switch");
  expectLacks(&a, "^bb3"); // ^bb2 went: three blocks are left
  free(a.text);
  // The entry block is never bypassed.
  const char *entry = "func.func @g() {\n  cf.br ^bb1\n^bb1:\n  return\n}\n";
  IrsEdit first = {.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgBypass, 0}};
  a = apply(entry, &first);
  assert_false(a.applied);
  free(a.text);
}

static void test_edit__simplify_cfg_prunes_dead_cycle(void **state) {
  (void)state;
  // ^bb1 and ^bb2 reach each other but not from the entry block, and use
  // each other's values. 0 module, 1 func.
  const char *src = "func.func @f(%x: i32) -> i32 {\n"
                    "  return %x : i32\n"
                    "^bb1(%p: i32):\n"
                    "  %a = arith.addi %p, %x : i32\n"
                    "  cf.br ^bb2(%a : i32)\n"
                    "^bb2(%q: i32):\n"
                    "  %m = arith.muli %q, %a : i32\n"
                    "  cf.br ^bb1(%m : i32)\n"
                    "}\n";
  IrsEdit e = {.ops = KIND_SIMPLIFY_CFG, .target = 1, .cfg = {IrsEditCfgPrune, 0}};
  Applied a = apply(src, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectLacks(&a, "^bb");
  expectLacks(&a, "arith");
  free(a.text);
  // Nothing to prune: not applied (no progress).
  IrsEdit none = {.ops = KIND_SIMPLIFY_CFG, .target = 1, .cfg = {IrsEditCfgPrune, 0}};
  a = apply(kArith, &none);
  assert_false(a.applied);
  free(a.text);
}

static void test_edit__set_operand_kinds(void **state) {
  (void)state;
  // 0 module, 1 func, 2 constant, 3 addi, 4 muli, 5 return.
  const char *src = "func.func @f(%x: i32, %y: i32) -> i32 {\n"
                    "  %c = arith.constant 3 : i32\n"
                    "  %a = arith.addi %x, %y : i32\n"
                    "  %m = arith.muli %a, %a : i32\n"
                    "  return %m : i32\n"
                    "}\n";
  IrsEdit poison = {.ops = KIND_SET_OPERAND, .target = 4, .setOperand = {0, IrsEditValuePoison, 0}};
  Applied a = apply(src, &poison);
  assert_true(a.applied && a.verifies);
  expectContains(&a, "%1 = ub.poison : i32\n    %2 = arith.muli %1, %0");
  free(a.text);
  IrsEdit arg = {.ops = KIND_SET_OPERAND, .target = 4, .setOperand = {1, IrsEditValueArgument, 1}};
  a = apply(src, &arg);
  assert_true(a.applied && a.verifies);
  expectContains(&a, "arith.muli %0, %arg1");
  free(a.text);
  IrsEdit cst = {.ops = KIND_SET_OPERAND, .target = 4, .setOperand = {1, IrsEditValueResult, 2}};
  a = apply(src, &cst);
  assert_true(a.applied && a.verifies);
  expectContains(&a, "arith.muli %0, %c3_i32");
  free(a.text);
}

// Pre-order: 0 module, 1 func @f, 2 poison, 3 muli, 4 return, 5 func @g,
// 6 poison, 7 return, 8 func @h, 9 call, 10 return.
static const char *kPoison =
    "func.func @f(%x: i32) -> i32 attributes {arg_attrs = [{}]} {\n"
    "  %p = ub.poison : i32\n"
    "  %m = arith.muli %p, %x : i32\n"
    "  return %m : i32\n"
    "}\n"
    "func.func @g() -> i32 {\n"
    "  %p = ub.poison : i32\n"
    "  return %p : i32\n"
    "}\n"
    "func.func @h() -> i32 {\n"
    "  %r = func.call @g() : () -> i32\n"
    "  return %r : i32\n"
    "}\n";

static void test_edit__poison_to_arg(void **state) {
  (void)state;
  IrsEdit e = {.ops = KIND_POISON_TO_ARG, .target = 2};
  Applied a = apply(kPoison, &e);
  assert_true(a.applied);
  assert_true(a.verifies);
  expectContains(&a, "func.func @f(%arg0: i32, %arg1: i32) -> i32 {\n"
                     "    %0 = arith.muli %arg1, %arg0 : i32");
  free(a.text);
  // A poison in a function that is called stays; so does an op that is
  // not a poison.
  IrsEdit called = {.ops = KIND_POISON_TO_ARG, .target = 6};
  a = apply(kPoison, &called);
  assert_false(a.applied);
  expectContains(&a, "func.func @g() -> i32 {");
  free(a.text);
  IrsEdit notPoison = {.ops = KIND_POISON_TO_ARG, .target = 3};
  a = apply(kPoison, &notPoison);
  assert_false(a.applied);
  free(a.text);
}

static bool isReturn(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == 11 && memcmp(n.data, "func.return", 11) == 0;
}

// The counts the reducer's must-not-grow and miscompile checks compare.
static void test_edit__count_ops_where(void **state) {
  (void)state;
  MlirContext ctx = mlirContextCreateWithThreading(false);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirContextAppendDialectRegistry(ctx, reg);
  mlirDialectRegistryDestroy(reg);
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kPoison));
  assert_false(mlirModuleIsNull(m));
  MlirOperation root = mlirModuleGetOperation(m);
  // The module, three functions and their eight ops.
  assert_int_equal(irsReduceCountOps(root), 11);
  assert_int_equal(irsReduceCountOpsWhere(root, NULL), 11);
  assert_int_equal(irsReduceCountOpsWhere(root, isReturn), 3);
  assert_int_equal(irsReduceCountPoison(root), 2);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

static void test_edit__attrs(void **state) {
  (void)state;
  // 0 module, 1 func, 2 constant, 3 return.
  const char *src =
      "func.func @f() -> tensor<3xi32> {\n"
      "  %c = arith.constant {a.b = 1 : i32} dense<[4, 5, 6]> : tensor<3xi32>\n"
      "  return %c : tensor<3xi32>\n"
      "}\n";
  IrsEdit splat = {.ops = KIND_ATTRS, .target = 2, .attrs = {IrsEditAttrsSplat, "value"}};
  Applied a = apply(src, &splat);
  assert_true(a.applied && a.verifies);
  expectContains(&a, "dense<4> : tensor<3xi32>");
  expectContains(&a, "a.b = 1");
  free(a.text);
  IrsEdit drop = {.ops = KIND_ATTRS, .target = 2, .attrs = {IrsEditAttrsDropDiscardable, NULL}};
  a = apply(src, &drop);
  assert_true(a.applied && a.verifies);
  expectLacks(&a, "a.b");
  expectContains(&a, "dense<[4, 5, 6]>");
  free(a.text);
}

static void test_edit__rename(void **state) {
  (void)state;
  IrsEdit all = {.ops = KIND_RENAME, .target = -1};
  Applied a = apply(kCall, &all);
  assert_true(a.applied && a.verifies);
  expectContains(&a, "func.func private @f0(");
  expectContains(&a, "func.func @f1(");
  expectContains(&a, "call @f0(");
  free(a.text);
  IrsEdit one = {.ops = KIND_RENAME, .target = 1, .rename = {"g"}};
  a = apply(kCall, &one);
  assert_true(a.applied && a.verifies);
  expectContains(&a, "func.func private @g(");
  expectContains(&a, "call @g(");
  expectContains(&a, "func.func @caller(");
  free(a.text);
}

static void test_edit__run_pipeline(void **state) {
  (void)state;
  IrsEdit e = {.ops = KIND_RUN_PIPELINE, .target = 0, .runPipeline = {"builtin.module(symbol-dce)"}};
  const char *src = "func.func private @dead() {\n  return\n}\n"
                    "func.func @live() {\n  return\n}\n";
  Applied a = apply(src, &e);
  assert_true(a.applied && a.verifies);
  expectLacks(&a, "@dead");
  expectContains(&a, "@live");
  free(a.text);
  IrsEdit bad = {.ops = KIND_RUN_PIPELINE, .target = 0, .runPipeline = {"builtin.module(no-such-pass)"}};
  a = apply(src, &bad);
  assert_false(a.applied);
  free(a.text);
}

//===----------------------------------------------------------------------===//
// Keys
//===----------------------------------------------------------------------===//

static char *key(const IrsEdit *e, size_t *n) {
  IrsBuf b = IRS_BUF_INIT;
  irsEditKey(e, &b);
  *n = b.len;
  irsBufAppend(&b, "", 1);
  return irsBufDetach(&b);
}

static bool sameKey(const IrsEdit *x, const IrsEdit *y) {
  size_t nx, ny;
  char *kx = key(x, &nx), *ky = key(y, &ny);
  bool same = nx == ny && memcmp(kx, ky, nx) == 0;
  free(kx);
  free(ky);
  return same;
}

static void test_edit__key_covers_every_field(void **state) {
  (void)state;
  int64_t i1[] = {1, 2}, i2[] = {1, 3};
  IrsEdit e1 = {.ops = &irsEditErase, .erase = {i1, 2}};
  IrsEdit e2 = {.ops = &irsEditErase, .erase = {i2, 2}};
  IrsEdit e3 = {.ops = &irsEditErase, .erase = {i1, 1}};
  IrsEdit e1copy = {.ops = &irsEditErase, .erase = {(int64_t[]){1, 2}, 2}};
  assert_true(sameKey(&e1, &e1copy));
  assert_false(sameKey(&e1, &e2));
  assert_false(sameKey(&e1, &e3));
  IrsEdit base = {.ops = KIND_SET_OPERAND, .target = 4,
                  .setOperand = {1, IrsEditValueResult, 3}};
  IrsEdit v[] = {base, base, base, base, base, base};
  v[0].ops = KIND_INLINE;
  v[1].target = 5;
  v[2].setOperand.operand = 0;
  v[3].setOperand.source = IrsEditValueArgument;
  v[4].setOperand.index = 2;
  for (int i = 0; i < 5; ++i)
    assert_false(sameKey(&base, &v[i]));
  assert_true(sameKey(&base, &v[5]));
  // Text in full, by content.
  IrsEdit t1 = {.ops = KIND_ATTRS, .target = 4,
                .attrs = {IrsEditAttrsSplat, "ab"}};
  IrsEdit t2 = t1, t3 = t1, t4 = t1;
  t2.attrs.name = "abc";
  char copy[] = "ab";
  t3.attrs.name = copy;
  t4.attrs.name = NULL;
  assert_false(sameKey(&t1, &t2));
  assert_true(sameKey(&t1, &t3));
  assert_false(sameKey(&t1, &t4));
  // Every parameter of every other kind's member.
  IrsEdit pairs[][2] = {
      {{.ops = KIND_INLINE, .target = 2, .inlineRegion = {0}},
       {.ops = KIND_INLINE, .target = 2, .inlineRegion = {1}}},
      {{.ops = KIND_DROP_ARG, .target = 2, .dropArg = {0, 1, 2}},
       {.ops = KIND_DROP_ARG, .target = 2, .dropArg = {1, 1, 2}}},
      {{.ops = KIND_DROP_ARG, .target = 2, .dropArg = {0, 1, 2}},
       {.ops = KIND_DROP_ARG, .target = 2, .dropArg = {0, 0, 2}}},
      {{.ops = KIND_DROP_ARG, .target = 2, .dropArg = {0, 1, 2}},
       {.ops = KIND_DROP_ARG, .target = 2, .dropArg = {0, 1, 0}}},
      {{.ops = KIND_DROP_RESULT, .target = 2, .dropResult = {0}},
       {.ops = KIND_DROP_RESULT, .target = 2, .dropResult = {1}}},
      {{.ops = KIND_ATTRS, .target = 2,
        .attrs = {IrsEditAttrsDropDiscardable, NULL}},
       {.ops = KIND_ATTRS, .target = 2,
        .attrs = {IrsEditAttrsUnknownLocations, NULL}}},
      {{.ops = KIND_RUN_PIPELINE, .runPipeline = {"builtin.module(cse)"}},
       {.ops = KIND_RUN_PIPELINE, .runPipeline = {"builtin.module(dce)"}}},
      {{.ops = KIND_RENAME, .target = 2, .rename = {"a"}},
       {.ops = KIND_RENAME, .target = 2, .rename = {"b"}}},
      {{.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgFold, 1}},
       {.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgPrune, 1}}},
      {{.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgFold, 1}},
       {.ops = KIND_SIMPLIFY_CFG, .target = 2, .cfg = {IrsEditCfgFold, 0}}},
      {{.ops = KIND_POISON_TO_ARG, .target = 2},
       {.ops = KIND_POISON_TO_ARG, .target = 3}},
  };
  for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); ++i) {
    assert_false(sameKey(&pairs[i][0], &pairs[i][1]));
    IrsEdit same = pairs[i][0];
    assert_true(sameKey(&pairs[i][0], &same));
  }
}

// Every edit kind a strategy lists has the operations the engine calls.
static void test_edit__every_kind_has_its_operations(void **state) {
  (void)state;
  size_t kinds = 0;
  for (intptr_t s = 0; s < irsReduceStrategyCount(); ++s) {
    const IrsStrategy *st = irsReduceStrategyAt(s);
    assert_non_null(st->run);
    for (size_t k = 0; k < sizeof(st->edits) / sizeof(st->edits[0]) &&
                       st->edits[k]; ++k, ++kinds) {
      assert_non_null(st->edits[k]->apply);
      assert_non_null(st->edits[k]->key);
      assert_non_null(st->edits[k]->describe);
    }
  }
  assert_true(kinds > 0);
}

int main(void) {
  mlirRegisterAllPasses(); // for the run-pipeline edit
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_edit__erase_replaces_used_results_with_poison),
      cmocka_unit_test(test_edit__erase_symbol_takes_its_uses),
      cmocka_unit_test(test_edit__erase_detaches_top_level_ops),
      cmocka_unit_test(test_edit__stale_index_is_refused),
      cmocka_unit_test(test_edit__inline_maps_iter_args_and_yield),
      cmocka_unit_test(test_edit__inline_poisons_mismatched_results),
      cmocka_unit_test(test_edit__drop_func_arg_updates_calls),
      cmocka_unit_test(test_edit__drop_result_rebuilds_calls),
      cmocka_unit_test(test_edit__drop_block_arg_updates_cond_br),
      cmocka_unit_test(test_edit__simplify_cfg_fold_prunes),
      cmocka_unit_test(test_edit__simplify_cfg_merge_substitutes_args),
      cmocka_unit_test(test_edit__simplify_cfg_bypass_and_switch),
      cmocka_unit_test(test_edit__simplify_cfg_prunes_dead_cycle),
      cmocka_unit_test(test_edit__set_operand_kinds),
      cmocka_unit_test(test_edit__count_ops_where),
      cmocka_unit_test(test_edit__poison_to_arg),
      cmocka_unit_test(test_edit__attrs),
      cmocka_unit_test(test_edit__rename),
      cmocka_unit_test(test_edit__run_pipeline),
      cmocka_unit_test(test_edit__key_covers_every_field),
      cmocka_unit_test(test_edit__every_kind_has_its_operations),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
