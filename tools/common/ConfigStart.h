// SPDX-License-Identifier: Apache-2.0
//===- ConfigStart.h - the start every tool's configuration shares --------===//
//
// irscope-opt's and opt-reduce's Config.c (and irscope-report's main.c,
// which loads no plugins) begin alike: parse the table,
// answer --help and --version, load the plugins (before any fork, so that
// workers inherit them), and only then their own listings and checks.
// This is that start, once.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_CONFIGSTART_H
#define IRS_TOOLS_COMMON_CONFIGSTART_H

#include "Options.h"
#include "Plugins.h"

#include <stdbool.h>

typedef struct IrsConfigStart {
  const char *tool;      ///< "irscope-opt": the version line, every message
  const char *synopsis;  ///< the usage line after "usage: "
  const char *usageMore; ///< printed after the option list (nullable)
  /// What the parse hands options the table does not know (pass flags).
  IrsUnknownOptionFn unknown;
  void *userData;
  IrsOptionSuspects *suspects; ///< nullable (irsOptionsParseNoting)
  const bool *help, *version;  ///< the table's --help and --version rows
  IrsToolPlugins *plugins;     ///< the table's IRS_OPT_PLUGINS rows (nullable)
} IrsConfigStart;

/// Parses argv[1..argc) with `table`; prints the usage (--help) or the
/// version line (--version) to stdout, else loads the plugins. Returns -1
/// to go on, with the count of positional arguments (moved to the front of
/// argv[1..]) in `*numPositional`; otherwise the exit code: 0 after --help
/// or --version, the usage error's after printing "TOOL: error: ..." (a bad
/// option, a plugin that does not load).
int irsConfigStart(const IrsConfigStart *s, int argc, char **argv,
                   const IrsOption *table, int *numPositional);

/// Prints "TOOL: error: MESSAGE" to stderr and returns the exit code of a
/// usage error.
int irsConfigUsageError(const char *tool, const char *message);

#endif // IRS_TOOLS_COMMON_CONFIGSTART_H
