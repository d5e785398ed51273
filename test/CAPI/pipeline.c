// SPDX-License-Identifier: Apache-2.0
// RUN: irscope-capi-pipeline-test 2>&1 | FileCheck %s
//
// Public-API test of irscope/Pipeline.h and irscope/Passes.h: pipelines
// split into steps, the canonical text, syntax errors delivered through the
// callback (and only there), pipelines built from pass flags, and the table
// of irscope's own passes.
#include "irscope/Passes.h"
#include "irscope/Pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Expect.h"

static void printRef(MlirStringRef s) { fwrite(s.data, 1, s.length, stdout); }

static void printErr(MlirStringRef s, void *userData) {
  ++*(int *)userData;
  printf("error callback: ");
  printRef(s);
  printf("\n");
}

static void printSteps(IrsPipeline p) {
  printf("text: ");
  printRef(irsPipelineGetText(p));
  printf("\nroot: ");
  printRef(irsPipelineGetRootAnchor(p));
  printf("\nsteps: %ld\n", (long)irsPipelineGetNumSteps(p));
  for (intptr_t i = 0; i < irsPipelineGetNumSteps(p); ++i) {
    printf("step %ld: ", (long)i + 1);
    printRef(irsPipelineGetStepText(p, i));
    printf(" pass=");
    printRef(irsPipelineGetStepPassName(p, i));
    printf(" options='");
    printRef(irsPipelineGetStepPassOptions(p, i));
    printf("' anchor=");
    printRef(irsPipelineGetStepAnchor(p, i));
    printf(" path=");
    for (intptr_t d = 0; d < irsPipelineGetStepNumAnchors(p, i); ++d) {
      if (d)
        printf("/");
      printRef(irsPipelineGetStepAnchorAt(p, i, d));
    }
    printf(" offset=%ld\n", (long)irsPipelineGetStepOffset(p, i));
  }
}

static IrsPipeline parseOrDie(const char *text) {
  int calls = 0;
  IrsPipeline p = irsPipelineCreateParse(mlirStringRefCreateFromCString(text),
                                         printErr, &calls);
  if (irsPipelineIsNull(p) || calls != 0) {
    fprintf(stderr, "unexpected parse failure of '%s'\n", text);
    exit(1);
  }
  return p;
}

// CHECK-LABEL: testNestedPipeline
static void testNestedPipeline(void) {
  printf("testNestedPipeline\n");
  IrsPipeline p = parseOrDie("builtin.module(func.func(canonicalize,cse),"
                             "inline{default-pipeline=canonicalize},sccp)");
  printSteps(p);
  // CHECK-NEXT: text: builtin.module(func.func(canonicalize,cse),inline{default-pipeline=canonicalize},sccp)
  // CHECK-NEXT: root: builtin.module
  // CHECK-NEXT: steps: 4
  // CHECK-NEXT: step 1: builtin.module(func.func(canonicalize)) pass=canonicalize options='' anchor=func.func path=builtin.module/func.func offset=25
  // CHECK-NEXT: step 2: builtin.module(func.func(cse)) pass=cse options='' anchor=func.func path=builtin.module/func.func offset=38
  // CHECK-NEXT: step 3: builtin.module(inline{default-pipeline=canonicalize}) pass=inline options='default-pipeline=canonicalize' anchor=builtin.module path=builtin.module offset=43
  // CHECK-NEXT: step 4: builtin.module(sccp) pass=sccp options='' anchor=builtin.module path=builtin.module offset=81
  irsPipelineDestroy(p);
}

// CHECK-LABEL: testCanonicalText
static void testCanonicalText(void) {
  printf("testCanonicalText\n");
  IrsPipeline p = parseOrDie("  builtin.module ( func.func ( ) ,\n"
                             "   irs-op-stats { file=\"a b.txt\" } , cse )\n");
  printSteps(p);
  // CHECK-NEXT: text: builtin.module(func.func(),irs-op-stats{file="a b.txt"},cse)
  // CHECK-NEXT: root: builtin.module
  // CHECK-NEXT: steps: 2
  // CHECK-NEXT: step 1: builtin.module(irs-op-stats{file="a b.txt"}) pass=irs-op-stats options='file="a b.txt"' anchor=builtin.module path=builtin.module offset=38
  // CHECK-NEXT: step 2: builtin.module(cse) pass=cse options='' anchor=builtin.module path=builtin.module offset=72
  // The canonical text parses to itself.
  IrsPipeline q = irsPipelineCreateParse(irsPipelineGetText(p), NULL, NULL);
  EXPECT(!irsPipelineIsNull(q));
  MlirStringRef a = irsPipelineGetText(p), b = irsPipelineGetText(q);
  printf("round trip: %s\n",
         a.length == b.length && !memcmp(a.data, b.data, a.length) ? "same"
                                                                   : "differs");
  // CHECK-NEXT: round trip: same
  irsPipelineDestroy(q);
  irsPipelineDestroy(p);
}

static void parseError(const char *text) {
  int calls = 0;
  IrsPipeline p = irsPipelineCreateParse(mlirStringRefCreateFromCString(text),
                                         printErr, &calls);
  EXPECT(irsPipelineIsNull(p));
  printf("calls: %d\n", calls);
}

// CHECK-LABEL: testSyntaxErrors
static void testSyntaxErrors(void) {
  printf("testSyntaxErrors\n");
  parseError("cse");
  // CHECK-NEXT: error callback: pipeline:1:1: the pipeline must be anchored on an operation, e.g. 'builtin.module(cse)'
  // CHECK-NEXT: calls: 1
  parseError("builtin.module(func.func(cse)");
  // CHECK-NEXT: error callback: pipeline:1:15: missing ')' closing the pipeline opened here
  // CHECK-NEXT: calls: 1
  parseError("builtin.module(cse,,sccp)");
  // CHECK-NEXT: error callback: pipeline:1:20: expected a pass or operation name, found ','
  // CHECK-NEXT: calls: 1
  parseError("builtin.module(inline{default-pipeline=\"cse})");
  // CHECK-NEXT: error callback: pipeline:1:40: unterminated quoted string in pass options
  // CHECK-NEXT: calls: 1
  parseError("builtin.module(cse))");
  // CHECK-NEXT: error callback: pipeline:1:20: unexpected ')' after the end of the pipeline
  // CHECK-NEXT: calls: 1

  // Without a callback the failure is silent: nothing on stdout or stderr.
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module("), NULL, NULL);
  EXPECT(irsPipelineIsNull(p));
  printf("null callback: %s\n", irsPipelineIsNull(p) ? "null" : "non-null");
  // CHECK-NEXT: null callback: null
  // CHECK-NOT: pipeline:
}

// CHECK-LABEL: testPassFlags
static void testPassFlags(void) {
  printf("testPassFlags\n");
  MlirStringRef flags[] = {
      mlirStringRefCreateFromCString("canonicalize"),
      mlirStringRefCreateFromCString("inline=default-pipeline=canonicalize"),
      mlirStringRefCreateFromCString("irs-op-stats"),
  };
  int calls = 0;
  IrsPipeline p = irsPipelineCreateFromPassFlags(
      flags, 3, mlirStringRefCreateFromCString("builtin.module"), printErr,
      &calls);
  EXPECT(!irsPipelineIsNull(p) && calls == 0);
  printSteps(p);
  // CHECK-NEXT: text: builtin.module(canonicalize,inline{default-pipeline=canonicalize},irs-op-stats)
  // CHECK-NEXT: root: builtin.module
  // CHECK-NEXT: steps: 3
  // CHECK-NEXT: step 1: builtin.module(canonicalize) pass=canonicalize
  // CHECK-NEXT: step 2: builtin.module(inline{default-pipeline=canonicalize}) pass=inline options='default-pipeline=canonicalize'
  // CHECK-NEXT: step 3: builtin.module(irs-op-stats) pass=irs-op-stats
  irsPipelineDestroy(p);

  MlirStringRef bad[] = {mlirStringRefCreateFromCString("cse)")};
  p = irsPipelineCreateFromPassFlags(
      bad, 1, mlirStringRefCreateFromCString("builtin.module"), printErr,
      &calls);
  EXPECT(irsPipelineIsNull(p));
  printf("calls: %d\n", calls);
  // CHECK-NEXT: error callback: pipeline:1:{{[0-9]+}}: unexpected ')' after the end of the pipeline
  // CHECK-NEXT: calls: 1
}

// CHECK-LABEL: testIrscopePasses
static void testIrscopePasses(void) {
  printf("testIrscopePasses\n");
  for (intptr_t i = 0; i < irsPassesGetNum(); ++i)
    printf("%s %s: %s\n", irsPassesGetName(i), irsPassesGetOptions(i),
           irsPassesGetDescription(i));
  // CHECK-DAG: irs-test-fail {op=NAME}: emit an error
  // CHECK-DAG: irs-test-corrupt {op=NAME}: break the IR
  // CHECK-DAG: irs-op-stats {file=PATH}: count ops
  printf("known: %d %d %d\n",
         irsPassesIsKnown(mlirStringRefCreateFromCString("irs-op-stats")),
         irsPassesIsKnown(mlirStringRefCreateFromCString("cse")),
         irsPassesIsKnown(mlirStringRefCreate("irs-op-stats-x", 12)));
  // CHECK: known: 1 0 1
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  testNestedPipeline();
  testCanonicalText();
  testSyntaxErrors();
  testPassFlags();
  testIrscopePasses();
  irsPipelineDestroy((IrsPipeline){NULL});
  return failures ? 1 : 0;
}
