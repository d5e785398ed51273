// SPDX-License-Identifier: Apache-2.0
//===- IrFile.c - printing a module to a file atomically ------------------===//
//
// The one printer behind numbered dumps and the IR files of a failure; the
// flags are the caller's (dumps follow the user's printing options, broken
// IR is printed generically without assuming it verifies).
//
//===----------------------------------------------------------------------===//
#include "IrFile.h"

#include "../Support/Fs.h"

int irsDumpModule(MlirOperation module, const char *path, bool generic,
                  bool debugInfo, bool assumeVerified) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, path);
  if (e)
    return e;
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (generic)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (debugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  if (assumeVerified)
    mlirOpPrintingFlagsAssumeVerified(flags);
  mlirOperationPrintWithFlags(module, flags, irsAtomicFileStringCallback, &af);
  mlirOpPrintingFlagsDestroy(flags);
  irsAtomicFileWrite(&af, "\n", 1);
  return irsAtomicFileCommit(&af);
}
