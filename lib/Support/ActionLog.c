// SPDX-License-Identifier: Apache-2.0
//===- ActionLog.c - reading the action log of mlir-opt -------------------===//
//
// MLIR's ActionLogger (mlir/lib/Debug/Observers/ActionLogging.cpp) writes
// one line when an action begins and one when it completes:
//
//   [thread T] begins (no breakpoint) Action `apply-pattern pattern: NAME (OP)`
//   [thread T] begins (no breakpoint) Action `pass-execution` running `PASS`
//       on Operation `OPNAME` (OP)`
//   [thread T] completed `apply-pattern`
//
// where OP is the op printed with its regions elided ({...}), in generic
// form and with loc(...) when the tool ran with --mlir-print-op-generic and
// --mlir-print-debuginfo. The pattern's name comes from
// ApplyPatternAction::print, the pass's from PassExecutionAction::print.
// Only "begins" lines are read: a crashed run's log ends inside the action
// that was running, which still counts.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "NarrowImpl.h"

#include <stdio.h>
#include <string.h>

static const char kBegins[] = "begins ";
static const char kAction[] = "Action `";
static const char kPattern[] = "apply-pattern pattern: ";
static const char kPass[] = "pass-execution` running `";
static const char kOnOp[] = "` on Operation `";

static MlirStringRef slice(const char *b, const char *e) {
  return (MlirStringRef){b, (size_t)(e > b ? e - b : 0)};
}

// The op's name: the quoted name of the generic form, else the first word
// after the results ("%0:3 = scf.while ..." gives "scf.while").
static MlirStringRef opNameOf(MlirStringRef op) {
  const char *p = op.data, *end = op.data + op.length;
  if (p < end && *p == '%') {
    const char *eq = memmem(p, (size_t)(end - p), " = ", 3);
    p = eq ? eq + 3 : end;
  }
  if (p < end && *p == '"') {
    const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
    return q ? slice(p + 1, q) : slice(p, p);
  }
  const char *q = p;
  while (q < end && *q != ' ' && *q != '(' && *q != '<' && *q != '{')
    ++q;
  return slice(p, q);
}

// "file":L:C of the first file location inside the op's trailing loc(...).
void irsNarrowLocationOf(MlirStringRef op, char *buf, size_t cap) {
  buf[0] = '\0';
  const char *end = op.data + op.length, *loc = NULL;
  for (const char *p = op.data; p && p < end;) {
    const char *q = memmem(p, (size_t)(end - p), "loc(", 4);
    if (q)
      loc = q;
    p = q ? q + 4 : NULL;
  }
  const char *f = loc ? memchr(loc, '"', (size_t)(end - loc)) : NULL;
  const char *fe = f ? memchr(f + 1, '"', (size_t)(end - f - 1)) : NULL;
  if (!fe)
    return;
  const char *d = fe + 1;
  while (d < end && (*d == ':' || (*d >= '0' && *d <= '9')))
    ++d;
  if (d == fe + 1)
    return;
  snprintf(buf, cap, "%.*s%.*s", (int)(fe - f - 1), f + 1, (int)(d - fe - 1),
           fe + 1);
}

// Fills `e` from one line; false when it is no begin of a tag we read.
static bool parseLine(const char *p, const char *end, IrsActionLogEntry *e) {
  const char *b = memmem(p, (size_t)(end - p), kBegins, strlen(kBegins));
  const char *a = b ? memmem(b, (size_t)(end - b), kAction, strlen(kAction))
                    : NULL;
  if (!a)
    return false;
  a += strlen(kAction);
  // The line ends in "(OP)`": strip the closing ")`".
  const char *close = end;
  if (close > a && close[-1] == '`')
    --close;
  if (close > a && close[-1] == ')')
    --close;
  memset(e, 0, sizeof(*e));
  if ((size_t)(end - a) > strlen(kPattern) &&
      !memcmp(a, kPattern, strlen(kPattern))) {
    const char *n = a + strlen(kPattern);
    const char *op = memmem(n, (size_t)(end - n), " (", 2);
    if (!op)
      return false;
    e->tag = mlirStringRefCreateFromCString(IRS_NARROW_TAG_PATTERN);
    e->name = slice(n, op);
    e->op = slice(op + 2, close);
  } else if ((size_t)(end - a) > strlen(kPass) &&
             !memcmp(a, kPass, strlen(kPass))) {
    const char *n = a + strlen(kPass);
    const char *on = memmem(n, (size_t)(end - n), kOnOp, strlen(kOnOp));
    const char *op = on ? memmem(on, (size_t)(end - on), "` (", 3) : NULL;
    if (!op)
      return false;
    e->tag = mlirStringRefCreateFromCString(IRS_NARROW_TAG_PASS);
    e->name = slice(n, on);
    e->op = slice(op + 3, close);
  } else {
    return false;
  }
  e->opName = opNameOf(e->op);
  irsNarrowLocationOf(e->op, e->locBuf, sizeof(e->locBuf));
  return true;
}

intptr_t irsActionLogParse(MlirStringRef log, IrsActionLogCallback callback,
                           void *ud) {
  intptr_t n = 0;
  const char *p = log.data, *end = log.data + log.length;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    IrsActionLogEntry e;
    if (parseLine(p, le, &e)) {
      ++n;
      if (callback)
        callback(&e, ud);
    }
    p = nl ? nl + 1 : end;
  }
  return n;
}
