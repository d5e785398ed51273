// SPDX-License-Identifier: Apache-2.0
//===- Passes.h - irscope's own passes, written against the C API ---------===//
//
// The C API cannot add a pass to MLIR's registry by name, so irscope's
// pipeline machinery recognises the names listed here ("irs-...") itself and
// instantiates them with mlirCreateExternalPass. These queries exist for
// --list-passes and documentation; running them happens through
// IrsPassManager.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSES_H
#define IRS_PASSES_H

#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Number of irscope passes, and the name, option synopsis and one-line
/// description of each (static strings).
IRS_API intptr_t irsPassesGetNum(void);
IRS_API const char *irsPassesGetName(intptr_t pos);
IRS_API const char *irsPassesGetOptions(intptr_t pos);
IRS_API const char *irsPassesGetDescription(intptr_t pos);

/// True if `name` is one of irscope's own passes.
IRS_API bool irsPassesIsKnown(MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif // IRS_PASSES_H
