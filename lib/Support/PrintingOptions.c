// SPDX-License-Identifier: Apache-2.0
//===- PrintingOptions.c - IrsPrintingOptions and MLIR's printing flags ---===//
//
// Support.h's printing options: the defaults and the MLIR flags they stand
// for. Every part that prints IR (dumps, failure files, the reducer's
// output) starts from here.
//
//===----------------------------------------------------------------------===//
#include "irscope/Support.h"

IrsPrintingOptions irsPrintingOptionsDefault(void) {
  return (IrsPrintingOptions){.elideElementsAttrs = -1,
                              .elideResourceStrings = -1};
}

MlirOpPrintingFlags
irsPrintingOptionsCreateFlags(const IrsPrintingOptions *o) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (o->generic)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (o->debugInfo || o->prettyDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, o->debugInfo,
                                       o->prettyDebugInfo);
  if (o->elideElementsAttrs >= 0)
    mlirOpPrintingFlagsElideLargeElementsAttrs(flags, o->elideElementsAttrs);
  if (o->elideResourceStrings >= 0)
    mlirOpPrintingFlagsElideLargeResourceString(flags,
                                                o->elideResourceStrings);
  if (o->localScope)
    mlirOpPrintingFlagsUseLocalScope(flags);
  if (o->assumeVerified)
    mlirOpPrintingFlagsAssumeVerified(flags);
  if (o->skipRegions)
    mlirOpPrintingFlagsSkipRegions(flags);
  if (o->nameLocAsPrefix)
    mlirOpPrintingFlagsPrintNameLocAsPrefix(flags);
  return flags;
}
