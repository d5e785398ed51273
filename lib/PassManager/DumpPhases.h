// SPDX-License-Identifier: Apache-2.0
//===- DumpPhases.h - where an instrumented run's time goes, by phase -----===//
//
// Internal to lib/PassManager. A benchmark (bench/model.py) asks for the
// table by naming a file in IRSCOPE_PHASES; each pass manager then counts,
// per phase, how often it ran, the CPU time of the thread that ran it, the
// wall time and the bytes, and appends the table to the file when it is
// destroyed. Without the variable the counters do not exist and every call
// below is a test of a null pointer.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_LIB_PASSMANAGER_DUMPPHASES_H
#define IRS_LIB_PASSMANAGER_DUMPPHASES_H

#include <stdint.h>

typedef enum IrsPhase {
  IrsPhaseClone,       // top-level ops cloned for a dump on a thread
  IrsPhasePrint,       // top-level ops printed to text
  IrsPhasePrintWhole,  // a module printed whole into its dump
  IrsPhaseWrite,       // a stitched dump assembled and written
  IrsPhaseCopy,        // an unchanged step's dump copied from the last one
  IrsPhaseHash,        // dumps read back for the manifest's hash
  IrsPhaseVerify,      // --verify-each
  IrsPhaseFingerprint, // did the step change the IR
  IrsPhaseWait,        // the pipeline waiting for a dump in flight
  IrsPhaseFork,        // fork() of a snapshot printer
  IrsPhaseChild,       // CPU of snapshot printers: wait4's rusage, which
                       // holds a printer's second printer (it reaps it)
  IrsPhaseRunQueue,    // per thread of the process: CPU, wait for a core
  IrsPhaseSplit,       // a printer's second half printed by its own child
                       // (its CPU is also inside IrsPhaseChild's)
  IrsPhaseReuse,       // texts a forked printer took from the last dump
  IrsPhaseBuffered,    // a forked printer's whole print through MLIR's
                       // buffered stream (BufferedDump.c)
  IrsPhaseHeld,        // fingerprints a module-level step left to its
                       // printer (bytes: 8 a fingerprint)
  IrsPhaseAsk,         // fingerprints the pipeline asked that printer for
  IrsPhaseProbe,       // the run's first fork timing a copy-on-write fault
                       // (wall: its cost; bytes: 1 when forks pay)
  IrsPhaseCount,
} IrsPhase;

typedef struct IrsPhases IrsPhases;

/// A start point: the calling thread's CPU time and the wall clock (zero
/// when `p` is null).
typedef struct IrsPhaseMark {
  int64_t cpuNs, wallNs;
} IrsPhaseMark;

/// The counters when IRSCOPE_PHASES names a file, else null.
IrsPhases *irsPhasesCreateFromEnv(void);
/// Appends phase k's line to the file (a forked printer's, before it
/// leaves); null is fine.
void irsPhasesAppend(IrsPhases *p, IrsPhase k);
/// Appends the table to the file and frees; null is fine.
void irsPhasesFinish(IrsPhases *p);
IrsPhaseMark irsPhaseBegin(const IrsPhases *p);
/// Adds the time since `m` (this thread's CPU, wall) and `bytes` to phase k.
void irsPhaseEnd(IrsPhases *p, IrsPhase k, IrsPhaseMark m, int64_t bytes);
/// Adds measured amounts to phase k (a child's rusage).
void irsPhaseAdd(IrsPhases *p, IrsPhase k, int64_t cpuNs, int64_t wallNs,
                 int64_t bytes);

#endif
