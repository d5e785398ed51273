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
// Frames are read up to the action dispatch, the pass manager, the
// verifier's entry or a thread pool (or a few past the kept ones), then
// the dispatch's own frames are dropped: the action's callback just above
// it and, under irscope's handler, the handler's frames between the two.
// Those are hidden functions of this library (lib/Action/ActionBridge.cpp),
// told by their object, which is the one this code is in. Above a thread
// pool, the pool's plumbing goes: whatever has no name back to the last
// frame that has one, since hidden lambdas of the parallel loop cannot be
// told from the loop's body (a crash in the verifier of several ops on
// MLIR's threads and the same crash on one thread then agree).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CrashIdentity.h"

#include "Buf.h"
#include "StackTraceImpl.h"
#include "irscope/Flake.h"

#include <dlfcn.h>
#include <stdio.h>
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

// The pass manager running a pass (and the callbacks it runs it through,
// named after it): below it, frames depend on how many ops the pass ran on
// and on which thread (a single function runs on the caller's, several on
// MLIR's pool), not on the crash. So do they below the verifier's entry,
// on who asked for it (the pass manager, a step of irscope's, a trial of
// narrowing).
static bool isPassManager(MlirStringRef demangled) {
  return contains(demangled, "mlir::detail::OpToOpPassAdaptor::") ||
         startsWith(demangled, "mlir::PassManager::run") ||
         startsWith(demangled, "mlir::verify(");
}

// MLIR's thread pool running a task: the crash happened on a pool thread
// (a pass or the verifier working on several ops at once), where the
// frames above this one are the pool's plumbing, which a run on one
// thread does not have.
static bool isThreadPool(MlirStringRef demangled) {
  return contains(demangled, "llvm::StdThreadPool::") ||
         contains(demangled, "llvm::ThreadPoolExecutor") ||
         startsWith(demangled, "llvm::thread::") ||
         startsWith(demangled, "std::thread::");
}

// A frame of that plumbing when it has a name: std::function's and
// std::call_once's, the parallel loops'.
static bool isPoolPlumbing(MlirStringRef shortName) {
  return startsWith(shortName, "std::") ||
         contains(shortName, "parallelForEach") ||
         contains(shortName, "ThreadPool") ||
         startsWith(shortName, "llvm::parallel");
}

// Whether f's offset is its own (from its symbol or its object), not the
// absolute address an LLVM dump gives when it has nothing better.
static bool offsetIsStable(const IrsStackFrame *f) {
  return !(f->llvmDump && f->offset == f->address);
}

// Frames read before the cut: the kept ones, a dispatch's frames above
// them, and slack for irscope's handler.
enum { kReadFrames = kIrsCrashIdentityFrames + 16 };
// The longest cycle of frames taken for a recursion.
enum { kMaxPeriod = 4 };

typedef struct Reading {
  IrsCrashIdentity *id;
  IrsBuf name, shortName, key;
  char keys[kReadFrames][sizeof(((IrsCrashIdentity *)0)->frames[0])];
  bool addressOnly[kReadFrames];
  bool own[kReadFrames]; // a hidden function of this library
  // Maybe the pool's plumbing: no name, or one of isPoolPlumbing's.
  bool plumbing[kReadFrames];
  int n;
  MlirStringRef self; // this library's file name
  bool done, failed, dispatched, pooled;
} Reading;

static void keepFrame(Reading *r, const IrsStackFrame *f) {
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
  if (k->failed) {
    r->failed = true;
    return;
  }
  snprintf(r->keys[r->n], sizeof(r->keys[0]), "%s", k->data);
  r->addressOnly[r->n] = addressOnly;
  MlirStringRef base = irsStackBaseName(f->module);
  r->own[r->n] = !f->symbol.length && r->self.length &&
                 base.length == r->self.length &&
                 !memcmp(base.data, r->self.data, base.length);
  r->plumbing[r->n] =
      !f->symbol.length || isPoolPlumbing(irsBufRef(&r->shortName));
  ++r->n;
  // A recursion's frames count once: the last `p` frames again, the same
  // call sites (p > 1: functions calling each other, a walk over regions,
  // blocks and ops), go.
  for (int p = 1; p <= kMaxPeriod && 2 * p <= r->n; ++p) {
    bool again = true;
    for (int i = r->n - p; again && i < r->n; ++i)
      again = r->addressOnly[i] == r->addressOnly[i - p] &&
              !strcmp(r->keys[i], r->keys[i - p]);
    if (again) {
      r->n -= p;
      break;
    }
  }
}

static void onFrame(const IrsStackFrame *f, void *ud) {
  Reading *r = ud;
  r->id->traced = true;
  if (r->done || irsStackFrameDemangleIsNoise(f, &r->name))
    return;
  irsBufReset(&r->shortName);
  if (r->name.len)
    irsStackAppendShortName(&r->shortName, r->name.data, r->name.len);
  if (isDispatch(irsBufRef(&r->shortName))) {
    r->dispatched = r->done = true;
    return;
  }
  if (isPassManager(irsBufRef(&r->name))) {
    r->done = true;
    return;
  }
  if (isThreadPool(irsBufRef(&r->name))) {
    r->pooled = r->done = true;
    return;
  }
  keepFrame(r, f);
  r->done = r->failed || r->n == kReadFrames;
}

// The line holding `mark` (at its start with `atStart`) that ends in `end`
// (NULL: anywhere), with its newline cut; empty when there is none.
static MlirStringRef lineWith(MlirStringRef text, const char *mark,
                              bool atStart, const char *end) {
  const char *t = text.data, *stop = t + text.length;
  for (const char *p = t; p && p < stop;) {
    const char *nl = memchr(p, '\n', (size_t)(stop - p));
    const char *le = nl ? nl : stop;
    MlirStringRef line = {p, (size_t)(le - p)};
    if (line.length && line.data[line.length - 1] == '\r')
      --line.length;
    size_t el = end ? strlen(end) : 0;
    if ((atStart ? startsWith(line, mark) : contains(line, mark)) &&
        (!end || (line.length >= el &&
                  !memcmp(line.data + line.length - el, end, el))))
      return line;
    p = nl ? nl + 1 : NULL;
  }
  return (MlirStringRef){"", 0};
}

// Sets id->abortLine from what the process printed before it died.
static void readAbortLine(IrsCrashIdentity *id, MlirStringRef text) {
  char *out = id->abortLine;
  size_t cap = sizeof(id->abortLine);
  // glibc's assert prints "PROG: FILE:LINE: FUNCTION: Assertion `EXPR'
  // failed." (the check, which no other bug fails the same way, by its
  // place: its numbers stay); PROG, which names the tool, goes.
  MlirStringRef line = lineWith(text, "Assertion `", false, "' failed.");
  if (line.length) {
    const char *colon = memmem(line.data, line.length, ": ", 2);
    if (colon && !memchr(line.data, ':', (size_t)(colon - line.data)))
      line = (MlirStringRef){colon + 2,
                             line.length - (size_t)(colon + 2 - line.data)};
    snprintf(out, cap, "%.*s", (int)line.length, line.data);
    return;
  }
  // llvm_unreachable: "UNREACHABLE executed at FILE:LINE!".
  line = lineWith(text, "UNREACHABLE executed at ", false, NULL);
  if (line.length) {
    snprintf(out, cap, "%.*s", (int)line.length, line.data);
    return;
  }
  // report_fatal_error: its message, which may name values and counts
  // that differ between runs of one bug, masked as messages are.
  line = lineWith(text, "LLVM ERROR: ", true, NULL);
  if (line.length)
    irsNormaliseMessage(line.data, line.length, out, cap);
}

// The file name of the object this code is in ("" if unknown).
static MlirStringRef selfName(void) {
  Dl_info info;
  if (!dladdr((void *)irsCrashIdentityRead, &info) || !info.dli_fname)
    return (MlirStringRef){"", 0};
  return irsStackBaseName(mlirStringRefCreateFromCString(info.dli_fname));
}

bool irsCrashIdentityRead(IrsCrashIdentity *id, MlirStringRef stderrText,
                          IrsLoadMap map) {
  memset(id, 0, sizeof(*id));
  if (!stderrText.data)
    return true;
  readAbortLine(id, stderrText);
  Reading *r = calloc(1, sizeof(*r));
  if (!r)
    return false;
  *r = (Reading){.id = id, .name = IRS_BUF_INIT, .shortName = IRS_BUF_INIT,
                 .key = IRS_BUF_INIT, .self = selfName()};
  irsStackTraceParseIn(stderrText, map, onFrame, r);
  if (r->dispatched) {
    // irscope's handler between the action's callback and the dispatch,
    // then the callback itself (see the header).
    while (r->n > 0 && r->own[r->n - 1])
      --r->n;
    if (r->n > 0)
      --r->n;
  }
  if (r->pooled) {
    // The pool's plumbing, back to the last frame with a name of its own
    // (the loop's body and the callers above it cannot be told from it).
    while (r->n > 0 && r->plumbing[r->n - 1])
      --r->n;
  }
  int n = r->n < kIrsCrashIdentityFrames ? r->n : kIrsCrashIdentityFrames;
  for (int k = 0; k < n; ++k) {
    memcpy(id->frames[k], r->keys[k], sizeof(id->frames[k]));
    if (r->addressOnly[k])
      id->addressOnly |= 1u << k;
  }
  id->numFrames = n;
  bool ok = !r->failed;
  irsBufFree(&r->name);
  irsBufFree(&r->shortName);
  irsBufFree(&r->key);
  free(r);
  return ok;
}

bool irsCrashIdentityIsTold(const IrsCrashIdentity *id) {
  return id->traced || id->abortLine[0];
}

int irsCrashIdentityDiffersAt(const IrsCrashIdentity *a,
                              const IrsCrashIdentity *b, bool sameLayout) {
  if (!irsCrashIdentityIsTold(a) || !irsCrashIdentityIsTold(b))
    return -1;
  int n = a->numFrames < b->numFrames ? a->numFrames : b->numFrames;
  for (int k = 0; k < n; ++k) {
    bool loose = ((a->addressOnly | b->addressOnly) >> k) & 1u;
    if ((sameLayout || !loose) && strcmp(a->frames[k], b->frames[k]) != 0)
      return k;
  }
  return -1;
}

bool irsCrashIdentityMatches(const IrsCrashIdentity *a,
                             const IrsCrashIdentity *b, bool sameLayout) {
  // A process whose stderr lost the crash's words (cut short, sent
  // elsewhere) says nothing against it; one that printed them must have
  // printed the same assertion line, or none.
  if (!irsCrashIdentityIsTold(a) || !irsCrashIdentityIsTold(b))
    return true;
  return strcmp(a->abortLine, b->abortLine) == 0 &&
         irsCrashIdentityDiffersAt(a, b, sameLayout) < 0;
}
