// SPDX-License-Identifier: Apache-2.0
//===- FixTest.c - the regression test --emit-lit-test writes by default ---===//
//
// A reduced failure becomes the test a fix is committed with, written the
// way upstream MLIR writes its tests: the RUN line runs the reduced pipeline
// and expects it to succeed, FileCheck checks that the reduced symbols come
// out, and when the failure is a diagnostic (a pass that signalled failure,
// IR the verifier rejects), -verify-diagnostics turns any error into a test
// failure. So the test fails today and passes once the bug is fixed. The
// pin form (`--emit-lit-test-mode=pin`, main.c) instead expects today's
// failure.
//
//===----------------------------------------------------------------------===//
#include "FixTest.h"

#include "CrashNote.h"
#include "irscope/Pipeline.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static void appendFlags(MlirStringRef s, void *ud) {
  fwrite(s.data, 1, s.length, (FILE *)ud);
}

char *irsFixTestPluginFlags(IrsPlugins plugins, bool mlirOnly) {
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  if (!m)
    return NULL;
  irsPluginsPrintFlags(plugins, mlirOnly, appendFlags, m);
  fclose(m);
  return text;
}

static void printRunLine(FILE *f, const IrsFixTestInfo *in) {
  const IrsSignature *sig = in->sig;
  MlirStringRef p = in->pipeline;
  IrsOutcome k = sig->inEdit ? IrsOutcomeNone : sig->kind;
  bool timeout = k == IrsOutcomeTimeout;
  bool nondet = k == IrsOutcomeNondeterminism;
  bool diag = k == IrsOutcomePassFailure || k == IrsOutcomeVerifyFailure;
  // A hang must not hang the test suite, and nondeterminism only shows
  // under --check-determinism: both need irscope-opt.
  // mlir-opt cannot load irscope C plugins, whose passes it does not know.
  char *all = irsFixTestPluginFlags(in->plugins, false);
  char *mlir = irsFixTestPluginFlags(in->plugins, true);
  bool irscope = timeout || nondet || irsPipelineTextNamesIrscopePass(p) ||
                 strlen(all ? all : "") != strlen(mlir ? mlir : "");
  fprintf(f, "// RUN: %s %%s%s%s", irscope ? "irscope-opt" : "mlir-opt",
          all ? all : "", in->readFlags ? in->readFlags : "");
  free(all);
  free(mlir);
  if (timeout)
    fprintf(f, " --step-timeout=%s", in->testTimeout ? in->testTimeout : "60");
  if (nondet)
    fprintf(f, " --check-determinism%s",
            in->checkDeterminism && *in->checkDeterminism ? "=threads" : "");
  fprintf(f, " -pass-pipeline='%.*s'", (int)p.length, p.data);
  if (diag)
    fputs(" -verify-diagnostics", f);
  fputs(" | FileCheck %s\n", f);
}

// One CHECK-LABEL per top-level symbol, in module order; a module without
// symbols is checked to come out at all.
void irsFixTestPrintChecks(FILE *f, MlirOperation module) {
  MlirRegion body = mlirOperationGetRegion(module, 0);
  MlirBlock b = mlirRegionGetFirstBlock(body);
  MlirStringRef symAttr = mlirStringRefCreateFromCString("sym_name");
  bool any = false;
  for (MlirOperation op = mlirBlockIsNull(b) ? (MlirOperation){NULL}
                                             : mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute name = mlirOperationGetAttributeByName(op, symAttr);
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
      continue;
    MlirStringRef s = mlirStringAttrGetValue(name);
    fprintf(f, "// CHECK-LABEL: @%.*s\n", (int)s.length, s.data);
    any = true;
  }
  if (!any)
    fputs("// CHECK: {{^}}module\n", f);
}

void irsFixTestPrint(FILE *f, const IrsFixTestInfo *in, MlirOperation module) {
  const IrsSignature *sig = in->sig;
  fprintf(f, "// Regression test reduced by opt-reduce from %s.\n", in->input);
  char kind[32], where[1536];
  irsToolSignatureWhere(sig, true, where, sizeof(where));
  fprintf(f, "// Bug: %s%s%s%s\n",
          irsSignatureFormatKind(sig, kind, sizeof(kind)), where,
          sig->message[0] ? ": " : "", sig->message);
  fputs("// It fails while the bug is there and passes once it is fixed: the\n"
        "// pipeline must then succeed and keep the symbols checked below;\n"
        "// add CHECK lines for the output of the fix.\n",
        f);
  printRunLine(f, in);
  irsFixTestPrintChecks(f, module);
}

void irsFixTestPrintMessageCheck(FILE *f, const char *message) {
  irsFixTestPrintMessageCheckAs(f, "CHECK", message);
}

void irsFixTestPrintMessageCheckAs(FILE *f, const char *check,
                                   const char *message) {
  // The masked parts of the message become regexes.
  fprintf(f, "// %s: error: ", check);
  for (const char *p = message; *p; ++p) {
    if (*p == 'N')
      fputs("{{[0-9a-zA-Z_.]+}}", f);
    else if (*p == '%')
      fputs("%{{[a-zA-Z0-9_#]*}}", f);
    else if (*p == '{' && p[1] == '{')
      fputs("{{[{][{]}}", f), ++p;
    else
      fputc(*p, f);
  }
  fputc('\n', f);
}
