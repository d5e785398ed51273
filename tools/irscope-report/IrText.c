// SPDX-License-Identifier: Apache-2.0
//===- IrText.c - what the page needs to know about printed IR -------------===//
//
// The manifest gives exact op counts per step but not per dialect, and diffs
// know lines, not functions. Both are recovered from the dumps' text with
// line-based heuristics (documented in docs/irscope-report.md) rather than
// by parsing the dumps with MLIR: a 280k-line module takes seconds to parse
// per step, a scan takes milliseconds, and the page only needs proportions
// and names.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"

#include "Text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool isIdStart(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool isIdChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

// The op name a line starts with, or NULL. Accepts "%a, %b = dialect.op",
// "dialect.op ...", "\"dialect.op\"(...)" and bare names such as "return".
static const char *opName(const char *p, const char *end, size_t *len) {
  while (p < end && (*p == ' ' || *p == '\t'))
    ++p;
  if (p < end && *p == '%') {
    // Results: skip to " = ".
    const char *eq = memchr(p, '=', (size_t)(end - p));
    if (!eq || eq + 2 > end || eq[1] != ' ')
      return NULL;
    p = eq + 2;
  }
  if (p < end && *p == '"') {
    const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
    if (!q || q + 1 >= end || q[1] != '(')
      return NULL;
    *len = (size_t)(q - p - 1);
    return p + 1;
  }
  if (p >= end || !isIdStart(*p))
    return NULL;
  const char *q = p;
  while (q < end && isIdChar(*q))
    ++q;
  // An op name is followed by a space, '(', '<', '{' or the end of line;
  // "loc(" and "module attributes" are handled by the caller.
  if (q < end && *q != ' ' && *q != '(' && *q != '<' && *q != '{')
    return NULL;
  // Bare words before '<' or '(' are attributes or types continuing a
  // line (dense<...>, affine_map<...>), not ops.
  if (q < end && (*q == '<' || *q == '(') && !memchr(p, '.', (size_t)(q - p)))
    return NULL;
  *len = (size_t)(q - p);
  return p;
}

bool irsExCountDialects(const char *text, size_t len, IrsExDialectCount **out,
                        int *num) {
  IrsExDialectCount *c = NULL;
  int n = 0, cap = 0;
  const char *p = text, *end = text + len;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
      eol = end;
    size_t nl = 0;
    const char *name = opName(p, eol, &nl);
    p = eol + 1;
    if (!name || nl == 0)
      continue;
    char d[48];
    const char *dot = memchr(name, '.', nl);
    if (dot) {
      snprintf(d, sizeof(d), "%.*s", (int)(dot - name), name);
    } else if (nl == 6 && !memcmp(name, "module", 6)) {
      snprintf(d, sizeof(d), "builtin");
    } else if ((nl == 3 && !memcmp(name, "loc", 3)) ||
               (nl == 4 && (!memcmp(name, "true", 4) ||
                            !memcmp(name, "func", 4)))) {
      continue; // not ops: trailing locations, attribute continuations
    } else {
      snprintf(d, sizeof(d), "(unprefixed)");
    }
    int i = 0;
    while (i < n && strcmp(c[i].name, d) != 0)
      ++i;
    if (i == n) {
      if (n == cap) {
        cap = cap ? 2 * cap : 16;
        IrsExDialectCount *q = realloc(c, (size_t)cap * sizeof(*q));
        if (!q) {
          free(c);
          return false;
        }
        c = q;
      }
      snprintf(c[n].name, sizeof(c[n].name), "%s", d);
      c[n].count = 0;
      ++n;
    }
    ++c[i].count;
  }
  *out = c;
  *num = n;
  return true;
}

bool irsExLineSymbol(const char *line, size_t len, char *out, size_t cap) {
  const char *end = line + len;
  size_t nl = 0;
  const char *name = opName(line, end, &nl);
  // Symbol definitions are ops (func.func, llvm.func, memref.global, ...),
  // never results: "%x = func.call @f" uses a symbol, it does not define one.
  if (!name || memchr(line, '=', (size_t)(name - line)) || !memchr(name, '.', nl))
    return false;
  const char *at = memchr(name + nl, '@', (size_t)(end - name - nl));
  if (!at || at + 1 >= end)
    return false;
  // The symbol must come before any '(' of the signature or '{' of a body.
  for (const char *q = name + nl; q < at; ++q)
    if (*q == '(' || *q == '{' || *q == '%')
      return false;
  const char *q = at + 1;
  while (q < end && (isIdChar(*q) || *q == '-'))
    ++q;
  if (q == at + 1)
    return false;
  snprintf(out, cap, "%.*s", (int)(q - at), at);
  return true;
}

bool irsExFindSymbols(const char *text, size_t len, IrsExSymbols *s) {
  memset(s, 0, sizeof(*s));
  const char *p = text, *end = text + len;
  long line = 1;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
      eol = end;
    char sym[256];
    if (irsExLineSymbol(p, (size_t)(eol - p), sym, sizeof(sym))) {
      if (s->num == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        long *l = realloc(s->lines, (size_t)cap * sizeof(long));
        if (l)
          s->lines = l;
        char **nm = realloc(s->names, (size_t)cap * sizeof(char *));
        if (nm)
          s->names = nm;
        if (!l || !nm) {
          irsExSymbolsFree(s);
          return false;
        }
        s->cap = cap;
      }
      s->names[s->num] = strdup(sym);
      if (!s->names[s->num]) {
        irsExSymbolsFree(s);
        return false;
      }
      s->lines[s->num++] = line;
    }
    p = eol + 1;
    ++line;
  }
  return true;
}

const char *irsExSymbolAt(const IrsExSymbols *s, long line) {
  int lo = 0, hi = s->num; // first index with lines[i] > line
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (s->lines[mid] <= line)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo > 0 ? s->names[lo - 1] : NULL;
}

void irsExSymbolsFree(IrsExSymbols *s) {
  for (int i = 0; i < s->num; ++i)
    free(s->names[i]);
  free(s->lines);
  free(s->names);
  memset(s, 0, sizeof(*s));
}

long irsExCountOps(const char *text, size_t len) {
  IrsExDialectCount *c = NULL;
  int n = 0;
  long sum = 0;
  if (!irsExCountDialects(text, len, &c, &n))
    return -1;
  for (int i = 0; i < n; ++i)
    sum += c[i].count;
  free(c);
  return sum;
}

long irsExCountOpsInFile(const char *dir, const char *name) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  IrsToolText t = {0};
  long n = irsToolTextAppendFile(&t, path) && !t.failed
               ? irsExCountOps(t.data ? t.data : "", t.len)
               : -1;
  free(t.data);
  return n;
}
