// SPDX-License-Identifier: Apache-2.0
//===- CrashHandler.h - say where and how a worker process died ----------===//
//
// Installed in supervised worker processes only. On a fatal signal it
// writes one line naming the signal (and "stack overflow" when the fault
// address is next to the stack pointer) plus a backtrace to stderr, which
// the supervisor captures into report.xml, then dies of the same signal so
// the supervisor sees the real cause. One thread tells a crash: another
// that faults while it does waits for it (threads of MLIR's pool fault at
// once on a broken attribute they all read). Process-global by nature
// (signal dispositions), hence in tools/, not the library.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_CRASHHANDLER_H
#define IRS_TOOLS_CRASHHANDLER_H

#include "irscope/Action.h"
#include "irscope/PassManager.h"

/// `tool` (static string) prefixes the message.
void irsInstallCrashHandlers(const char *tool);

/// For the reducer's test workers (IrsReduceWorkerMlir, Reduce.h): on a
/// fatal signal, writes the raw return addresses between
/// IRS_CRASH_TRACE_FRAMES_BEGIN and _END (irscope/CrashTrace.h, where
/// every marker this file writes is defined) to stderr, unsymbolised
/// (the reducer symbolises them in the parent, once per address), then
/// dies of the same signal. backtrace() must have been called once before
/// (irsCrashHandlerWarmUp), in the parent rather than in every worker.
void irsInstallFrameCrashHandlers(void);

/// The pass manager whose in-flight dump a fatal signal waits for (up to
/// 10 s) before the process dies; null for none. The worker's one run.
void irsCrashHandlerAwaitDumpsOf(IrsPassManager pm);

/// Loads what backtrace() needs (libgcc) so that a handler need not: call
/// once in a process before it forks workers that install handlers.
void irsCrashHandlerWarmUp(void);

/// For workers whose supervisor has traceOnTimeout: on
/// IRS_SUPERVISOR_TRACE_SIGNAL, writes "TOOL: step timed out", the
/// backtrace of the thread that received it (the one the supervisor picked
/// as running the step) and IRS_CRASH_TRACE_END to stderr, then lets
/// the worker go on until the supervisor kills it. Install before the first
/// step; only in workers of such a supervisor (the signal's default action
/// kills the process).
void irsInstallHangTraceHandler(const char *tool);

/// The action trail the worker records into (null: none): the fatal-signal
/// handler describes its actions in flight, the hang handler those and the
/// ones the step repeats (irsActionTrailDescribeOps), a fault while doing
/// so ending the description, not the report.
void irsCrashHandlerDescribeTrail(IrsActionTrail trail);

/// Signal name such as "SIGSEGV" (static string).
const char *irsSignalName(int sig);

#endif
