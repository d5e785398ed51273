// A transform library whose entry point emits a remark at its payload
// root: `transform-preload-library` loads it, and `transform-interpreter`
// nested under func.func then remarks on every function, through MLIR's
// own diagnostics (remark-runs-once.mlir).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    transform.debug.emit_remark_at %root, "seen by the interpreter" : !transform.any_op
    transform.yield
  }
}
