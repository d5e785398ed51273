// SPDX-License-Identifier: Apache-2.0
//===- Plugin.c - loading MLIR and irscope plugins with dlopen ------------===//
//
// The MLIR entry points return their PassPluginLibraryInfo /
// DialectPluginLibraryInfo by value; both are POD structs of a uint32_t, two
// C strings and a function pointer, which C declares with the same layout
// (mlir/Tools/Plugins/*.h). A DialectRegistry* is what MlirDialectRegistry
// wraps, so the dialect callback is handed `registry.ptr`.
//
// Libraries are opened RTLD_NOW (a missing symbol is reported at load, not
// as a crash in the middle of a pipeline) and RTLD_GLOBAL (as MLIR's own
// loader: one file may be both a dialect and a pass plugin) and never
// closed: MLIR's registries keep pointers into them.
//
//===----------------------------------------------------------------------===//
#include "../Support/Buf.h"
#include "irscope/Plugin.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct MlirPassPluginInfo {
  uint32_t apiVersion;
  const char *pluginName;
  const char *pluginVersion;
  void (*registerPassRegistryCallbacks)(void);
} MlirPassPluginInfo;

typedef struct MlirDialectPluginInfo {
  uint32_t apiVersion;
  const char *pluginName;
  const char *pluginVersion;
  void (*registerDialectRegistryCallbacks)(void *dialectRegistry);
} MlirDialectPluginInfo;

typedef struct Plugin {
  IrsPluginKind kind;
  char *path, *name, *version;
  void (*registerDialects)(void *dialectRegistry);
} Plugin;

typedef struct Plugins {
  Plugin *items;
  intptr_t num;
} Plugins;

static Plugins *unwrap(IrsPlugins p) { return (Plugins *)p.ptr; }

const char *irsPluginKindGetName(IrsPluginKind kind) {
  switch (kind) {
  case IrsPluginKindMlirPass:
    return "mlir-pass";
  case IrsPluginKindMlirDialect:
    return "mlir-dialect";
  case IrsPluginKindIrscopePass:
    return "irscope-pass";
  }
  return "unknown";
}

IrsPlugins irsPluginsCreate(void) {
  return (IrsPlugins){calloc(1, sizeof(Plugins))};
}

void irsPluginsDestroy(IrsPlugins plugins) {
  Plugins *s = unwrap(plugins);
  if (!s)
    return;
  for (intptr_t i = 0; i < s->num; ++i) {
    free(s->items[i].path);
    free(s->items[i].name);
    free(s->items[i].version);
  }
  free(s->items);
  free(s);
}

static IrsStatus fail(MlirStringCallback cb, void *ud, IrsBuf *msg) {
  if (cb)
    cb(msg->failed ? mlirStringRefCreateFromCString("out of memory")
                   : irsBufRef(msg),
       ud);
  IrsErrorKind k = msg->failed ? IRS_ERR_NOMEM : IRS_ERR_USAGE;
  irsBufFree(msg);
  return irsStatusMake(k);
}

// Opens `path` or explains why not: a missing file and a file that is not
// ELF get messages of their own, anything else what dlerror says.
static void *openLibrary(const char *path, const char *what, IrsBuf *msg) {
  FILE *f = fopen(path, "rbe");
  if (!f) {
    irsBufPrintf(msg, "cannot load %s '%s': %s", what, path, strerror(errno));
    return NULL;
  }
  unsigned char magic[4] = {0};
  size_t n = fread(magic, 1, sizeof(magic), f);
  fclose(f);
  if (n != 4 || memcmp(magic, "\177ELF", 4) != 0) {
    irsBufPrintf(msg, "cannot load %s '%s': not a shared object", what, path);
    return NULL;
  }
  // dlopen searches the library path for a name without '/': a plugin
  // named on the command line is a file.
  IrsBuf rel = IRS_BUF_INIT;
  if (!strchr(path, '/'))
    irsBufAppendStr(&rel, "./");
  irsBufAppendStr(&rel, path);
  void *h = rel.failed ? NULL : dlopen(rel.data, RTLD_NOW | RTLD_GLOBAL);
  irsBufFree(&rel);
  if (!h) {
    const char *e = dlerror();
    irsBufPrintf(msg, "cannot load %s '%s': %s", what, path,
                 e ? e : "unknown error");
  }
  return h;
}

static Plugin *find(Plugins *s, const char *real, IrsPluginKind kind) {
  for (intptr_t i = 0; i < s->num; ++i)
    if (s->items[i].kind == kind && strcmp(s->items[i].path, real) == 0)
      return &s->items[i];
  return NULL;
}

// Opens `path` and resolves its absolute path into *real (malloc'd);
// *real is NULL when the file was loaded as `kind` or `alt` before.
static bool openResolved(Plugins *s, const char *path, const char *what,
                         IrsPluginKind kind, IrsPluginKind alt, void **h,
                         char **real, IrsBuf *msg) {
  if (!(*h = openLibrary(path, what, msg)))
    return false;
  if (!(*real = realpath(path, NULL))) {
    msg->failed = true;
    return false;
  }
  if (find(s, *real, kind) || find(s, *real, alt)) {
    free(*real);
    *real = NULL;
  }
  return true;
}

static Plugin *append(Plugins *s, IrsPluginKind kind, char *real,
                      const char *name, const char *version) {
  Plugin *items = realloc(s->items, (size_t)(s->num + 1) * sizeof(Plugin));
  if (!items) {
    free(real);
    return NULL;
  }
  s->items = items;
  Plugin *p = &items[s->num];
  memset(p, 0, sizeof(*p));
  p->kind = kind;
  p->path = real;
  p->name = irsStrDup(name ? name : "");
  p->version = irsStrDup(version ? version : "");
  if (!p->name || !p->version) {
    free(p->name);
    free(p->version);
    free(real);
    return NULL;
  }
  ++s->num;
  return p;
}

static void collect(MlirStringRef s, void *ud) { irsBufAppendRef(ud, s); }

static IrsStatus loadIrscopePass(Plugins *s, const char *path, char *real,
                                 void *sym, IrsPassRegistry registry,
                                 MlirStringCallback cb, void *ud) {
  IrsBuf msg = IRS_BUF_INIT;
  IrsPassPluginInfo info = ((IrsPassPluginInfo(*)(void))sym)();
  if (info.apiVersion != IRS_PASS_PLUGIN_API_VERSION) {
    free(real);
    irsBufPrintf(&msg, "pass plugin '%s' has API version %u, expected %d",
                 path, (unsigned)info.apiVersion, IRS_PASS_PLUGIN_API_VERSION);
    return fail(cb, ud, &msg);
  }
  IrsBuf why = IRS_BUF_INIT;
  bool ok = info.registerPasses && !irsPassRegistryIsNull(registry) &&
            info.registerPasses(registry, collect, &why);
  if (!ok) {
    free(real);
    irsBufPrintf(&msg, "pass plugin '%s' failed to register its passes: %s",
                 path, !info.registerPasses   ? "no registration callback"
                       : irsPassRegistryIsNull(registry) ? "no pass registry"
                       : why.len                ? why.data
                                                : "no reason given");
    irsBufFree(&why);
    return fail(cb, ud, &msg);
  }
  irsBufFree(&why);
  if (!append(s, IrsPluginKindIrscopePass, real, info.pluginName,
              info.pluginVersion)) {
    msg.failed = true;
    return fail(cb, ud, &msg);
  }
  return irsStatusOk();
}

static IrsStatus loadMlirPass(Plugins *s, const char *path, char *real,
                              void *sym, MlirStringCallback cb, void *ud) {
  IrsBuf msg = IRS_BUF_INIT;
  MlirPassPluginInfo info = ((MlirPassPluginInfo(*)(void))sym)();
  if (info.apiVersion != IRS_MLIR_PLUGIN_API_VERSION) {
    free(real);
    irsBufPrintf(&msg, "pass plugin '%s' has API version %u, expected %d",
                 path, (unsigned)info.apiVersion, IRS_MLIR_PLUGIN_API_VERSION);
    return fail(cb, ud, &msg);
  }
  if (!info.registerPassRegistryCallbacks) {
    free(real);
    irsBufPrintf(&msg, "pass plugin '%s' failed to register its passes: "
                       "no registration callback", path);
    return fail(cb, ud, &msg);
  }
  info.registerPassRegistryCallbacks();
  if (!append(s, IrsPluginKindMlirPass, real, info.pluginName,
              info.pluginVersion)) {
    msg.failed = true;
    return fail(cb, ud, &msg);
  }
  return irsStatusOk();
}

IrsStatus irsPluginsLoadPassPlugin(IrsPlugins plugins, const char *path,
                                   IrsPassRegistry registry,
                                   MlirStringCallback cb, void *ud) {
  Plugins *s = unwrap(plugins);
  IrsBuf msg = IRS_BUF_INIT;
  void *h;
  char *real;
  if (!openResolved(s, path, "pass plugin", IrsPluginKindMlirPass,
                    IrsPluginKindIrscopePass, &h, &real, &msg))
    return fail(cb, ud, &msg);
  if (!real)
    return irsStatusOk();
  void *sym = dlsym(h, "irsGetPassPluginInfo");
  if (sym)
    return loadIrscopePass(s, path, real, sym, registry, cb, ud);
  if ((sym = dlsym(h, "mlirGetPassPluginInfo")))
    return loadMlirPass(s, path, real, sym, cb, ud);
  free(real);
  irsBufPrintf(&msg, "cannot load pass plugin '%s': no entry point "
                     "'mlirGetPassPluginInfo' or 'irsGetPassPluginInfo'",
               path);
  return fail(cb, ud, &msg);
}

IrsStatus irsPluginsLoadDialectPlugin(IrsPlugins plugins, const char *path,
                                      MlirStringCallback cb, void *ud) {
  Plugins *s = unwrap(plugins);
  IrsBuf msg = IRS_BUF_INIT;
  void *h;
  char *real;
  if (!openResolved(s, path, "dialect plugin", IrsPluginKindMlirDialect,
                    IrsPluginKindMlirDialect, &h, &real, &msg))
    return fail(cb, ud, &msg);
  if (!real)
    return irsStatusOk();
  void *sym = dlsym(h, "mlirGetDialectPluginInfo");
  if (!sym) {
    free(real);
    irsBufPrintf(&msg, "cannot load dialect plugin '%s': no entry point "
                       "'mlirGetDialectPluginInfo'", path);
    return fail(cb, ud, &msg);
  }
  MlirDialectPluginInfo info = ((MlirDialectPluginInfo(*)(void))sym)();
  if (info.apiVersion != IRS_MLIR_PLUGIN_API_VERSION)
    irsBufPrintf(&msg, "dialect plugin '%s' has API version %u, expected %d",
                 path, (unsigned)info.apiVersion, IRS_MLIR_PLUGIN_API_VERSION);
  else if (!info.registerDialectRegistryCallbacks)
    irsBufPrintf(&msg, "dialect plugin '%s' failed to register its dialects: "
                       "no registration callback", path);
  Plugin *p = NULL;
  if (!msg.len && !(p = append(s, IrsPluginKindMlirDialect, real,
                               info.pluginName, info.pluginVersion)))
    msg.failed = true;
  if (!p) {
    if (msg.len)
      free(real);
    return fail(cb, ud, &msg);
  }
  p->registerDialects = info.registerDialectRegistryCallbacks;
  return irsStatusOk();
}

void irsPluginsRegisterDialects(IrsPlugins plugins,
                                MlirDialectRegistry registry) {
  Plugins *s = unwrap(plugins);
  for (intptr_t i = 0; s && i < s->num; ++i)
    if (s->items[i].registerDialects)
      s->items[i].registerDialects(registry.ptr);
}

intptr_t irsPluginsGetNum(IrsPlugins plugins) {
  return plugins.ptr ? unwrap(plugins)->num : 0;
}
IrsPluginKind irsPluginsGetKind(IrsPlugins plugins, intptr_t pos) {
  return unwrap(plugins)->items[pos].kind;
}
MlirStringRef irsPluginsGetPath(IrsPlugins plugins, intptr_t pos) {
  return mlirStringRefCreateFromCString(unwrap(plugins)->items[pos].path);
}
MlirStringRef irsPluginsGetName(IrsPlugins plugins, intptr_t pos) {
  return mlirStringRefCreateFromCString(unwrap(plugins)->items[pos].name);
}
MlirStringRef irsPluginsGetVersion(IrsPlugins plugins, intptr_t pos) {
  return mlirStringRefCreateFromCString(unwrap(plugins)->items[pos].version);
}

// A path as one shell word: bare when it holds only safe characters.
static void appendQuoted(IrsBuf *b, const char *s) {
  if (strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789/._+-=,:@%") == strlen(s)) {
    irsBufAppendStr(b, s);
    return;
  }
  irsBufAppendStr(b, "'");
  for (const char *c = s; *c; ++c)
    irsBufAppendStr(b, *c == '\'' ? "'\\''" : (char[]){*c, 0});
  irsBufAppendStr(b, "'");
}

void irsPluginsPrintFlags(IrsPlugins plugins, bool mlirOnly,
                          MlirStringCallback callback, void *userData) {
  Plugins *s = unwrap(plugins);
  IrsBuf b = IRS_BUF_INIT;
  for (intptr_t i = 0; s && i < s->num; ++i) {
    const Plugin *p = &s->items[i];
    if (mlirOnly && p->kind == IrsPluginKindIrscopePass)
      continue;
    irsBufAppendStr(&b, p->kind == IrsPluginKindMlirDialect
                            ? " --load-dialect-plugin="
                            : " --load-pass-plugin=");
    appendQuoted(&b, p->path);
  }
  if (b.len && !b.failed)
    callback(irsBufRef(&b), userData);
  irsBufFree(&b);
}
