#!/bin/sh
# mlir-opt, except that its first run of a pipeline kills the opt-reduce it
# runs under with SIGKILL (found up its parents by name: the process that
# runs the tool may be a worker or a fork of it), then fails: a reduction
# killed outright, whatever it was doing (killed-leaves-nothing.mlir).
case "$*" in *--pass-pipeline=*)
  p=$PPID
  while [ "$p" -gt 1 ] && [ "$(cat /proc/$p/comm)" != opt-reduce ]; do
    p=$(cut -d ' ' -f 4 /proc/$p/stat)
  done
  [ "$p" -gt 1 ] && kill -9 "$p"
  exit 1 ;;
esac
exec "$MLIR_OPT" "$@"
