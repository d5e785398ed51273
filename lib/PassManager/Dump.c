// SPDX-License-Identifier: Apache-2.0
//===- Dump.c - dump names and the dump directory -------------------------===//
//
// A dump directory holds one run: 0000-input.mlir, NNNN-<anchor>-<pass>.mlir
// per step, manifest.xml, and on failure report.xml, failure-input.mlir,
// failure-output.mlir and reproducer.mlir. Files of an earlier run are never
// silently mixed with a new one: preparing a directory that holds them
// fails unless the caller asked to overwrite, which deletes exactly those
// files (nothing else in the directory is touched).
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include "../Support/Fs.h"
#include "irscope/RunDir.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void irsPmDumpName(IrsPipeline p, intptr_t i, IrsBuf *out) {
  irsRunDirDumpName(i + 1, irsPipelineGetStepAnchor(p, i),
                    irsPipelineGetStepPassName(p, i), irsBufStringCallback,
                    out);
}

IrsErrorKind irsDumpDirPrepare(const char *dir, bool overwrite, IrsBuf *err) {
  int e = irsMkdirP(dir);
  if (e) {
    irsBufPrintf(err, "cannot create dump directory '%s': %s", dir,
                 strerror(e));
    return IRS_ERR_IO;
  }
  if (access(dir, W_OK) != 0) {
    irsBufPrintf(err, "cannot write to dump directory '%s': %s", dir,
                 strerror(errno));
    return IRS_ERR_IO;
  }
  DIR *d = opendir(dir);
  if (!d) {
    irsBufPrintf(err, "cannot open dump directory '%s': %s", dir,
                 strerror(errno));
    return IRS_ERR_IO;
  }
  IrsErrorKind k = IRS_OK;
  struct dirent *ent;
  while ((ent = readdir(d)) != NULL) {
    if (!irsRunDirIsRunFile(ent->d_name))
      continue;
    if (!overwrite) {
      irsBufPrintf(err,
                   "dump directory '%s' already holds a previous run ('%s'); "
                   "remove it or pass --dump-overwrite",
                   dir, ent->d_name);
      k = IRS_ERR_USAGE;
      break;
    }
    char *p = irsPathJoin(dir, ent->d_name);
    if (!p || unlink(p) != 0) {
      irsBufPrintf(err, "cannot remove '%s/%s' from the previous run: %s", dir,
                   ent->d_name, p ? strerror(errno) : "out of memory");
      free(p);
      k = IRS_ERR_IO;
      break;
    }
    free(p);
  }
  closedir(d);
  return k;
}
