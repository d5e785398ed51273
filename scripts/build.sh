#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Configures and builds irscope into ${BUILD_DIR:-build}. Extra arguments go
# to cmake (e.g. -DIRS_SANITIZE=ON).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo} "$@" >/dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)"
