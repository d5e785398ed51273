// SPDX-License-Identifier: Apache-2.0
//===- FuzzStackTrace.c - glibc backtraces and LLVM stack dumps -----------===//
//
// The input is a crashed process's stderr: a glibc backtrace, an LLVM
// stack dump ("Stack dump:" and "#N 0x... sym file:line") or both, as the
// supervisor and the --tool runner read them. Every reader of that text
// is called without a symbolizer (no child process per input), the crash
// identity of a signature among them. The same bytes are also read as
// /proc/PID/maps text (irsLoadMapCreateFromText).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "irscope/Signature.h"
#include "irscope/StackTrace.h"

typedef struct Ctx {
  size_t sum;
  IrsLoadMap map;
} Ctx;

static void onFrame(const IrsStackFrame *f, void *ud) {
  Ctx *c = ud;
  fuzzSink(f->module, &c->sum);
  fuzzSink(f->symbol, &c->sum);
  fuzzSink(f->location, &c->sum);
  uint64_t off = 0;
  if (!irsLoadMapIsNull(c->map) &&
      irsLoadMapGetOffset(c->map, f->module, f->address, &off))
    c->sum += off;
  irsDemangle(f->symbol, fuzzSink, &c->sum);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The readers that take a C string (the symbolizer's input) and a
  // string ref get the same bytes.
  char *s = fuzzString(data, size);
  MlirStringRef text = mlirStringRefCreate(s, size);
  Ctx c = {0, irsLoadMapCreateFromText(text)};
  irsStackTraceParse(text, onFrame, &c);
  irsStackTraceStripLlvmDump(text, fuzzSink, &c.sum);
  irsStackTraceFormat(text, fuzzSink, &c.sum);
  irsStackTraceGetCrashSite(text, fuzzSink, &c.sum);
  irsStackTraceGetNamedCaller(text, fuzzSink, &c.sum);
  irsStackTraceSummarise(text, 8, NULL, fuzzSink, &c.sum);
  irsStackTraceGetSymbolisedSite(text, NULL, fuzzSink, &c.sum);
  intptr_t left = 0;
  irsStackTraceGetPassFrames(text, mlirStringRefCreateFromCString("  "),
                             fuzzSink, &c.sum, &left);
  irsStackTraceDescribeReportSite(text, mlirStringRefCreate(NULL, 0), text,
                                  fuzzSink, &c.sum);
  c.sum += fuzzCountLines(text, irsStackTraceIsFrameLine);
  IrsSignature sig;
  memset(&sig, 0, sizeof(sig));
  irsSignatureSetCrashSite(&sig, text, c.map, true);
  c.sum += (size_t)sig.crash.numFrames +
           irsSignatureMatches(&sig, &sig, IrsSignatureMatchSameLayout);
  irsLoadMapDestroy(c.map);
  free(s);
  return 0;
}
