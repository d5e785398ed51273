// SPDX-License-Identifier: Apache-2.0
//===- DiagVerifier.c - --verify-diagnostics' matcher ---------------------===//
//
// Reads `expected-*` comments and matches diagnostics against them, the way
// MLIR's SourceMgrDiagnosticVerifierHandler does (mlir/lib/IR/Diagnostics.cpp)
// and mlir-opt 22 behaves; the quirks kept on purpose are marked "as MLIR".
// Both the designator syntax and `-re` messages use POSIX extended regular
// expressions (regcomp with REG_EXTENDED), which is the dialect of
// llvm::Regex (LLVM ships the BSD regex implementation of the same
// standard), so a pattern means the same thing to both tools.
//
//===----------------------------------------------------------------------===//
#include "Buf.h"
#include "RegexCheck.h"
#include "irscope/DiagVerifier.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Expected {
  IrsSeverity kind;
  unsigned line;  // the line a diagnostic must be on
  bool unknown;   // @unknown: matches diagnostics without a file position
  unsigned fileLine, fileCol; // where the expected-* text starts
  char *text;     // the expected text, verbatim
  bool isRegex;
  regex_t re;
  bool matched;
} Expected;

typedef struct Verifier {
  char *fileName;
  Expected *exp;       // in file order
  intptr_t num, cap;
  bool onlyExpected;
  bool failed;
  intptr_t unexpected;
  // irsDiagVerifierSetWindow: the lines counted and the unexpected count
  // when the window was set.
  intptr_t windowFirst, windowLast, unexpectedBefore;
  IrsDiagComplaintCallback cb;
  void *ud;
} Verifier;

// The designator, as MLIR's `expected` regex in SourceMgrDiagnosticVerifier-
// HandlerImpl (braces escaped for glibc; LLVM's engine takes `{` not
// followed by a digit literally).
static const char designatorPattern[] =
    "expected-(error|note|remark|warning)(-re)? "
    "*(@([+-][0-9]+|above|below|unknown))? *\\{\\{(.*)\\}\\}$";

static void complain(Verifier *v, MlirStringRef loc, const char *msg,
                     intptr_t range) {
  v->failed = true;
  IrsDiagComplaint c = {loc, mlirStringRefCreateFromCString(msg), range};
  if (v->cb)
    v->cb(&c, v->ud);
}

static void complainAt(Verifier *v, const Expected *e, const char *msg,
                       intptr_t range) {
  IrsBuf loc = IRS_BUF_INIT;
  if (e->unknown)
    irsBufAppendStr(&loc, "loc(unknown)");
  else
    irsBufPrintf(&loc, "%s:%u:%u", v->fileName, e->fileLine, e->fileCol);
  complain(v, irsBufRef(&loc), msg, range);
  irsBufFree(&loc);
}

// llvm::Regex reports errors with the BSD regerror texts; glibc's differ.
static const char *bsdRegexError(int code) {
  switch (code) {
  case REG_ECOLLATE:
    return "invalid collating element";
  case REG_ECTYPE:
    return "invalid character class";
  case REG_EESCAPE:
    return "trailing backslash (\\)";
  case REG_ESUBREG:
    return "invalid backreference number";
  case REG_EBRACK:
    return "brackets ([ ]) not balanced";
  case REG_EPAREN:
    return "parentheses not balanced";
  case REG_EBRACE:
    return "braces not balanced";
  case REG_BADBR:
    return "invalid repetition count(s)";
  case REG_ERANGE:
    return "invalid character range";
  case REG_ESPACE:
    return "out of memory";
  case REG_BADRPT:
    return "repetition-operator operand invalid";
  default:
    return "invalid regular expression";
  }
}

// As llvm::Regex::escape: a backslash before each metacharacter.
static void appendEscaped(IrsBuf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (strchr("()^$|*+?.[]\\{}", s[i]) && s[i])
      irsBufAppend(b, "\\", 1);
    irsBufAppend(b, &s[i], 1);
  }
}

// ExpectedDiag::computeRegex: literal text escaped, each {{...}} piece
// checked on its own and wrapped in parentheses. Returns false after
// complaining.
static bool compileRegex(Verifier *v, Expected *e) {
  IrsBuf pat = IRS_BUF_INIT;
  const char *p = e->text;
  const char *err = NULL;
  char errBuf[128];
  while (*p) {
    const char *open = strstr(p, "{{");
    if (!open) {
      appendEscaped(&pat, p, strlen(p));
      break;
    }
    appendEscaped(&pat, p, (size_t)(open - p));
    const char *close = strstr(open + 2, "}}");
    if (!close) {
      err = "found start of regex with no end '}}'";
      break;
    }
    char *piece = strndup(open + 2, (size_t)(close - open - 2));
    regex_t probe;
    int rc = !piece ? REG_ESPACE : irsRegexCheckRepetitions(piece);
    if (!rc)
      rc = regcomp(&probe, piece, REG_EXTENDED | REG_NOSUB);
    free(piece);
    if (rc != 0) {
      snprintf(errBuf, sizeof(errBuf), "invalid regex: %s", bsdRegexError(rc));
      err = errBuf;
      break;
    }
    regfree(&probe);
    irsBufAppend(&pat, "(", 1);
    irsBufAppend(&pat, open + 2, (size_t)(close - open - 2));
    irsBufAppend(&pat, ")", 1);
    p = close + 2;
  }
  if (!err && (pat.failed ||
               regcomp(&e->re, pat.data ? pat.data : "",
                       REG_EXTENDED | REG_NOSUB) != 0))
    err = "invalid regex: invalid regular expression";
  irsBufFree(&pat);
  if (err) {
    complainAt(v, e, err, (intptr_t)strlen(e->text));
    return false;
  }
  e->isRegex = true;
  return true;
}

static Expected *push(Verifier *v) {
  if (v->num == v->cap) {
    intptr_t cap = v->cap ? v->cap * 2 : 16;
    Expected *n = realloc(v->exp, (size_t)cap * sizeof(*n));
    if (!n)
      return NULL;
    v->exp = n;
    v->cap = cap;
  }
  Expected *e = &v->exp[v->num];
  memset(e, 0, sizeof(*e));
  return e;
}

static IrsSeverity kindOf(const char *s, size_t n) {
  if (n == 5 && !memcmp(s, "error", 5))
    return IrsSeverityError;
  if (n == 7 && !memcmp(s, "warning", 7))
    return IrsSeverityWarning;
  if (n == 6 && !memcmp(s, "remark", 6))
    return IrsSeverityRemark;
  return IrsSeverityNote;
}

typedef struct Scan {
  unsigned lastNonDesignator; // absolute line of the last ordinary line
  intptr_t *below;            // expectations waiting for the next such line
  intptr_t numBelow;
} Scan;

// Sets the line an expectation applies to from its designator (m[3], m[4]);
// an @below one is left for the next ordinary line to set.
static void placeExpected(Verifier *v, Scan *s, Expected *e, const char *line,
                          const regmatch_t *m, unsigned lastLine) {
  if (m[3].rm_so < 0)
    return;
  const char *d = line + m[4].rm_so;
  size_t n = (size_t)(m[4].rm_eo - m[4].rm_so);
  if (d[0] == '+' || d[0] == '-') {
    long off = strtol(d + 1, NULL, 10);
    e->line = d[0] == '+' ? e->line + (unsigned)off : e->line - (unsigned)off;
  } else if (n == 7 && !memcmp(d, "unknown", 7)) {
    e->unknown = true;
  } else if (n == 5 && !memcmp(d, "above", 5)) {
    e->line = s->lastNonDesignator;
  } else {
    s->below[s->numBelow++] = v->num;
    e->line = lastLine; // where a dangling @below stays, as MLIR
  }
}

static void scanLine(Verifier *v, Scan *s, const regex_t *designator,
                     char *line, unsigned lineNo, unsigned lastLine) {
  size_t n = strlen(line);
  while (n > 0 && strchr(" \t\n\v\f\r", line[n - 1]))
    line[--n] = '\0';
  regmatch_t m[6];
  if (regexec(designator, line, 6, m, 0) != 0) {
    for (intptr_t i = 0; i < s->numBelow; ++i)
      v->exp[s->below[i]].line = lineNo;
    s->numBelow = 0;
    s->lastNonDesignator = lineNo;
    return;
  }
  Expected *e = push(v);
  if (!e)
    return;
  e->kind = kindOf(line + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));
  e->line = e->fileLine = lineNo;
  e->fileCol = (unsigned)m[0].rm_so + 1;
  e->text = strndup(line + m[5].rm_so, (size_t)(m[5].rm_eo - m[5].rm_so));
  if (!e->text)
    return;
  if (m[2].rm_so >= 0 && !compileRegex(v, e)) {
    free(e->text);
    return;
  }
  placeExpected(v, s, e, line, m, lastLine);
  ++v->num;
}

static bool scanText(Verifier *v, MlirStringRef text, intptr_t firstLine) {
  regex_t designator;
  if (regcomp(&designator, designatorPattern, REG_EXTENDED) != 0)
    return false;
  size_t numLines = 1;
  for (size_t i = 0; i < text.length; ++i)
    numLines += text.data[i] == '\n';
  Scan s = {(unsigned)firstLine, calloc(numLines, sizeof(intptr_t)), 0};
  bool ok = s.below != NULL;
  unsigned lastLine = (unsigned)(firstLine - 1 + (intptr_t)numLines);
  const char *p = text.data, *end = text.data + text.length;
  for (unsigned lineNo = (unsigned)firstLine; ok; ++lineNo) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    char *line = strndup(p, (size_t)(le - p));
    if (!line)
      ok = false;
    else
      scanLine(v, &s, &designator, line, lineNo, lastLine);
    free(line);
    if (!nl)
      break;
    p = nl + 1;
  }
  free(s.below);
  regfree(&designator);
  return ok;
}

IrsDiagVerifier irsDiagVerifierCreate(MlirStringRef fileName,
                                      MlirStringRef text, intptr_t firstLine,
                                      bool onlyExpected,
                                      IrsDiagComplaintCallback cb, void *ud) {
  IrsDiagVerifier r = {NULL};
  Verifier *v = calloc(1, sizeof(Verifier));
  if (!v)
    return r;
  v->fileName = irsStrDupRef(fileName);
  v->onlyExpected = onlyExpected;
  v->cb = cb;
  v->ud = ud;
  r.ptr = v;
  if (!v->fileName || !scanText(v, text, firstLine > 0 ? firstLine : 1)) {
    irsDiagVerifierDestroy(r);
    r.ptr = NULL;
  }
  return r;
}

static bool matches(const Expected *e, MlirStringRef msg, const char *cmsg) {
  if (e->isRegex)
    return regexec(&e->re, cmsg, 0, NULL, 0) == 0;
  size_t n = strlen(e->text);
  if (n == 0)
    return true;
  for (size_t i = 0; i + n <= msg.length; ++i)
    if (!memcmp(msg.data + i, e->text, n))
      return true;
  return false;
}

static void processOne(Verifier *v, MlirStringRef loc, MlirStringRef msg,
                       IrsSeverity kind) {
  MlirStringRef file;
  unsigned line = 0, col = 0;
  bool isFile = irsLocationParseFileLineCol(loc, &file, &line, &col);
  // Diagnostics in another file have no expectations here (MLIR would read
  // that file's; the tools only verify the input).
  bool sameFile = isFile && file.length == strlen(v->fileName) &&
                  !memcmp(file.data, v->fileName, file.length);
  char *cmsg = irsStrDupRef(msg);
  Expected *nearMiss = NULL;
  for (intptr_t i = 0; cmsg && (!isFile || sameFile) && i < v->num; ++i) {
    Expected *e = &v->exp[i];
    if (e->unknown != !isFile || (isFile && e->line != line))
      continue;
    if (!matches(e, msg, cmsg))
      continue;
    if (e->kind == kind) {
      e->matched = true;
      free(cmsg);
      return;
    }
    nearMiss = e;
  }
  free(cmsg);
  if (v->onlyExpected)
    return;
  ++v->unexpected;
  IrsBuf text = IRS_BUF_INIT;
  if (nearMiss) {
    irsBufPrintf(&text, "'%s' diagnostic emitted when expecting a '%s'",
                 irsSeverityGetName(kind), irsSeverityGetName(nearMiss->kind));
    complainAt(v, nearMiss, text.data ? text.data : "", 0);
  } else {
    irsBufPrintf(&text, "unexpected %s: ", irsSeverityGetName(kind));
    irsBufAppendRef(&text, msg);
    complain(v, loc, text.data ? text.data : "", 0);
  }
  irsBufFree(&text);
}

void irsDiagVerifierProcess(IrsDiagVerifier verifier, const IrsDiagnostic *d) {
  Verifier *v = verifier.ptr;
  processOne(v, d->location, d->message, d->severity);
  for (intptr_t i = 0; i < d->numNotes; ++i)
    processOne(v, d->notes[i].location, d->notes[i].message, IrsSeverityNote);
}

static void reportUnmatched(Verifier *v, bool unknownOnes) {
  for (intptr_t i = 0; i < v->num; ++i) {
    Expected *e = &v->exp[i];
    if (e->matched || e->unknown != unknownOnes)
      continue;
    IrsBuf text = IRS_BUF_INIT;
    irsBufPrintf(&text, "expected %s \"%s\" was not produced",
                 irsSeverityGetName(e->kind), e->text);
    complainAt(v, e, text.data ? text.data : "", (intptr_t)strlen(e->text));
    irsBufFree(&text);
  }
}

bool irsDiagVerifierFinish(IrsDiagVerifier verifier) {
  Verifier *v = verifier.ptr;
  reportUnmatched(v, false);
  reportUnmatched(v, true);
  bool ok = !v->failed;
  // As MLIR: its handler verifies again when destroyed, and by then only
  // the file expectations have been cleared, so unmatched @unknown ones are
  // reported twice (the result is the first verification's).
  reportUnmatched(v, true);
  return ok;
}

void irsDiagVerifierSetWindow(IrsDiagVerifier verifier, intptr_t firstLine,
                              intptr_t lastLine) {
  Verifier *v = verifier.ptr;
  v->windowFirst = firstLine;
  v->windowLast = lastLine;
  v->unexpectedBefore = v->unexpected;
}

IrsDiagVerifierCounts irsDiagVerifierGetCounts(IrsDiagVerifier verifier) {
  Verifier *v = verifier.ptr;
  IrsDiagVerifierCounts c = {0, 0, v->unexpected - v->unexpectedBefore};
  for (intptr_t i = 0; i < v->num; ++i) {
    const Expected *e = &v->exp[i];
    if (v->windowLast > 0 &&
        (e->fileLine < v->windowFirst || e->fileLine > v->windowLast))
      continue;
    ++c.expected;
    c.matched += e->matched;
  }
  return c;
}

void irsDiagVerifierDestroy(IrsDiagVerifier verifier) {
  Verifier *v = verifier.ptr;
  if (!v)
    return;
  for (intptr_t i = 0; i < v->num; ++i) {
    free(v->exp[i].text);
    if (v->exp[i].isRegex)
      regfree(&v->exp[i].re);
  }
  free(v->exp);
  free(v->fileName);
  free(v);
}
