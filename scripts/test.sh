#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The whole test suite: builds and runs ctest (cmocka unit tests + lit)
# normally, then again with AddressSanitizer + UBSan. This is what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD_DIR=build bash scripts/build.sh
(cd build && ctest --output-on-failure)
if [ "${IRS_SKIP_SANITIZE:-0}" != 1 ]; then
  BUILD_DIR=build-asan BUILD_TYPE=Debug bash scripts/build.sh -DIRS_SANITIZE=ON
  (cd build-asan && ctest --output-on-failure)
fi
