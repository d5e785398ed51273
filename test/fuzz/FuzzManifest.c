// SPDX-License-Identifier: Apache-2.0
//===- FuzzManifest.c - a run directory's manifest and report read back ---===//
//
// The input is a manifest.xml (or, when it has a <failure-report> or
// <crash-report> root, a report.xml) as irscope-report loads it
// (tools/irscope-report/Load.c, built into this target from its source, on
// the library's irsRunDoc reader), and as --resume-from checks a dump
// against it (irsRunDirCheckDump, irsRunDirGetInputOps) and the supervisor
// marks a dead run in it (irsManifestMarkDeath). The directory is
// in /dev/shm and holds a small dump for the manifest to name.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "Explorer.h"
#include "irscope/RunDir.h"
#include "irscope/RunDoc.h"

static char *gDir;
static char gManifest[4200], gReport[4200];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  gDir = fuzzMakeTempDir();
  snprintf(gManifest, sizeof(gManifest), "%s/manifest.xml", gDir);
  snprintf(gReport, sizeof(gReport), "%s/report.xml", gDir);
  char dump[4200];
  static const char kDump[] = "module {\n  func.func @f() {\n    return\n  "
                              "}\n}\n";
  snprintf(dump, sizeof(dump), "%s/0001-builtin.module-cse.mlir", gDir);
  fuzzWriteFile(dump, (const uint8_t *)kDump, sizeof(kDump) - 1);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bool report = memmem(data, size, "<failure-report", 15) ||
                memmem(data, size, "<crash-report", 13);
  const char *path = report ? gReport : gManifest;
  fuzzWriteFile(path, data, size);
  IrsExRun run;
  char err[1024];
  bool usage;
  irsExLoad(gDir, &run, err, sizeof(err), &usage);
  irsExFree(&run); // as irscope-report does, loaded or not
  if (!report) {
    irsRunDirGetInputOps(gDir);
    IrsDumpCheck check;
    irsRunDirCheckDump(gDir, "0001-builtin.module-cse.mlir", &check);
    // The supervisor's rewrite of a dead run's manifest reads it first.
    irsManifestMarkDeath(gDir, IrsOutcomeCrash, 1, true, 5.0);
  }
  unlink(path);
  return 0;
}
