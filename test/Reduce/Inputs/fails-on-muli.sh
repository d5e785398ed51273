#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Interestingness test in the mlir-reduce convention (used with
# --test-must-fail: a non-zero exit means interesting): the candidate is
# interesting while irscope-opt still fails on it with irs-test-fail's
# injected failure at an arith.muli. The failure artefacts irscope-opt
# writes go to a directory removed afterwards.
#
#   fails-on-muli.sh CANDIDATE
d=$(mktemp -d) || exit 0
irscope-opt "$1" --crash-protection=0 --failure-dir="$d" \
  --pass-pipeline='builtin.module(func.func(irs-test-fail{op=arith.muli}))' \
  -o /dev/null 2>/dev/null
rc=$?
rm -rf "$d"
exit $rc
