// SPDX-License-Identifier: Apache-2.0
//===- Plugin.h - pass and dialect plugins (shared objects) ---------------===//
//
// Three kinds of plugin, all loaded with dlopen into the calling process:
//  - an MLIR pass plugin exports `mlirGetPassPluginInfo` (the
//    PassPluginLibraryInfo of mlir/Tools/Plugins/PassPlugin.h, API version
//    IRS_MLIR_PLUGIN_API_VERSION); its callback registers passes into MLIR's
//    process-wide pass registry, so pipelines name them like MLIR's own;
//  - an MLIR dialect plugin exports `mlirGetDialectPluginInfo`
//    (DialectPlugin.h); its callback adds dialects to a DialectRegistry,
//    which irsPluginsRegisterDialects applies to each context's registry;
//  - an irscope pass plugin, written in C, exports `irsGetPassPluginInfo`
//    (IrsPassPluginInfo below, IRS_PASS_PLUGIN_API_VERSION); its callback
//    adds passes to the caller's IrsPassRegistry.
// Loading an MLIR pass plugin changes MLIR's process-global registry: the
// library does it only when asked to, never behind the caller's back. The
// shared objects stay loaded for the life of the process (MLIR keeps
// pointers into them), even after irsPluginsDestroy.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PLUGIN_H
#define IRS_PLUGIN_H

#include "irscope/PassRegistry.h"
#include "irscope/Support.h"

#include <mlir-c/IR.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// MLIR_PLUGIN_API_VERSION of the MLIR 22 headers irscope is built with
/// (mlir/Tools/Plugins/PassPlugin.h); MLIR plugins must report it.
#define IRS_MLIR_PLUGIN_API_VERSION 1

/// Version of IrsPassPluginInfo. Bumped whenever the struct or the meaning
/// of its fields changes; a plugin reporting another version is refused.
#define IRS_PASS_PLUGIN_API_VERSION 1

/// What an irscope pass plugin's entry point returns:
///   IRS_PLUGIN_EXPORT IrsPassPluginInfo irsGetPassPluginInfo(void);
typedef struct IrsPassPluginInfo {
  uint32_t apiVersion;       ///< IRS_PASS_PLUGIN_API_VERSION
  const char *pluginName;    ///< static string
  const char *pluginVersion; ///< static string
  /// Adds the plugin's passes to `registry` (irsPassRegistryAdd). Return
  /// false after one line through `error` to refuse loading.
  bool (*registerPasses)(IrsPassRegistry registry, MlirStringCallback error,
                         void *errorUserData);
} IrsPassPluginInfo;

/// Marks a plugin's entry point as exported (the library may be built with
/// -fvisibility=hidden).
#define IRS_PLUGIN_EXPORT __attribute__((visibility("default")))

typedef enum IrsPluginKind {
  IrsPluginKindMlirPass,
  IrsPluginKindMlirDialect,
  IrsPluginKindIrscopePass,
} IrsPluginKind;

/// "mlir-pass", "mlir-dialect", "irscope-pass" (manifest and report).
IRS_API const char *irsPluginKindGetName(IrsPluginKind kind);

/// The plugins one run loaded, in load order.
typedef struct IrsPlugins {
  void *ptr;
} IrsPlugins;

static inline bool irsPluginsIsNull(IrsPlugins p) { return !p.ptr; }

/// An empty set; null only when out of memory.
IRS_API IrsPlugins irsPluginsCreate(void);
/// Frees the set (the shared objects stay loaded). Null is a no-op.
IRS_API void irsPluginsDestroy(IrsPlugins plugins);

/// Loads `path` as an MLIR pass plugin or, when it exports
/// irsGetPassPluginInfo, an irscope pass plugin adding to `registry`.
/// Errors come as one line through `errorCallback` (nullable):
///   cannot load pass plugin 'P': No such file or directory
///   cannot load pass plugin 'P': not a shared object
///   cannot load pass plugin 'P': <what the dynamic loader said>
///   cannot load pass plugin 'P': no entry point 'mlirGetPassPluginInfo' or
///     'irsGetPassPluginInfo'
///   pass plugin 'P' has API version N, expected 1
///   pass plugin 'P' failed to register its passes: <why>
/// and IRS_ERR_USAGE (IRS_ERR_NOMEM when out of memory). Loading the same
/// file twice is a no-op.
IRS_API IrsStatus irsPluginsLoadPassPlugin(IrsPlugins plugins,
                                           const char *path,
                                           IrsPassRegistry registry,
                                           MlirStringCallback errorCallback,
                                           void *userData);

/// Loads `path` as an MLIR dialect plugin; errors as above with "dialect
/// plugin" and the entry point 'mlirGetDialectPluginInfo'.
IRS_API IrsStatus irsPluginsLoadDialectPlugin(IrsPlugins plugins,
                                              const char *path,
                                              MlirStringCallback errorCallback,
                                              void *userData);

/// Adds the dialects of every loaded dialect plugin to `registry`; call it
/// for each context's registry before creating the context. A null set is
/// a no-op.
IRS_API void irsPluginsRegisterDialects(IrsPlugins plugins,
                                        MlirDialectRegistry registry);

/// The loaded plugins (0 for a null set). Strings are borrowed: the path is
/// absolute (as resolved when loading), name and version are the plugin's.
IRS_API intptr_t irsPluginsGetNum(IrsPlugins plugins);
IRS_API IrsPluginKind irsPluginsGetKind(IrsPlugins plugins, intptr_t pos);
IRS_API MlirStringRef irsPluginsGetPath(IrsPlugins plugins, intptr_t pos);
IRS_API MlirStringRef irsPluginsGetName(IrsPlugins plugins, intptr_t pos);
IRS_API MlirStringRef irsPluginsGetVersion(IrsPlugins plugins, intptr_t pos);

/// The command-line flags that load the same plugins, in load order, each
/// preceded by a space: " --load-dialect-plugin=/abs/d.so
/// --load-pass-plugin=/abs/p.so". With `mlirOnly` the irscope pass plugins
/// are left out (what mlir-opt understands). Nothing for a null set.
IRS_API void irsPluginsPrintFlags(IrsPlugins plugins, bool mlirOnly,
                                  MlirStringCallback callback,
                                  void *userData);

#ifdef __cplusplus
}
#endif

#endif // IRS_PLUGIN_H
