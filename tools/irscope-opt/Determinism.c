// SPDX-License-Identifier: Apache-2.0
//===- Determinism.c - --check-determinism on one chunk ---------------------===//
#include "Driver.h"

IrsStatus irsOptCheckDeterminism(IrsOptRun *run, IrsPassManager pm,
                                 MlirOperation op, IrsOutcome *found) {
  IrsDeterminismMode mode = *run->cfg->checkDeterminism
                                ? IrsDeterminismThreads
                                : IrsDeterminismRepeat;
  intptr_t step = 0;
  IrsStatus st = irsPassManagerCheckDeterminism(pm, op, mode, &step);
  if (irsStatusIsOk(st) && step > 0) {
    *found = IrsOutcomeNondeterminism;
    return irsStatusMake(IRS_ERR_PASS);
  }
  return st;
}
