// Inputs that cannot be read or are not MLIR are input errors: exit code 2
// and a one-line error, nothing on stdout. An empty input is not an error:
// like mlir-opt, irscope-opt reads it as an empty module.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// Missing file, and a directory given as input.
// RUN: sh -c 'irscope-opt %t.does-not-exist.mlir --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING --match-full-lines -DPATH=%t.does-not-exist.mlir
// MISSING-NOT: {{.}}
// MISSING: irscope-opt: error: cannot open input file '[[PATH]]': No such file or directory
// MISSING-NEXT: exit=2
// MISSING-EMPTY:
// RUN: rm -rf %t.dir && mkdir %t.dir && sh -c 'irscope-opt %t.dir --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIR --match-full-lines -DPATH=%t.dir
// DIR-NOT: {{.}}
// DIR: irscope-opt: error: {{cannot open|cannot read}} input file '[[PATH]]': Is a directory
// DIR-NEXT: exit=2

// Empty input: exactly what mlir-opt prints, exit 0.
// RUN: rm -f %t.empty.mlir && touch %t.empty.mlir
// RUN: %mlir_opt %t.empty.mlir --canonicalize > %t.empty.ref
// RUN: irscope-opt %t.empty.mlir --canonicalize > %t.empty.out
// RUN: diff %t.empty.ref %t.empty.out
// RUN: FileCheck %s --check-prefix=EMPTY --match-full-lines < %t.empty.out
// EMPTY: module {
// EMPTY-NEXT: }

// Binary junk that is not bytecode: the lexer's error at line 1.
// RUN: sh -c 'printf "\211PNG\r\n\032\n\000\000\000\rIHDR" > %t.png.mlir'
// RUN: sh -c 'irscope-opt %t.png.mlir --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=JUNK --match-full-lines -DPATH=%t.png.mlir
// JUNK-NOT: {{.}}
// JUNK: [[PATH]]:1:1: error: unexpected character
// The source line follows without a caret, byte for byte as mlir-opt
// prints it for this input.
// JUNK-NEXT: {{.}}PNG
// JUNK-NEXT: exit=2

// Something that starts like bytecode but is not: the bytecode reader's
// error, exit 2.
// RUN: sh -c 'printf "ML\357R\000\005garbage" > %t.bad.mlirbc'
// RUN: sh -c 'irscope-opt %t.bad.mlirbc --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADBC -DPATH=%t.bad.mlirbc
// BADBC-NOT: {{.}}
// BADBC: [[PATH]]:0:0: error: bytecode version {{[0-9]+}} is newer than the current version
// BADBC-NEXT: exit=2

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
