# SPDX-License-Identifier: Apache-2.0
# lit configuration for running a test written by opt-reduce --emit-lit-test
# on its own (copied next to it as lit.cfg.py). The test needs only our
# tools and LLVM's (irscope-opt, not, FileCheck) on the PATH of the caller.
import os

import lit.formats

config.name = "opt-reduce-emitted"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.test_source_root
for var in ("PATH", "TMPDIR", "HOME", "ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
