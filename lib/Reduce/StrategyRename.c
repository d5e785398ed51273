// SPDX-License-Identifier: Apache-2.0
//===- StrategyRename.c - short stable symbol names -----------------------===//
//
// The cosmetic edits, run once after the others reach their fixed point:
// every location becomes unknown (see StrategySimplifyAttrs.c), and the
// module's top-level symbols are renamed in order of appearance: functions
// to @f0, @f1, ..., other symbols (globals, ...) to @s0, @s1, ...; each
// symbol's uses are renamed with it (mlirSymbolTableReplaceAllSymbolUses,
// which walks the module except nested symbol tables). First as one edit
// for all symbols; if the failure depends on some name (say, a pass that
// looks for @main), one edit per symbol. The renaming is computed from the
// module itself, so worker and parent agree. SSA value names are not
// stored in the IR: the printer numbers them (%0, %arg0) or asks the op
// (%c0_i32), so there is nothing to rename. Progress: each accepted edit
// lowers the number of symbols whose name is not their short name (names
// of at most two characters count as short).
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Sym {
  MlirOperation op;
  int64_t index; // pre-order
  char name[32]; // the short name it should get
  bool skip;     // keeps its name: already short, or its short name is held
} Sym;

static MlirStringRef symName(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirSymbolTableGetSymbolAttributeName());
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a)
             ? mlirStringAttrGetValue(a)
             : mlirStringRefCreate(NULL, 0);
}

// The symbols directly in the module, with their short names.
static size_t symbols(MlirOperation root, Sym **out) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(root, 0));
  size_t n = 0, cap = 16;
  Sym *s = malloc(cap * sizeof(Sym));
  int64_t index = 1, funcs = 0, others = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       s && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    int64_t at = index;
    index += irsReduceCountOps(op);
    if (symName(op).data == NULL)
      continue;
    if (n == cap) {
      Sym *p = realloc(s, 2 * cap * sizeof(Sym));
      if (!p)
        break;
      s = p;
      cap *= 2;
    }
    MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
    bool func = opName.length == 9 && !memcmp(opName.data, "func.func", 9);
    s[n].op = op;
    s[n].index = at;
    snprintf(s[n].name, sizeof(s[n].name), "%s%lld", func ? "f" : "s",
             (long long)(func ? funcs++ : others++));
    MlirStringRef cur = symName(op);
    s[n].skip = cur.length <= 2 ||
                (cur.length == strlen(s[n].name) &&
                 !memcmp(cur.data, s[n].name, cur.length));
    ++n;
  }
  // A name of at most two characters is as readable as the short name and
  // is kept; a symbol whose short name such a kept name holds keeps its own.
  for (size_t i = 0; s && i < n; ++i)
    for (size_t j = 0; !s[i].skip && j < n; ++j) {
      MlirStringRef v = symName(s[j].op);
      if (j != i && s[j].skip && v.length == strlen(s[i].name) &&
          !memcmp(v.data, s[i].name, v.length))
        s[i].skip = true;
    }
  *out = s;
  return n;
}

static bool renameTo(MlirContext ctx, MlirOperation root, MlirOperation op,
                     const char *to) {
  MlirStringRef from = symName(op);
  char old[256];
  if (from.length >= sizeof(old))
    return false;
  memcpy(old, from.data, from.length);
  old[from.length] = '\0';
  if (mlirLogicalResultIsFailure(mlirSymbolTableReplaceAllSymbolUses(
          mlirStringRefCreateFromCString(old),
          mlirStringRefCreateFromCString(to), root)))
    return false;
  mlirOperationSetAttributeByName(
      op, mlirSymbolTableGetSymbolAttributeName(),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(to)));
  return true;
}

static bool nameTaken(const Sym *s, size_t n, const char *name) {
  for (size_t i = 0; i < n; ++i) {
    MlirStringRef v = symName(s[i].op);
    if (v.length == strlen(name) && !memcmp(v.data, name, v.length))
      return true;
  }
  return false;
}

static bool applyRename(MlirContext ctx, MlirOperation root,
                        const IrsEdit *e) {
  if (e->target >= 0) {
    MlirOperation op = irsEditFindOp(root, e->target);
    return !mlirOperationIsNull(op) && e->rename.name && symName(op).data &&
           renameTo(ctx, root, op, e->rename.name);
  }
  Sym *s = NULL;
  size_t n = symbols(root, &s);
  bool ok = s != NULL;
  // Two phases, so that a short name held by another symbol (an @f1 that
  // is the third function) is free by the time it is given.
  for (int phase = 0; ok && phase < 2; ++phase)
    for (size_t i = 0; ok && i < n; ++i) {
      if (s[i].skip)
        continue;
      char tmp[48];
      snprintf(tmp, sizeof(tmp), "__irs_rename_%zu", i);
      ok = renameTo(ctx, root, s[i].op, phase == 0 ? tmp : s[i].name);
    }
  free(s);
  return ok;
}

static void keyRename(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyText(out, e->rename.name);
}

static void describeRename(const IrsEdit *e, IrsBuf *out) {
  if (e->target < 0)
    irsBufAppendStr(out, "rename every symbol");
  else
    irsBufPrintf(out, "rename op #%lld to @%s", (long long)e->target,
                 e->rename.name ? e->rename.name : "");
}

/// Rename symbol op `target`; target -1: rename every symbol of the module.
const IrsEditOps irsEditRename = {
    .apply = applyRename, .key = keyRename, .describe = describeRename};

static bool renameSymbols(Reducer *r, void *state) {
  (void)state;
  MlirOperation root = mlirModuleGetOperation(r->module);
  Sym *s = NULL;
  size_t n = symbols(root, &s);
  size_t todo = 0;
  for (size_t i = 0; s && i < n; ++i)
    todo += !s[i].skip;
  IrsEdit locs = {.ops = &irsEditAttrs,
                  .attrs = {IrsEditAttrsUnknownLocations, NULL}};
  IrsEdit all = {.ops = &irsEditRename, .target = -1};
  bool hasLocs = irsEditHasLocations(r->ctx, root);
  // Both cosmetic edits as one test first: they nearly always go, and in a
  // hang reduction every test that still hangs costs the full timeout.
  if (hasLocs && todo > 0) {
    IrsEdit both[2] = {locs, all};
    IrsEdit group = {.ops = &irsEditGroup, .group = {both, 2}};
    if (irsReduceTryEdit(r, &group)) {
      free(s);
      return true;
    }
  }
  bool any = hasLocs && irsReduceTryEdit(r, &locs);
  bool renamed = todo > 0 && irsReduceTryEdit(r, &all);
  any |= renamed;
  if (!renamed && todo > 0) {
    // Renaming never renumbers ops: every candidate stays valid. A short
    // name another symbol holds is left for a later round.
    IrsEdit *edits = malloc(n * sizeof(IrsEdit));
    size_t m = 0;
    for (size_t i = 0; edits && i < n; ++i) {
      if (s[i].skip || nameTaken(s, n, s[i].name))
        continue;
      edits[m++] = (IrsEdit){.ops = &irsEditRename, .target = s[i].index,
                             .rename = {s[i].name}};
    }
    any |= edits && irsReduceTryEach(r, edits, m, false) > 0;
    free(edits);
  }
  free(s);
  return any;
}

const IrsStrategy irsStrategyRename = {.run = renameSymbols,
                                       .edits = {&irsEditRename}};
