// SPDX-License-Identifier: Apache-2.0
//===- FuzzOptions.c - irscope-opt's command line -------------------------===//
//
// The input is a command line, one argument a line, after "irscope-opt":
// irsOptConfigParse (tools/irscope-opt/Config.c, built into this target
// from its source) runs the option table parser (tools/common/Options.c),
// the value checks, the rules between options and the pass-flag lookup in
// MLIR's registry, as irscope-opt does before anything else. Inputs that
// name a plugin are skipped: loading one runs its code, it is no parsing.
// --help and --version print to stdout (run with -close_fd_mask=3).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "Config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (memmem(data, size, "plugin", 6))
    return 0;
  char *text = fuzzString(data, size);
  char *argv[66] = {"irscope-opt"};
  int argc = 1 + fuzzSplitLines(text, argv + 1, 64);
  argv[argc] = NULL;
  IrsOptConfig cfg;
  irsOptConfigParse(&cfg, argc, argv);
  irsOptConfigFree(&cfg);
  free(text);
  return 0;
}
