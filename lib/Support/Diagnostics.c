// SPDX-License-Identifier: Apache-2.0
//===- Diagnostics.c - capture of MLIR diagnostics as plain data ----------===//
//
// A capture is an MLIR diagnostic handler plus a list of copied diagnostics.
// Each diagnostic is allocated on its own (the list holds pointers) so that
// pointers handed out stay valid while more diagnostics arrive.
//
//===----------------------------------------------------------------------===//
#include "Buf.h"
#include "DiagnosticsImpl.h"

#include <mlir-c/Diagnostics.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Capture {
  MlirContext ctx;
  MlirDiagnosticHandlerID id;
  bool attached;
  IrsDiagnosticCallback forward;
  void *userData;
  char *fallbackName;
  IrsDiagnostic **diags;
  intptr_t num, cap;
  intptr_t numErrors;
  intptr_t step;
  MlirLocation marker; // null: no step markers
  bool unordered;      // irsDiagnosticCaptureAdd while `marker` was set
  bool muted;
  bool discard;
  intptr_t numDiscarded;
  // Passes nested under e.g. func.func run on worker threads and may add
  // diagnostics concurrently.
  pthread_mutex_t mu;
} Capture;

const char *irsSeverityGetName(IrsSeverity s) {
  switch (s) {
  case IrsSeverityError:
    return "error";
  case IrsSeverityWarning:
    return "warning";
  case IrsSeverityNote:
    return "note";
  case IrsSeverityRemark:
    return "remark";
  }
  return "unknown";
}

static void printLine(const IrsDiagnostic *d, IrsSeverity sev,
                      MlirStringCallback cb, void *ud) {
  cb(d->location, ud);
  cb(mlirStringRefCreateFromCString(": "), ud);
  cb(mlirStringRefCreateFromCString(irsSeverityGetName(sev)), ud);
  cb(mlirStringRefCreateFromCString(": "), ud);
  cb(d->message, ud);
  cb(mlirStringRefCreateFromCString("\n"), ud);
}

void irsDiagnosticPrint(const IrsDiagnostic *d, MlirStringCallback cb,
                        void *ud) {
  printLine(d, d->severity, cb, ud);
  for (intptr_t i = 0; i < d->numNotes; ++i)
    printLine(&d->notes[i], IrsSeverityNote, cb, ud);
}

// Picks the location a human wants to see, as MLIR's source manager handler
// does: the callee of a call site, the child of a name, the first located
// member of a fused location.
static bool findFileLoc(MlirLocation loc, MlirLocation *out, int depth) {
  if (depth > 32)
    return false;
  if (mlirLocationIsAFileLineColRange(loc)) {
    *out = loc;
    return true;
  }
  if (mlirLocationIsAName(loc))
    return findFileLoc(mlirLocationNameGetChildLoc(loc), out, depth + 1);
  if (mlirLocationIsACallSite(loc))
    return findFileLoc(mlirLocationCallSiteGetCallee(loc), out, depth + 1);
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    if (n == 0 || n > 1024)
      return false;
    MlirLocation *locs = malloc(n * sizeof(MlirLocation));
    if (!locs)
      return false;
    mlirLocationFusedGetLocations(loc, locs);
    bool found = false;
    for (unsigned i = 0; i < n && !found; ++i)
      found = findFileLoc(locs[i], out, depth + 1);
    free(locs);
    return found;
  }
  return false;
}

void irsLocationFormat(MlirLocation loc, const char *fallbackName,
                       MlirStringCallback cb, void *ud) {
  MlirLocation fl;
  if (!mlirLocationIsNull(loc) && findFileLoc(loc, &fl, 0)) {
    MlirStringRef name =
        mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(fl));
    // IR parsed from a string carries the buffer name "-" (or none).
    if ((name.length == 0 || (name.length == 1 && name.data[0] == '-')) &&
        fallbackName)
      name = mlirStringRefCreateFromCString(fallbackName);
    char tail[64];
    snprintf(tail, sizeof(tail), ":%d:%d",
             mlirLocationFileLineColRangeGetStartLine(fl),
             mlirLocationFileLineColRangeGetStartColumn(fl));
    cb(name, ud);
    cb(mlirStringRefCreateFromCString(tail), ud);
    return;
  }
  if (mlirLocationIsNull(loc)) {
    cb(mlirStringRefCreateFromCString("loc(unknown)"), ud);
    return;
  }
  mlirLocationPrint(loc, cb, ud);
}

static IrsSeverity severityOf(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return IrsSeverityError;
  case MlirDiagnosticWarning:
    return IrsSeverityWarning;
  case MlirDiagnosticNote:
    return IrsSeverityNote;
  case MlirDiagnosticRemark:
    return IrsSeverityRemark;
  }
  return IrsSeverityError;
}

static void freeDiag(IrsDiagnostic *d) {
  if (!d)
    return;
  free((void *)d->location.data);
  free((void *)d->message.data);
  for (intptr_t i = 0; i < d->numNotes; ++i) {
    free((void *)d->notes[i].location.data);
    free((void *)d->notes[i].message.data);
  }
  free((void *)d->notes);
  free(d);
}

// Fills `out` from an MLIR diagnostic; strings are malloc'd. Returns false
// on allocation failure.
static bool copyOne(Capture *c, MlirDiagnostic md, IrsDiagnostic *out) {
  IrsBuf loc = IRS_BUF_INIT, msg = IRS_BUF_INIT;
  irsLocationFormat(mlirDiagnosticGetLocation(md), c->fallbackName,
                    irsBufStringCallback, &loc);
  mlirDiagnosticPrint(md, irsBufStringCallback, &msg);
  out->severity = severityOf(mlirDiagnosticGetSeverity(md));
  out->step = c->step;
  out->numNotes = 0;
  out->notes = NULL;
  size_t ln = loc.len, mn = msg.len;
  char *l = irsBufDetach(&loc), *m = irsBufDetach(&msg);
  out->location = (MlirStringRef){l, ln};
  out->message = (MlirStringRef){m, mn};
  return l && m;
}

static bool pushLocked(Capture *c, IrsDiagnostic *d) {
  if (c->discard) {
    ++c->numDiscarded;
    return false;
  }
  if (c->num == c->cap) {
    intptr_t cap = c->cap ? c->cap * 2 : 16;
    IrsDiagnostic **p = realloc(c->diags, (size_t)cap * sizeof(*p));
    if (!p)
      return false;
    c->diags = p;
    c->cap = cap;
  }
  c->diags[c->num++] = d;
  if (d->severity == IrsSeverityError)
    ++c->numErrors;
  if (c->forward && !c->muted)
    c->forward(d, c->userData);
  return true;
}

static bool push(Capture *c, IrsDiagnostic *d) {
  pthread_mutex_lock(&c->mu);
  bool ok = pushLocked(c, d);
  pthread_mutex_unlock(&c->mu);
  return ok;
}

// A step marker's message is the step index (see
// irsDiagnosticCaptureSetStepMarker). True when `md` was one.
static bool takeMarker(Capture *c, MlirDiagnostic md) {
  if (mlirLocationIsNull(c->marker) ||
      !mlirLocationEqual(mlirDiagnosticGetLocation(md), c->marker))
    return false;
  IrsBuf msg = IRS_BUF_INIT;
  mlirDiagnosticPrint(md, irsBufStringCallback, &msg);
  if (msg.data) {
    pthread_mutex_lock(&c->mu);
    c->step = (intptr_t)strtol(msg.data, NULL, 10);
    pthread_mutex_unlock(&c->mu);
  }
  irsBufFree(&msg);
  return true;
}

static MlirLogicalResult handler(MlirDiagnostic md, void *userData) {
  Capture *c = userData;
  if (takeMarker(c, md))
    return mlirLogicalResultSuccess();
  IrsDiagnostic *d = calloc(1, sizeof(IrsDiagnostic));
  if (!d)
    return mlirLogicalResultSuccess();
  bool ok = copyOne(c, md, d);
  intptr_t n = mlirDiagnosticGetNumNotes(md);
  if (ok && n > 0) {
    IrsDiagnostic *notes = calloc((size_t)n, sizeof(IrsDiagnostic));
    d->notes = notes;
    ok = notes != NULL;
    for (intptr_t i = 0; ok && i < n; ++i) {
      ok = copyOne(c, mlirDiagnosticGetNote(md, i), &notes[i]);
      d->numNotes = i + 1;
    }
  }
  if (!ok || !push(c, d))
    freeDiag(d);
  // Handled: MLIR must not also print it to stderr.
  return mlirLogicalResultSuccess();
}

static void deleteUserData(void *userData) { (void)userData; }

IrsDiagnosticCapture irsDiagnosticCaptureCreate(MlirContext context,
                                                IrsDiagnosticCallback forward,
                                                void *userData) {
  IrsDiagnosticCapture r = {NULL};
  Capture *c = calloc(1, sizeof(Capture));
  if (!c)
    return r;
  c->ctx = context;
  c->forward = forward;
  c->userData = userData;
  pthread_mutex_init(&c->mu, NULL);
  c->id = mlirContextAttachDiagnosticHandler(context, handler, c,
                                             deleteUserData);
  c->attached = true;
  r.ptr = c;
  return r;
}

void irsDiagnosticCaptureClear(IrsDiagnosticCapture capture) {
  Capture *c = capture.ptr;
  for (intptr_t i = 0; i < c->num; ++i)
    freeDiag(c->diags[i]);
  c->num = 0;
  c->numErrors = 0;
}

void irsDiagnosticCaptureDestroy(IrsDiagnosticCapture capture) {
  Capture *c = capture.ptr;
  if (!c)
    return;
  irsDiagnosticCaptureDetach(capture);
  irsDiagnosticCaptureClear(capture);
  pthread_mutex_destroy(&c->mu);
  free(c->diags);
  free(c->fallbackName);
  free(c);
}

void irsDiagnosticCaptureSetFallbackFileName(IrsDiagnosticCapture capture,
                                             MlirStringRef name) {
  Capture *c = capture.ptr;
  free(c->fallbackName);
  c->fallbackName = irsStrDupRef(name);
}

intptr_t irsDiagnosticCaptureGetNumDiagnostics(IrsDiagnosticCapture capture) {
  return ((Capture *)capture.ptr)->num;
}

const IrsDiagnostic *irsDiagnosticCaptureGetDiagnostic(
    IrsDiagnosticCapture capture, intptr_t pos) {
  return ((Capture *)capture.ptr)->diags[pos];
}

intptr_t irsDiagnosticCaptureGetNumErrors(IrsDiagnosticCapture capture) {
  return ((Capture *)capture.ptr)->numErrors;
}

void irsDiagnosticCaptureSetStep(IrsDiagnosticCapture capture, intptr_t step) {
  ((Capture *)capture.ptr)->step = step;
}

void irsDiagnosticCaptureSetStepMarker(IrsDiagnosticCapture capture,
                                       MlirLocation marker) {
  ((Capture *)capture.ptr)->marker = marker;
}

bool irsDiagnosticCaptureTakeUnordered(IrsDiagnosticCapture capture) {
  Capture *c = capture.ptr;
  pthread_mutex_lock(&c->mu);
  bool u = c->unordered;
  c->unordered = false;
  pthread_mutex_unlock(&c->mu);
  return u;
}

void irsDiagnosticCaptureSetDiscard(IrsDiagnosticCapture capture,
                                    bool discard) {
  ((Capture *)capture.ptr)->discard = discard;
}

intptr_t irsDiagnosticCaptureGetNumDiscarded(IrsDiagnosticCapture capture) {
  Capture *c = capture.ptr;
  pthread_mutex_lock(&c->mu);
  intptr_t n = c->numDiscarded;
  pthread_mutex_unlock(&c->mu);
  return n;
}

void irsDiagnosticCaptureDetach(IrsDiagnosticCapture capture) {
  Capture *c = capture.ptr;
  if (c && c->attached) {
    mlirContextDetachDiagnosticHandler(c->ctx, c->id);
    c->attached = false;
  }
}

void irsDiagnosticCaptureSetMuted(IrsDiagnosticCapture capture, bool muted) {
  ((Capture *)capture.ptr)->muted = muted;
}

void irsDiagnosticCaptureAdd(IrsDiagnosticCapture capture, IrsSeverity sev,
                             MlirStringRef location, MlirStringRef message,
                             const MlirStringRef *notes, intptr_t numNotes) {
  Capture *c = capture.ptr;
  IrsDiagnostic *d = calloc(1, sizeof(IrsDiagnostic));
  if (!d)
    return;
  d->severity = sev;
  d->step = c->step;
  char *l = irsStrDupRef(location), *m = irsStrDupRef(message);
  d->location = (MlirStringRef){l, location.length};
  d->message = (MlirStringRef){m, message.length};
  bool ok = l && m;
  if (ok && numNotes > 0) {
    IrsDiagnostic *ns = calloc((size_t)numNotes, sizeof(IrsDiagnostic));
    d->notes = ns;
    ok = ns != NULL;
    for (intptr_t i = 0; ok && i < numNotes; ++i) {
      ns[i].severity = IrsSeverityNote;
      ns[i].step = c->step;
      char *nl = irsStrDupRef(location), *nm = irsStrDupRef(notes[i]);
      ns[i].location = (MlirStringRef){nl, location.length};
      ns[i].message = (MlirStringRef){nm, notes[i].length};
      d->numNotes = i + 1;
      ok = nl && nm;
    }
  }
  pthread_mutex_lock(&c->mu);
  c->unordered = c->unordered || !mlirLocationIsNull(c->marker);
  bool pushed = ok && pushLocked(c, d);
  pthread_mutex_unlock(&c->mu);
  if (!pushed)
    freeDiag(d);
}
