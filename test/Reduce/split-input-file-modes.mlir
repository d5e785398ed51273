// --split-input-file in the flags of the tool or of the test script, as a
// bug report's command line has it, and with another marker: the chunk is
// found and reduced the same way as in split-input-file.mlir (its input:
// three upstream -remove-dead-values reports, the second chunk a crash of
// MLIR 22.1, llvm/llvm-project#204096).
//
// Tool mode: the tool runs the pipeline on each chunk until one fails; that
// chunk alone is reduced, and the tool's flags lose --split-input-file.
// RUN: opt-reduce %S/split-input-file.mlir --tool=%mlir_opt --tool-arg=-split-input-file -remove-dead-values -o %t.tool -v 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOOL
// TOOL: opt-reduce: note: chunk 1 of 3: the tool runs the pipeline on it without failing
// TOOL-NOT: chunk 3 of 3
// TOOL: opt-reduce: input: '{{.*}}split-input-file.mlir', chunk 2 of 3, lines 71-87
// TOOL: opt-reduce: checked: the tool on '{{.*}}' as written: crash in
// RUN: not --crash %mlir_opt -remove-dead-values %t.tool -o /dev/null
//
// Script mode: --split-input-file among the script's arguments is kept
// there (they are the script's) and splits the input here.
// RUN: opt-reduce %S/split-input-file.mlir --test=not --test-arg=--crash --test-arg=%mlir_opt --test-arg=--split-input-file --test-arg=-remove-dead-values -o %t.script 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: opt-reduce: input: '{{.*}}split-input-file.mlir', chunk 2 of 3, lines 71-87
// SCRIPT: opt-reduce: done: wrote
// RUN: not --crash %mlir_opt -remove-dead-values %t.script -o /dev/null
//
// Another marker, as mlir-opt's --split-input-file=MARKER takes it.
// RUN: sed -e 's|^// -----$|// =====|' %S/split-input-file.mlir > %t.marked.mlir
// RUN: opt-reduce %t.marked.mlir --split-input-file='// =====' -remove-dead-values -o %t.marked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MARKED
// MARKED: opt-reduce: input: '{{.*}}', chunk 2 of 3, lines 71-87
// RUN: opt-reduce %S/split-input-file.mlir --split-input-file -remove-dead-values -o %t.plain 2>/dev/null
// RUN: cmp %t.marked %t.plain
