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
// It also gives the fingerprint walk (lib/PassManager/Fingerprint.c) the
// one part of an op the C API has no cheap entry for: the hash of its
// properties. mlirOperationHashValue has it only inside MLIR's whole op
// hash, which rehashes what the walk reads anyway: four fifths of the
// walk's instructions, a tenth of a --timing run's (bench/README.md).
//
// And the verifier on an op alone, without the ops in its regions: the C
// API verifies only recursively. A dumped step verifies each function
// where it prints it, while the function is in the core's cache, and then
// the module alone (lib/PassManager/VerifyPrint.c): a separate walk of a
// lowered model cost as much as the print (bench/README.md).
//
// Built without RTTI and exceptions, as Debian's LLVM is.
//
//===----------------------------------------------------------------------===//
#include "ActionImpl.h"
#include "TrailRec.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Action.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Verifier.h"
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
// printing if they ever disagree (the class slot's kind, ClassSlot).
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

// A tag's numbering (IrsAction.index). Tags are static strings of the
// action classes (ActionImpl::getTag is final and returns the class's
// static `tag`): found by address, else by contents. Two classes whose tags
// are equal strings share the numbering, as upstream's debug counter
// counts by tag.
constexpr int kMaxTags = 16;
struct TagSlot {
  std::atomic<const char *> data{nullptr};
  size_t length = 0;
  std::atomic<int64_t> count{0};
};

// How the handler reads an action of a class: a pattern application (the
// pattern read where the class keeps it, see ApplyPatternLayout), a pass
// run, any other class (no name); or by the slow path: an apply-pattern
// class before its layout was checked against print() or after the check
// failed, or a class beyond kMaxClasses.
enum Kind { kOther, kPattern, kPass, kPatternUnchecked, kPatternPrinted,
            kUnknown };

// What the handler knows of an action class, found by the class's TypeID
// (a field of the action: no virtual call, no compare of strings) without
// a lock, as actions arrive concurrently from MLIR's worker threads. A
// class's slot is filled once, on its first action, under the lock.
constexpr int kMaxClasses = 16;
struct ClassSlot {
  std::atomic<const void *> id{nullptr}; // mlir::TypeID's opaque pointer
  llvm::StringRef tag;
  std::atomic<int> kind{kUnknown};
  TagSlot *numbering = nullptr;
};

struct Handler {
  mlir::MLIRContext *ctx;
  IrsActionRecordFn record = nullptr;
  void *recordData = nullptr;
  // The recorder's trail when it is the action trail: its records are made
  // here, inline (TrailRec.h), and only their misses call the recorder.
  IrsTrailHot *trail = nullptr;
  Consumer consumers[IRS_ACTION_MAX_CONSUMERS];
  int numConsumers = 0;
  TagSlot tags[kMaxTags];
  TagSlot untracked; // tags beyond kMaxTags share its count
  ClassSlot classes[kMaxClasses];
  ClassSlot overflow; // kUnknown: every action of it takes the slow path
  // The class found last, tried first: most actions are of the class of
  // the one before (pattern applications come in runs). A slot's class
  // never changes once set; `overflow` matches no action.
  std::atomic<ClassSlot *> last{&overflow};
  std::mutex claimLock;
  // Whether the context calls dispatchTrail (the trail is the only
  // consumer) rather than dispatch. What dispatchTrail needs of the
  // apply-pattern class, in the handler itself (no hop through its slot):
  // its TypeID once its kind is kPattern (NULL before: the only class
  // dispatchTrail takes), published after its tag and numbering.
  bool trailOnly = false;
  std::atomic<const void *> patternId{nullptr};
  const char *patternTag = nullptr;
  TagSlot *patternNumbering = nullptr;

  // The slot of `tag`; with `claim`, a new tag gets one (only tags that
  // outlive the handler may be claimed: MLIR's static ones).
  TagSlot *findTag(llvm::StringRef tag, bool claim);
  __attribute__((noinline)) ClassSlot *
  findClass(const mlir::tracing::Action &action);
  void run(llvm::function_ref<void()> fn, IrsAction &a);
  void runRecorded(llvm::function_ref<void()> fn, llvm::StringRef tag,
                   llvm::StringRef name, mlir::Operation *op, int64_t index,
                   bool leaf);
  void dispatch(llvm::function_ref<void()> fn,
                const mlir::tracing::Action &action);
  __attribute__((noinline)) void
  dispatchOutOfLine(llvm::function_ref<void()> fn,
                    const mlir::tracing::Action &action);
  void dispatchTrail(llvm::function_ref<void()> fn,
                     const mlir::tracing::Action &action);
  void registerDispatch();
  __attribute__((noinline)) void
  dispatchSlow(llvm::function_ref<void()> fn,
               const mlir::tracing::Action &action, ClassSlot &cls);
};

// The actions in flight on this thread: how many (IrsAction.depth) and the
// innermost one a consumer saw (IrsAction.parent; an action recorded by
// the trail alone is not one). MLIR gives a handler no per-thread state of
// its own. Initial-exec: a thread-local of a shared library is otherwise
// reached through a call to __tls_get_addr, twice per action.
struct Nesting {
  const IrsAction *innermost;
  int depth;
};
__thread Nesting tlsNesting __attribute__((tls_model("initial-exec")));

llvm::StringRef passName(const mlir::PassExecutionAction &pe) {
  llvm::StringRef name = pe.getPass().getArgument();
  return name.empty() ? pe.getPass().getName() : name;
}

// irscope's own passes (checkpoints, anchor notes) run in the worker's
// pipeline and not in the plain tool's: they take no number (index 0), so
// that the others are numbered as the tool's debug counter numbers them.
bool isOwnPass(llvm::StringRef name) {
  return irsActionIsOwnPass(mlirStringRefCreate(name.data(), name.size()));
}
bool isOwnPass(const mlir::tracing::Action &action, llvm::StringRef name) {
  return llvm::isa<mlir::PassExecutionAction>(&action) && isOwnPass(name);
}

int64_t nextIndex(TagSlot &numbering, bool own) {
  return own ? 0
             : numbering.count.fetch_add(1, std::memory_order_relaxed) + 1;
}

Kind kindOf(const mlir::tracing::Action &action) {
  if (llvm::isa<mlir::PassExecutionAction>(&action))
    return kPass;
  if (llvm::isa<mlir::ApplyPatternAction>(&action))
    return kPatternUnchecked;
  return kOther;
}

TagSlot *Handler::findTag(llvm::StringRef tag, bool claim) {
  for (TagSlot &t : tags)
    if (t.data.load(std::memory_order_acquire) == tag.data())
      return &t;
  for (TagSlot &t : tags) {
    const char *d = t.data.load(std::memory_order_acquire);
    if (!d) {
      if (!claim)
        return nullptr;
      t.length = tag.size();
      t.data.store(tag.data(), std::memory_order_release);
      return &t;
    }
    if (t.length == tag.size() && !memcmp(d, tag.data(), tag.size()))
      return &t;
  }
  return claim ? &untracked : nullptr;
}

ClassSlot *Handler::findClass(const mlir::tracing::Action &action) {
  const void *id = action.getActionID().getAsOpaquePointer();
  for (ClassSlot &c : classes)
    if (c.id.load(std::memory_order_acquire) == id) {
      last.store(&c, std::memory_order_relaxed);
      return &c;
    }
  // First sight of this class: claim a slot under the lock (first sights
  // only; tags are claimed under it too).
  std::lock_guard<std::mutex> lock(claimLock);
  for (ClassSlot &c : classes) {
    const void *cur = c.id.load(std::memory_order_acquire);
    if (cur == id)
      return &c;
    if (cur)
      continue;
    c.tag = action.getTag();
    c.numbering = findTag(c.tag, true);
    c.kind.store(kindOf(action), std::memory_order_relaxed);
    c.id.store(id, std::memory_order_release);
    last.store(&c, std::memory_order_relaxed);
    return &c;
  }
  return &overflow;
}

// The first op among the action's IR units.
mlir::Operation *firstOp(llvm::ArrayRef<mlir::IRUnit> units) {
  for (const mlir::IRUnit &u : units)
    if (auto *op = llvm::dyn_cast_if_present<mlir::Operation *>(u))
      return op;
  return nullptr;
}

// An apply-pattern action's pattern name and op. ApplyPatternAction keeps
// the base's units (its only op), read without the virtual call.
__attribute__((always_inline)) inline mlir::Operation *
patternAndOp(const mlir::tracing::Action &action, llvm::StringRef &name) {
  name = patternOf(static_cast<const mlir::ApplyPatternAction &>(action))
             .getDebugName();
  llvm::ArrayRef<mlir::IRUnit> units =
      action.mlir::tracing::Action::getContextIRUnits();
  mlir::Operation *op = nullptr;
  if (LLVM_LIKELY(!units.empty()))
    op = llvm::dyn_cast_if_present<mlir::Operation *>(units.front());
  return LLVM_LIKELY(op) ? op : firstOp(units);
}

void setOp(IrsAction &a, mlir::Operation *op) {
  a.op = wrap(op);
  a.opName = wrap(op ? op->getName().getIdentifier() : mlir::StringAttr());
  a.opLoc = MlirLocation{op ? op->getLoc().getAsOpaquePointer() : nullptr};
}

// The consumers' part of an action: the recorder and each consumer see
// `a` before it runs, then the consumers (with `after`) after it ran or
// was skipped, and the recorder's end mark is set.
__attribute__((always_inline)) inline void
Handler::run(llvm::function_ref<void()> fn, IrsAction &a) {
  const Nesting outer = tlsNesting;
  a.parent = outer.innermost;
  a.depth = outer.depth;
  int *mark = record ? record(&a, recordData) : nullptr;
  bool execute = true;
  const Consumer *end = consumers + numConsumers;
  for (const Consumer *k = consumers; k != end; ++k)
    if (k->before && k->before(&a, k->userData) == IrsActionSkip)
      execute = false;
  if (execute) {
    tlsNesting = Nesting{&a, outer.depth + 1};
    fn();
    tlsNesting = outer;
  }
  for (const Consumer *k = consumers; k != end; ++k)
    if (k->after)
      k->after(&a, execute, k->userData);
  if (mark)
    __atomic_store_n(mark, a.depth, __ATOMIC_RELEASE);
}

// An action the trail records alone whose record missed a cache (or whose
// thread has not joined the trail): the trail makes it from the whole
// action.
__attribute__((noinline)) int *recordMiss(void *recordData,
                                          llvm::StringRef tag,
                                          llvm::StringRef name,
                                          mlir::Operation *op, int64_t index,
                                          int *depth) {
  IrsAction a;
  a.tag = mlirStringRefCreate(tag.data(), tag.size());
  a.name = mlirStringRefCreate(name.data(), name.size());
  setOp(a, op);
  a.index = index;
  a.depth = -1; // the trail's
  a.parent = nullptr;
  int *mark = irsActionTrailRecordMiss(&a, recordData);
  *depth = a.depth;
  return mark;
}

// An action with the trail as the handler's only consumer (a supervised
// run): recorded here, with no call unless a cache misses, then run; the
// trail's end mark is set once it ended. A `leaf` (a pattern application)
// is recorded in the trail's ring alone, unless its record misses the
// trail's cache (then as any action: on the stack too).
__attribute__((always_inline)) inline void
Handler::runRecorded(llvm::function_ref<void()> fn, llvm::StringRef tag,
                     llvm::StringRef name, mlir::Operation *op,
                     int64_t index, bool leaf) {
  const void *ident = nullptr, *loc = nullptr;
  if (op) {
    ident = op->getName().getIdentifier().getAsOpaquePointer();
    loc = op->getLoc().getAsOpaquePointer();
  }
  if (LLVM_LIKELY(leaf)) {
    uint64_t outer;
    uint64_t *inFlight = irsTrailRecordLeaf(
        trail, tag.data(), mlirStringRefCreate(name.data(), name.size()), op,
        ident, loc, index, &outer);
    if (LLVM_LIKELY(inFlight)) {
      fn();
      __atomic_store_n(inFlight, outer, __ATOMIC_RELEASE);
      return;
    }
  }
  // The depth is the trail's: its stack's top is the thread's count of
  // actions in flight.
  int depth = -1;
  int *mark = leaf ? nullptr
                   : irsTrailRecordHit(
                         trail, tag.data(),
                         mlirStringRefCreate(name.data(), name.size()), op,
                         ident, loc, index, &depth);
  if (LLVM_UNLIKELY(!mark))
    mark = recordMiss(recordData, tag, name, op, index, &depth);
  fn();
  if (mark)
    __atomic_store_n(mark, depth, __ATOMIC_RELEASE);
}

// An action whose class slot does not say how to name it: an apply-pattern
// while its name is read by printing (until the first check, or for good
// when the layout check failed), or of a class beyond kMaxClasses.
void Handler::dispatchSlow(llvm::function_ref<void()> fn,
                           const mlir::tracing::Action &action,
                           ClassSlot &cls) {
  llvm::SmallString<128> printed;
  llvm::StringRef name;
  llvm::StringRef tag = action.getTag();
  TagSlot *numbering = cls.numbering;
  if (!numbering) { // the overflow: its tag looked up each time
    std::lock_guard<std::mutex> lock(claimLock);
    numbering = findTag(tag, true);
  }
  mlir::Operation *op;
  if (auto *pe = llvm::dyn_cast<mlir::PassExecutionAction>(&action)) {
    name = passName(*pe);
    op = pe->getOp();
  } else {
    if (auto *ap = llvm::dyn_cast<mlir::ApplyPatternAction>(&action)) {
      name = printedPatternName(action, printed);
      int expected = kPatternUnchecked;
      bool same = name == patternOf(*ap).getDebugName().trim();
      if (cls.kind.compare_exchange_strong(expected,
                                           same ? kPattern : kPatternPrinted,
                                           std::memory_order_relaxed) &&
          same)
      {
        patternTag = cls.tag.data();
        patternNumbering = cls.numbering;
        patternId.store(cls.id.load(std::memory_order_relaxed),
                        std::memory_order_release);
      }
    }
    op = firstOp(action.getContextIRUnits());
  }
  int64_t index = nextIndex(*numbering, isOwnPass(action, name));
  // With the trail the only consumer, its stack keeps the depth (as in
  // dispatch): run() would take it from tlsNesting, which only run() keeps,
  // and push this record over the actions it is nested in.
  if (trail && numConsumers == 0)
    return runRecorded(fn, tag, name, op, index, false);
  IrsAction a;
  a.tag = mlirStringRefCreate(tag.data(), tag.size());
  a.name = mlirStringRefCreate(name.data(), name.size());
  setOp(a, op);
  a.index = index;
  run(fn, a);
}

__attribute__((always_inline)) inline void
Handler::dispatch(llvm::function_ref<void()> fn,
                  const mlir::tracing::Action &action) {
  const void *id = action.getActionID().getAsOpaquePointer();
  ClassSlot *cls = last.load(std::memory_order_relaxed);
  if (LLVM_UNLIKELY(cls->id.load(std::memory_order_relaxed) != id))
    cls = findClass(action);
  int kind = cls->kind.load(std::memory_order_relaxed);
  llvm::StringRef name;
  mlir::Operation *op = nullptr;
  if (LLVM_LIKELY(kind == kPattern)) {
    op = patternAndOp(action, name);
  } else if (kind == kPass) {
    auto &pe = static_cast<const mlir::PassExecutionAction &>(action);
    name = passName(pe);
    op = pe.getOp();
  } else if (kind == kOther) {
    op = firstOp(action.getContextIRUnits());
  } else {
    return dispatchSlow(fn, action, *cls);
  }
  bool own = kind == kPass && isOwnPass(name);
  if (own) {
    MlirStringRef fixed =
        irsActionOwnPassName(mlirStringRefCreate(name.data(), name.size()));
    name = llvm::StringRef(fixed.data, fixed.length);
  }
  int64_t index = nextIndex(*cls->numbering, own);
  if (LLVM_LIKELY(trail && numConsumers == 0))
    return runRecorded(fn, cls->tag, name, op, index, kind == kPattern);
  IrsAction a;
  a.tag = mlirStringRefCreate(cls->tag.data(), cls->tag.size());
  a.name = mlirStringRefCreate(name.data(), name.size());
  setOp(a, op);
  a.index = index;
  run(fn, a);
}

void Handler::dispatchOutOfLine(llvm::function_ref<void()> fn,
                                const mlir::tracing::Action &action) {
  dispatch(fn, action);
}

// dispatch for a handler whose only consumer is the trail (a supervised
// run): a pattern application on an op whose (tag, name) the thread's
// cache knows in its home slot, nearly every action of a canonicalize or a conversion, is
// recorded with no call and nothing held across fn() but the leaf's slot
// and the value it gets back (few registers to save). Anything else goes
// through dispatch, out of line, before anything was counted.
__attribute__((always_inline)) inline void
Handler::dispatchTrail(llvm::function_ref<void()> fn,
                       const mlir::tracing::Action &action) {
  if (LLVM_UNLIKELY(action.getActionID().getAsOpaquePointer() !=
                    patternId.load(std::memory_order_acquire)))
    return dispatchOutOfLine(fn, action);
  llvm::ArrayRef<mlir::IRUnit> units =
      action.mlir::tracing::Action::getContextIRUnits();
  mlir::Operation *op =
      LLVM_LIKELY(!units.empty())
          ? llvm::dyn_cast_if_present<mlir::Operation *>(units.front())
          : nullptr;
  if (LLVM_UNLIKELY(!op))
    return dispatchOutOfLine(fn, action);
  llvm::StringRef name =
      patternOf(static_cast<const mlir::ApplyPatternAction &>(action))
          .getDebugName();
  IrsTrailWhatHit *h =
      irsTrailWhatHit(trail, patternTag,
                      mlirStringRefCreate(name.data(), name.size()), true);
  if (LLVM_UNLIKELY(!h))
    return dispatchOutOfLine(fn, action);
  // An op's name is never NULL: the record's no-op branch is left out.
  const void *ident = op->getName().getIdentifier().getAsOpaquePointer();
  if (!ident)
    __builtin_unreachable();
  uint64_t outer;
  uint64_t *leaf = irsTrailRecordLeafHit(
      trail, h, op, ident, op->getLoc().getAsOpaquePointer(),
      nextIndex(*patternNumbering, false), &outer);
  fn();
  __atomic_store_n(leaf, outer, __ATOMIC_RELEASE);
}

// Registers the handler's entry for its consumers: dispatchTrail when the
// trail is the only one. Only while no action runs (as the setters).
void Handler::registerDispatch() {
  trailOnly = trail && numConsumers == 0;
  if (trailOnly)
    ctx->registerActionHandler(
        [this](llvm::function_ref<void()> fn,
               const mlir::tracing::Action &a) { dispatchTrail(fn, a); });
  else
    ctx->registerActionHandler(
        [this](llvm::function_ref<void()> fn,
               const mlir::tracing::Action &a) { dispatch(fn, a); });
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
  if (before || after) // else a handler with no consumer yet
    h->consumers[h->numConsumers++] = Consumer{before, after, userData};
  h->registerDispatch();
  return IrsActionHandler{h};
}

void irsActionHandlerSetRecorder(IrsActionHandler handler,
                                 IrsActionRecordFn record, void *userData) {
  Handler *h = unwrapHandler(handler);
  if (!h)
    return;
  h->record = record;
  h->recordData = record ? userData : nullptr;
  h->trail = record == irsActionTrailRecord
                 ? static_cast<IrsTrailHot *>(userData)
                 : nullptr;
  if (h->trailOnly != (h->trail && h->numConsumers == 0))
    h->registerDispatch();
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
  if (h->trailOnly)
    h->registerDispatch();
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
    if (h->trailOnly != (h->trail && h->numConsumers == 0))
      h->registerDispatch();
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
  TagSlot *t = h->findTag(llvm::StringRef(tag.data, tag.length), false);
  return t ? t->count.load(std::memory_order_relaxed) : 0;
}

void irsActionHandlerSetCount(IrsActionHandler handler, MlirStringRef tag,
                              int64_t count) {
  Handler *h = unwrapHandler(handler);
  if (!h)
    return;
  TagSlot *t = h->findTag(llvm::StringRef(tag.data, tag.length), false);
  if (t)
    t->count.store(count, std::memory_order_relaxed);
}

uint64_t irsOpAttributesHash(MlirOperation op) {
  // The discardable attributes are one uniqued dictionary: its address
  // changes exactly when they do. The properties are stored in the op and
  // hashed in place (the op's own hash, as MLIR's op hash uses it), which
  // builds no attribute and takes no lock.
  mlir::Operation *o = unwrap(op);
  uint64_t d = (uint64_t)(uintptr_t)o->getRawDictionaryAttrs()
                   .getAsOpaquePointer();
  return (d * 0x9e3779b97f4a7c15ull) ^ (uint64_t)o->hashProperties();
}

bool irsOpVerifyAlone(MlirOperation op) {
  return mlir::succeeded(mlir::verify(unwrap(op), /*verifyRecursively=*/false));
}

} // extern "C"
