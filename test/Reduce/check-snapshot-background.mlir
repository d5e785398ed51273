// The input's check of a big module (100k ops and more) writes the IR going
// into a step on the module (here irs-test-crash, step 2) from a forked
// child while the check goes on; the pipeline strategy waits for that child
// and cuts the pipeline to the failing step on the IR it wrote. Nothing of
// the child's (its lock file, the snapshot) is left in the temporary
// directory, whose removal shows it empty.

// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %python -c "v = chr(37) + 'c'; n = 100000; print('func.func @pad() -> i32 {'); [print('  ' + v + str(i) + ' = arith.constant ' + str(i) + ' : i32') for i in range(n)]; print('  return ' + v + str(n - 1) + ' : i32'); print('}')" > %t/pad.mlir
// RUN: cat %t/pad.mlir %s > %t/big.mlir

// RUN: env TMPDIR=%t/tmp opt-reduce %t/big.mlir --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-crash{op=math.sqrt})" --strategies=pipeline,erase-symbols -v -o %t/out.mlir 2>&1 \
// RUN:   | FileCheck %s
// CHECK:      opt-reduce: test 1 [check] the module as it is: crash in irs-test-crash, interesting
// CHECK:      opt-reduce: test {{[0-9]+}} [pipeline] the module as it is: crash in irs-test-crash, interesting
// CHECK:      opt-reduce: pipeline: builtin.module(irs-test-crash{op=math.sqrt}) (reduced from builtin.module(func.func(canonicalize),irs-test-crash{op=math.sqrt})
// CHECK:      signature: crash in irs-test-crash
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=arith.constant < %t/out.mlir
// OUT: func.func @f(
// OUT:   math.sqrt
// RUN: ls -A %t/tmp | count 0

func.func @f(%x: f32) -> f32 {
  %0 = math.sqrt %x : f32
  return %0 : f32
}
