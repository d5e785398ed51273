// SPDX-License-Identifier: Apache-2.0
//===- FuzzPassOptions.c - "{key=value ...}" options of irscope's passes --===//
//
// The input is the text between an irscope pass's braces, as the pass
// manager hands it to irsPassOptionsParse before creating the pass.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "Passes/PassesImpl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrsBuf err = {0};
  IrsPassOptions opts = {0};
  size_t sum = 0;
  MlirStringRef text = mlirStringRefCreate((const char *)data, size);
  if (irsPassOptionsParse(text, &opts, &err)) {
    for (intptr_t i = 0; i < opts.num; ++i) {
      fuzzSink(mlirStringRefCreateFromCString(opts.items[i].key), &sum);
      fuzzSink(mlirStringRefCreateFromCString(opts.items[i].value), &sum);
    }
    static const char *const known[] = {"op", "count", "seed", NULL};
    const char *v = irsPassOptionsGet(&opts, "op");
    if (v)
      fuzzSink(mlirStringRefCreateFromCString(v), &sum);
    irsPassOptionsCheckKnown(&opts, "irs-test-fuzz", known, &err);
  }
  fuzzSink(irsBufRef(&err), &sum);
  irsPassOptionsFree(&opts);
  irsBufFree(&err);
  return 0;
}
