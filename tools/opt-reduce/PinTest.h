// SPDX-License-Identifier: Apache-2.0
//===- PinTest.h - the lit test --emit-lit-test writes ----------------------===//
//
// The fix form (FixTest.c, the default) or the pin form
// (--emit-lit-test-mode=pin, PinTest.c): a RUN line with the right `not`
// and a CHECK on the signature's message, which passes while the failure
// is there. --miscompile's test is MiscompileLit.c's.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_PINTEST_H
#define IRS_TOOLS_OPT_REDUCE_PINTEST_H

#include "Config.h"
#include "Culprit.h"

#include "irscope/Reduce.h"

/// Writes the lit test of the reduced module `m` of `r` to c->litTest (in
/// the form c->litTestMode asks for), atomically. Returns 0 or an errno
/// value.
int orLitTestWrite(const OrConfig *c, IrsReducer r, MlirOperation m,
                   const OrCulprit *culprit);

#endif
