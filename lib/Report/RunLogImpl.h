// SPDX-License-Identifier: Apache-2.0
//===- RunLogImpl.h - IrsRunLog's representation ---------------------------===//
#ifndef IRS_REPORT_RUNLOGIMPL_H
#define IRS_REPORT_RUNLOGIMPL_H

#include "irscope/RunLog.h"

typedef struct IrsRunLogImpl {
  char *name;
  /// Steps in the order they were added; every string is owned.
  IrsRunLogStep *steps;
  intptr_t num, cap;
} IrsRunLogImpl;

#endif // IRS_REPORT_RUNLOGIMPL_H
