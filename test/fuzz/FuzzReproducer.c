// SPDX-License-Identifier: Apache-2.0
//===- FuzzReproducer.c - a reproducer's {-# ... #-} resources read back --===//
//
// The input is a file given to --run-reproducer (irscope's or MLIR's crash
// reproducer): irsReproducerReadParts finds its pipeline, settings and
// seed, and the ranges it returns are checked to lie in the text (the
// caller blanks them out before parsing).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "irscope/RunDoc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t sum = 0;
  IrsReproducerParts parts;
  memset(&parts, 0, sizeof(parts));
  MlirStringRef text = mlirStringRefCreate((const char *)data, size);
  if (!irsReproducerReadParts(text, &parts, fuzzSink, &sum))
    return 0;
  for (int i = 0; i < 2; ++i) {
    IrsTextRange r = parts.entries[i];
    if (r.length && (r.offset > size || r.length > size - r.offset))
      abort(); // a range the caller would blank out past the text
    fuzzSink(mlirStringRefCreate(text.data + r.offset, r.length), &sum);
  }
  return 0;
}
