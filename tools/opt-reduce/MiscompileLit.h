// SPDX-License-Identifier: Apache-2.0
//===- MiscompileLit.h - opt-reduce --miscompile's lit test ---------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_MISCOMPILELIT_H
#define IRS_TOOLS_OPT_REDUCE_MISCOMPILELIT_H

#include "Culprit.h"

#include "irscope/Exec.h"
#include "irscope/Reduce.h"

/// Writes a lit test for a reduced miscompile to c->litTest: RUN lines
/// that run `pipeline` on the module with upstream mlir-opt (irscope-opt
/// for a pipeline with irscope passes), lower it and run it with
/// mlir-runner, and CHECK lines holding the reference result (the module
/// executed before the pipeline), so the test fails today and passes once
/// the bug is fixed; then the culprit's comment (orCulpritPrintResultsLit).
/// The reduction's reading flags (orConfigReadFlags: " --allow-unregistered-dialect
/// ...") and the flags that load its plugins (the lowering's mlir-opt gets
/// those it understands) go on both RUN lines that read the IR. Returns 0
/// or an errno value; EINVAL when the reduced module's reference does not
/// run cleanly (message on stderr).
int irsReduceWriteMiscompileLitTest(const OrConfig *c, MlirOperation module,
                                    MlirStringRef pipeline,
                                    const IrsSignature *sig,
                                    const OrCulprit *culprit);

#endif
