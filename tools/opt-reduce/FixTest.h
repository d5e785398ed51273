// SPDX-License-Identifier: Apache-2.0
//===- FixTest.h - the regression test --emit-lit-test writes by default ---===//
#ifndef IRS_TOOLS_OPT_REDUCE_FIXTEST_H
#define IRS_TOOLS_OPT_REDUCE_FIXTEST_H

#include "irscope/Reduce.h"

#include <mlir-c/IR.h>
#include <stdio.h>

/// What the test is about. Strings are borrowed.
typedef struct IrsFixTestInfo {
  const char *input; ///< the file opt-reduce reduced, quoted (OrConfig's inputShown)
  const IrsSignature *sig;      ///< the failure the reduction kept
  MlirStringRef pipeline;       ///< the reduced pipeline
  const char *testTimeout;      ///< --test-timeout as given (hangs), nullable
  const char *checkDeterminism; ///< NULL, "" or "threads"
  IrsPlugins plugins;           ///< loaded by the reduction; on the RUN line
  /// How the reduction read the input, on the RUN line (Config.h's
  /// orConfigReadFlags: " --allow-unregistered-dialect ..."); nullable.
  const char *readFlags;
} IrsFixTestInfo;

/// The flags that load `plugins` on a RUN line (" --load-pass-plugin=...";
/// all, or with `mlirOnly` those mlir-opt understands); malloc'd, NULL for
/// none or when out of memory.
char *irsFixTestPluginFlags(IrsPlugins plugins, bool mlirOnly);
/// Prints the comment naming the bug, the RUN line and the CHECK-LABEL
/// lines of the regression test for `module` (the reduced module, which the
/// caller prints after them) to `f`. The test fails while the bug is there
/// and passes once it is fixed: the RUN line expects success (upstream
/// style, `mlir-opt %s -pass-pipeline=... | FileCheck %s`, irscope-opt when
/// the pipeline has irscope passes or the failure needs irscope-opt to be
/// seen; -verify-diagnostics when the failure is a
/// diagnostic, so that any error fails it) and the CHECK-LABEL lines name
/// the module's symbols.
void irsFixTestPrint(FILE *f, const IrsFixTestInfo *info, MlirOperation module);
/// One CHECK-LABEL per top-level symbol of `module`, in order; a module
/// without symbols is checked to come out at all.
void irsFixTestPrintChecks(FILE *f, MlirOperation module);
/// `// CHECK: error: MESSAGE`, the signature's masked message with its
/// masks as FileCheck regexes.
void irsFixTestPrintMessageCheck(FILE *f, const char *message);
/// The same check under another directive ("CULPRIT", "CULPRIT-BEFORE-NOT").
void irsFixTestPrintMessageCheckAs(FILE *f, const char *check,
                                   const char *message);

#endif
