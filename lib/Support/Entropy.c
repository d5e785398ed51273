// SPDX-License-Identifier: Apache-2.0
//===- Entropy.c - fresh random values from the kernel ---------------------===//
//
// See irsEntropy64 in include/irscope/Flake.h: the one place that asks the
// kernel for randomness (Stats.c stays pure). Used for unseeded draws of
// randomised passes and for the master seed a --repeat draws when it is
// given none.
//
//===----------------------------------------------------------------------===//
#include "irscope/Flake.h"

#include <stdlib.h>
#include <sys/random.h>

uint64_t irsEntropy64(void) {
  uint64_t v = 0;
  // getrandom of 8 bytes from the urandom pool does not block once the
  // pool is initialised and is not interrupted for sizes <= 256.
  if (getrandom(&v, sizeof(v), 0) != (ssize_t)sizeof(v)) {
    // Practically unreachable; the address of a fresh allocation still
    // varies from run to run under ASLR.
    void *p = malloc(1);
    v = (uint64_t)(uintptr_t)p;
    free(p);
  }
  return v;
}
