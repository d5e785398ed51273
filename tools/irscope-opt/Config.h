// SPDX-License-Identifier: Apache-2.0
//===- Config.h - irscope-opt's command line into an IrsOptConfig ---------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_CONFIG_H
#define IRS_TOOLS_IRSCOPE_OPT_CONFIG_H

#include "Driver.h"

/// Parses and checks the command line into `cfg` (Config.c: the option
/// table, the checks of its values and the rules between options). Returns
/// -1 when the run is to go ahead; otherwise the exit code of a usage
/// error (its line printed) or of an early exit (--help, --version,
/// --list-passes). `cfg` needs irsOptConfigFree either way.
int irsOptConfigParse(IrsOptConfig *cfg, int argc, char **argv);
void irsOptConfigFree(IrsOptConfig *cfg);

#endif
