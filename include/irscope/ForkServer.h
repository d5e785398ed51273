// SPDX-License-Identifier: Apache-2.0
//===- ForkServer.h - the user's tool started once, forked per run --------===//
//
// A foreign tool (mlir-opt, fir-opt, iree-opt) spends most of a small run
// before its main: loading libMLIR and libLLVM, relocating them, running
// their static initialisers. A fork server pays that once: the tool is
// started with libirscope-forkserver.so preloaded (installed beside
// libirscope), which stops it just before main and forks it for each
// request; each fork runs main with the request's argv. The forks are
// children of the process that created the server (clone with
// CLONE_PARENT), so a supervisor there watches them exactly as a tool it
// had exec'd (irsWorkerChannelHandOver). See docs/ARCHITECTURE.md, Tool
// fork server.
//
// Whenever the server cannot be had (no shim library, a static or non-ELF
// tool such as a script, a tool that exits or does not answer), Create
// returns a null handle and the caller execs the tool as before.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_FORKSERVER_H
#define IRS_FORKSERVER_H

#include "irscope/StackTrace.h"
#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IrsForkServer {
  void *ptr;
} IrsForkServer;

/// Starts `toolPath` (an absolute path) as a fork server, in its own
/// process group, with the environment of the caller plus
/// `LLVM_DISABLE_SYMBOLIZATION=1` and without address-space randomisation
/// (as opt-reduce runs a tool), and waits up to `waitSec` for it to be
/// ready (twice that when the tool must be started again to serve from
/// main, see irsForkServerIsAtOptMain). A null handle when it cannot (see above). The calling process
/// must be the one whose supervisor will watch the forks.
IRS_API IrsForkServer irsForkServerCreate(const char *toolPath,
                                          double waitSec);
/// Takes over a server that opt-reduce's launcher started before it exec'd
/// the calling program (as the first attempt of irsForkServerCreate, with
/// `ctl`, its control socket, left open across the exec, and `pid` now a
/// child of the caller): waits for it as Create does, and starts it again
/// to serve from main when it ended first. The handle is Create's; a null
/// one (the server gone, `ctl` closed) when it cannot serve.
IRS_API IrsForkServer irsForkServerAdopt(int ctl, int64_t pid,
                                         const char *toolPath, double waitSec);
/// A server such a launcher started that is not to be used: closes `ctl`
/// (when >= 0), kills and reaps `pid` (when > 0).
IRS_API void irsForkServerDiscard(int ctl, int64_t pid);
/// Stops the server (its forks run on) and reaps it.
IRS_API void irsForkServerDestroy(IrsForkServer server);

/// From a supervised worker: asks the server for a fork that will run the
/// tool's main with `argv` (argv[0] the tool's path) and the worker's
/// stdin, stdout, stderr and working directory. Returns the fork's pid,
/// which waits, without having run main, until irsForkServerRelease(*go);
/// the worker hands it over to its supervisor in between. Returns -1 (then
/// exec the tool) when the server is gone, does not answer within a few
/// seconds, or the worker's parent is not the server's creator.
IRS_API int64_t irsForkServerSpawn(IrsForkServer server,
                                   const char *const *argv, int *go);
/// irsForkServerSpawn from the server's creator itself (or one of its
/// workers), with the fork's stdin, stdout and stderr given as `stdio`
/// and its working directory as `dirFd` (an open directory) rather than
/// the caller's: the creator then watches the fork with
/// irsSupervisorRunSpawned, without a worker of its own.
IRS_API int64_t irsForkServerSpawnWith(IrsForkServer server,
                                       const char *const *argv,
                                       const int stdio[3], int dirFd,
                                       int *go);
/// Lets a fork from irsForkServerSpawn run main; closes `go`.
IRS_API void irsForkServerRelease(int go);

/// Whether the forks start in the tool's mlir::MlirOptMain, after main
/// registered its dialects and passes (mlir-opt, fir-opt), rather than
/// before main (a tool whose main does not call it first thing with its
/// arguments untouched).
IRS_API bool irsForkServerIsAtOptMain(IrsForkServer server);

/// How many forks the server has made so far; -1 if it cannot tell.
IRS_API int64_t irsForkServerForks(IrsForkServer server);

/// The objects the server has mapped, read now (StackTrace.h): a fork has
/// the server's address layout, so this names the unsymbolised frames of
/// any fork's LLVM stack dump by module offset (except those in an object
/// the fork loaded itself, such as a plugin it was asked to load, and those
/// of a run that was exec'd instead). Null when the server is null or its
/// mappings cannot be read. Caller destroys.
IRS_API IrsLoadMap irsForkServerCreateLoadMap(IrsForkServer server);

#ifdef __cplusplus
}
#endif

#endif // IRS_FORKSERVER_H
