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

// Numbering per tag. Tags are static strings of the action classes, so a
// tag is found by its address without a lock: actions arrive concurrently
// from MLIR's worker threads.
constexpr int kMaxTags = 16;
struct TagCount {
  std::atomic<const char *> data{nullptr};
  size_t length = 0;
  std::atomic<int64_t> count{0};
};

struct Handler {
  mlir::MLIRContext *ctx;
  Consumer consumers[IRS_ACTION_MAX_CONSUMERS];
  int numConsumers = 0;
  TagCount tags[kMaxTags];
  std::atomic<int64_t> untracked{0}; // tags beyond kMaxTags share this

  std::atomic<int> naming{kNamingUnchecked};
  // The slot counter() found last (a slot's tag never changes once set).
  std::atomic<TagCount *> lastHit{nullptr};
  std::mutex claimLock;

  // The counter of `tag`; with `claim`, a new tag gets a slot (only tags
  // that outlive the handler may be claimed: MLIR's static ones).
  std::atomic<int64_t> *counter(llvm::StringRef tag, bool claim);
  void dispatch(llvm::function_ref<void()> fn,
                const mlir::tracing::Action &action);
  llvm::StringRef patternNameOf(const mlir::ApplyPatternAction &action,
                                llvm::SmallVectorImpl<char> &buf);
};

// The innermost action in flight on this thread, for IrsAction.parent and
// depth: MLIR gives a handler no per-thread state of its own. Initial-exec:
// a thread-local of a shared library is otherwise reached through a call
// to __tls_get_addr, twice per action.
thread_local const IrsAction *tlsInnermost
    __attribute__((tls_model("initial-exec"))) = nullptr;

std::atomic<int64_t> *Handler::counter(llvm::StringRef tag, bool claim) {
  // Most actions have the tag of the one before (pattern applications
  // come in runs): the slot found last is tried first.
  TagCount *last = lastHit.load(std::memory_order_relaxed);
  if (last && last->data.load(std::memory_order_relaxed) == tag.data())
    return &last->count;
  // The common case: a tag seen before, known by its address.
  for (TagCount &t : tags)
    if (t.data.load(std::memory_order_acquire) == tag.data()) {
      lastHit.store(&t, std::memory_order_relaxed);
      return &t.count;
    }
  // First sight of this address (or a caller's copy of a tag): compare
  // contents, and claim a slot under the lock, which only first sights take.
  std::lock_guard<std::mutex> lock(claimLock);
  for (TagCount &t : tags) {
    const char *d = t.data.load(std::memory_order_acquire);
    if (!d) {
      if (!claim)
        return nullptr;
      t.length = tag.size();
      t.data.store(tag.data(), std::memory_order_release);
      return &t.count;
    }
    if (t.length == tag.size() && !memcmp(d, tag.data(), tag.size()))
      return &t.count;
  }
  return claim ? &untracked : nullptr;
}

mlir::Operation *firstOp(const mlir::tracing::Action &action) {
  for (const mlir::IRUnit &u : action.getContextIRUnits())
    if (auto *op = llvm::dyn_cast_if_present<mlir::Operation *>(u))
      return op;
  return nullptr;
}

llvm::StringRef
Handler::patternNameOf(const mlir::ApplyPatternAction &action,
                       llvm::SmallVectorImpl<char> &buf) {
  int naming = this->naming.load(std::memory_order_relaxed);
  if (naming == kNamingLayout)
    return patternOf(action).getDebugName();
  llvm::StringRef printed = printedPatternName(action, buf);
  if (naming == kNamingUnchecked)
    this->naming.store(printed == patternOf(action).getDebugName().trim()
                           ? kNamingLayout
                           : kNamingPrint,
                       std::memory_order_relaxed);
  return printed;
}

void Handler::dispatch(llvm::function_ref<void()> fn,
                       const mlir::tracing::Action &action) {
  llvm::StringRef tag = action.getTag();
  llvm::SmallString<128> printed;
  llvm::StringRef name;
  mlir::Operation *op = nullptr;
  if (auto *pe = llvm::dyn_cast<mlir::PassExecutionAction>(&action)) {
    name = pe->getPass().getArgument();
    if (name.empty())
      name = pe->getPass().getName();
    op = pe->getOp();
  } else {
    if (auto *ap = llvm::dyn_cast<mlir::ApplyPatternAction>(&action))
      name = patternNameOf(*ap, printed);
    op = firstOp(action);
  }

  IrsAction a;
  a.tag = mlirStringRefCreate(tag.data(), tag.size());
  a.name = mlirStringRefCreate(name.data(), name.size());
  a.op = wrap(op);
  a.parent = tlsInnermost;
  a.depth = a.parent ? a.parent->depth + 1 : 0;
  a.index = counter(tag, true)->fetch_add(1, std::memory_order_relaxed) + 1;

  bool execute = true;
  for (int i = 0; i < numConsumers; ++i)
    if (consumers[i].before &&
        consumers[i].before(&a, consumers[i].userData) == IrsActionSkip)
      execute = false;
  if (execute) {
    tlsInnermost = &a;
    fn();
    tlsInnermost = a.parent;
  }
  for (int i = 0; i < numConsumers; ++i)
    if (consumers[i].after)
      consumers[i].after(&a, execute, consumers[i].userData);
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
  for (TagCount &t : h->tags)
    t.count.store(0, std::memory_order_relaxed);
  h->untracked.store(0, std::memory_order_relaxed);
}

int64_t irsActionHandlerGetCount(IrsActionHandler handler, MlirStringRef tag) {
  Handler *h = unwrapHandler(handler);
  if (!h)
    return 0;
  std::atomic<int64_t> *c =
      h->counter(llvm::StringRef(tag.data, tag.length), false);
  return c ? c->load(std::memory_order_relaxed) : 0;
}

} // extern "C"
