// RUN: not mlir-opt %s -split-input-file
// Parse errors: a tab before the error, an error past the end of the line,
// an op of an unknown dialect, a non-ASCII line (no caret line).

func.func @undefined(%a: i32) -> i32 {
	%b = arith.addi %a, %c : i32
  return %b : i32
}

// -----

func.func @eol() {
  %0 = arith.constant 1 :
}

// -----

func.func @unknown() {
  "foo.bar"() : () -> ()
  return
}

// -----

func.func @ünïcode() {
  return
}
