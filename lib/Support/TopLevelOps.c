// SPDX-License-Identifier: Apache-2.0
//===- TopLevelOps.c - the top-level op one action changed, from text -----===//
//
// The tool path never parses IR (Tool.h), so the function an action
// changed is found in the two printed modules. MLIR's printer indents a
// module's ops by two spaces, in custom and generic form alike: a line with
// exactly two spaces and then anything but a closing bracket begins a
// top-level op, which runs until the next such line or the module's own
// closing line (no indentation). Aliases before the module and the
// file metadata after it are neither. Comparing the ops in order, from both
// ends, leaves the one op that differs; when more differ, the whole
// modules are the answer.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/Narrow.h"

#include <stdlib.h>
#include <string.h>

typedef struct Ops {
  MlirStringRef *op;
  intptr_t num;
} Ops;

static bool startsOp(const char *p, const char *end) {
  return end - p > 2 && p[0] == ' ' && p[1] == ' ' && p[2] != ' ' &&
         p[2] != '}' && p[2] != ')' && p[2] != '^' && p[2] != '\n';
}

// The top-level ops of `m`; false when out of memory.
static bool split(MlirStringRef m, Ops *out) {
  const char *p = m.data, *end = m.data + m.length;
  intptr_t cap = 16;
  out->op = malloc((size_t)cap * sizeof(*out->op));
  out->num = 0;
  if (!out->op)
    return false;
  const char *cur = NULL;
  bool inModule = false;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *next = nl ? nl + 1 : end;
    bool closes = inModule && (*p == '}' || *p == ')');
    bool opens = inModule && startsOp(p, end);
    if ((closes || opens) && cur) {
      if (out->num == cap) {
        MlirStringRef *g = realloc(out->op, (size_t)(cap *= 2) * sizeof(*g));
        if (!g)
          return false;
        out->op = g;
      }
      out->op[out->num++] = (MlirStringRef){cur, (size_t)(p - cur)};
      cur = NULL;
    }
    if (opens)
      cur = p;
    if (closes)
      inModule = false;
    else if (!inModule && *p != ' ' && *p != '#' && *p != '!' && *p != '\n' &&
             *p != '{' && memchr(p, '{', (size_t)(next - p)))
      inModule = true; // "module {", "builtin.module"() ({", "module @m {"
    p = next;
  }
  return true;
}

static bool same(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length && !memcmp(a.data, b.data, a.length);
}

bool irsNarrowChangedTopLevelOp(MlirStringRef before, MlirStringRef after,
                                MlirStringRef *beforeOp,
                                MlirStringRef *afterOp) {
  if (same(before, after))
    return false;
  *beforeOp = before;
  *afterOp = after;
  Ops a = {0}, b = {0};
  if (split(before, &a) && split(after, &b) && (a.num || b.num)) {
    intptr_t lo = 0;
    while (lo < a.num && lo < b.num && same(a.op[lo], b.op[lo]))
      ++lo;
    intptr_t ha = a.num, hb = b.num;
    while (ha > lo && hb > lo && same(a.op[ha - 1], b.op[hb - 1]))
      --ha, --hb;
    // One op changed, appeared or went away.
    if (ha - lo <= 1 && hb - lo <= 1 && (ha > lo || hb > lo)) {
      *beforeOp = ha > lo ? a.op[lo] : (MlirStringRef){before.data, 0};
      *afterOp = hb > lo ? b.op[lo] : (MlirStringRef){after.data, 0};
    }
  }
  free(a.op);
  free(b.op);
  return true;
}
