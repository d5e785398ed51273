// RUN: not mlir-opt %s -split-input-file -verify-diagnostics
// Repetitions LLVM's regex rejects and glibc's would take: an operator
// right after another, a bound over 255, a bound out of order, an operator
// with nothing before it. Each chunk is one invalid pattern; the last
// chunk's stacked operators once made glibc's compiler take gigabytes.

// expected-error-re@below {{unknown {{.*?}}}}
func.return

// -----

// expected-error-re@below {{unknown {{a{2}{3}}}}}
func.return

// -----

// expected-error-re@below {{unknown {{(a{3,2})}}}}
func.return

// -----

// expected-error-re@below {{unknown {{(a{256})}}}}
func.return

// -----

// expected-error-re@below {{unknown {{(*a)}}}}
func.return

// -----

// expected-error-re@below {{unknown {{[+*]+ok|^*}}}}
func.return

// -----

// expected-error-re@below {{unknown {{^[2-9]++++++++++++++++++++++++++++++++}}}}
func.return
