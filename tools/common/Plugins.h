// SPDX-License-Identifier: Apache-2.0
//===- Plugins.h - --load-pass-plugin / --load-dialect-plugin in the tools -===//
//
// Both tools load their plugins once, in the first process, before any
// worker is forked: crash-protection workers, --repeat children, replays
// and opt-reduce's test workers inherit the loaded code, MLIR's pass
// registry and the pass registry by fork. Every context a tool creates
// gets the dialect plugins' dialects through irsToolPluginsAddDialects.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_PLUGINS_H
#define IRS_TOOLS_COMMON_PLUGINS_H

#include "Options.h"

#include "irscope/PassRegistry.h"
#include "irscope/Plugin.h"

#include <stdio.h>

typedef struct IrsToolPlugins {
  IrsStringList passPlugins;    // --load-pass-plugin, repeatable
  IrsStringList dialectPlugins; // --load-dialect-plugin, repeatable
  IrsPassRegistry registry;     // irs-* passes, then the C plugins' passes
  IrsPlugins plugins;
} IrsToolPlugins;

/// The two option-table rows, for a tool's table.
#define IRS_OPT_PLUGINS(tp)                                                    \
  IRS_OPT_LIST(0, "load-pass-plugin", &(tp)->passPlugins, "FILE",             \
               "load an MLIR or irscope pass plugin (repeatable)"),           \
      IRS_OPT_LIST(0, "load-dialect-plugin", &(tp)->dialectPlugins, "FILE",   \
                   "load an MLIR dialect plugin (repeatable)")

/// Creates the registry and loads the dialect plugins, then the pass
/// plugins. On failure prints "TOOL: error: <one line>" and returns false
/// (exit code 2).
bool irsToolPluginsLoad(IrsToolPlugins *tp, const char *tool);

/// Adds the dialect plugins' dialects to `registry` (before a context is
/// created from it).
void irsToolPluginsAddDialects(const IrsToolPlugins *tp,
                               MlirDialectRegistry registry);

/// --list-passes: the registry's passes and the loaded plugins.
void irsToolPluginsListPasses(const IrsToolPlugins *tp, FILE *out);

void irsToolPluginsFree(IrsToolPlugins *tp);

#endif
