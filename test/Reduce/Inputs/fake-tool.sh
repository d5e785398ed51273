#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A stand-in for an MLIR tool with a shortcoming, for opt-reduce --tool's
# edge cases: runs mlir-opt (found in PATH) with the same arguments, except
# as FAKE_TOOL says:
#   no-generic    refuses --mlir-print-op-generic (cannot print generic form)
#   no-printback  fails when writing opt-reduce's final print-back file
#   no-poison     rejects any input holding ub.poison (a tool without ub)
#   garbage       prints garbage instead of the generic form
#   no-split      refuses --split-input-file (cannot test batches)
#   batch-abort   dies of SIGABRT when given --split-input-file (a batch
#                 never crashes the way a plain run does)
#   generic-only  runs a pipeline only on generic form: custom syntax (the
#                 result printed back) passes
#   not-result    runs a pipeline on any file but *.result.mlir, which
#                 passes (the result does not fail as its candidates did)
# With FAKE_TOOL_LOG set, each run appends its arguments there, one line.
[ -n "$FAKE_TOOL_LOG" ] && echo "$*" >> "$FAKE_TOOL_LOG"
gen= prev= out= in= pipe=
for a in "$@"; do
  [ "$prev" = -o ] && out=$a
  [ "$prev" != -o ] && [ -f "$a" ] && in=$a
  case "$a" in --pass-pipeline=*) pipe=1 ;; esac
  prev=$a
  case "$FAKE_TOOL:$a" in
  no-generic:--mlir-print-op-generic)
    echo "fake-tool: error: unknown option '$a'" >&2; exit 1 ;;
  no-printback:*.opt-reduce-tmp)
    echo "fake-tool: error: the printer is broken" >&2; exit 1 ;;
  no-poison:*)
    if [ -f "$a" ] && grep -q '"ub.poison"' "$a"; then
      echo "$a:1:1: error: dialect 'ub' is unknown" >&2; exit 1
    fi ;;
  garbage:--mlir-print-op-generic)
    gen=1 ;;
  no-split:--split-input-file)
    echo "fake-tool: error: unknown option '$a'" >&2; exit 1 ;;
  batch-abort:--split-input-file)
    kill -ABRT $$ ;;
  esac
done
if [ "$FAKE_TOOL" = generic-only ] && [ -n "$pipe" ] &&
   ! grep -q '"func.func"' "$in"; then
  exit 0
fi
if [ "$FAKE_TOOL" = not-result ] && [ -n "$pipe" ]; then
  case "$in" in *.result.mlir) exit 0 ;; esac
fi
if [ -n "$gen" ]; then
  echo 'this is } not MLIR' > "$out"; exit 0
fi
exec mlir-opt "$@"
