#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs exactly what irscope needs to build and test on Debian 12.
# Idempotent: packages already present are left alone, apt is only asked
# when something is missing.
set -euo pipefail

PKGS=(
  cmake make gcc g++
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
  libxml2-dev libxml2-utils
  libgit2-dev pkg-config
  libcmocka-dev
  python3
  # fir-opt and bbc, a real downstream MLIR compiler: the --tool tests of
  # irscope-opt (test/Tool/fir-opt.mlir) and opt-reduce
  # (test/Reduce/tool-fir.test), and bench/reduce_tool.py.
  flang-22
  # The browser test of irscope-report's page (test/Browser); without
  # them that one test is reported UNSUPPORTED.
  chromium chromium-driver
  # MLIR 19's mlir-opt (/usr/lib/llvm-19/bin): irscope-report --compare of
  # two MLIR versions' runs (test/Report/compare-versions.test;
  # UNSUPPORTED without).
  mlir-19-tools
  # GNU parallel: the sharded --repeat test (UNSUPPORTED without).
  parallel
  # clang with libFuzzer: the fuzz targets (-DIRS_FUZZ=ON, test/fuzz) and
  # CI's smoke run of them (scripts/fuzz-smoke.sh).
  clang-22 libfuzzer-22-dev
  # clang's sanitizer runtimes (libclang_rt.asan_static and the rest), which
  # the fuzz targets link: not pulled in by clang-22 or libfuzzer-22-dev.
  libclang-rt-22-dev
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
