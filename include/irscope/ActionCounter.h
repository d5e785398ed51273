// SPDX-License-Identifier: Apache-2.0
//===- ActionCounter.h - irscope's debug counter as an action consumer ----===//
//
// The consumer side of IrsActionCounter (Narrow.h), for a context whose
// one action handler (Action.h) is someone else's, such as a pass
// manager's during its runs (irsPassManagerAddActionConsumer).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_ACTIONCOUNTER_H
#define IRS_ACTIONCOUNTER_H

#include "irscope/Action.h"
#include "irscope/Narrow.h"

#ifdef __cplusplus
extern "C" {
#endif

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
