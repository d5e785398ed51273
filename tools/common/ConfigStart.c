// SPDX-License-Identifier: Apache-2.0
//===- ConfigStart.c - parse, --help, --version, plugins ------------------===//
#include "ConfigStart.h"

#include "irscope/Outcome.h"
#include "irscope/Support.h"

#include <stdio.h>

int irsConfigUsageError(const char *tool, const char *message) {
  fprintf(stderr, "%s: error: %s\n", tool, message);
  return irsOutcomeGetExitCode(IrsOutcomeUsageError);
}

int irsConfigStart(const IrsConfigStart *s, int argc, char **argv,
                   const IrsOption *table, int *numPositional) {
  char err[512];
  *numPositional = irsOptionsParseNoting(argc, argv, table, s->unknown,
                                         s->userData, s->suspects, err,
                                         sizeof(err));
  if (*numPositional < 0)
    return irsConfigUsageError(s->tool, err);
  if (*s->help) {
    irsOptionsPrintUsage(stdout, s->synopsis, table);
    if (s->usageMore)
      fputs(s->usageMore, stdout);
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  }
  if (*s->version) {
    printf("%s %s (MLIR %s)\n", s->tool, irsGetVersion(),
           irsGetMlirVersion());
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  }
  if (s->plugins && !irsToolPluginsLoad(s->plugins, s->tool))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  return -1;
}
