#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every structural rule of lib/ and tools/, as ctest's `structure` test runs
# it: file and function sizes, no strategy named by the reducer engine or
# opt-reduce, no private header included where it does not belong, no
# printing in lib/, no public header defined in two lib/ folders and no
# cycle between lib/ folders (scripts/check-structure.py; the folder graph
# needs BUILD_DIR's objects), and no run-directory file name spelled
# outside RunDir
# (scripts/check-rundir-names.py). Prints what each found; exits 1 when a
# rule is broken.
# Usage: scripts/check-structure.sh [BUILD_DIR]   (default: build)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
python=${PYTHON:-python3}
rc=0
"$python" "$root/scripts/check-structure.py" --build "$build" || rc=1
"$python" "$root/scripts/check-rundir-names.py" --root "$root" || rc=1
exit $rc
