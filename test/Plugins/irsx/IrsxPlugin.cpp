// SPDX-License-Identifier: Apache-2.0
//===- IrsxPlugin.cpp - the irsx dialect and its pass, as MLIR plugins ----===//
//
// One shared object that is both an MLIR dialect plugin (irsx, from
// IrsxOps.td) and an MLIR pass plugin (irsx-fold-wrap), loaded by
//   mlir-opt / irscope-opt / opt-reduce
//     --load-dialect-plugin=libIrsxPlugin.so --load-pass-plugin=libIrsxPlugin.so
//
// irsx-fold-wrap rewrites `irsx.unwrap (irsx.wrap %x)` to `%x` with a
// greedy pattern driver. To let the tests document a crash in a downstream
// pass, it dereferences a null pointer when a wrap carries the attribute
// `irsx.crash` (an injected bug, not a feature). A second bug dies of the
// same signal elsewhere: after its patterns, the pass checks that no unwrap
// of a wrap carrying `irsx.crash_if_left` is left, through a null pointer
// in irsxCrashIfLeft when one is (a step that can crash two ways: the
// fold that crashes, and, when that fold is skipped, the check). A third
// bug dies in that same function reached from elsewhere: the dialect's
// verifier of the attribute `irsx.crash_if_folded`, on an op none of whose
// operands an unwrap defines any more (after the pass, in the verifier:
// one signal and one crash site for two crashes, told apart by the frame
// under it). A string attribute `irsx.fatal` on any op makes the pass
// end in report_fatal_error with that text (an "LLVM ERROR:" line, then
// SIGABRT), from irsxFatal.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

#include "IrsxOpsDialect.h.inc"
#define GET_TYPEDEF_CLASSES
#include "IrsxOpsTypes.h.inc"
#define GET_OP_CLASSES
#include "IrsxOps.h.inc"

using namespace mlir;

#include "IrsxOpsDialect.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "IrsxOpsTypes.cpp.inc"
#define GET_OP_CLASSES
#include "IrsxOps.cpp.inc"

void irsx::IrsxDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "IrsxOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "IrsxOpsTypes.cpp.inc"
      >();
}

namespace {
struct FoldWrap : OpRewritePattern<irsx::UnwrapOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(irsx::UnwrapOp op,
                                PatternRewriter &rewriter) const override {
    auto wrap = op.getBox().getDefiningOp<irsx::WrapOp>();
    if (!wrap || wrap.getValue().getType() != op.getType())
      return failure();
    if (wrap->hasAttr("irsx.crash")) {
      volatile int *p = nullptr;
      *p = 1; // the injected bug
    }
    rewriter.replaceOp(op, wrap.getValue());
    return success();
  }
};

} // namespace

// Out of line and exported: a frame every stack dump names, apart from the
// pattern's.
extern "C" LLVM_ATTRIBUTE_NOINLINE LLVM_ATTRIBUTE_VISIBILITY_DEFAULT void
irsxCrashIfLeft(volatile int *p) {
  *p = 2; // the second injected bug
}

// What fails under irsxCrashIfLeft, out of line and exported too, so that
// each is the frame under it (the empty asm keeps the call a call, not a
// jump).
extern "C" LLVM_ATTRIBUTE_NOINLINE LLVM_ATTRIBUTE_VISIBILITY_DEFAULT void
irsxCheckLeft(void *unwrap) {
  auto op = cast<irsx::UnwrapOp>(static_cast<Operation *>(unwrap));
  auto wrap = op.getBox().getDefiningOp<irsx::WrapOp>();
  if (!wrap || !wrap->hasAttr("irsx.crash_if_left"))
    return;
  irsxCrashIfLeft(nullptr);
  asm volatile("");
}

extern "C" LLVM_ATTRIBUTE_NOINLINE LLVM_ATTRIBUTE_VISIBILITY_DEFAULT void
irsxCheckFolded(void *user) {
  auto *op = static_cast<Operation *>(user);
  for (Value v : op->getOperands())
    if (v.getDefiningOp<irsx::UnwrapOp>())
      return;
  irsxCrashIfLeft(nullptr);
  asm volatile("");
}

extern "C" LLVM_ATTRIBUTE_NOINLINE LLVM_ATTRIBUTE_VISIBILITY_DEFAULT void
irsxFatal(const char *why) {
  llvm::report_fatal_error(llvm::Twine("irsx: ") + why);
}

llvm::LogicalResult
irsx::IrsxDialect::verifyOperationAttribute(Operation *op,
                                            NamedAttribute attr) {
  if (attr.getName() == "irsx.crash_if_folded")
    irsxCheckFolded(op);
  return success();
}

namespace {
struct FoldWrapPass
    : PassWrapper<FoldWrapPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FoldWrapPass)
  StringRef getArgument() const final { return "irsx-fold-wrap"; }
  StringRef getDescription() const final {
    return "fold irsx.unwrap of irsx.wrap";
  }
  void runOnOperation() final {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldWrap>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
    getOperation().walk([](Operation *op) {
      if (auto why = op->getAttrOfType<StringAttr>("irsx.fatal"))
        irsxFatal(why.getValue().str().c_str());
    });
    getOperation().walk(
        [](irsx::UnwrapOp op) { irsxCheckLeft(op.getOperation()); });
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "irsx", "0.1",
          [](DialectRegistry *registry) {
            registry->insert<irsx::IrsxDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "irsx", "0.1",
          []() { PassRegistration<FoldWrapPass>(); }};
}
