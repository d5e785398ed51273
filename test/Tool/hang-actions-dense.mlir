// A hang's action log through --tool is read whole when the ops it
// names carry large constants. Each log line prints its op as the tool
// prints ops, so an op with a 2048-element dense attribute (32 KB of hex)
// made a line of its own size, and the log's tail the supervisor keeps
// (256 KiB) held about a dozen actions, cut. The step, re-run for its log,
// is given --mlir-elide-elementsattrs-if-larger=16: the attribute prints
// as `dense_resource<__elided__>` there and nowhere else, and the whole
// log fits the tail, so its actions are numbered as the tool numbered
// them. The hang is test/Tool/hang-actions.mlir's (the greedy driver
// folds a self-referencing arith.addi forever after its last rewrite,
// here through mlir-opt), whose result feeds an arith.cmpi that holds the
// attribute and is tried by two patterns after every rewrite.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import sys; sys.stdout.write(open(sys.argv[1]).read().split('// INPUT' + chr(10))[-1].replace('VALUES', ', '.join(str(k * 1000003) for k in range(2048))))" %s > %t/in.mlir
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %t/in.mlir --pass-pipeline="builtin.module(func.func(canonicalize))" --step-timeout=6 --failure-dir=%t/f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/f
// ERR: irscope-opt: error: step 1 'builtin.module(func.func(canonicalize))' timed out after 6 s
// ERR: irscope-opt: note: timed out while running pass 'canonicalize' on 'func.func' at {{.*}}in.mlir:{{[0-9]+}}:1: no action began in its last {{[0-9.]+}} s; the last was applying pattern '(anonymous namespace)::{{AddIAddConstant|CmpIExtSI|CmpIExtUI}}' to 'arith.{{addi|cmpi}}' at {{.*}}in.mlir:{{[0-9]+}}:{{[0-9]+}} (#{{[2-9][0-9]|[1-9][0-9][0-9]+}})
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR: exit=6
// A count of at least 20 actions (the step's first iteration alone has
// more than 20): without the elision no more than 256 KiB / 32 KB, 8 op
// lines, fit, and a cut log numbers none.
// RUN: FileCheck %s --check-prefix=REPORT < %t/f/report.xml
// REPORT: <failure kind="timeout" step="1" pass="canonicalize"
// REPORT: <stall ms="{{[0-9]+}}">
// REPORT-NEXT: <action tag="apply-pattern" name="(anonymous namespace)::{{AddIAddConstant|CmpIExtSI|CmpIExtUI}}" index="{{[2-9][0-9]|[1-9][0-9][0-9]+}}"

// INPUT
func.func @loop(%cond: i1, %init: i64) {
  %true = arith.constant true
  %c1 = arith.constant 1 : i64
  cf.cond_br %true, ^exit, ^header(%init : i64)
^header(%iv: i64):
  cf.cond_br %cond, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %c1 : i64
  %p = arith.cmpi eq, %next, %c1 {big = dense<[VALUES]> : tensor<2048xi64>} : i64
  cf.assert %p, "never"
  cf.br ^header(%next : i64)
^exit:
  return
}
