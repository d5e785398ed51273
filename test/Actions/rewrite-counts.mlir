// Every run that dumps records, per step, how often each rewrite pattern
// was applied (MLIR's `apply-pattern` actions: each try of a pattern on an
// op) and on how many ops each pass ran (`pass-execution`), in the
// manifest's <rewrites>. canonicalize on the two functions tries its
// patterns (AddIAddConstant folds @f's two additions of constants into
// one); cse runs once on the module and applies no pattern. The same counts
// come out with threads as without, and through either engine (checkpoints
// with --dump-after-each alone; step by step with --timing too).

// RUN: rm -rf %t && mkdir %t
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),cse)" --dump-after-each=%t/a -o /dev/null
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/a/manifest.xml
// RUN: FileCheck %s < %t/a/manifest.xml
// CHECK: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// CHECK: <diagnostics/>
// CHECK-NEXT: <rewrites applications="17">
// CHECK-NEXT: <pattern name="(anonymous namespace)::AddIAddConstant" count="4"/>
// CHECK-NEXT: <pattern name="(anonymous namespace)::AddIMulNegativeOneLhs" count="3"/>
// CHECK-NEXT: <pattern name="(anonymous namespace)::AddIMulNegativeOneRhs" count="3"/>
// CHECK-NEXT: <pattern name="(anonymous namespace)::AddISubConstantLHS" count="3"/>
// CHECK-NEXT: <pattern name="(anonymous namespace)::AddISubConstantRHS" count="3"/>
// CHECK-NEXT: <pattern name="(anonymous namespace)::MulIMulIConstant" count="1"/>
// CHECK-NEXT: <pass name="canonicalize" ops="2"/>
// CHECK-NEXT: </rewrites>
// CHECK: <step index="2" pass="cse" anchor="builtin.module"
// CHECK: <diagnostics/>
// CHECK-NEXT: <rewrites applications="0">
// CHECK-NEXT: <pass name="cse" ops="1"/>
// CHECK-NEXT: </rewrites>

// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),cse)" --dump-after-each=%t/b --timing --mlir-disable-threading -o /dev/null 2>/dev/null
// RUN: sed -n '/<rewrites/,/<\/rewrites>/p' %t/a/manifest.xml > %t/a.rewrites
// RUN: sed -n '/<rewrites/,/<\/rewrites>/p' %t/b/manifest.xml > %t/b.rewrites
// RUN: diff %t/a.rewrites %t/b.rewrites

// Under crash protection (the runs above) the action trail counts as it
// records; without it the counts are a consumer of their own: the same.
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),cse)" --dump-after-each=%t/u --crash-protection=0 -o /dev/null
// RUN: sed -n '/<rewrites/,/<\/rewrites>/p' %t/u/manifest.xml > %t/u.rewrites
// RUN: diff %t/a.rewrites %t/u.rewrites

// IRSCOPE_NO_ACTIONS leaves counts and trail out (a benchmark's baseline).
// RUN: env IRSCOPE_NO_ACTIONS=1 irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),cse)" --dump-after-each=%t/n -o /dev/null
// RUN: FileCheck --check-prefix=OFF %s < %t/n/manifest.xml
// OFF: <step index="1" pass="canonicalize"
// OFF-NOT: <rewrites
// OFF: </irscope-manifest>

func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}

func.func @g(%a: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %a, %c3 : i32
  return %0 : i32
}
