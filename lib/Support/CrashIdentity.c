// SPDX-License-Identifier: Apache-2.0
//===- CrashIdentity.c - which crash a dead process died of --------------===//
//
// See CrashIdentity.h. A frame is kept as what stays the same from run to
// run of one build: a symbol with its offset in it (glibc's backtrace,
// LLVM's unsymbolised dump), a source place (LLVM's symbolised dump of an
// object with line tables), an object and the offset in it (a hidden
// function, symbolised). Only a hidden function in LLVM's dump without a
// symboliser has nothing but its absolute address, which moves with
// address randomisation: such a frame is marked, and compared only when
// the caller knows both processes had one layout.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CrashIdentity.h"

#include "Buf.h"
#include "StackTraceImpl.h"

#include <stdlib.h>
#include <string.h>

static bool startsWith(MlirStringRef s, const char *p) {
  size_t n = strlen(p);
  return s.length >= n && memcmp(s.data, p, n) == 0;
}

static bool contains(MlirStringRef s, const char *p) {
  return s.length && memmem(s.data, s.length, p, strlen(p)) != NULL;
}

// MLIR's action dispatch and the handlers a tool installs in it (the
// action logger's ExecutionContext, the DebugCounter, their std::function
// thunks), and irscope's own handler: where the frames of one crash start
// to depend on the flags its process ran with.
static bool isDispatch(MlirStringRef shortName) {
  return startsWith(shortName, "mlir::tracing::") ||
         contains(shortName, "MLIRContext::executeActionInternal") ||
         (startsWith(shortName, "std::_Function_handler<") &&
          contains(shortName, "mlir::tracing::Action")) ||
         startsWith(shortName, "irsActionBridge");
}

// Whether f's offset is its own (from its symbol or its object), not the
// absolute address an LLVM dump gives when it has nothing better.
static bool offsetIsStable(const IrsStackFrame *f) {
  return !(f->llvmDump && f->offset == f->address);
}

typedef struct Reading {
  IrsCrashIdentity *id;
  IrsBuf name, shortName, key;
  bool done, failed;
} Reading;

static void frameKey(Reading *r, const IrsStackFrame *f) {
  IrsBuf *k = &r->key;
  irsBufReset(k);
  bool addressOnly = false;
  if (f->symbol.length) {
    irsBufAppendRef(k, irsBufRef(&r->shortName));
    if (f->location.length) {
      irsBufAppendStr(k, " at ");
      irsBufAppendRef(k, f->location);
    } else if (offsetIsStable(f)) {
      irsBufPrintf(k, "+0x%llx", (unsigned long long)f->offset);
    }
  } else {
    irsBufAppendRef(k, irsStackBaseName(f->module));
    addressOnly = !offsetIsStable(f);
    irsBufPrintf(k, "%s0x%llx", addressOnly ? "@" : "+",
                 (unsigned long long)f->offset);
  }
  IrsCrashIdentityFrame *out = &r->id->frames[r->id->numFrames];
  out->key = k->failed ? NULL : irsStrDup(k->data);
  out->addressOnly = addressOnly;
  if (!out->key)
    r->failed = true;
  else
    ++r->id->numFrames;
}

static void onFrame(const IrsStackFrame *f, void *ud) {
  Reading *r = ud;
  r->id->traced = true;
  if (r->done || irsStackFrameDemangleIsNoise(f, &r->name))
    return;
  irsBufReset(&r->shortName);
  if (r->name.len)
    irsStackAppendShortName(&r->shortName, r->name.data, r->name.len);
  IrsCrashIdentity *id = r->id;
  if (isDispatch(irsBufRef(&r->shortName))) {
    // The action's callback, just above (see the header).
    if (id->numFrames > 0)
      free(id->frames[--id->numFrames].key);
    r->done = true;
    return;
  }
  // One frame more than kept: if the next is the dispatch, the last kept
  // is the callback.
  frameKey(r, f);
  r->done = r->failed || id->numFrames == kIrsCrashIdentityFrames + 1;
}

// The line holding `mark` that ends in `end` (NULL: anywhere in it), with
// its newline cut; empty when there is none.
static MlirStringRef lineWith(MlirStringRef text, const char *mark,
                              const char *end) {
  const char *t = text.data, *stop = t + text.length;
  for (const char *p = t; p && p < stop;) {
    const char *nl = memchr(p, '\n', (size_t)(stop - p));
    const char *le = nl ? nl : stop;
    MlirStringRef line = {p, (size_t)(le - p)};
    if (line.length && line.data[line.length - 1] == '\r')
      --line.length;
    size_t el = end ? strlen(end) : 0;
    if (contains(line, mark) &&
        (!end || (line.length >= el &&
                  !memcmp(line.data + line.length - el, end, el))))
      return line;
    p = nl ? nl + 1 : NULL;
  }
  return (MlirStringRef){"", 0};
}

bool irsCrashIdentityRead(IrsCrashIdentity *id, int signal,
                          MlirStringRef stderrText) {
  memset(id, 0, sizeof(*id));
  id->signal = signal;
  if (!stderrText.data)
    return true;
  // glibc's assert prints "PROG: FILE:LINE: FUNCTION: Assertion `EXPR'
  // failed."; llvm_unreachable "UNREACHABLE executed at FILE:LINE!". Both
  // name the check, which no other bug fails the same way.
  MlirStringRef line = lineWith(stderrText, "Assertion `", "' failed.");
  if (!line.length)
    line = lineWith(stderrText, "UNREACHABLE executed at ", NULL);
  bool ok = true;
  if (line.length)
    ok = (id->abortLine = irsStrDupRef(line)) != NULL;
  Reading r = {.id = id, .name = IRS_BUF_INIT, .shortName = IRS_BUF_INIT,
               .key = IRS_BUF_INIT};
  irsStackTraceParse(stderrText, onFrame, &r);
  if (id->numFrames > kIrsCrashIdentityFrames)
    free(id->frames[--id->numFrames].key);
  irsBufFree(&r.name);
  irsBufFree(&r.shortName);
  irsBufFree(&r.key);
  return ok && !r.failed;
}

void irsCrashIdentityFree(IrsCrashIdentity *id) {
  if (!id)
    return;
  free(id->abortLine);
  for (int k = 0; k < id->numFrames; ++k)
    free(id->frames[k].key);
  memset(id, 0, sizeof(*id));
}

bool irsCrashIdentityMatches(const IrsCrashIdentity *a,
                             const IrsCrashIdentity *b, bool sameLayout) {
  if (a->signal != b->signal)
    return false;
  // A process whose stderr lost the crash's words (cut short, sent
  // elsewhere) says nothing against it; one that printed them must have
  // printed the same assertion line, or none.
  bool told = (a->traced || a->abortLine) && (b->traced || b->abortLine);
  if (told && (!a->abortLine != !b->abortLine ||
               (a->abortLine && strcmp(a->abortLine, b->abortLine) != 0)))
    return false;
  int n = a->numFrames < b->numFrames ? a->numFrames : b->numFrames;
  for (int k = 0; k < n; ++k) {
    const IrsCrashIdentityFrame *x = &a->frames[k], *y = &b->frames[k];
    if (!sameLayout && (x->addressOnly || y->addressOnly))
      continue;
    if (strcmp(x->key, y->key) != 0)
      return false;
  }
  return true;
}
