// SPDX-License-Identifier: Apache-2.0
//===- ToolLit.c - --emit-lit-test and --reproducer in tool mode ----------===//
#define _GNU_SOURCE
#include "ToolLit.h"

#include "CrashNote.h"
#include "FixTest.h"
#include "ShellQuote.h"
#include "Text.h"

#include "irscope/Support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The tool as the RUN line names it: its name, found in PATH by lit (the
// path it had here means nothing on another machine), then its arguments
// (--tool-arg values and the pipeline), shell-quoted.
static char *runCommand(const OrConfig *c, const OrTool *t) {
  const char *slash = strrchr(c->tool, '/');
  char **v = calloc((size_t)t->argc + 1, sizeof(char *));
  if (!v)
    return NULL;
  v[0] = (char *)(slash ? slash + 1 : c->tool);
  for (int i = 1; i < t->argc; ++i)
    v[i] = (char *)t->argv[i];
  char *s = irsToolShellJoin(t->argc, v);
  free(v);
  return s;
}

static void printHeader(FILE *f, const OrConfig *c, const OrTool *t,
                        const IrsSignature *sig, MlirOperation m) {
  char *cmd = runCommand(c, t);
  char kind[32], where[1536];
  irsToolSignatureWhere(sig, true, where, sizeof(where));
  bool pin = c->litTestMode && !strcmp(c->litTestMode, "pin");
  bool crash = sig->kind == IrsOutcomeCrash;
  fprintf(f, "// %s by opt-reduce --tool from %s.\n",
          pin ? "Reduced" : "Regression test reduced", c->inputShown);
  fprintf(f, "// Bug: %s%s%s%s\n",
          irsSignatureFormatKind(sig, kind, sizeof(kind)), where,
          sig->message[0] ? ": " : "", sig->message);
  if (!pin) {
    fputs("// It fails while the bug is there and passes once it is fixed: "
          "the\n// tool must then succeed and keep the symbols checked "
          "below; add CHECK\n// lines for the output of the fix.\n", f);
    fprintf(f, "// RUN: %s %%s | FileCheck %%s\n", cmd ? cmd : "");
    irsFixTestPrintChecks(f, m);
  } else {
    fputs("// It pins today's failure; once the bug is fixed the RUN line "
          "fails: then\n// replace it with a check of the correct output.\n",
          f);
    fprintf(f, "// RUN: %s %s %%s -o /dev/null 2>&1 | FileCheck %%s\n",
            crash ? "not --crash" : "not", cmd ? cmd : "");
    if (sig->message[0])
      irsFixTestPrintMessageCheck(f, sig->message);
    else if (crash) // LLVM's signal handler, in every tool built on it
      fputs("// CHECK: Stack dump:\n", f);
  }
  free(cmd);
}

int orToolLitTestWrite(const OrConfig *c, const OrTool *t, IrsReducer r,
                       MlirOperation m) {
  IrsToolText body = {0};
  if (!irsToolTextAppendFile(&body, c->output))
    return errno;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) {
    free(body.data);
    return errno;
  }
  printHeader(f, c, t, irsReducerGetSignature(r), m);
  fputc('\n', f);
  fwrite(body.data ? body.data : "", 1, body.len, f);
  free(body.data);
  if (fclose(f) != 0) {
    free(text);
    return ENOMEM;
  }
  int e = irsFileWriteAtomic(c->litTest, text, len);
  free(text);
  return e;
}

int orToolReproducerWrite(const OrConfig *c, IrsReducer r) {
  IrsToolText t = {0};
  if (!irsToolTextAppendFile(&t, c->output))
    return errno;
  MlirStringRef p = irsReducerGetPipeline(r);
  // The resource MLIR's --run-reproducer reads: the pipeline (a string:
  // quotes and backslashes escaped), and the settings opt-reduce ran the
  // tool with (its defaults).
  static const char head[] = "\n{-#\n  external_resources: {\n"
                             "    mlir_reproducer: {\n      pipeline: \"";
  static const char tail[] = "\",\n      disable_threading: false,\n"
                             "      verify_each: true\n    }\n  }\n#-}\n";
  irsToolTextAppend(&t, head, sizeof(head) - 1);
  for (size_t i = 0; i < p.length; ++i) {
    if (p.data[i] == '"' || p.data[i] == '\\')
      irsToolTextAppend(&t, "\\", 1);
    irsToolTextAppend(&t, &p.data[i], 1);
  }
  irsToolTextAppend(&t, tail, sizeof(tail) - 1);
  int e = t.failed ? ENOMEM
                   : irsFileWriteAtomic(c->reproducer, t.data, t.len);
  free(t.data);
  return e;
}
