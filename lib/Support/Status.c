// SPDX-License-Identifier: Apache-2.0
// Names of error kinds, version strings and input hashing.
#include "irscope/Outcome.h"
#include "irscope/Support.h"

#include "IrsConfig.h"

// The names are the outcome table's (Outcome.c).
const char *irsErrorKindGetName(IrsErrorKind kind) {
  IrsOutcome o = irsOutcomeFromErrorKind(kind);
  return o == IrsOutcomeNone ? "unknown" : irsOutcomeGetName(o);
}

const char *irsGetVersion(void) { return IRS_VERSION_STRING; }
const char *irsGetMlirVersion(void) { return IRS_MLIR_VERSION_STRING; }

void irsHashBytesHex(const void *data, size_t size, char out[17]) {
  // FNV-1a: not cryptographic, only to tell inputs apart in manifests.
  uint64_t h = 14695981039346656037ull;
  const unsigned char *p = data;
  for (size_t i = 0; i < size; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  static const char hex[] = "0123456789abcdef";
  for (int i = 15; i >= 0; --i) {
    out[i] = hex[h & 15];
    h >>= 4;
  }
  out[16] = '\0';
}
