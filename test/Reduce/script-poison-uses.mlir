// Script mode keeps the reducer's ub.poison placeholders, but never where
// poison makes the program undefined: an address or subscript (the memref
// and the index of vector.load), a printed value, a divisor, a shift
// amount, a condition. A script that runs the candidate would otherwise
// judge what poison does at run time. Inputs/loads-in-main.sh keeps any
// candidate whose @main() still loads a vector and prints something.

// RUN: rm -rf %t.tmp && mkdir -p %t.tmp
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=sh --test-arg=%S/Inputs/loads-in-main.sh -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}'
// LOG: exit=0
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=ub.poison < %t.out
// OUT: func.func @main()
// OUT: memref.alloc
// OUT: vector.load %alloc[%c{{[0-9]+}}]
// OUT: vector.print %{{[0-9]+}}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc() : memref<8xf32>
  %i = arith.addi %c2, %c3 : index
  %v = vector.load %m[%i] : memref<8xf32>, vector<2xf32>
  %w = arith.addf %v, %v : vector<2xf32>
  vector.print %w : vector<2xf32>
  memref.dealloc %m : memref<8xf32>
  return
}
