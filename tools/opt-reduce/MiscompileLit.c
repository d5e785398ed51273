// SPDX-License-Identifier: Apache-2.0
//===- MiscompileLit.c - opt-reduce --miscompile's lit test ---------------===//
//
// The test of a miscompile cannot check an error: there is none. It checks
// the program's output instead, and the expected output is the reference,
// what the reduced module prints when it is executed before the pipeline.
// Today the culprit changes that output and the test fails; once the bug
// is fixed it passes. The reference is taken from an execution here, in a
// worker like every other (the reducer's process has no running threads).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "MiscompileLit.h"

#include "ExecWorker.h"
#include "FixTest.h"
#include "IrsConfig.h"
#include "Text.h"
#include "irscope/Pipeline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// One CHECK line per line of the reference; printMemref's address, which
// changes from run to run, becomes a regex.
static void checkLines(FILE *f, const char *out, size_t len) {
  const char *p = out, *end = out + len;
  bool first = true;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = (size_t)((nl ? nl : end) - p);
    if (n == 0) {
      fputs(first ? "// CHECK: {{^$}}\n" : "// CHECK-EMPTY:\n", f);
    } else {
      fputs(first ? "// CHECK: " : "// CHECK-NEXT: ", f);
      const char *a = memmem(p, n, "base@ = 0x", 10);
      if (a) {
        fwrite(p, 1, (size_t)(a - p) + 7, f);
        fputs("{{[0-9a-fx]+}}", f);
        const char *q = a + 10;
        while (q < p + n && strchr("0123456789abcdefABCDEF", *q))
          ++q;
        fwrite(q, 1, (size_t)(p + n - q), f);
      } else {
        fwrite(p, 1, n, f);
      }
      fputc('\n', f);
    }
    first = false;
    p = nl ? nl + 1 : end;
  }
}

int irsReduceWriteMiscompileLitTest(const OrConfig *c, MlirOperation module,
                                    MlirStringRef pipeline,
                                    const IrsSignature *sig,
                                    const OrCulprit *culprit) {
  const IrsExecOptions *exec = &c->exec;
  IrsPlugins plugins = c->plugins.plugins;
  char *lit = NULL;
  size_t litLen = 0;
  IrsToolText t = {0};
  mlirOperationPrint(module, irsToolTextCallback, &t);
  if (t.failed) {
    free(t.data);
    return ENOMEM;
  }
  const char *text = t.data ? t.data : "";
  size_t textLen = t.len;
  IrsExecutor ex = irsExecutorCreate(exec, irsToolExecWorkerSetup, "opt-reduce");
  IrsExecResult ref;
  memset(&ref, 0, sizeof(ref));
  bool ran = !irsExecutorIsNull(ex) &&
             irsStatusIsOk(irsExecutorRun(ex, (MlirStringRef){text, textLen}, &ref));
  irsExecutorDestroy(ex);
  if (!ran || ref.outcome != IrsExecOk) {
    fprintf(stderr, "opt-reduce: error: the reduced module's reference does "
                    "not run cleanly (%s)\n",
            ran ? irsExecOutcomeGetName(ref.outcome) : "no worker");
    irsExecResultFree(&ref);
    free(t.data);
    return EINVAL;
  }
  char *readFlags = orConfigReadFlags(c);
  FILE *f = open_memstream(&lit, &litLen);
  if (!f || !readFlags) {
    int e = f ? ENOMEM : errno;
    if (f)
      fclose(f);
    free(lit);
    free(readFlags);
    irsExecResultFree(&ref);
    free(t.data);
    return e;
  }
  const char *entry = exec->entry ? exec->entry : "main";
  const char *type = ref.resultType ? ref.resultType : "void";
  // The plugins load on both RUN lines that read the IR, as the reading
  // flags do; mlir-opt cannot load irscope C plugins, irscope-opt can.
  char *all = irsFixTestPluginFlags(plugins, false);
  char *mlir = irsFixTestPluginFlags(plugins, true);
  bool ours = irsPipelineTextNamesIrscopePass(pipeline) ||
              strlen(all ? all : "") != strlen(mlir ? mlir : "");
  fprintf(f, "// Reduced by opt-reduce --miscompile from %s: pass '%s' "
             "changes what '@%s' prints.\n",
          c->inputShown, sig->pass, entry);
  fputs("// The CHECK lines hold the reference (the module run before the "
        "pipeline):\n// the test fails today and passes once the bug is "
        "fixed.\n",
        f);
  // Both tools that read the IR read it as the reduction did.
  const char *rf = readFlags;
  fprintf(f, "// RUN: %s %%s%s%s --pass-pipeline='%.*s' \\\n",
          ours ? "irscope-opt" : "mlir-opt", all ? all : "", rf,
          (int)pipeline.length, pipeline.data);
  fprintf(f, "// RUN: | mlir-opt%s%s --pass-pipeline='%s' \\\n",
          mlir ? mlir : "", rf,
          exec->lowering ? exec->lowering : IRS_EXEC_DEFAULT_LOWERING);
  free(all);
  free(mlir);
  fprintf(f, "// RUN: | mlir-runner -e %s --entry-point-result=%s "
             "--shared-libs=%s \\\n// RUN: | FileCheck %%s --match-full-lines\n",
          entry, type,
          exec->sharedLibs ? exec->sharedLibs : irsExecGetDefaultSharedLibs());
  checkLines(f, ref.output, ref.outputLength);
  orCulpritPrintResultsLit(f, c, culprit, pipeline);
  fputc('\n', f);
  fwrite(text, 1, textLen, f);
  fputc('\n', f);
  free(readFlags);
  int e = fclose(f) ? ENOMEM : irsFileWriteAtomic(c->litTest, lit, litLen);
  free(lit);
  free(t.data);
  irsExecResultFree(&ref);
  return e;
}
