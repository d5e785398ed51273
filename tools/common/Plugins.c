// SPDX-License-Identifier: Apache-2.0
//===- Plugins.c - the tools' plugin options -------------------------------===//
#include "Plugins.h"

#include <stdlib.h>

typedef struct ErrCtx {
  const char *tool;
} ErrCtx;

static void errLine(MlirStringRef s, void *ud) {
  fprintf(stderr, "%s: error: %.*s\n", ((ErrCtx *)ud)->tool, (int)s.length,
          s.data);
}

bool irsToolPluginsLoad(IrsToolPlugins *tp, const char *tool) {
  ErrCtx e = {tool};
  tp->registry = irsPassRegistryCreate();
  tp->plugins = irsPluginsCreate();
  if (irsPassRegistryIsNull(tp->registry) || irsPluginsIsNull(tp->plugins)) {
    fprintf(stderr, "%s: error: out of memory\n", tool);
    return false;
  }
  for (size_t i = 0; i < tp->dialectPlugins.num; ++i)
    if (!irsStatusIsOk(irsPluginsLoadDialectPlugin(
            tp->plugins, tp->dialectPlugins.items[i], errLine, &e)))
      return false;
  for (size_t i = 0; i < tp->passPlugins.num; ++i)
    if (!irsStatusIsOk(irsPluginsLoadPassPlugin(
            tp->plugins, tp->passPlugins.items[i], tp->registry, errLine, &e)))
      return false;
  return true;
}

void irsToolPluginsAddDialects(const IrsToolPlugins *tp,
                               MlirDialectRegistry registry) {
  if (tp)
    irsPluginsRegisterDialects(tp->plugins, registry);
}

static void ref(FILE *out, MlirStringRef s) {
  fwrite(s.data, 1, s.length, out);
}

void irsToolPluginsListPasses(const IrsToolPlugins *tp, FILE *out) {
  IrsPassRegistry r = tp->registry;
  fprintf(out, "irscope passes (usable in any pipeline next to MLIR's):\n");
  for (intptr_t i = 0; i < irsPassRegistryGetNumPasses(r); ++i) {
    MlirStringRef n = irsPassRegistryGetName(r, i),
                  o = irsPassRegistryGetOptions(r, i),
                  d = irsPassRegistryGetDescription(r, i);
    fprintf(out, "  %-24.*s %-12.*s %.*s\n", (int)n.length, n.data,
            (int)o.length, o.data, (int)d.length, d.data);
  }
  for (intptr_t i = 0; i < irsPluginsGetNum(tp->plugins); ++i) {
    fprintf(out, "plugin %s ", irsPluginKindGetName(
                                   irsPluginsGetKind(tp->plugins, i)));
    ref(out, irsPluginsGetName(tp->plugins, i));
    fputc(' ', out);
    ref(out, irsPluginsGetVersion(tp->plugins, i));
    fputs(" (", out);
    ref(out, irsPluginsGetPath(tp->plugins, i));
    fputs(")\n", out);
  }
  if (irsPluginsGetNum(tp->plugins))
    fprintf(out, "Passes of MLIR pass plugins are listed by 'mlir-opt "
                 "--load-pass-plugin=FILE --help'.\n");
}

void irsToolPluginsFree(IrsToolPlugins *tp) {
  irsStringListFree(&tp->passPlugins);
  irsStringListFree(&tp->dialectPlugins);
  irsPassRegistryDestroy(tp->registry);
  irsPluginsDestroy(tp->plugins);
  tp->registry = (IrsPassRegistry){NULL};
  tp->plugins = (IrsPlugins){NULL};
}
