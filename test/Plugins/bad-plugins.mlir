// Bad plugins get one line naming the file and the problem, and exit 2, in
// irscope-opt and opt-reduce alike: a missing file, a file that is not a
// shared object, a shared object without an entry point, a plugin of
// another API version, and a plugin whose registration fails.

// RUN: rm -rf %t && mkdir %t
// RUN: %irs_plugin_cc -DTP_NO_ENTRY %S/Inputs/c-plugin.c -o %t/no-entry.so
// RUN: %irs_plugin_cc -DTP_BAD_VERSION %S/Inputs/c-plugin.c -o %t/version.so
// RUN: %irs_plugin_cc -DTP_REFUSE %S/Inputs/c-plugin.c -o %t/refuse.so
// RUN: cp %s %t/text.so

// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/missing.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: irscope-opt: error: cannot load pass plugin '{{.*}}/missing.so': No such file or directory
// MISSING-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --load-dialect-plugin=%t/missing.so; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=MISSING-D
// MISSING-D: irscope-opt: error: cannot load dialect plugin '{{.*}}/missing.so': No such file or directory
// MISSING-D-NEXT: exit=2

// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/text.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=TEXT
// TEXT: irscope-opt: error: cannot load pass plugin '{{.*}}/text.so': not a shared object
// TEXT-NEXT: exit=2

// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/no-entry.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: irscope-opt: error: cannot load pass plugin '{{.*}}/no-entry.so': no entry point 'mlirGetPassPluginInfo' or 'irsGetPassPluginInfo'
// ENTRY-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --load-dialect-plugin=%t/no-entry.so; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ENTRY-D
// ENTRY-D: irscope-opt: error: cannot load dialect plugin '{{.*}}/no-entry.so': no entry point 'mlirGetDialectPluginInfo'
// ENTRY-D-NEXT: exit=2

// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/version.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: irscope-opt: error: pass plugin '{{.*}}/version.so' has API version 99, expected 1
// VERSION-NEXT: exit=2

// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/refuse.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REFUSE
// REFUSE: irscope-opt: error: pass plugin '{{.*}}/refuse.so' failed to register its passes: tp-plugin needs a newer frobnicator
// REFUSE-NEXT: exit=2

// Loading stops at the first bad plugin, whatever else is asked for.
// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/version.so --list-passes; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: sh -c 'irscope-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%t/no-entry.so; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ENTRY

// opt-reduce says the same, with its own name.
// RUN: sh -c 'opt-reduce %s --load-pass-plugin=%t/missing.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=R-MISSING
// R-MISSING: opt-reduce: error: cannot load pass plugin '{{.*}}/missing.so': No such file or directory
// R-MISSING-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --load-dialect-plugin=%t/text.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=R-TEXT
// R-TEXT: opt-reduce: error: cannot load dialect plugin '{{.*}}/text.so': not a shared object
// R-TEXT-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --load-pass-plugin=%t/no-entry.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=R-ENTRY
// R-ENTRY: opt-reduce: error: cannot load pass plugin '{{.*}}/no-entry.so': no entry point 'mlirGetPassPluginInfo' or 'irsGetPassPluginInfo'
// R-ENTRY-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --load-pass-plugin=%t/version.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=R-VERSION
// R-VERSION: opt-reduce: error: pass plugin '{{.*}}/version.so' has API version 99, expected 1
// R-VERSION-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --load-pass-plugin=%t/refuse.so --canonicalize; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=R-REFUSE
// R-REFUSE: opt-reduce: error: pass plugin '{{.*}}/refuse.so' failed to register its passes: tp-plugin needs a newer frobnicator
// R-REFUSE-NEXT: exit=2

func.func @f() {
  return
}
