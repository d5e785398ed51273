// SPDX-License-Identifier: Apache-2.0
//===- Compare.h - two runs of a pipeline, step by step -------------------===//
//
// irscope-report --compare A B: Compare.c aligns the steps of two run
// directories by index (and says where their passes differ), compares the
// IR after each step structurally, and names the first step whose IR or
// outcome differs; ComparePage.c writes the page of the comparison.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_REPORT_COMPARE_H
#define IRS_TOOLS_IRSCOPE_REPORT_COMPARE_H

#include "Explorer.h"

/// How the two runs stand after one step.
typedef enum IrsExVerdict {
  IrsExSame,      ///< the same IR, byte for byte
  IrsExNamesOnly, ///< only SSA value and block names differ
  IrsExDiffers,   ///< the IR differs structurally
  IrsExOutcome,   ///< one run's step failed, did not run or is missing
  IrsExUnknown,   ///< no IR to compare (no dumps), same outcome
} IrsExVerdict;

/// Row `i` of a comparison: step i (0: the input) of each run.
typedef struct IrsExCompareRow {
  const IrsExStep *a, *b; ///< NULL: the run has no such step (or row 0)
  const char *irA, *irB;  ///< the IR after the step: a dump file, or NULL
  IrsExVerdict verdict;
  bool passDiffers;       ///< the two runs run different passes here
} IrsExCompareRow;

typedef struct IrsExCompare {
  IrsExRun a, b;
  IrsExCompareRow *rows; ///< numRows = 1 + the longer run's steps
  int numRows;
  int firstDiff;      ///< the first row IrsExDiffers or IrsExOutcome; -1
  int firstNamesOnly; ///< the first row IrsExNamesOnly; -1
  int firstPassDiff;  ///< the first row whose passes differ; -1
} IrsExCompare;

/// Loads both runs and compares them. False with a reason in err (and
/// *usage for a bad directory).
bool irsExCompareRuns(const char *dirA, const char *dirB, IrsExCompare *c,
                      char *err, size_t errCap, bool *usage);
void irsExCompareFree(IrsExCompare *c);

/// The page of a comparison (*html malloc'd); false when out of memory.
bool irsExRenderComparePage(const IrsExCompare *c, size_t maxDiffBytes,
                            char **html, size_t *len, char *err,
                            size_t errCap);

/// irscope-report --compare A B [-o OUTPUT] (CompareMain.c): the verdict
/// line, the notes, the page; returns the exit code.
int irsExCompareMain(const char *dirA, const char *dirB, const char *output,
                     size_t maxDiffBytes);

/// Reads DIR/NAME whole (*len bytes, NUL-terminated); NULL with errno set.
char *irsExReadRunFile(const char *dir, const char *name, size_t *len);

#endif // IRS_TOOLS_IRSCOPE_REPORT_COMPARE_H
