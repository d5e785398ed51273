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
# After signalling irscope-opt: waits to be stopped (60 s at most, then
# says so).
awaitStop() {
  i=0
  while [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
  echo "fake-tool: not stopped" >&2
  exit 1
}
case "$FAKE_MODE" in
foreign)
  # A dialect only this tool has: a step with cse leaves an op of dialect
  # 'foreign' in the module (the tool needs --allow-unregistered-dialect
  # to read it back), a step with symbol-dce removes it again. It writes
  # text only (--emit-bytecode ignored), which sed can edit.
  for a in "$@"; do
    shift
    [ "$a" = --emit-bytecode ] || set -- "$@" "$a"
  done
  mlir-opt "$@" || exit
  case "$*" in
  *builtin.module\(cse\)*) sed -i '1a\  "foreign.marker"() : () -> ()' "$out" ;;
  *builtin.module\(symbol-dce\)*) sed -i '/foreign\.marker/d' "$out" ;;
  esac
  exit 0 ;;
interrupt)
  # Ctrl-C while irscope narrows a step through this tool: the first run
  # with a debug counter (a narrowing trial) sends SIGINT to irscope-opt,
  # its parent, and waits to be stopped.
  case "$*" in *--mlir-debug-counter=*)
    kill -INT $PPID
    awaitStop ;;
  esac
  exec mlir-opt "$@" ;;
interrupt-print)
  # An interrupt while the tool prints IR without passes into the file
  # FAKE_AT (the input's dump, a step's dump printed from bytecode): it
  # sends SIGINT to irscope-opt, its parent, as `kill -INT` from another
  # shell does, with FAKE_SELF set to itself as well, as ^C does to the
  # whole foreground group; then waits to be stopped.
  case "$*" in *--pass-pipeline=*) exec mlir-opt "$@" ;; esac
  case "$out" in */"$FAKE_AT".tmp-*) ;; *) exec mlir-opt "$@" ;; esac
  kill -INT $PPID
  [ -z "$FAKE_SELF" ] || kill -INT $$
  awaitStop ;;
interrupt-rerun)
  # A step that cannot write its output file (exit 1, as on a full disk);
  # irscope's rerun of it into a pipe (-o -) sends SIGINT to irscope-opt
  # and waits to be stopped.
  case "$*" in *--pass-pipeline=*)
    if [ "$out" != - ]; then
      echo "fake-tool: cannot write '$out'" >&2
      exit 1
    fi
    kill -INT $PPID
    awaitStop ;;
  esac
  exec mlir-opt "$@" ;;
dir-at)
  # The dump FAKE_AT becomes a directory while the tool writes it (to a
  # temporary): irscope cannot rename the temporary into place. With
  # FAKE_TEXT set, the tool writes text only (--emit-bytecode ignored),
  # so a step writes its dump itself.
  case "$out" in */"$FAKE_AT".tmp-*) mkdir "${out%.tmp-*}" ;; esac
  for a in "$@"; do
    shift
    [ -n "$FAKE_TEXT" ] && [ "$a" = --emit-bytecode ] || set -- "$@" "$a"
  done
  exec mlir-opt "$@" ;;
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
race)
  # A race of MLIR's merged schedule: crashes (with an LLVM stack dump)
  # whenever two nested func.func pipelines run in one process, never
  # when each runs on its own, as a step-by-step replay runs them.
  case "$*" in *'),func.func('*)
    cat >&2 <<'DUMP'
PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.
Stack dump:
0.	Program arguments: mlir-opt race.mlir
 #0 0x00007f0000001000 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/usr/lib/llvm-22/lib/libLLVM.so.22.1+0x1000)
 #1 0x00007f0000001100 llvm::sys::RunSignalHandlers() (/usr/lib/llvm-22/lib/libLLVM.so.22.1+0x1100)
 #2 0x00007f0000001200 SignalHandler(int, siginfo_t*, void*) (/usr/lib/llvm-22/lib/libLLVM.so.22.1+0x1200)
 #3 0x00007f0000002000 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)
 #4 0x00007f0000003000 mlir::Liveness::print(llvm::raw_ostream&) const (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x3000)
 #5 0x00007f0000004000 mlir::detail::OpToOpPassAdaptor::run(mlir::Pass*, mlir::Operation*, mlir::AnalysisManager, bool, unsigned int) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x4000)
DUMP
    kill -SEGV $$ ;;
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
small-files)
  # A file over 40 blocks (20 KiB in sh's 512-byte blocks) cannot be
  # written by this tool, as on a disk full for it alone; its stdout, a
  # pipe, takes anything.
  ulimit -f 40
  exec mlir-opt "$@" ;;
core-limit)
  # What a crash of this tool could dump: irscope's runs allow no core file.
  echo "fake.mlir:1:1: warning: core file limit $(ulimit -c)" >&2
  exec mlir-opt "$@" ;;
*) exec mlir-opt "$@" ;;
esac
