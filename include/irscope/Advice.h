// SPDX-License-Identifier: Apache-2.0
//===- Advice.h - errors that point the way: close names, pass options ----===//
//
// A mistyped pass or option should be answered with the name that was
// meant. The C API cannot list MLIR's registered passes, so a close MLIR
// pass is found by asking MLIR's pipeline parser about every spelling one
// edit away (about 30 per letter; microseconds each); irscope's own passes
// are listed and may be two edits away. A pass's options are read back by
// printing a pass manager holding the pass with its defaults
// ("canonicalize{ max-iterations=10 ...}"), which the C API does offer.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_ADVICE_H
#define IRS_ADVICE_H

#include "irscope/Support.h"

#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Edit distance (insertions, deletions, substitutions and swaps of two
/// neighbours each count one) between `a` and `b`, or `limit` + 1 when it
/// is larger than `limit`.
IRS_API size_t irsEditDistance(MlirStringRef a, MlirStringRef b, size_t limit);

/// Writes the registered pass closest to `name` that is not `name`: one of
/// irscope's passes at most two edits away, else a pass MLIR's registry in
/// `ctx` knows one edit away (registration is the caller's, e.g.
/// mlirRegisterAllPasses). Returns false, writing nothing, if none is.
IRS_API bool irsPassSuggest(MlirContext ctx, MlirStringRef name,
                            MlirStringCallback callback, void *userData);

/// True if `name` is one of irscope's passes or a pass (or pass pipeline)
/// MLIR's registry in `ctx` knows.
IRS_API bool irsPassIsRegistered(MlirContext ctx, MlirStringRef name);

/// Writes the options of pass `name` as "name=default" separated by
/// spaces ("max-iterations=10 max-num-rewrites=-1 ..."), nothing for a
/// pass without options. Returns false if MLIR does not know the pass (or
/// it is one of irscope's, whose synopsis irsPassesGetOptions gives).
IRS_API bool irsPassGetOptions(MlirContext ctx, MlirStringRef name,
                               MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // IRS_ADVICE_H
