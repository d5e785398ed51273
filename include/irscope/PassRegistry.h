// SPDX-License-Identifier: Apache-2.0
//===- PassRegistry.h - user passes written against the MLIR C API --------===//
//
// The C API cannot add a pass to MLIR's registry by name. An IrsPassRegistry
// is irscope's registry instead: an object the caller owns, whose first
// entries are irscope's own passes (irs-*, see Passes.h), and to which a
// pass written with mlirCreateExternalPass callbacks is added under a name,
// a one-line description and an option synopsis. Handed to a pass manager
// (IrsPassManagerOptions.passRegistry) or a reduction
// (IrsReduceOptions.passRegistry), its passes can be named in textual
// pipelines next to MLIR's: `builtin.module(func.func(my-pass{k=v}),cse)`.
//
// Nothing here is process-global: two registries are independent, and a
// registry is only read while pass managers built from it run, so one
// registry may serve pass managers on several threads.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSREGISTRY_H
#define IRS_PASSREGISTRY_H

#include "irscope/Support.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IrsPassRegistry {
  void *ptr;
} IrsPassRegistry;

static inline bool irsPassRegistryIsNull(IrsPassRegistry r) { return !r.ptr; }

/// A new registry holding irscope's own passes (Passes.def), in that order.
/// Null only when out of memory. Destroy with irsPassRegistryDestroy, after
/// every pass manager built from it.
IRS_API IrsPassRegistry irsPassRegistryCreate(void);

/// Frees the registry. Null is a no-op.
IRS_API void irsPassRegistryDestroy(IrsPassRegistry registry);

/// The options one instance was given in the pipeline, `pass{key=value ..}`
/// (values may be quoted or {braced}, as in MLIR). Borrowed: valid during
/// the createUserData callback only.
typedef struct IrsPassOptionList {
  const void *ptr;
} IrsPassOptionList;

IRS_API intptr_t irsPassOptionListGetNum(IrsPassOptionList options);
IRS_API MlirStringRef irsPassOptionListGetKey(IrsPassOptionList options,
                                              intptr_t pos);
IRS_API MlirStringRef irsPassOptionListGetValue(IrsPassOptionList options,
                                                intptr_t pos);
/// The value given last for `key` (the last one wins, as in MLIR) into
/// `*value` (nullable); false when the key was not given.
IRS_API bool irsPassOptionListLookup(IrsPassOptionList options,
                                     MlirStringRef key, MlirStringRef *value);

/// Makes one pass instance's user data from its options. Called once for
/// every occurrence of the pass in a pipeline (MLIR then clones instances
/// per thread through callbacks.clone). Return false after reporting one
/// line through `error`, e.g. "option 'n' expects a number, not 'x'".
typedef bool (*IrsPassCreateUserData)(IrsPassOptionList options,
                                      void *registrationUserData,
                                      void **passUserData,
                                      MlirStringCallback error,
                                      void *errorUserData);

/// A pass to register. Strings are copied by irsPassRegistryAdd.
typedef struct IrsPassDefinition {
  /// The name pipelines use, e.g. "strip-debug-attrs": letters, digits,
  /// '-', '_' and '.'; not already in the registry.
  const char *name;
  /// One line for --list-passes.
  const char *description;
  /// Option synopsis for --list-passes, e.g. "{prefix=STR max=N}". The keys
  /// in it are the only ones accepted ("unknown option 'k' for pass 'p'",
  /// as for irs-* passes) unless it contains "...". NULL or "": none.
  const char *options;
  /// The op the pass runs on ("func.func"); NULL or "" for any op (it then
  /// runs on whatever op its pipeline nests it under).
  const char *opName;
  /// Dialects the pass creates ops of (loaded before it runs); borrowed
  /// array, copied.
  intptr_t numDependentDialects;
  const MlirDialectHandle *dependentDialects;
  /// What mlirCreateExternalPass takes; construct/destruct/clone must keep
  /// every instance's user data balanced (see docs/API.md).
  MlirExternalPassCallbacks callbacks;
  /// Nullable: every instance then gets `userData` itself as its user data
  /// (and must accept no options).
  IrsPassCreateUserData createUserData;
  /// Handed to createUserData; must outlive the registry's pass managers.
  void *userData;
} IrsPassDefinition;

/// A definition with everything zero; fill in at least name and callbacks.
IRS_API IrsPassDefinition irsPassDefinitionDefault(void);

/// Adds `def`. IRS_ERR_USAGE with one line through `errorCallback`
/// (nullable) for a bad or taken name or a missing run callback;
/// IRS_ERR_NOMEM.
IRS_API IrsStatus irsPassRegistryAdd(IrsPassRegistry registry,
                                     const IrsPassDefinition *def,
                                     MlirStringCallback errorCallback,
                                     void *userData);

/// The registered passes, irscope's first, in registration order. Strings
/// are borrowed from the registry.
IRS_API intptr_t irsPassRegistryGetNumPasses(IrsPassRegistry registry);
IRS_API MlirStringRef irsPassRegistryGetName(IrsPassRegistry registry,
                                             intptr_t pos);
IRS_API MlirStringRef irsPassRegistryGetOptions(IrsPassRegistry registry,
                                                intptr_t pos);
IRS_API MlirStringRef irsPassRegistryGetDescription(IrsPassRegistry registry,
                                                    intptr_t pos);
/// Position of the pass named `name`, or -1.
IRS_API intptr_t irsPassRegistryLookup(IrsPassRegistry registry,
                                       MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif // IRS_PASSREGISTRY_H
