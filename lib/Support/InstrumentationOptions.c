// SPDX-License-Identifier: Apache-2.0
//===- InstrumentationOptions.c - the default IrsInstrumentationOptions ---===//
//
// Every part that builds a pass manager or documents one's run starts from
// these defaults: the pass manager, the reducer's workers, the tool runner
// and the report writers (a crash or repeat report's header). They live in
// Support, below all of them, so that Report does not call into PassManager
// (which calls Report's writers).
//
//===----------------------------------------------------------------------===//
#include "irscope/PassManager.h"

#include <string.h>

IrsInstrumentationOptions irsInstrumentationOptionsDefault(void) {
  IrsInstrumentationOptions o;
  memset(&o, 0, sizeof(o));
  o.verifyEach = true;
  o.writeFailureReport = true;
  o.threadingEnabled = true;
  o.mlirPassStatisticsDisplay = MLIR_PASS_DISPLAY_MODE_PIPELINE;
  return o;
}
