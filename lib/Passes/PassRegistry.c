// SPDX-License-Identifier: Apache-2.0
//===- PassRegistry.c - the caller-owned registry of irs-* and user passes -===//
//
// A registry is an array of entries: irscope's own passes first (created
// through Registry.c's table) and then user passes, each with its strings
// copied and a TypeID of its own from the registry's TypeID allocator.
// MLIR's external passes keep pointers to their op name and dependent
// dialects, so those live in the entry, and the registry must outlive every
// pass manager built from it.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include "irscope/PassRegistry.h"

#include <stdlib.h>
#include <string.h>

typedef struct Entry {
  char *name, *description, *options, *opName;
  bool builtin;
  bool checkKeys;
  char **keys; // NULL-terminated, from the synopsis
  MlirDialectHandle *dialects;
  intptr_t numDialects;
  MlirExternalPassCallbacks callbacks;
  IrsPassCreateUserData create;
  void *userData;
  MlirTypeID typeId;
} Entry;

typedef struct Registry {
  Entry *entries;
  intptr_t num;
  MlirTypeIDAllocator ids;
} Registry;

static Registry *unwrap(IrsPassRegistry r) { return (Registry *)r.ptr; }

static void freeEntry(Entry *e) {
  free(e->name);
  free(e->description);
  free(e->options);
  free(e->opName);
  for (char **k = e->keys; k && *k; ++k)
    free(*k);
  free(e->keys);
  free(e->dialects);
}

// The keys of a synopsis "{key=VALUE key2 ...}": each word up to '='.
static bool synopsisKeys(const char *syn, Entry *e) {
  e->checkKeys = !strstr(syn, "...");
  size_t n = 0, cap = 4;
  e->keys = calloc(cap + 1, sizeof(char *));
  if (!e->keys)
    return false;
  for (const char *s = syn; *s;) {
    while (*s == ' ' || *s == '\t' || *s == '{' || *s == '}')
      ++s;
    size_t kn = strcspn(s, "= \t}");
    if (kn) {
      if (n == cap) {
        char **k = realloc(e->keys, (2 * cap + 1) * sizeof(char *));
        if (!k)
          return false;
        e->keys = k;
        cap *= 2;
      }
      if (!(e->keys[n] = irsStrDupRef((MlirStringRef){s, kn})))
        return false;
      e->keys[++n] = NULL;
    }
    s += kn;
    s += strcspn(s, " \t}"); // skip "=VALUE"
  }
  return true;
}

static bool validName(const char *n) {
  if (!n || !*n)
    return false;
  for (const char *c = n; *c; ++c)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
          (*c >= '0' && *c <= '9') || *c == '-' || *c == '_' || *c == '.'))
      return false;
  return true;
}

static Entry *grow(Registry *r) {
  Entry *e = realloc(r->entries, (size_t)(r->num + 1) * sizeof(Entry));
  if (!e)
    return NULL;
  r->entries = e;
  memset(&e[r->num], 0, sizeof(Entry));
  return &e[r->num];
}

static bool dupAll(Entry *e, const IrsPassDefinition *d) {
  e->name = irsStrDup(d->name);
  e->description = irsStrDup(d->description ? d->description : "");
  e->options = irsStrDup(d->options ? d->options : "");
  e->opName = irsStrDup(d->opName ? d->opName : "");
  if (!e->name || !e->description || !e->options || !e->opName ||
      !synopsisKeys(e->options, e))
    return false;
  if (d->numDependentDialects > 0) {
    e->dialects = calloc((size_t)d->numDependentDialects, sizeof(*e->dialects));
    if (!e->dialects)
      return false;
    memcpy(e->dialects, d->dependentDialects,
           (size_t)d->numDependentDialects * sizeof(*e->dialects));
    e->numDialects = d->numDependentDialects;
  }
  return true;
}

IrsPassDefinition irsPassDefinitionDefault(void) {
  IrsPassDefinition d;
  memset(&d, 0, sizeof(d));
  return d;
}

static IrsStatus reject(MlirStringCallback cb, void *ud, IrsErrorKind kind,
                        IrsBuf *msg) {
  if (cb)
    cb(msg->failed ? mlirStringRefCreateFromCString("out of memory")
                   : irsBufRef(msg),
       ud);
  irsBufFree(msg);
  return irsStatusMake(kind);
}

IrsStatus irsPassRegistryAdd(IrsPassRegistry registry,
                             const IrsPassDefinition *def,
                             MlirStringCallback errorCallback, void *userData) {
  Registry *r = unwrap(registry);
  IrsBuf msg = IRS_BUF_INIT;
  if (!validName(def->name)) {
    irsBufPrintf(&msg, "invalid pass name '%s'", def->name ? def->name : "");
    return reject(errorCallback, userData, IRS_ERR_USAGE, &msg);
  }
  if (irsPassRegistryLookup(registry, mlirStringRefCreateFromCString(
                                          def->name)) >= 0) {
    irsBufPrintf(&msg, "pass '%s' is already registered", def->name);
    return reject(errorCallback, userData, IRS_ERR_USAGE, &msg);
  }
  if (!def->callbacks.run || !def->callbacks.clone) {
    irsBufPrintf(&msg, "pass '%s' has no %s callback", def->name,
                 def->callbacks.run ? "clone" : "run");
    return reject(errorCallback, userData, IRS_ERR_USAGE, &msg);
  }
  Entry *e = grow(r);
  if (!e || !dupAll(e, def)) {
    if (e)
      freeEntry(e);
    irsBufAppendStr(&msg, "out of memory");
    return reject(errorCallback, userData, IRS_ERR_NOMEM, &msg);
  }
  e->callbacks = def->callbacks;
  e->create = def->createUserData;
  e->userData = def->userData;
  e->typeId = mlirTypeIDAllocatorAllocateTypeID(r->ids);
  ++r->num;
  return irsStatusOk();
}

IrsPassRegistry irsPassRegistryCreate(void) {
  IrsPassRegistry result = {NULL};
  Registry *r = calloc(1, sizeof(*r));
  if (!r)
    return result;
  r->ids = mlirTypeIDAllocatorCreate();
  result.ptr = r;
  for (intptr_t i = 0; i < irsPassesGetNum(); ++i) {
    Entry *e = grow(r);
    IrsPassDefinition d = irsPassDefinitionDefault();
    d.name = irsPassesGetName(i);
    d.description = irsPassesGetDescription(i);
    d.options = irsPassesGetOptions(i);
    if (!e || !dupAll(e, &d)) {
      if (e)
        freeEntry(e);
      irsPassRegistryDestroy(result);
      return (IrsPassRegistry){NULL};
    }
    e->builtin = true;
    ++r->num;
  }
  return result;
}

void irsPassRegistryDestroy(IrsPassRegistry registry) {
  Registry *r = unwrap(registry);
  if (!r)
    return;
  for (intptr_t i = 0; i < r->num; ++i)
    freeEntry(&r->entries[i]);
  free(r->entries);
  mlirTypeIDAllocatorDestroy(r->ids);
  free(r);
}

intptr_t irsPassRegistryGetNumPasses(IrsPassRegistry registry) {
  return unwrap(registry)->num;
}
MlirStringRef irsPassRegistryGetName(IrsPassRegistry registry, intptr_t pos) {
  return mlirStringRefCreateFromCString(unwrap(registry)->entries[pos].name);
}
MlirStringRef irsPassRegistryGetOptions(IrsPassRegistry registry,
                                        intptr_t pos) {
  return mlirStringRefCreateFromCString(unwrap(registry)->entries[pos].options);
}
MlirStringRef irsPassRegistryGetDescription(IrsPassRegistry registry,
                                            intptr_t pos) {
  return mlirStringRefCreateFromCString(
      unwrap(registry)->entries[pos].description);
}

intptr_t irsPassRegistryLookup(IrsPassRegistry registry, MlirStringRef name) {
  Registry *r = unwrap(registry);
  for (intptr_t i = 0; i < r->num; ++i)
    if (strlen(r->entries[i].name) == name.length &&
        memcmp(r->entries[i].name, name.data, name.length) == 0)
      return i;
  return -1;
}

bool irsPassRegistryHas(IrsPassRegistry registry, MlirStringRef name) {
  if (irsPassRegistryIsNull(registry))
    return irsPassesIsKnown(name);
  return irsPassRegistryLookup(registry, name) >= 0;
}

//===----------------------------------------------------------------------===//
// Option lists
//===----------------------------------------------------------------------===//

static const IrsPassOptions *opts(IrsPassOptionList l) { return l.ptr; }

intptr_t irsPassOptionListGetNum(IrsPassOptionList l) { return opts(l)->num; }
MlirStringRef irsPassOptionListGetKey(IrsPassOptionList l, intptr_t pos) {
  return mlirStringRefCreateFromCString(opts(l)->items[pos].key);
}
MlirStringRef irsPassOptionListGetValue(IrsPassOptionList l, intptr_t pos) {
  return mlirStringRefCreateFromCString(opts(l)->items[pos].value);
}
bool irsPassOptionListLookup(IrsPassOptionList l, MlirStringRef key,
                             MlirStringRef *value) {
  bool found = false;
  for (intptr_t i = 0; i < opts(l)->num; ++i) {
    const IrsPassOption *o = &opts(l)->items[i];
    if (strlen(o->key) == key.length &&
        memcmp(o->key, key.data, key.length) == 0) {
      found = true; // keep looking: the last one wins
      if (value)
        *value = mlirStringRefCreateFromCString(o->value);
    }
  }
  return found;
}

//===----------------------------------------------------------------------===//
// Instantiation
//===----------------------------------------------------------------------===//

static void appendErr(MlirStringRef s, void *ud) {
  irsBufAppendRef((IrsBuf *)ud, s);
}

static bool anchorFits(const Entry *e, MlirStringRef anchor, IrsBuf *err) {
  if (!*e->opName || (strlen(e->opName) == anchor.length &&
                      memcmp(e->opName, anchor.data, anchor.length) == 0))
    return true;
  irsBufPrintf(err, "pass '%s' runs on '%s', not on '%.*s'; nest it under "
                    "'%s(...)'",
               e->name, e->opName, (int)anchor.length, anchor.data,
               e->opName);
  return false;
}

static MlirPass instantiateUser(const Entry *e, MlirStringRef options,
                                MlirStringRef anchor, IrsBuf *err) {
  MlirPass none = {NULL};
  IrsPassOptions o = {NULL, 0};
  if (!anchorFits(e, anchor, err) || !irsPassOptionsParse(options, &o, err))
    return none;
  if (e->checkKeys && !irsPassOptionsCheckKnown(&o, e->name,
                                                (const char *const *)e->keys,
                                                err)) {
    irsPassOptionsFree(&o);
    return none;
  }
  void *ud = e->userData;
  bool ok = !e->create ||
            e->create((IrsPassOptionList){&o}, e->userData, &ud, appendErr, err);
  irsPassOptionsFree(&o);
  if (!ok) {
    if (!err->len)
      irsBufPrintf(err, "pass '%s' rejected its options", e->name);
    return none;
  }
  MlirStringRef name = mlirStringRefCreateFromCString(e->name);
  MlirStringRef op = *e->opName ? mlirStringRefCreateFromCString(e->opName)
                                : irsPassAnchorOpName(anchor);
  return mlirCreateExternalPass(
      e->typeId, name, name, mlirStringRefCreateFromCString(e->description),
      op, e->numDialects, e->dialects, e->callbacks, ud);
}

MlirPass irsPassRegistryInstantiate(IrsPassRegistry registry,
                                    MlirStringRef name, MlirStringRef options,
                                    MlirStringRef anchor, IrsPassEnv *env,
                                    IrsBuf *err) {
  if (irsPassRegistryIsNull(registry))
    return irsPassCreate(name, options, anchor, env, err);
  intptr_t pos = irsPassRegistryLookup(registry, name);
  if (pos < 0) {
    irsBufPrintf(err, "'%.*s' is not a registered pass", (int)name.length,
                 name.data);
    return (MlirPass){NULL};
  }
  const Entry *e = &unwrap(registry)->entries[pos];
  if (e->builtin)
    return irsPassCreate(name, options, anchor, env, err);
  return instantiateUser(e, options, anchor, err);
}
