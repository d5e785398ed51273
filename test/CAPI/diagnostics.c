// SPDX-License-Identifier: Apache-2.0
// RUN: irscope-capi-diagnostics-test 2>&1 | FileCheck %s
//
// Public-API test of irscope/Diagnostics.h: a capture collects MLIR
// diagnostics (with their notes) as plain data, formats locations as
// "file:line:col", substitutes a fallback file name for unnamed locations,
// forwards diagnostics as they arrive, and consumes them so that nothing
// reaches stdout or stderr.
#include "irscope/Diagnostics.h"

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "Expect.h"
#include "Quiet.h"
#include "Context.h"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static void printCb(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

// Prints the diagnostic with only the first line of each message, so that
// MLIR's multi-line "see current operation" notes stay on one line.
static void printFirstLines(const IrsDiagnostic *d) {
  const IrsDiagnostic *all[65];
  intptr_t n = 0;
  all[n++] = d;
  for (intptr_t i = 0; i < d->numNotes && n < 65; ++i)
    all[n++] = &d->notes[i];
  for (intptr_t i = 0; i < n; ++i) {
    const char *nl = memchr(all[i]->message.data, '\n',
                            all[i]->message.length);
    size_t len = nl ? (size_t)(nl - all[i]->message.data)
                    : all[i]->message.length;
    printf("%.*s: %s: %.*s\n", (int)all[i]->location.length,
           all[i]->location.data,
           irsSeverityGetName(i == 0 ? all[i]->severity : IrsSeverityNote),
           (int)len, all[i]->message.data);
  }
}

static MlirLocation fileLoc(MlirContext ctx, const char *file, unsigned line,
                            unsigned col) {
  return mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(file),
                                    line, col);
}


//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

// CHECK-LABEL: testSeverityNames
static void testSeverityNames(void) {
  printf("testSeverityNames\n");
  printf("%s %s %s %s\n", irsSeverityGetName(IrsSeverityError),
         irsSeverityGetName(IrsSeverityWarning),
         irsSeverityGetName(IrsSeverityNote),
         irsSeverityGetName(IrsSeverityRemark));
  // CHECK-NEXT: error warning note remark
}

// CHECK-LABEL: testLocationFormats
static void testLocationFormats(void) {
  printf("testLocationFormats\n");
  MlirContext ctx = newContext(false);
  IrsDiagnosticCapture cap = irsDiagnosticCaptureCreate(ctx, NULL, NULL);
  EXPECT(!irsDiagnosticCaptureIsNull(cap));
  MlirLocation fused[2] = {mlirLocationUnknownGet(ctx),
                           fileLoc(ctx, "fused.mlir", 6, 3)};
  MlirLocation locs[] = {
      fileLoc(ctx, "input.mlir", 3, 7),
      mlirLocationNameGet(ctx, mlirStringRefCreateFromCString("x"),
                          fileLoc(ctx, "named.mlir", 4, 2)),
      mlirLocationCallSiteGet(fileLoc(ctx, "callee.mlir", 5, 1),
                              fileLoc(ctx, "caller.mlir", 9, 9)),
      mlirLocationFusedGet(ctx, 2, fused, (MlirAttribute){NULL}),
      mlirLocationFileLineColRangeGet(
          ctx, mlirStringRefCreateFromCString("range.mlir"), 7, 2, 7, 9),
      mlirLocationUnknownGet(ctx),
  };
  Quiet q;
  quietBegin(&q);
  for (size_t i = 0; i < sizeof(locs) / sizeof(locs[0]); ++i) {
    char msg[32];
    snprintf(msg, sizeof(msg), "boom %zu", i);
    mlirEmitError(locs[i], msg);
  }
  long printed = quietEnd(&q);
  printf("library output: %ld bytes\n", printed);
  // CHECK-NEXT: library output: 0 bytes
  intptr_t n = irsDiagnosticCaptureGetNumDiagnostics(cap);
  printf("captured: %ld, errors: %ld\n", (long)n,
         (long)irsDiagnosticCaptureGetNumErrors(cap));
  // CHECK-NEXT: captured: 6, errors: 6
  for (intptr_t i = 0; i < n; ++i)
    irsDiagnosticPrint(irsDiagnosticCaptureGetDiagnostic(cap, i), printCb,
                       NULL);
  // CHECK-NEXT: input.mlir:3:7: error: boom 0
  // CHECK-NEXT: named.mlir:4:2: error: boom 1
  // CHECK-NEXT: callee.mlir:5:1: error: boom 2
  // CHECK-NEXT: fused.mlir:6:3: error: boom 3
  // CHECK-NEXT: range.mlir:7:2: error: boom 4
  // CHECK-NEXT: loc(unknown): error: boom 5
  const IrsDiagnostic *d = irsDiagnosticCaptureGetDiagnostic(cap, 0);
  printf("severity=%s notes=%ld step=%ld\n", irsSeverityGetName(d->severity),
         (long)d->numNotes, (long)d->step);
  // CHECK-NEXT: severity=error notes=0 step=0
  irsDiagnosticCaptureDestroy(cap);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testFallbackFileName
static void testFallbackFileName(void) {
  printf("testFallbackFileName\n");
  MlirContext ctx = newContext(false);
  IrsDiagnosticCapture cap = irsDiagnosticCaptureCreate(ctx, NULL, NULL);
  char name[] = "fallback.mlir";
  irsDiagnosticCaptureSetFallbackFileName(
      cap, mlirStringRefCreateFromCString(name));
  name[0] = 'X'; // the name was copied
  mlirEmitError(fileLoc(ctx, "", 2, 5), "unnamed");
  mlirEmitError(fileLoc(ctx, "named.mlir", 2, 5), "named");
  // IR parsed from a string has no file name either.
  Quiet q;
  quietBegin(&q);
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString("func.func @f() {\n"
                                          "  %0 = arith.addi %x, %x : i32\n"
                                          "  return\n"
                                          "}\n"));
  long printed = quietEnd(&q);
  EXPECT(mlirModuleIsNull(m));
  printf("library output: %ld bytes\n", printed);
  // CHECK-NEXT: library output: 0 bytes
  for (intptr_t i = 0; i < irsDiagnosticCaptureGetNumDiagnostics(cap); ++i)
    irsDiagnosticPrint(irsDiagnosticCaptureGetDiagnostic(cap, i), printCb,
                       NULL);
  // CHECK-NEXT: fallback.mlir:2:5: error: unnamed
  // CHECK-NEXT: named.mlir:2:5: error: named
  // CHECK-NEXT: fallback.mlir:2:19: error: use of undeclared SSA value name
  irsDiagnosticCaptureDestroy(cap);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testErrorWithNotes
static void testErrorWithNotes(void) {
  printf("testErrorWithNotes\n");
  MlirContext ctx = newContext(false);
  IrsDiagnosticCapture cap = irsDiagnosticCaptureCreate(ctx, NULL, NULL);
  Quiet q;
  quietBegin(&q);
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString("module {\n"
                                          "  func.func @a() {\n"
                                          "    return\n"
                                          "  }\n"
                                          "  func.func @a() {\n"
                                          "    return\n"
                                          "  }\n"
                                          "}\n"));
  long printed = quietEnd(&q);
  EXPECT(mlirModuleIsNull(m));
  printf("library output: %ld bytes\n", printed);
  // CHECK-NEXT: library output: 0 bytes
  // Notes belong to their diagnostic; they are not counted on their own.
  printf("captured: %ld, errors: %ld\n",
         (long)irsDiagnosticCaptureGetNumDiagnostics(cap),
         (long)irsDiagnosticCaptureGetNumErrors(cap));
  // CHECK-NEXT: captured: 1, errors: 1
  const IrsDiagnostic *d = irsDiagnosticCaptureGetDiagnostic(cap, 0);
  printf("notes: %ld\n", (long)d->numNotes);
  // CHECK-NEXT: notes: 2
  printFirstLines(d);
  // CHECK-NEXT: {{.*}}:5:3: error: redefinition of symbol named 'a'
  // CHECK-NEXT: {{.*}}:5:3: note: see current operation:
  // CHECK-NEXT: {{.*}}:2:3: note: see existing symbol definition here
  printf("note severity: %s\n", irsSeverityGetName(d->notes[1].severity));
  // CHECK-NEXT: note severity: note
  irsDiagnosticCaptureDestroy(cap);
  mlirContextDestroy(ctx);
}

typedef struct Forwarded {
  int calls;
} Forwarded;

static void forward(const IrsDiagnostic *d, void *userData) {
  Forwarded *f = userData;
  ++f->calls;
  printf("forwarded: %s: %.*s\n", irsSeverityGetName(d->severity),
         (int)d->message.length, d->message.data);
}

// CHECK-LABEL: testForwardAndClear
static void testForwardAndClear(void) {
  printf("testForwardAndClear\n");
  MlirContext ctx = newContext(false);
  Forwarded f = {0};
  IrsDiagnosticCapture cap = irsDiagnosticCaptureCreate(ctx, forward, &f);
  mlirEmitError(fileLoc(ctx, "a.mlir", 1, 1), "first");
  // CHECK-NEXT: forwarded: error: first
  const IrsDiagnostic *first = irsDiagnosticCaptureGetDiagnostic(cap, 0);
  for (int i = 0; i < 40; ++i)
    mlirEmitError(fileLoc(ctx, "a.mlir", 2, 1), "more");
  // Pointers handed out stay valid while more diagnostics arrive.
  printf("first still: %.*s, calls: %d\n", (int)first->message.length,
         first->message.data, f.calls);
  // CHECK: first still: first, calls: 41
  irsDiagnosticCaptureClear(cap);
  printf("after clear: %ld %ld\n",
         (long)irsDiagnosticCaptureGetNumDiagnostics(cap),
         (long)irsDiagnosticCaptureGetNumErrors(cap));
  // CHECK-NEXT: after clear: 0 0
  mlirEmitError(fileLoc(ctx, "a.mlir", 3, 1), "again");
  // CHECK-NEXT: forwarded: error: again
  printf("after new: %ld %ld\n",
         (long)irsDiagnosticCaptureGetNumDiagnostics(cap),
         (long)irsDiagnosticCaptureGetNumErrors(cap));
  // CHECK-NEXT: after new: 1 1
  irsDiagnosticCaptureDestroy(cap);
  mlirContextDestroy(ctx);
}

static MlirLogicalResult countingHandler(MlirDiagnostic d, void *userData) {
  (void)d;
  ++*(int *)userData;
  return mlirLogicalResultSuccess();
}

// CHECK-LABEL: testDestroyDetaches
static void testDestroyDetaches(void) {
  printf("testDestroyDetaches\n");
  MlirContext ctx = newContext(false);
  int seen = 0;
  MlirDiagnosticHandlerID id =
      mlirContextAttachDiagnosticHandler(ctx, countingHandler, &seen, NULL);
  IrsDiagnosticCapture cap = irsDiagnosticCaptureCreate(ctx, NULL, NULL);
  mlirEmitError(mlirLocationUnknownGet(ctx), "while attached");
  printf("outer handler saw %d\n", seen);
  // CHECK-NEXT: outer handler saw 0
  irsDiagnosticCaptureDestroy(cap);
  mlirEmitError(mlirLocationUnknownGet(ctx), "after destroy");
  printf("outer handler saw %d\n", seen);
  // CHECK-NEXT: outer handler saw 1
  mlirContextDetachDiagnosticHandler(ctx, id);
  irsDiagnosticCaptureDestroy((IrsDiagnosticCapture){NULL});
  printf("null destroy ok\n");
  // CHECK-NEXT: null destroy ok
  mlirContextDestroy(ctx);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  testSeverityNames();
  testLocationFormats();
  testFallbackFileName();
  testErrorWithNotes();
  testForwardAndClear();
  testDestroyDetaches();
  return failures ? 1 : 0;
}
