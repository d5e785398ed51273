// SPDX-License-Identifier: Apache-2.0
//===- NarrowHold.h - a test's hold on a narrowing's first forked trial ---===//
//
// Internal to lib/PassManager; see NarrowHold.c.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_LIB_PASSMANAGER_NARROWHOLD_H
#define IRS_LIB_PASSMANAGER_NARROWHOLD_H

/// Called by each forked narrowing trial before it runs; returns at once
/// unless IRS_TEST_NARROW_HOLD is set.
void irsNarrowHold(void);

#endif
