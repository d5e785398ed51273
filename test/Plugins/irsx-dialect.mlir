// The C++ plugin of test/Plugins/irsx (a TableGen dialect with a type and
// ops, and a rewrite pass, built like MLIR's examples/standalone) loads
// into irscope-opt with mlir-opt's flags: its IR parses, prints, verifies
// and runs, with output byte-identical to mlir-opt's for the same
// pipelines, dumps and verify-each after its pass, the plugins recorded in
// the manifest, and --timing, --repeat and --check-determinism working.

// RUN: rm -rf %t && mkdir %t %t/tmp
// RUN: irscope-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --pass-pipeline='builtin.module(irsx-fold-wrap,canonicalize)' --dump-after-each=%t/dumps --verify-each -o %t/irscope.mlir
// RUN: mlir-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --pass-pipeline='builtin.module(irsx-fold-wrap,canonicalize)' -o %t/mlir-opt.mlir
// RUN: diff %t/irscope.mlir %t/mlir-opt.mlir
// RUN: FileCheck %s --check-prefix=OUT < %t/irscope.mlir
// OUT: %[[W:.*]] = irsx.wrap %arg0 : i32 -> <"x">
// OUT-NOT: irsx.unwrap
// OUT: irsx.use %[[W]] : !irsx.box<"x">
// OUT: return %arg0 : i32

// The dump after the plugin's pass, and the manifest naming both plugins.
// RUN: FileCheck %s --check-prefix=DUMP < %t/dumps/0001-builtin.module-irsx-fold-wrap.mlir
// DUMP: irsx.wrap
// DUMP-NOT: irsx.unwrap
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/dumps/manifest.xml
// MANIFEST: <plugins>
// MANIFEST-NEXT: <plugin kind="mlir-dialect" path="{{.*}}/libIrsxPlugin.so" name="irsx" version="0.1"/>
// MANIFEST-NEXT: <plugin kind="mlir-pass" path="{{.*}}/libIrsxPlugin.so" name="irsx" version="0.1"/>
// MANIFEST: <step index="1" pass="irsx-fold-wrap" anchor="builtin.module" status="ok" changed="true">
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/dumps/manifest.xml

// Pass flags (which mlir-opt cannot take for plugin passes: it parses its
// options before loading plugins) and the generic form, identical too.
// RUN: irscope-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --irsx-fold-wrap --mlir-print-op-generic -o %t/irscope-generic.mlir
// RUN: mlir-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --pass-pipeline='builtin.module(irsx-fold-wrap)' --mlir-print-op-generic -o %t/mlir-opt-generic.mlir
// RUN: diff %t/irscope-generic.mlir %t/mlir-opt-generic.mlir

// Without the dialect plugin the IR does not parse, as in mlir-opt.
// RUN: not irscope-opt %s --canonicalize 2>&1 | FileCheck %s --check-prefix=NODIALECT
// NODIALECT: error: Dialect `irsx' not found for custom op 'irsx.wrap'

// --timing, --repeat and --check-determinism with the plugin's pass.
// RUN: irscope-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --timing --irsx-fold-wrap --canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: irscope step timing report
// TIMING: yes builtin.module(irsx-fold-wrap)
// RUN: env TMPDIR=%t/tmp irscope-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --repeat=3 --irsx-fold-wrap 2>&1 | FileCheck %s --check-prefix=REPEAT
// REPEAT: irscope-opt: repeat: 0 of 3 runs failed
// RUN: irscope-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --check-determinism=threads --irsx-fold-wrap --canonicalize | diff - %t/mlir-opt.mlir

func.func @f(%a: i32) -> i32 {
  %b = irsx.wrap %a : i32 -> !irsx.box<"x">
  %c = irsx.unwrap %b : !irsx.box<"x"> -> i32
  irsx.use %b : !irsx.box<"x">
  return %c : i32
}
