// SPDX-License-Identifier: Apache-2.0
//===- ForkServerStart.h - start a fork server's process (libc only) ------===//
//
// The part of lib/Tool/ForkServer.c that needs nothing but libc, so that
// bin/opt-reduce's launcher (tools/opt-reduce/Launcher.c, which links only
// libc) can start the tool's fork server before it execs the reducer: the
// server's start-up (the tool's dynamic loading and main's registration)
// then runs beside the reducer's own, on the other core, and the reducer
// adopts it (irsForkServerAdopt).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOL_FORKSERVERSTART_H
#define IRS_TOOL_FORKSERVERSTART_H

#include <stdbool.h>
#include <sys/types.h>

/// Where the launcher tells the program it execs about the server it
/// started: "CTL PID TOOL" (control socket, pid, the tool's absolute path).
#define IRS_FORK_SERVER_PRESTARTED_ENV "IRS_OPT_REDUCE_FORK_SERVER"

/// Forks and execs `tool` as a fork server with the preload shim `shim`
/// (see irsForkServerCreate for its environment); `atMain`: serve from
/// before main. Returns the control socket, close-on-exec when `cloexec`,
/// and the server's pid in *pid; -1 when it cannot.
int irsForkServerStartProcess(const char *tool, const char *shim, bool atMain,
                              bool cloexec, pid_t *pid);

/// Whether `path` is an ELF file (a script cannot take the shim).
bool irsForkServerIsElf(const char *path);

/// `name` as opt-reduce finds a tool: made absolute and canonical when it
/// has a '/', searched in $PATH when not; malloc'd, NULL if not found.
char *irsForkServerFindTool(const char *name);

#endif // IRS_TOOL_FORKSERVERSTART_H
