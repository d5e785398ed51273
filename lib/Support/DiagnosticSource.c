// SPDX-License-Identifier: Apache-2.0
//===- DiagnosticSource.c - diagnostics with source line and caret -------===//
//
// mlir-opt prints diagnostics through llvm::SourceMgr: the location and
// message, then the source line and a caret line under it. FileCheck tests
// written against mlir-opt's stderr match those lines, so irscope-opt prints
// the same bytes. The rules below follow SMDiagnostic::print and
// SourceMgr::GetMessage as observed with mlir-opt 22:
//  - the line is the text between the previous and the next '\n' or '\r';
//  - the caret line has '~' under a range and '^' at the column (at the
//    line's end when the column is past it), trailing blanks removed;
//  - tabs in the source line expand to the next multiple of 8 columns, and
//    the caret line is padded the same way under them;
//  - a line with any non-ASCII byte is printed without a caret line;
//  - a location whose line or column is 0, or that lies outside the text,
//    is printed as "file:line:col: severity: message" alone.
//
//===----------------------------------------------------------------------===//
#include "Buf.h"
#include "irscope/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TAB_STOP = 8 };

static void emit(MlirStringCallback cb, void *ud, const char *s, size_t n) {
  if (n)
    cb((MlirStringRef){s, n}, ud);
}

static void emitStr(MlirStringCallback cb, void *ud, const char *s) {
  emit(cb, ud, s, strlen(s));
}

bool irsLocationParseFileLineCol(MlirStringRef loc, MlirStringRef *file,
                                 unsigned *line, unsigned *column) {
  unsigned vals[2] = {0, 0};
  size_t end = loc.length;
  for (int k = 1; k >= 0; --k) {
    size_t i = end;
    while (i > 0 && loc.data[i - 1] >= '0' && loc.data[i - 1] <= '9')
      --i;
    if (i == end || end - i > 9 || i == 0 || loc.data[i - 1] != ':')
      return false;
    unsigned v = 0;
    for (size_t j = i; j < end; ++j)
      v = v * 10 + (unsigned)(loc.data[j] - '0');
    vals[k] = v;
    end = i - 1;
  }
  if (end == 0)
    return false;
  *file = (MlirStringRef){loc.data, end};
  *line = vals[0];
  *column = vals[1];
  return true;
}

// The start of 1-based line `line` in `text` (lines end at '\n', as
// SourceMgr counts them), or NULL past the end.
static const char *lineStart(MlirStringRef text, unsigned line) {
  const char *p = text.data, *end = text.data + text.length;
  for (unsigned l = 1; l < line; ++l) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
      return NULL;
    p = nl + 1;
  }
  return p;
}

// Finds the line and 0-based column a location points at, as
// SourceMgr::FindLocForLineAndColumn does; false when it does not exist.
static bool findLine(MlirStringRef text, unsigned line, unsigned column,
                     MlirStringRef *lineText, size_t *col0) {
  if (line == 0 || column == 0 || !text.data)
    return false;
  const char *ls = lineStart(text, line);
  const char *end = text.data + text.length;
  if (!ls)
    return false;
  size_t c = column - 1;
  if (c > (size_t)(end - ls))
    return false;
  for (size_t i = 0; i < c; ++i)
    if (ls[i] == '\n' || ls[i] == '\r')
      return false;
  const char *le = ls + c;
  while (le < end && *le != '\n' && *le != '\r')
    ++le;
  *lineText = (MlirStringRef){ls, (size_t)(le - ls)};
  *col0 = c;
  return true;
}

// Prints `s` with its tabs expanded; `under` (same length, or NULL) is
// printed instead of the characters, padded like them under tabs.
static void printExpanded(MlirStringRef line, const char *under, size_t n,
                          MlirStringCallback cb, void *ud) {
  unsigned outCol = 0;
  for (size_t i = 0; i < n; ++i) {
    char ch = under ? under[i] : line.data[i];
    if (i < line.length && line.data[i] == '\t') {
      char fill = under ? ch : ' ';
      do {
        emit(cb, ud, &fill, 1);
        ++outCol;
      } while (outCol % TAB_STOP != 0);
      continue;
    }
    emit(cb, ud, &ch, 1);
    ++outCol;
  }
  emitStr(cb, ud, "\n");
}

static void printSourceAndCaret(MlirStringRef line, size_t col0,
                                intptr_t rangeLength, MlirStringCallback cb,
                                void *ud) {
  for (size_t i = 0; i < line.length; ++i) {
    if ((unsigned char)line.data[i] & 0x80) {
      printExpanded(line, NULL, line.length, cb, ud);
      return;
    }
  }
  size_t n = line.length + 1;
  char *caret = malloc(n);
  if (!caret)
    return;
  memset(caret, ' ', n);
  if (rangeLength > 0) {
    size_t rEnd = col0 + (size_t)rangeLength;
    if (rEnd > line.length)
      rEnd = line.length;
    for (size_t i = col0; i < rEnd; ++i)
      caret[i] = '~';
  }
  caret[col0 <= line.length ? col0 : line.length] = '^';
  size_t len = n;
  while (len > 0 && caret[len - 1] == ' ')
    --len;
  printExpanded(line, NULL, line.length, cb, ud);
  printExpanded(line, caret, len, cb, ud);
  free(caret);
}

void irsSourceMessagePrint(MlirStringRef location, IrsSeverity severity,
                           MlirStringRef message, intptr_t rangeLength,
                           bool showSourceLine,
                           const IrsDiagnosticSource *source,
                           MlirStringCallback cb, void *ud) {
  MlirStringRef file;
  unsigned line = 0, column = 0;
  bool isFile = irsLocationParseFileLineCol(location, &file, &line, &column);
  if (isFile) {
    emit(cb, ud, location.data, location.length);
    emitStr(cb, ud, ": ");
  } else {
    emitStr(cb, ud, "<unknown>:0: ");
  }
  emitStr(cb, ud, irsSeverityGetName(severity));
  emitStr(cb, ud, ": ");
  static const char unknownLoc[] = "loc(unknown)";
  if (!isFile && !(location.length == strlen(unknownLoc) &&
                   !memcmp(location.data, unknownLoc, location.length))) {
    emit(cb, ud, location.data, location.length);
    emitStr(cb, ud, ": ");
  }
  emit(cb, ud, message.data, message.length);
  emitStr(cb, ud, "\n");
  MlirStringRef lineText;
  size_t col0;
  if (!isFile || !showSourceLine || !source ||
      file.length != source->name.length ||
      memcmp(file.data, source->name.data, file.length) != 0 ||
      !findLine(source->text, line, column, &lineText, &col0))
    return;
  printSourceAndCaret(lineText, col0, rangeLength, cb, ud);
}

static bool sameRef(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length && !memcmp(a.data, b.data, a.length);
}

void irsDiagnosticPrintWithSource(const IrsDiagnostic *d,
                                  const IrsDiagnosticSource *source,
                                  MlirStringCallback cb, void *ud) {
  irsSourceMessagePrint(d->location, d->severity, d->message, 0, true, source,
                        cb, ud);
  MlirStringRef prev = d->location;
  for (intptr_t i = 0; i < d->numNotes; ++i) {
    const IrsDiagnostic *n = &d->notes[i];
    irsSourceMessagePrint(n->location, IrsSeverityNote, n->message, 0,
                          !sameRef(prev, n->location), source, cb, ud);
    prev = n->location;
  }
}
