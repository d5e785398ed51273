// SPDX-License-Identifier: Apache-2.0
//===- main.c - irscope-opt: the entry point ------------------------------===//
//
// Parses the command line into an IrsOptConfig (Config.c), chooses the
// kind of run (RunKind.h) and hands it to the driver: irscope's own pass
// manager (Driver.c) or the user's tool (ToolMode.c).
//
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "Driver.h"
#include "Resume.h"
#include "RunKind.h"
#include "RunLocks.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  // A write past `ulimit -f` must fail with EFBIG and be reported, not kill
  // the process before it can say what happened.
  signal(SIGXFSZ, SIG_IGN);
  int n;
  char **args;
  int rc = irsOptResumeArgs(argc, argv, &n, &args);
  if (rc >= 0)
    return rc;
  IrsOptConfig cfg;
  rc = irsOptConfigParse(&cfg, n, args);
  // --repeat's signatures go to the failure directory as well.
  IrsToolRunLocks locks = {0};
  if (rc < 0)
    rc = irsToolRunLocksAdd(&locks, "irscope-opt", cfg.dumps.dir,
                            "dump directory", true);
  if (rc < 0)
    rc = irsToolRunLocksAdd(&locks, "irscope-opt", cfg.failureDir,
                            "failure directory", true);
  const IrsOptRunKind *kind = irsOptRunKindChoose(&cfg);
  if (rc < 0)
    rc = kind->start(&cfg, kind);
  irsToolRunLocksRelease(&locks);
  irsOptConfigFree(&cfg);
  if (args != argv)
    irsOptResumeFree(n, args);
#if !defined(__SANITIZE_ADDRESS__)
  // Everything irscope-opt wrote is flushed and closed; LLVM's static
  // destructors (option and pass registries) only cost time at this point.
  fflush(stdout);
  fflush(stderr);
  _exit(rc);
#endif
  return rc;
}
