#!/bin/sh
# A misbehaving stand-in for an mlir-opt-compatible tool, for irscope-opt
# --tool edge cases. FAKE_MODE picks the misbehaviour; every other mode
# forwards to mlir-opt. The output file is the argument after -o.
out=
prev=
for a in "$@"; do
  [ "$prev" = "-o" ] && out=$a
  prev=$a
done
case "$FAKE_MODE" in
garbage) printf 'ML\000\001\002garbage' > "$out"; exit 0 ;;
empty) exit 0 ;;
dies) printf 'module {' > "$out"; kill -9 $$ ;;
flaky)
  # Crashes one step run in four (never the runs irscope makes without a
  # pipeline, to print pre-step IR and reproducers).
  case "$*" in *--pass-pipeline=*)
    [ $(($(od -An -N1 -tu1 /dev/urandom) % 4)) = 0 ] && kill -SEGV $$ ;;
  esac
  exec mlir-opt "$@" ;;
nondet)
  # Correct IR, but a trailing comment that differs from run to run.
  mlir-opt "$@" || exit $?
  case "$*" in *--pass-pipeline=*) echo "// $(od -An -N4 -tu4 /dev/urandom)" >> "$out" ;; esac
  exit 0 ;;
no-bytecode)
  args=
  for a in "$@"; do
    [ "$a" = "--emit-bytecode" ] || args="$args '$a'"
  done
  eval exec mlir-opt $args ;;
last-words)
  # A diagnostic, and a partial line the tool's stack dump will continue.
  echo "fake.mlir:1:1: warning: last words before the crash" >&2
  printf 'partial: [' >&2
  exec mlir-opt "$@" ;;
core-limit)
  # What a crash of this tool could dump: irscope's runs allow no core file.
  echo "fake.mlir:1:1: warning: core file limit $(ulimit -c)" >&2
  exec mlir-opt "$@" ;;
*) exec mlir-opt "$@" ;;
esac
