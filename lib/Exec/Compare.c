// SPDX-License-Identifier: Apache-2.0
//===- Compare.c - is this the same result? -------------------------------===//
//
// Result texts are compared in one walk over both. Addresses printed by
// MLIR's printMemref (`base@ = 0x...`) are skipped on both sides: they
// differ between any two runs and say nothing about the computation. With
// a tolerance, a number on both sides at the same place is compared by
// value (the usual mixed test: within ABS, or within REL of the larger
// magnitude), so 1.000000e+00 and 1.0000001e+00 can be the same result
// while the text around the numbers must match exactly.
//
//===----------------------------------------------------------------------===//
#include "ExecImpl.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool irsExecToleranceParse(const char *text, IrsExecTolerance *out) {
  char *end;
  out->rel = strtod(text, &end);
  out->abs = 0;
  if (end == text || out->rel < 0 || !isfinite(out->rel))
    return false;
  if (*end == ',') {
    const char *a = end + 1;
    out->abs = strtod(a, &end);
    if (end == a || out->abs < 0 || !isfinite(out->abs))
      return false;
  }
  return *end == '\0';
}

static bool isWordChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.';
}

size_t irsExecNumberLength(const char *s, const char *end, bool atStart,
                           double *value) {
  if (!atStart || s >= end)
    return 0;
  const char *p = s;
  if (*p == '-' || *p == '+')
    ++p;
  if (p >= end)
    return 0;
  bool special = (end - p >= 3) && (!strncmp(p, "nan", 3) || !strncmp(p, "inf", 3));
  if (!special && !isdigit((unsigned char)*p) &&
      !(*p == '.' && p + 1 < end && isdigit((unsigned char)p[1])))
    return 0;
  // strtod needs a terminated string; copy the candidate token.
  char buf[128];
  size_t n = 0;
  while (s + n < end && n + 1 < sizeof(buf) &&
         (isalnum((unsigned char)s[n]) || strchr("+-.", s[n])))
    ++n;
  memcpy(buf, s, n);
  buf[n] = '\0';
  char *stop;
  double v = strtod(buf, &stop);
  size_t len = (size_t)(stop - buf);
  if (len == 0 || (buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')))
    return 0;
  if (s + len < end && isalnum((unsigned char)s[len]))
    return 0; // "inf" of "information", "1" of "1st"
  *value = v;
  return len;
}

static bool withinTolerance(double a, double b, IrsExecTolerance t) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b);
  if (a == b)
    return true;
  double d = fabs(a - b);
  double m = fmax(fabs(a), fabs(b));
  return d <= t.abs || d <= t.rel * m;
}

// Skips a printMemref address ("base@ = 0x7ffc...") at *p; true if one was.
static bool skipAddress(const char **p, const char *end) {
  static const char key[] = "base@ = 0x";
  size_t k = sizeof(key) - 1;
  if ((size_t)(end - *p) < k || memcmp(*p, key, k) != 0)
    return false;
  const char *q = *p + k;
  while (q < end && isxdigit((unsigned char)*q))
    ++q;
  *p = q;
  return true;
}

static size_t lineStart(MlirStringRef s, const char *at) {
  const char *ls = at;
  while (ls > s.data && ls[-1] != '\n')
    --ls;
  return (size_t)(ls - s.data);
}

static void diffAt(MlirStringRef a, const char *p, MlirStringRef b,
                   const char *q, IrsExecDifference *d) {
  d->lineA = lineStart(a, p);
  d->atA = (size_t)(p - a.data);
  d->lineB = lineStart(b, q);
  d->atB = (size_t)(q - b.data);
  d->line = 1;
  for (const char *c = a.data; c < a.data + d->lineA; ++c)
    d->line += *c == '\n';
}

bool irsExecCompareAt(MlirStringRef a, MlirStringRef b, IrsExecTolerance t,
                      IrsExecDifference *where) {
  const char *p = a.data, *pe = a.data + a.length;
  const char *q = b.data, *qe = b.data + b.length;
  bool numeric = t.rel > 0 || t.abs > 0;
  while (p < pe && q < qe) {
    const char *p0 = p;
    if (skipAddress(&p, pe)) {
      if (skipAddress(&q, qe))
        continue;
      p = p0;
    }
    if (numeric) {
      double x, y;
      size_t lx = irsExecNumberLength(p, pe, p == a.data || !isWordChar(p[-1]), &x);
      size_t ly = lx ? irsExecNumberLength(q, qe, q == b.data || !isWordChar(q[-1]), &y)
                     : 0;
      if (lx && ly) {
        if (!withinTolerance(x, y, t))
          break;
        p += lx;
        q += ly;
        continue;
      }
    }
    if (*p != *q)
      break;
    ++p;
    ++q;
  }
  if (p == pe && q == qe)
    return true;
  if (where)
    diffAt(a, p, b, q, where);
  return false;
}

bool irsExecCompare(MlirStringRef a, MlirStringRef b, IrsExecTolerance t,
                    size_t *firstDiff, intptr_t *lineNo) {
  IrsExecDifference d;
  if (irsExecCompareAt(a, b, t, &d))
    return true;
  if (firstDiff)
    *firstDiff = d.lineA;
  if (lineNo)
    *lineNo = d.line;
  return false;
}

bool irsExecResultsEqual(const IrsExecResult *a, const IrsExecResult *b,
                         IrsExecTolerance t) {
  if (a->outcome != b->outcome || a->signal != b->signal ||
      a->exitCode != b->exitCode)
    return false;
  return irsExecCompare(
      (MlirStringRef){a->output ? a->output : "", a->outputLength},
      (MlirStringRef){b->output ? b->output : "", b->outputLength}, t, NULL,
      NULL);
}
