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

// The end of a pattern's name: the " (" that opens the op, the first one
// outside the name's own brackets. A C++ type name has spaces and
// parentheses of its own ("(anonymous namespace)::ConvertTypedOp<
// mlir::tosa::IfOp, (anonymous namespace)::Kind>"); NULL when none.
static const char *patternNameEnd(const char *n, const char *end) {
  int angle = 0, paren = 0;
  for (const char *p = n; p + 1 < end; ++p) {
    if (*p == '<')
      ++angle;
    else if (*p == '>' && angle > 0)
      --angle;
    else if (*p == '(')
      ++paren;
    else if (*p == ')' && paren > 0)
      --paren;
    else if (*p == ' ' && p[1] == '(' && angle == 0 && paren == 0)
      return p;
  }
  return NULL;
}

// Fills `e` from one line; false when it is no begin of a tag we read.
// `verb` is "begins " or "skipping ".
static bool parseLineAs(const char *p, const char *end, IrsActionLogEntry *e,
                        const char *verb) {
  const char *b = memmem(p, (size_t)(end - p), verb, strlen(verb));
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
    const char *op = patternNameEnd(n, end);
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

static bool parseLine(const char *p, const char *end, IrsActionLogEntry *e) {
  return parseLineAs(p, end, e, kBegins);
}

// Any other tag: "Action TAG[(...)] (UNIT)`", or "Action `TAG ...` (UNIT)`";
// the unit names an op unless it is a region or a block (a greedy
// driver's iteration), as the in-process bridge takes the first op unit.
static bool parseOther(const char *p, const char *end, IrsActionLogEntry *e) {
  const char *a = memmem(p, (size_t)(end - p), "Action ", 7);
  if (!a)
    return false;
  a += 7;
  if (a < end && *a == '`')
    ++a;
  const char *t = a;
  while (t < end && *t != ' ' && *t != '`' && *t != '(')
    ++t;
  memset(e, 0, sizeof(*e));
  e->tag = slice(a, t);
  const char *u = memmem(t, (size_t)(end - t), " (", 2);
  const char *close = end;
  if (close > a && close[-1] == '`')
    --close;
  if (close > a && close[-1] == ')')
    --close;
  if (u && u + 2 < close && strncmp(u + 2, "Region ", 7) && u[2] != '^' &&
      strncmp(u + 2, "Block", 5)) {
    e->op = slice(u + 2, close);
    e->opName = opNameOf(e->op);
    irsNarrowLocationOf(e->op, e->locBuf, sizeof(e->locBuf));
  }
  return e->tag.length > 0;
}

// Calls `line` on every line of the log (the last one maybe without its
// newline: `whole` false); returns how many it said it reported.
typedef bool (*LineFn)(const char *p, const char *end, bool whole, void *ud);

static intptr_t forEachLine(MlirStringRef log, LineFn line, void *ud) {
  intptr_t n = 0;
  const char *p = log.data, *end = log.data + log.length;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    n += line(p, nl ? nl : end, nl != NULL, ud);
    p = nl ? nl + 1 : end;
  }
  return n;
}

typedef struct EventsCb {
  IrsActionLogEventCallback callback;
  void *ud;
} EventsCb;

static bool eventLine(const char *p, const char *le, bool whole, void *ud) {
  static const char kCompleted[] = "] completed `";
  const EventsCb *cb = ud;
  IrsActionLogEntry e;
  const char *c = memmem(p, (size_t)(le - p), kCompleted, strlen(kCompleted));
  IrsActionLogEvent kind = IrsActionLogBegins;
  bool ok = false;
  if (c) {
    const char *t = c + strlen(kCompleted);
    const char *q = memchr(t, '`', (size_t)(le - t));
    memset(&e, 0, sizeof(e));
    e.tag = slice(t, q ? q : le);
    kind = IrsActionLogCompleted;
    ok = q != NULL;
  } else if (memmem(p, (size_t)(le - p), "] begins ", 9)) {
    ok = parseLineAs(p, le, &e, kBegins) || parseOther(p, le, &e);
  } else if (memmem(p, (size_t)(le - p), "] skipping ", 11)) {
    kind = IrsActionLogSkipping;
    ok = parseLineAs(p, le, &e, "skipping ") || parseOther(p, le, &e);
  }
  // A line the tool had not finished writing is no event.
  if (ok && whole)
    cb->callback(kind, &e, cb->ud);
  return ok && whole;
}

intptr_t irsActionLogParseEvents(MlirStringRef log,
                                 IrsActionLogEventCallback callback,
                                 void *ud) {
  EventsCb cb = {callback, ud};
  return forEachLine(log, eventLine, &cb);
}

typedef struct EntriesCb {
  IrsActionLogCallback callback;
  void *ud;
} EntriesCb;

static bool entryLine(const char *p, const char *le, bool whole, void *ud) {
  (void)whole; // a crashed run's last line still counts
  const EntriesCb *cb = ud;
  IrsActionLogEntry e;
  if (!parseLine(p, le, &e))
    return false;
  if (cb->callback)
    cb->callback(&e, cb->ud);
  return true;
}

intptr_t irsActionLogParse(MlirStringRef log, IrsActionLogCallback callback,
                           void *ud) {
  EntriesCb cb = {callback, ud};
  return forEachLine(log, entryLine, &cb);
}
