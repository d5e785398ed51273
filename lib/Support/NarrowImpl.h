// SPDX-License-Identifier: Apache-2.0
//===- NarrowImpl.h - pieces shared by the narrowing files ----------------===//
#ifndef IRS_SUPPORT_NARROWIMPL_H
#define IRS_SUPPORT_NARROWIMPL_H

#include "irscope/Narrow.h"

/// "file:line:col" of the first file location in the last loc(...) of
/// `text` (a printed op or location), into `buf`; "" when there is none.
void irsNarrowLocationOf(MlirStringRef text, char *buf, size_t cap);

#endif // IRS_SUPPORT_NARROWIMPL_H
