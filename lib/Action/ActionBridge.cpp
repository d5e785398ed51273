// SPDX-License-Identifier: Apache-2.0
//===- ActionBridge.cpp - an MLIR action handler that calls C -------------===//
//
// The only C++ in libirscope: the MLIR C API cannot register an action
// handler (MLIRContext::registerActionHandler), so this file does, and
// hands each action to the C consumers of include/irscope/Action.h. It
// knows the two actions we name: `apply-pattern` (whose pattern is private
// to the action: see ApplyPatternLayout) and `pass-execution` (whose pass
// and op the action exposes). Everything that decides what to do with an
// action is C.
//
// Built without RTTI and exceptions, as Debian's LLVM is.
//
//===----------------------------------------------------------------------===//
#include "irscope/Action.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Action.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <mutex>
#include <string.h>

// Named, not anonymous: stack traces name these frames, and the crash and
// hang notes look through them (lib/Support/StackTrace.c).
namespace irsActionBridge {

// The name after "pattern: " in an apply-pattern action's print().
llvm::StringRef patternName(llvm::StringRef printed) {
  size_t at = printed.find("pattern: ");
  if (at == llvm::StringRef::npos)
    return {};
  return printed.drop_front(at + 9).trim();
}

// mlir::ApplyPatternAction keeps its pattern in a private reference and
// shows it only through print(). Printing every action into a string to
// read the name back cost more than the rest of the handler (a canonicalize
// applies millions of patterns), so the pattern is read where the class
// keeps it: its one member, a reference (held as a pointer), right after
// the mlir::tracing::Action base. The asserts pin that layout to the
// headers we build with; the handler also checks the pattern read this way
// against print() on its first apply-pattern action and falls back to
// printing if they ever disagree (ApplyPatternNaming).
using ActionBase = mlir::tracing::Action;
static_assert(sizeof(mlir::ApplyPatternAction) ==
                  sizeof(ActionBase) + sizeof(const mlir::Pattern *),
              "ApplyPatternAction is no longer its base plus the pattern");
static_assert(alignof(mlir::ApplyPatternAction) == alignof(ActionBase),
              "ApplyPatternAction's alignment changed");
static_assert(sizeof(ActionBase) % alignof(const mlir::Pattern *) == 0,
              "the base has tail padding a member could move into");
constexpr size_t kPatternOffset = sizeof(ActionBase);

const mlir::Pattern &patternOf(const mlir::ApplyPatternAction &action) {
  const mlir::Pattern *p;
  memcpy(&p, reinterpret_cast<const char *>(&action) + kPatternOffset,
         sizeof p);
  return *p;
}

// How an apply-pattern action's name is read: not yet checked, from the
// layout (checked once against print()), or by printing.
enum ApplyPatternNaming { kNamingUnchecked, kNamingLayout, kNamingPrint };

llvm::StringRef printedPatternName(const mlir::tracing::Action &action,
                                   llvm::SmallVectorImpl<char> &buf) {
  llvm::raw_svector_ostream os(buf);
  action.print(os);
  return patternName(llvm::StringRef(buf.data(), buf.size()));
}

struct Consumer {
  IrsActionBeforeFn before;
  IrsActionAfterFn after;
  void *userData;
};

// What the handler knows of an action class, found by the class's tag.
// Tags are static strings of the action classes (ActionImpl::getTag is
// final and returns the class's static `tag`), so a tag is found by its
// address without a lock: actions arrive concurrently from MLIR's worker
// threads. The class's kind (which action we name, and how) is worked out
// once, on its first action, and checked on each by the class's TypeID (a
// field of the action, no call): two classes whose equal tag strings the
// linker merged are still told apart.
enum Kind { kOther, kPattern, kPass };
constexpr int kMaxTags = 16;
struct TagSlot {
  std::atomic<const char *> data{nullptr};
  size_t length = 0;
  const void *actionId = nullptr; // mlir::TypeID's opaque pointer
  Kind kind = kOther;
  std::atomic<int64_t> count{0};
};

struct Handler {
  mlir::MLIRContext *ctx;
  Consumer consumers[IRS_ACTION_MAX_CONSUMERS];
  int numConsumers = 0;
  TagSlot tags[kMaxTags];
  TagSlot untracked; // tags beyond kMaxTags share its count

  std::atomic<int> naming{kNamingUnchecked};
  // The slot found last, tried first: most actions have the tag of the one
  // before (pattern applications come in runs). A slot's tag never changes
  // once set.
  std::atomic<TagSlot *> lastHit{nullptr};
  std::mutex claimLock;

  // The slot of `tag`; with `claim`, a new tag gets one (only tags that
  // outlive the handler may be claimed: MLIR's static ones). `action`
  // (nullable) gives a claimed slot its class and kind.
  __attribute__((noinline)) TagSlot *
  findSlot(llvm::StringRef tag, const mlir::tracing::Action *action,
           bool claim);
  void run(llvm::function_ref<void()> fn, IrsAction &a);
  void dispatch(llvm::function_ref<void()> fn,
                const mlir::tracing::Action &action);
  __attribute__((noinline)) void
  dispatchSlow(llvm::function_ref<void()> fn,
               const mlir::tracing::Action &action, llvm::StringRef tag,
               TagSlot &slot);
};

// The innermost action in flight on this thread, for IrsAction.parent and
// depth: MLIR gives a handler no per-thread state of its own. Initial-exec:
// a thread-local of a shared library is otherwise reached through a call
// to __tls_get_addr, twice per action.
thread_local const IrsAction *tlsInnermost
    __attribute__((tls_model("initial-exec"))) = nullptr;

llvm::StringRef passName(const mlir::PassExecutionAction &pe) {
  llvm::StringRef name = pe.getPass().getArgument();
  return name.empty() ? pe.getPass().getName() : name;
}

Kind kindOf(const mlir::tracing::Action &action) {
  if (llvm::isa<mlir::PassExecutionAction>(&action))
    return kPass;
  if (llvm::isa<mlir::ApplyPatternAction>(&action))
    return kPattern;
  return kOther;
}

TagSlot *Handler::findSlot(llvm::StringRef tag,
                           const mlir::tracing::Action *action, bool claim) {
  // The common case: a tag seen before, known by its address.
  for (TagSlot &t : tags)
    if (t.data.load(std::memory_order_acquire) == tag.data()) {
      lastHit.store(&t, std::memory_order_relaxed);
      return &t;
    }
  // First sight of this address (or a caller's copy of a tag): compare
  // contents, and claim a slot under the lock, which only first sights take.
  std::lock_guard<std::mutex> lock(claimLock);
  for (TagSlot &t : tags) {
    const char *d = t.data.load(std::memory_order_acquire);
    if (!d) {
      if (!claim)
        return nullptr;
      t.length = tag.size();
      t.actionId = action->getActionID().getAsOpaquePointer();
      t.kind = kindOf(*action);
      t.data.store(tag.data(), std::memory_order_release);
      return &t;
    }
    if (t.length == tag.size() && !memcmp(d, tag.data(), tag.size()))
      return &t;
  }
  return claim ? &untracked : nullptr;
}

// The first op among the action's IR units.
mlir::Operation *firstOp(llvm::ArrayRef<mlir::IRUnit> units) {
  for (const mlir::IRUnit &u : units)
    if (auto *op = llvm::dyn_cast_if_present<mlir::Operation *>(u))
      return op;
  return nullptr;
}

void setOp(IrsAction &a, mlir::Operation *op) {
  a.op = wrap(op);
  a.opName = wrap(op ? op->getName().getIdentifier() : mlir::StringAttr());
  a.opLoc = MlirLocation{op ? op->getLoc().getAsOpaquePointer() : nullptr};
}

// The consumers' part of an action: each sees `a` before it runs, then
// (with `after`) after it ran or was skipped.
inline void Handler::run(llvm::function_ref<void()> fn, IrsAction &a) {
  a.parent = tlsInnermost;
  a.depth = a.parent ? a.parent->depth + 1 : 0;
  if (numConsumers == 1) { // a supervised run's trail alone: no loops
    const Consumer &k = consumers[0];
    bool execute = !k.before || k.before(&a, k.userData) == IrsActionExecute;
    if (execute) {
      tlsInnermost = &a;
      fn();
      tlsInnermost = a.parent;
    }
    if (k.after)
      k.after(&a, execute, k.userData);
    return;
  }
  bool execute = true;
  const Consumer *end = consumers + numConsumers;
  for (const Consumer *k = consumers; k != end; ++k)
    if (k->before && k->before(&a, k->userData) == IrsActionSkip)
      execute = false;
  if (execute) {
    tlsInnermost = &a;
    fn();
    tlsInnermost = a.parent;
  }
  for (const Consumer *k = consumers; k != end; ++k)
    if (k->after)
      k->after(&a, execute, k->userData);
}

// An action whose slot does not say how to name it: of another class than
// the slot's (a merged tag string), of a tag beyond kMaxTags, or a pattern
// while its name is read by printing (until the first check, or for good
// when the layout check failed).
void Handler::dispatchSlow(llvm::function_ref<void()> fn,
                           const mlir::tracing::Action &action,
                           llvm::StringRef tag, TagSlot &slot) {
  llvm::SmallString<128> printed;
  llvm::StringRef name;
  mlir::Operation *op;
  if (auto *pe = llvm::dyn_cast<mlir::PassExecutionAction>(&action)) {
    name = passName(*pe);
    op = pe->getOp();
  } else {
    if (auto *ap = llvm::dyn_cast<mlir::ApplyPatternAction>(&action)) {
      name = printedPatternName(action, printed);
      int naming = this->naming.load(std::memory_order_relaxed);
      if (naming == kNamingUnchecked)
        this->naming.store(name == patternOf(*ap).getDebugName().trim()
                               ? kNamingLayout
                               : kNamingPrint,
                           std::memory_order_relaxed);
    }
    op = firstOp(action.getContextIRUnits());
  }
  IrsAction a;
  a.tag = mlirStringRefCreate(tag.data(), tag.size());
  a.name = mlirStringRefCreate(name.data(), name.size());
  setOp(a, op);
  a.index = slot.count.fetch_add(1, std::memory_order_relaxed) + 1;
  run(fn, a);
}

void Handler::dispatch(llvm::function_ref<void()> fn,
                       const mlir::tracing::Action &action) {
  llvm::StringRef tag = action.getTag();
  TagSlot *slot = lastHit.load(std::memory_order_relaxed);
  if (!slot || slot->data.load(std::memory_order_relaxed) != tag.data())
    slot = findSlot(tag, &action, true);
  Kind kind = slot->kind;
  if (slot->actionId != action.getActionID().getAsOpaquePointer() ||
      (kind == kPattern &&
       naming.load(std::memory_order_relaxed) != kNamingLayout))
    return dispatchSlow(fn, action, tag, *slot);
  IrsAction a;
  llvm::StringRef name;
  if (kind == kPattern) {
    // ApplyPatternAction keeps the base's units (its only op), read
    // without the virtual call.
    name = patternOf(static_cast<const mlir::ApplyPatternAction &>(action))
               .getDebugName();
    setOp(a, firstOp(action.mlir::tracing::Action::getContextIRUnits()));
  } else if (kind == kPass) {
    auto &pe = static_cast<const mlir::PassExecutionAction &>(action);
    name = passName(pe);
    setOp(a, pe.getOp());
  } else {
    setOp(a, firstOp(action.getContextIRUnits()));
  }
  a.tag = mlirStringRefCreate(tag.data(), tag.size());
  a.name = mlirStringRefCreate(name.data(), name.size());
  a.index = slot->count.fetch_add(1, std::memory_order_relaxed) + 1;
  run(fn, a);
}

Handler *unwrapHandler(IrsActionHandler h) {
  return static_cast<Handler *>(h.ptr);
}

} // namespace irsActionBridge

using namespace irsActionBridge;

extern "C" {

IrsActionHandler irsActionHandlerAttach(MlirContext ctx,
                                        IrsActionBeforeFn before,
                                        IrsActionAfterFn after,
                                        void *userData) {
  auto *h = new Handler();
  h->ctx = unwrap(ctx);
  h->consumers[0] = Consumer{before, after, userData};
  h->numConsumers = 1;
  h->ctx->registerActionHandler(
      [h](llvm::function_ref<void()> fn, const mlir::tracing::Action &a) {
        h->dispatch(fn, a);
      });
  return IrsActionHandler{h};
}

void irsActionHandlerDetach(IrsActionHandler handler) {
  Handler *h = unwrapHandler(handler);
  if (!h)
    return;
  h->ctx->registerActionHandler(nullptr);
  delete h;
}

bool irsActionHandlerAddConsumer(IrsActionHandler handler,
                                 IrsActionBeforeFn before,
                                 IrsActionAfterFn after, void *userData) {
  Handler *h = unwrapHandler(handler);
  if (!h || h->numConsumers == IRS_ACTION_MAX_CONSUMERS)
    return false;
  h->consumers[h->numConsumers++] = Consumer{before, after, userData};
  return true;
}

bool irsActionHandlerRemoveConsumer(IrsActionHandler handler,
                                    IrsActionBeforeFn before,
                                    IrsActionAfterFn after, void *userData) {
  Handler *h = unwrapHandler(handler);
  if (!h)
    return false;
  for (int i = 0; i < h->numConsumers; ++i) {
    const Consumer &c = h->consumers[i];
    if (c.before != before || c.after != after || c.userData != userData)
      continue;
    memmove(&h->consumers[i], &h->consumers[i + 1],
            (h->numConsumers - i - 1) * sizeof(Consumer));
    --h->numConsumers;
    return true;
  }
  return false;
}

void irsActionHandlerResetCounts(IrsActionHandler handler) {
  Handler *h = unwrapHandler(handler);
  if (!h)
    return;
  for (TagSlot &t : h->tags)
    t.count.store(0, std::memory_order_relaxed);
  h->untracked.count.store(0, std::memory_order_relaxed);
}

int64_t irsActionHandlerGetCount(IrsActionHandler handler, MlirStringRef tag) {
  Handler *h = unwrapHandler(handler);
  if (!h)
    return 0;
  TagSlot *t =
      h->findSlot(llvm::StringRef(tag.data, tag.length), nullptr, false);
  return t ? t->count.load(std::memory_order_relaxed) : 0;
}

} // extern "C"
