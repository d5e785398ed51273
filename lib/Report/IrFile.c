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

IrsPrintingOptions irsDumpPrinting(bool generic, bool debugInfo,
                                   bool assumeVerified) {
  IrsPrintingOptions o = irsPrintingOptionsDefault();
  o.generic = generic;
  o.debugInfo = debugInfo;
  o.assumeVerified = assumeVerified;
  return o;
}

bool irsPrintingSameForVerified(const IrsPrintingOptions *a,
                                const IrsPrintingOptions *b) {
  // Unset limits are any negative number.
  bool elideA = a->elideElementsAttrs >= 0, elideB = b->elideElementsAttrs >= 0;
  bool resA = a->elideResourceStrings >= 0, resB = b->elideResourceStrings >= 0;
  return a->generic == b->generic && a->debugInfo == b->debugInfo &&
         a->prettyDebugInfo == b->prettyDebugInfo && elideA == elideB &&
         (!elideA || a->elideElementsAttrs == b->elideElementsAttrs) &&
         resA == resB &&
         (!resA || a->elideResourceStrings == b->elideResourceStrings) &&
         a->localScope == b->localScope && a->skipRegions == b->skipRegions &&
         a->nameLocAsPrefix == b->nameLocAsPrefix;
}

int irsDumpModuleAliases(MlirOperation module, const char *path, bool generic,
                         bool debugInfo, bool assumeVerified, bool *aliases) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, path);
  if (e)
    return e;
  IrsPrintingOptions p = irsDumpPrinting(generic, debugInfo, assumeVerified);
  MlirOpPrintingFlags flags = irsPrintingOptionsCreateFlags(&p);
  mlirOperationPrintWithFlags(module, flags, irsAtomicFileStringCallback, &af);
  mlirOpPrintingFlagsDestroy(flags);
  // The module printer puts alias definitions ("#map = ...", "!t = ...")
  // before the op: the first byte tells.
  int first = irsAtomicFileFirstByte(&af);
  *aliases = first == '#' || first == '!';
  irsAtomicFileWrite(&af, "\n", 1);
  return irsAtomicFileCommit(&af);
}

int irsDumpModule(MlirOperation module, const char *path, bool generic,
                  bool debugInfo, bool assumeVerified) {
  bool aliases;
  return irsDumpModuleAliases(module, path, generic, debugInfo,
                              assumeVerified, &aliases);
}
