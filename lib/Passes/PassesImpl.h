// SPDX-License-Identifier: Apache-2.0
//===- PassesImpl.h - how irscope's C passes are built and configured -----===//
//
// Each pass file provides one create function listed in Passes.def. It gets
// the pass's parsed {key=value} options and an environment giving access to
// the running pass manager's diagnostic capture (C API passes cannot emit
// remarks, so remarks go straight into the capture), and returns an
// MlirPass made with mlirCreateExternalPass. User data follows the
// documented lifecycle: construct/destruct balanced, clone deep-copies.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSES_PASSESIMPL_H
#define IRS_PASSES_PASSESIMPL_H

#include "../Support/Buf.h"
#include "irscope/Diagnostics.h"
#include "irscope/PassRegistry.h"
#include "irscope/Passes.h"

#include <mlir-c/Pass.h>

/// Shared by every pass instance built for one IrsPassManager; outlives them.
typedef struct IrsPassEnv {
  IrsDiagnosticCapture capture; // null outside a run
  const char *fallbackFileName; // nullable
  // Seed for passes that make random choices (irs-test-flaky), set by
  // irsPassManagerSetSeed; without one they use the entropy source.
  bool hasSeed;
  uint64_t seed;
} IrsPassEnv;

typedef struct IrsPassOption {
  char *key;
  char *value;
} IrsPassOption;

typedef struct IrsPassOptions {
  IrsPassOption *items;
  intptr_t num;
} IrsPassOptions;

/// Parses "key=value key2=value2" (values may be quoted or {braced}).
/// Returns false with a message in `err` on a syntax error.
bool irsPassOptionsParse(MlirStringRef text, IrsPassOptions *out, IrsBuf *err);
void irsPassOptionsFree(IrsPassOptions *opts);
/// Value of `key`, or NULL. Marks nothing; see irsPassOptionsCheckKnown.
const char *irsPassOptionsGet(const IrsPassOptions *opts, const char *key);
/// Fails with "unknown option 'k' for pass 'p'" if a key is not in the
/// NULL-terminated `known` list.
bool irsPassOptionsCheckKnown(const IrsPassOptions *opts, const char *pass,
                              const char *const *known, IrsBuf *err);

typedef MlirPass (*IrsPassCreateFn)(const IrsPassOptions *opts,
                                    MlirStringRef anchor, IrsPassEnv *env,
                                    IrsBuf *err);

#define IRS_PASS(NAME, FN, OPTS, DESC)                                         \
  MlirPass FN(const IrsPassOptions *opts, MlirStringRef anchor,               \
              IrsPassEnv *env, IrsBuf *err);
#include "Passes.def"

/// Instantiates the irscope pass `name` for a pass manager nested on
/// `anchor` (the op name; "any" or empty for op-agnostic). Returns a null
/// pass with a one-line reason in `err` when the name or options are bad.
MlirPass irsPassCreate(MlirStringRef name, MlirStringRef options,
                       MlirStringRef anchor, IrsPassEnv *env, IrsBuf *err);

/// Whether `registry` has a pass `name`; a null registry holds irscope's
/// own passes only (PassRegistry.c).
bool irsPassRegistryHas(IrsPassRegistry registry, MlirStringRef name);
/// Instantiates pass `name` of `registry` (null: irscope's own passes) as
/// irsPassCreate does.
MlirPass irsPassRegistryInstantiate(IrsPassRegistry registry,
                                    MlirStringRef name, MlirStringRef options,
                                    MlirStringRef anchor, IrsPassEnv *env,
                                    IrsBuf *err);

/// Finds the first op named `name` under `root` (pre-order, root included).
MlirOperation irsFindFirstOp(MlirOperation root, const char *name);

/// The anchor to give mlirCreateExternalPass: empty for "any".
MlirStringRef irsPassAnchorOpName(MlirStringRef anchor);

/// Per-instance state of the simple passes: their string options and the
/// environment. Deep-copied on clone, freed on destruct.
typedef struct IrsSimplePassData {
  char *op;   // op=NAME, nullable
  char *file; // file=PATH, nullable
  int64_t n;  // a numeric option (irs-test-slow's ms)
  char *func; // func=NAME (irs-test-miscompile), nullable
  IrsPassEnv *env;
  void (*run)(MlirOperation op, MlirExternalPass pass,
              struct IrsSimplePassData *self);
} IrsSimplePassData;

/// Wraps `data` (ownership taken) into an external pass with balanced
/// construct/destruct/clone callbacks. `typeIdAnchor` must be a distinct,
/// 8-byte aligned static object per pass kind.
MlirPass irsSimplePassCreate(const void *typeIdAnchor, const char *name,
                             const char *description, MlirStringRef anchor,
                             IrsSimplePassData *data);

/// Allocates data with the given options copied; NULL on failure.
IrsSimplePassData *irsSimplePassDataCreate(const char *op, const char *file,
                                           IrsPassEnv *env);

#endif // IRS_PASSES_PASSESIMPL_H
