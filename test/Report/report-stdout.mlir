// `irscope-report DIR -o -` writes the page to stdout, as mlir-opt's `-o -`
// does: no file named "-", no DIR/report.html, nothing else on stdout or
// stderr, and links to DIR's files as absolute file: URLs (the page may go
// anywhere). --version reads as the other tools' (one shared start).

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: irscope-opt %s --cse --canonicalize --dump-after-each=%t/d -o /dev/null 2>/dev/null
// RUN: irscope-report %t/d -o - > %t/page.html 2> %t/err
// RUN: FileCheck %s --check-prefix=PAGE -DDIR=%t/d < %t/page.html
// PAGE: <html
// PAGE: href="file://[[DIR]]/0001-builtin.module-cse.mlir"
// PAGE: </html>
// RUN: test ! -e %t/- && test ! -e %t/d/report.html
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t/err
// QUIET-NOT: {{.}}

// The same page as one written to a file outside DIR.
// RUN: irscope-report %t/d -o %t/page2.html 2>/dev/null
// RUN: diff %t/page.html %t/page2.html

// RUN: irscope-report --version | FileCheck %s --check-prefix=VERSION
// VERSION: irscope-report {{[0-9]+\.[0-9]+[^ ]*}} (MLIR {{[0-9]}}
// RUN: irscope-report --help | FileCheck %s --check-prefix=HELP
// HELP: usage: irscope-report DIR [-o FILE]
// HELP: '-' for stdout
// HELP: Exit codes: 0 ok (--compare: every step agrees), 1 (--compare)
// HELP-NEXT: a step differs, 2 usage error
// RUN: not irscope-report 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: irscope-report: error: no directory given (usage: irscope-report DIR [-o FILE])

func.func @f(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  %1 = arith.addi %a, %a : i64
  %2 = arith.muli %0, %1 : i64
  return %2 : i64
}
