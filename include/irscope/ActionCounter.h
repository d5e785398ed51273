// SPDX-License-Identifier: Apache-2.0
//===- ActionCounter.h - irscope's debug counter as an action consumer ----===//
//
// IrsActionCounter: irscope's debug counter, which lets only the first K
// actions of a tag run, as the handler of a context or as a consumer of
// one whose one action handler (Action.h) is someone else's, such as a
// pass manager's during its runs (irsPassManagerAddActionConsumer).
// Narrowing (Narrow.h) bisects over K with it.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_ACTIONCOUNTER_H
#define IRS_ACTIONCOUNTER_H

#include "irscope/Action.h"
#include "irscope/Narrow.h"

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Counting and skipping actions in this process
//===----------------------------------------------------------------------===//

/// A debug counter of irscope's own, attached to a context through the
/// action bridge (Action.h): it lets only the first `count` actions of
/// one tag run, as --mlir-debug-counter=TAG-count=COUNT does, counts the
/// actions of both tags, and describes one of them.
typedef struct IrsActionCounter {
  void *ptr;
} IrsActionCounter;

static inline bool irsActionCounterIsNull(IrsActionCounter c) {
  return !c.ptr;
}

/// Lets the first `count` actions of `tag` run and skips the rest (count
/// < 0: runs all). When `describe` > 0, action number `describe` of `tag`
/// is described (irsActionCounterGetField), with the root printed around
/// it when `printRoot` (IR in the middle of a dialect conversion may not
/// print). Null when out of memory.
IRS_API IrsActionCounter irsActionCounterCreate(const char *tag, int64_t count,
                                                int64_t describe,
                                                bool printRoot);
IRS_API void irsActionCounterDestroy(IrsActionCounter counter);

/// The op the passes run on: the module the description prints.
IRS_API void irsActionCounterSetRoot(IrsActionCounter counter,
                                     MlirOperation root);
/// Or the counter as `root`'s context's own handler (irsActionHandlerAttach)
/// until irsActionCounterDetach, with `root` as irsActionCounterSetRoot's.
IRS_API void irsActionCounterAttach(IrsActionCounter counter,
                                    MlirOperation root);
IRS_API void irsActionCounterDetach(IrsActionCounter counter);

/// Actions of `tag` that began while attached (run or skipped).
IRS_API int64_t irsActionCounterGetNum(IrsActionCounter counter,
                                       const char *tag);

typedef enum IrsActionField {
  IrsActionFieldName,     ///< the pattern's debug name, or the pass
  IrsActionFieldOp,       ///< generic form, regions elided, with location
  IrsActionFieldOpName,   ///< "scf.while"
  IrsActionFieldLocation, ///< "file:line:col"; empty when none
  /// The root printed just before and just after the action (custom form
  /// when the IR verifies after it, else generic; both alike), with
  /// printRoot. Empty after when the action was skipped.
  IrsActionFieldBefore,
  IrsActionFieldAfter,
} IrsActionField;

/// A field of the described action; empty when it never began. Borrowed
/// until the counter is destroyed.
IRS_API MlirStringRef irsActionCounterGetField(IrsActionCounter counter,
                                               IrsActionField field);

/// The counter as a consumer of actions (Action.h; userData: the
/// counter's ptr), for a context whose handler is someone else's: a pass
/// manager's (irsPassManagerAddActionConsumer). The context must run
/// single-threaded (counts mean the same actions only then).
IRS_API IrsActionDecision irsActionCounterBefore(const IrsAction *action,
                                                 void *userData);
IRS_API void irsActionCounterAfter(const IrsAction *action, bool executed,
                                   void *userData);
#ifdef __cplusplus
}
#endif

#endif // IRS_ACTIONCOUNTER_H
