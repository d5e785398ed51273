// SPDX-License-Identifier: Apache-2.0
//===- VerifyPrint.c - a step's verification and dump print in one pass ---===//
//
// After a module-level step, the verifier walks every function, then the
// dump's printer walks the changed ones again: two walks of a module that
// a conversion has scattered over the heap, each paying the cache misses.
// Where the dump is printed in place on two threads (forks cost more than
// that: BackgroundDump.c), each thread instead verifies a function and at
// once prints it, from its core's cache; on a lowered model the pass costs
// about what the print alone did (bench/README.md).
//
// It gives mlirOperationVerify(module)'s answer by making MLIR's own
// checks in another order. MLIR verifies the module op and the top-level
// ops that are not isolated from above in its own walk, each isolated one
// with its regions (verifyOpAndDominance, in parallel), then the module's
// region invariants (the symbol table: unique names, every symbol use).
// When no value lives at the module's level (no top-level op has results
// or operands) and no top-level op has successors, a top-level op's checks
// involve no other top-level op, so verifying each with its regions
// (mlirOperationVerify) makes the same checks on it whether or not it is
// isolated, and the module alone (irsOpVerifyAlone) makes the rest; the
// module body's block checks have nothing left to reject. A failure, or
// any diagnostic (a verifier may warn and succeed), is only an answer:
// diagnostics are discarded here, and the caller runs
// mlirOperationVerify(module), which reports what a plain run reports.
//
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "StitchedDump.h"

#include "../Support/DiagnosticsImpl.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct Alone {
  MlirOperation module;
  IrsPhases *ph;
  bool ok;
} Alone;

static void *alone(void *arg) {
  Alone *a = arg;
  IrsPhaseMark m = irsPhaseBegin(a->ph);
  a->ok = irsOpVerifyAlone(a->module);
  irsPhaseEnd(a->ph, IrsPhaseVerify, m, 0);
  return NULL;
}

// Top-level ops the split above covers: no value at the module's level
// (no block argument, no op with results or operands), so nothing one op
// uses is another's; no op with successors.
static bool splittable(MlirBlock body, MlirOperation *ops, size_t n) {
  if (mlirBlockGetNumArguments(body) != 0)
    return false;
  for (size_t k = 0; k < n; ++k)
    if (mlirOperationGetNumSuccessors(ops[k]) != 0 ||
        mlirOperationGetNumResults(ops[k]) != 0 ||
        mlirOperationGetNumOperands(ops[k]) != 0)
      return false;
  return true;
}

// The step's dump will be stitched from texts printed here on two
// threads: the default printing flags, no forked printer.
static bool wanted(IrsPassManagerImpl *pm) {
  const IrsDumpOptions *d = &pm->opts.dump;
  return pm->rec.dumpDir && pm->opts.verify.verifyEach && !d->printGeneric &&
         !d->printDebugInfo && !d->inBackground && !pm->dumpAliased &&
         pm->opts.run.threadingEnabled &&
         mlirContextGetNumThreads(pm->ctx) >= 2 && !irsBgDumpForksPay(pm);
}

bool irsDumpVerifyPrint(IrsPassManagerImpl *pm, MlirOperation module) {
  MlirBlock body = irsDumpModuleBody(module);
  if (!wanted(pm) || mlirBlockIsNull(body))
    return false;
  size_t n = irsDumpCountTops(body);
  if (n < 2 || pm->numTopFps != n)
    return false;
  // A dump in flight on a thread puts its texts into the cache first.
  irsPmDumpJoin(pm);
  if (!pm->dumpCache && !(pm->dumpCache = irsDumpCacheNew()))
    return false;
  size_t numOps = 0;
  MlirOperation *ops = irsFingerprintTops(module, &numOps);
  IrsDumpEntry *fresh = calloc(n, sizeof(*fresh));
  bool *todo = calloc(n, sizeof(*todo));
  bool ok = ops && numOps == n && fresh && todo && splittable(body, ops, n);
  if (!ok) {
    free(ops);
    free(fresh);
    free(todo);
    return false;
  }
  irsDumpCacheTake(pm->dumpCache, body, n, pm->topFps, pm->numTopFps, ops,
                   fresh, todo);
  bool failed = false;
  intptr_t d0 = irsDiagnosticCaptureGetNumDiscarded(pm->capture);
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  // The module alone is one sequential walk of every op (its symbol uses):
  // a thread of its own, beside the two that verify and print.
  Alone a = {module, pm->phases, true};
  pthread_t th;
  bool apart = pthread_create(&th, NULL, alone, &a) == 0;
  // Printed assuming valid IR: an op is printed only once it verified.
  irsDumpVerifyPrintMissing(pm->dumpCache, ops, fresh, todo, n, true, true,
                            pm->phases, &failed);
  if (apart)
    pthread_join(th, NULL);
  else
    alone(&a);
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  // A verifier that only warned succeeded, but its warning must be shown
  // as a plain run shows it: the caller's verification reports it.
  failed = failed || !a.ok ||
           irsDiagnosticCaptureGetNumDiscarded(pm->capture) != d0;
  // The texts become the cache, also after a failure: an op that failed
  // has no text, so the dump prints it again; the others are right for
  // their keys either way.
  irsDumpCacheReplace(pm->dumpCache, fresh, n, true);
  free(ops);
  free(todo);
  return !failed;
}
