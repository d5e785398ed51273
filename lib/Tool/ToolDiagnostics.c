// SPDX-License-Identifier: Apache-2.0
//===- ToolDiagnostics.c - diagnostics read back from a tool's stderr -----===//
//
// A tool built on MLIR prints diagnostics through its SourceMgr handler as
// "LOC: SEVERITY: MESSAGE" lines, followed by a source excerpt and a caret
// for file locations, and notes as "LOC: note: ..." lines. This is the only
// channel a foreign tool offers, so irscope reads it back into the same
// IrsDiagnostic records the in-process pass manager captures: a line is a
// diagnostic when it has a non-blank location before the first
// ": <severity>: "; every other line (excerpts, carets, stack dumps, the
// tool's own chatter) is skipped.
//
//===----------------------------------------------------------------------===//
#include "ToolImpl.h"

#include <stdlib.h>
#include <string.h>

static const struct {
  const char *tag;
  IrsSeverity severity;
} kTags[] = {
    {": error: ", IrsSeverityError},
    {": warning: ", IrsSeverityWarning},
    {": remark: ", IrsSeverityRemark},
    {": note: ", IrsSeverityNote},
};

// Splits one line (without its newline) into location and message; false
// when it is not a diagnostic line.
static bool parseLine(const char *l, size_t n, IrsDiagnostic *d) {
  const char *best = NULL;
  size_t tagLen = 0;
  for (size_t k = 0; k < sizeof(kTags) / sizeof(kTags[0]); ++k) {
    size_t tl = strlen(kTags[k].tag);
    for (const char *p = l; p + tl <= l + n; ++p)
      if (memcmp(p, kTags[k].tag, tl) == 0) {
        if (!best || p < best) {
          best = p;
          tagLen = tl;
          d->severity = kTags[k].severity;
        }
        break;
      }
  }
  if (!best || best == l || l[0] == ' ' || l[0] == '\t')
    return false;
  d->location = (MlirStringRef){l, (size_t)(best - l)};
  d->message = (MlirStringRef){best + tagLen, (size_t)(l + n - best - tagLen)};
  d->numNotes = 0;
  d->notes = NULL;
  d->step = 0;
  return true;
}

bool irsToolIsDiagnosticLine(MlirStringRef line) {
  IrsDiagnostic d;
  return parseLine(line.data, line.length, &d);
}

// Calls `fn` for every diagnostic line in order.
static void eachLine(const char *text, size_t len,
                     void (*fn)(const IrsDiagnostic *d, void *ud), void *ud) {
  const char *p = text, *end = text + len;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    IrsDiagnostic d;
    if (parseLine(p, n, &d))
      fn(&d, ud);
    p += n + 1;
  }
}

typedef struct Fill {
  IrsToolDiags *out;
  intptr_t capDiags, capNotes;
  bool count;
} Fill;

static void addOne(const IrsDiagnostic *d, void *ud) {
  Fill *f = ud;
  IrsToolDiags *o = f->out;
  bool note = d->severity == IrsSeverityNote && o->numDiags > 0;
  if (f->count) {
    note ? ++f->capNotes : ++f->capDiags;
    if (!note)
      ++o->numDiags; // only to know whether a parent exists
    return;
  }
  if (note) {
    IrsDiagnostic *parent = &o->diags[o->numDiags - 1];
    if (!parent->notes)
      parent->notes = &o->notes[o->numNotes];
    o->notes[o->numNotes++] = *d;
    ++parent->numNotes;
  } else {
    o->diags[o->numDiags++] = *d;
  }
}

// Notes of one diagnostic are contiguous in `notes` because a note always
// belongs to the diagnostic right before it.
IrsErrorKind irsToolDiagsParse(MlirStringRef text, intptr_t step,
                               IrsToolDiags *out) {
  memset(out, 0, sizeof(*out));
  out->text = malloc(text.length + 1);
  if (!out->text)
    return IRS_ERR_NOMEM;
  memcpy(out->text, text.data, text.length);
  out->text[text.length] = '\0';
  Fill f = {out, 0, 0, true};
  eachLine(out->text, text.length, addOne, &f);
  out->numDiags = 0;
  out->diags = calloc((size_t)f.capDiags + 1, sizeof(IrsDiagnostic));
  out->notes = calloc((size_t)f.capNotes + 1, sizeof(IrsDiagnostic));
  if (!out->diags || !out->notes) {
    irsToolDiagsFree(out);
    return IRS_ERR_NOMEM;
  }
  f.count = false;
  eachLine(out->text, text.length, addOne, &f);
  for (intptr_t i = 0; i < out->numDiags; ++i)
    out->diags[i].step = step;
  return IRS_OK;
}

void irsToolDiagsFree(IrsToolDiags *d) {
  free(d->text);
  free(d->diags);
  free(d->notes);
  memset(d, 0, sizeof(*d));
}

intptr_t irsToolParseDiagnostics(MlirStringRef text,
                                 IrsDiagnosticCallback callback,
                                 void *userData) {
  IrsToolDiags d;
  if (irsToolDiagsParse(text, 0, &d) != IRS_OK)
    return 0;
  for (intptr_t i = 0; callback && i < d.numDiags; ++i)
    callback(&d.diags[i], userData);
  intptr_t n = d.numDiags;
  irsToolDiagsFree(&d);
  return n;
}
