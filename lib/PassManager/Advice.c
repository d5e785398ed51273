// SPDX-License-Identifier: Apache-2.0
//===- Advice.c - close pass names and a pass's options (Advice.h) --------===//
#include "irscope/Advice.h"
#include "irscope/Passes.h"

#include "PassManagerImpl.h"
#include "../Support/Buf.h"

#include <mlir-c/Pass.h>

#include <stdlib.h>
#include <string.h>

size_t irsEditDistance(MlirStringRef a, MlirStringRef b, size_t limit) {
  size_t n = a.length, m = b.length;
  if ((n > m ? n - m : m - n) > limit)
    return limit + 1;
  // Three rows of the optimal-string-alignment table.
  size_t *row = malloc(3 * (m + 1) * sizeof(size_t));
  if (!row)
    return limit + 1;
  size_t *pp = row, *p = row + m + 1, *c = row + 2 * (m + 1);
  for (size_t j = 0; j <= m; ++j)
    p[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    c[0] = i;
    size_t best = c[0];
    for (size_t j = 1; j <= m; ++j) {
      size_t cost = a.data[i - 1] == b.data[j - 1] ? 0 : 1;
      size_t v = p[j] + 1;
      if (c[j - 1] + 1 < v)
        v = c[j - 1] + 1;
      if (p[j - 1] + cost < v)
        v = p[j - 1] + cost;
      if (i > 1 && j > 1 && a.data[i - 1] == b.data[j - 2] &&
          a.data[i - 2] == b.data[j - 1] && pp[j - 2] + 1 < v)
        v = pp[j - 2] + 1;
      c[j] = v;
      if (v < best)
        best = v;
    }
    size_t *t = pp;
    pp = p;
    p = c;
    c = t;
    if (best > limit) {
      free(row);
      return limit + 1;
    }
  }
  size_t d = p[m];
  free(row);
  return d > limit ? limit + 1 : d;
}

static void collect(MlirStringRef s, void *ud) { irsBufAppendRef(ud, s); }

// Whether MLIR's registry knows pass `name`: the parser's complaint about
// an unknown name is the only one that says no (a pass restricted to
// another op, or one that needs options, exists).
static bool mlirKnows(MlirContext ctx, const char *name, size_t n) {
  IrsBuf text = IRS_BUF_INIT, err = IRS_BUF_INIT;
  irsBufAppendStr(&text, "builtin.module(");
  irsBufAppend(&text, name, n);
  irsBufAppendStr(&text, ")");
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult r = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), irsBufRef(&text), collect, &err);
  bool known = mlirLogicalResultIsSuccess(r) ||
               (err.data && !strstr(err.data, "does not refer to a registered"));
  mlirPassManagerDestroy(pm);
  irsBufFree(&text);
  irsBufFree(&err);
  return known;
}

bool irsPassIsRegistered(MlirContext ctx, MlirStringRef name) {
  return irsPassesIsKnown(name) || mlirKnows(ctx, name.data, name.length);
}

// Every spelling one edit away, most likely first: a letter too many, two
// neighbours swapped, one letter wrong, one missing.
static bool oneEditAway(MlirContext ctx, MlirStringRef name, IrsBuf *out) {
  static const char letters[] = "abcdefghijklmnopqrstuvwxyz-0123456789";
  size_t n = name.length;
  char *w = malloc(n + 2);
  if (!w)
    return false;
  bool found = false;
  for (size_t i = 0; i < n && !found; ++i) { // deletion
    memcpy(w, name.data, i);
    memcpy(w + i, name.data + i + 1, n - i - 1);
    found = n > 1 && mlirKnows(ctx, w, n - 1);
    if (found)
      irsBufAppend(out, w, n - 1);
  }
  for (size_t i = 0; i + 1 < n && !found; ++i) { // swap
    memcpy(w, name.data, n);
    char t = w[i];
    w[i] = w[i + 1];
    w[i + 1] = t;
    found = w[i] != w[i + 1] && mlirKnows(ctx, w, n);
    if (found)
      irsBufAppend(out, w, n);
  }
  for (size_t i = 0; i < n && !found; ++i) // substitution
    for (const char *l = letters; *l && !found; ++l) {
      if (*l == name.data[i])
        continue;
      memcpy(w, name.data, n);
      w[i] = *l;
      found = mlirKnows(ctx, w, n);
      if (found)
        irsBufAppend(out, w, n);
    }
  for (size_t i = 0; i <= n && !found; ++i) // insertion
    for (const char *l = letters; *l && !found; ++l) {
      memcpy(w, name.data, i);
      w[i] = *l;
      memcpy(w + i + 1, name.data + i, n - i);
      found = mlirKnows(ctx, w, n + 1);
      if (found)
        irsBufAppend(out, w, n + 1);
    }
  free(w);
  return found;
}

bool irsPassSuggest(MlirContext ctx, MlirStringRef name,
                    MlirStringCallback callback, void *userData) {
  const char *best = NULL;
  size_t bestD = 3;
  for (intptr_t i = 0; i < irsPassesGetNum(); ++i) {
    MlirStringRef c = mlirStringRefCreateFromCString(irsPassesGetName(i));
    size_t d = irsEditDistance(name, c, 2);
    if (d > 0 && d < bestD) {
      bestD = d;
      best = irsPassesGetName(i);
    }
  }
  if (best) {
    callback(mlirStringRefCreateFromCString(best), userData);
    return true;
  }
  // Long garbage has no near neighbour worth hundreds of probes.
  if (name.length == 0 || name.length > 64 || mlirContextIsNull(ctx))
    return false;
  IrsBuf out = IRS_BUF_INIT;
  bool found = oneEditAway(ctx, name, &out);
  if (found)
    callback(irsBufRef(&out), userData);
  irsBufFree(&out);
  return found;
}

bool irsPassGetOptions(MlirContext ctx, MlirStringRef name,
                       MlirStringCallback callback, void *userData) {
  if (irsPassesIsKnown(name))
    return false;
  // A pass restricted to functions cannot sit directly under the module.
  static const char *const wraps[][2] = {{"builtin.module(", ")"},
                                         {"builtin.module(func.func(", "))"}};
  bool ok = false;
  for (size_t k = 0; k < 2 && !ok; ++k) {
    IrsBuf text = IRS_BUF_INIT, err = IRS_BUF_INIT, printed = IRS_BUF_INIT;
    irsBufAppendStr(&text, wraps[k][0]);
    irsBufAppendRef(&text, name);
    irsBufAppendStr(&text, wraps[k][1]);
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
    if (mlirLogicalResultIsSuccess(
            mlirParsePassPipeline(opm, irsBufRef(&text), collect, &err))) {
      mlirPrintPassPipeline(opm, collect, &printed);
      // "builtin.module(NAME{a=1 b=2})": the text between the braces.
      const char *s = printed.data ? printed.data : "";
      const char *open = strchr(s, '{');
      const char *close = strrchr(s, '}');
      ok = true;
      if (open && close && close > open) {
        const char *b = open + 1, *e = close;
        while (b < e && *b == ' ')
          ++b;
        while (e > b && e[-1] == ' ')
          --e;
        callback(mlirStringRefCreate(b, (size_t)(e - b)), userData);
      }
    }
    mlirPassManagerDestroy(pm);
    irsBufFree(&text);
    irsBufFree(&err);
    irsBufFree(&printed);
  }
  return ok;
}

void irsPassAdviseError(MlirContext ctx, MlirStringRef pass, IrsBuf *err,
                        size_t reasonAt) {
  const char *why = err->data ? err->data + reasonAt : "";
  if (strstr(why, "does not refer to a registered pass")) {
    IrsBuf s = IRS_BUF_INIT;
    if (irsPassSuggest(ctx, pass, collect, &s) && !s.failed)
      irsBufPrintf(err, "; did you mean '%s'?", s.data);
    irsBufFree(&s);
    return;
  }
  const char *key = "no such option ";
  const char *no = strstr(why, key);
  if (!no)
    return;
  IrsBuf opt = IRS_BUF_INIT, opts = IRS_BUF_INIT, msg = IRS_BUF_INIT;
  const char *o = no + strlen(key);
  irsBufAppend(&opt, o, strcspn(o, " \n"));
  bool listed = irsPassGetOptions(ctx, pass, collect, &opts);
  irsBufAppendStr(&msg, "pass '");
  irsBufAppendRef(&msg, pass);
  irsBufPrintf(&msg, "' has no option '%s'", opt.data ? opt.data : "");
  if (listed && opts.len)
    irsBufPrintf(&msg, "; its options (with defaults): %s", opts.data);
  else if (listed)
    irsBufAppendStr(&msg, "; it takes no options");
  if (!msg.failed) {
    err->len = reasonAt;
    irsBufAppend(err, msg.data, msg.len);
  }
  irsBufFree(&opt);
  irsBufFree(&opts);
  irsBufFree(&msg);
}
