// SPDX-License-Identifier: Apache-2.0
//===- PinTest.c - the pin form of --emit-lit-test, and the choice of form -===//
#include "PinTest.h"

#include "CrashHandler.h"
#include "FixTest.h"
#include "Text.h"

#include "irscope/CrashTrace.h"
#include "irscope/Report.h"
#include "irscope/Support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fileCb(MlirStringRef s, void *ud) {
  fwrite(s.data, 1, s.length, (FILE *)ud);
}

// The pin form: a RUN line with the right `not`, CHECK on the signature's
// message; the test passes while the failure is there.
static void printPinHeader(FILE *f, const OrConfig *c, const IrsSignature *sig,
                           MlirStringRef pipe) {
  bool crash = sig->kind == IrsOutcomeCrash && !sig->inEdit;
  char kind[32];
  fprintf(f, "// Reduced by opt-reduce from %s: %s in pass '%s'.\n",
          c->inputShown, irsSignatureFormatKind(sig, kind, sizeof(kind)),
          sig->pass);
  fprintf(f, "// It pins today's failure; once the bug is fixed the RUN line "
             "fails: then\n// replace it with a check of the correct "
             "output.\n");
  bool timeout = sig->kind == IrsOutcomeTimeout && !sig->inEdit;
  bool nondet = sig->kind == IrsOutcomeNondeterminism && !sig->inEdit;
  // The RUN line loads the plugins the reduction did, so the test replays.
  char *pf = NULL;
  size_t pfLen = 0;
  FILE *pff = open_memstream(&pf, &pfLen);
  if (pff) {
    irsPluginsPrintFlags(c->plugins.plugins, false, fileCb, pff);
    // And reads the input as the reduction did.
    char *rf = orConfigReadFlags(c);
    fputs(rf ? rf : "", pff);
    free(rf);
    fclose(pff);
  }
  if (nondet)
    fprintf(f, "// RUN: not irscope-opt %%s%s --check-determinism%s "
               "--pass-pipeline='%.*s' -o /dev/null 2>&1 | FileCheck %%s\n",
            pf ? pf : "", c->checkDeterminism && *c->checkDeterminism ? "=threads" : "",
            (int)pipe.length, pipe.data);
  else if (timeout)
    fprintf(f, "// RUN: not irscope-opt %%s%s --step-timeout=%s "
               "--pass-pipeline='%.*s' -o /dev/null 2>&1 | FileCheck %%s\n",
            pf ? pf : "", c->testTimeout, (int)pipe.length, pipe.data);
  else
  // A crash checked on its error runs single-threaded, as the reduction's
  // candidates did: a pass threaded over functions holds its diagnostics
  // until all of them finish, and a crash loses them (upstream #206952).
  fprintf(f, "// RUN: %s irscope-opt %%s%s --crash-protection=0%s "
             "--pass-pipeline='%.*s' -o /dev/null 2>&1 | FileCheck %%s\n",
          crash ? "not --crash" : "not", pf ? pf : "",
          crash && sig->message[0] ? " --mlir-disable-threading" : "",
          (int)pipe.length, pipe.data);
  free(pf);
  if (nondet) {
    fprintf(f, "// CHECK: is not deterministic: pass '%s' printed different "
               "IR\n",
            sig->pass);
  } else if (timeout) {
    fputs("// CHECK: timed out after\n", f);
  } else if (sig->message[0]) {
    irsFixTestPrintMessageCheck(f, sig->message);
  } else if (crash) {
    fprintf(f, "// CHECK: irscope-opt" IRS_CRASH_TRACE_FATAL_SIGNAL "%s\n",
            irsSignalName(sig->signal));
  }
}

// The lit test: the fix form (FixTest.c) or the pin form, then the reduced
// module.
int orLitTestWrite(const OrConfig *c, IrsReducer r, MlirOperation m,
                   const OrCulprit *culprit) {
  const IrsSignature *sig = irsReducerGetSignature(r);
  MlirStringRef pipe = irsReducerGetPipeline(r);
  // Built in memory, then written through a temporary and a rename: an
  // existing test file is never left half-written.
  char *text = NULL;
  size_t textLen = 0;
  FILE *f = open_memstream(&text, &textLen);
  if (!f)
    return errno;
  bool pin = c->litTestMode && !strcmp(c->litTestMode, "pin");
  if (pin) {
    printPinHeader(f, c, sig, pipe);
  } else {
    char *rf = orConfigReadFlags(c);
    IrsFixTestInfo info = {c->inputShown,         sig, pipe, c->testTimeout,
                           c->checkDeterminism, c->plugins.plugins,
                           rf ? rf : ""};
    irsFixTestPrint(f, &info, m);
    free(rf);
  }
  orCulpritPrintLit(f, c, culprit, pipe, pin, sig);
  fputc('\n', f);
  // Printed whole, then written once: a stream takes its lock on every
  // call, and the printer calls once per token.
  IrsToolText mt = {0};
  MlirOpPrintingFlags fl = mlirOpPrintingFlagsCreate();
  mlirOperationPrintWithFlags(m, fl, irsToolTextCallback, &mt);
  mlirOpPrintingFlagsDestroy(fl);
  if (mt.len)
    fwrite(mt.data, 1, mt.len, f);
  free(mt.data);
  if (mt.failed) {
    fclose(f);
    free(text);
    return ENOMEM;
  }
  fputc('\n', f);
  if (fclose(f) != 0) {
    free(text);
    return ENOMEM;
  }
  int e = irsFileWriteAtomic(c->litTest, text, textLen);
  free(text);
  return e;
}
