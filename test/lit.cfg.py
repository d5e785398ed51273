# lit configuration for irscope's tests (see test/CMakeLists.txt).
import os
import shutil

import lit.formats

config.name = "irscope"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".c", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "unit", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.irs_obj_root, "test")

# Our tools first, then LLVM's (FileCheck, not, mlir-opt).
path = os.pathsep.join([config.irs_tools_dir, config.llvm_tools_dir,
                        config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["PATH"] = path
for var in ("TMPDIR", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
if config.irs_sanitize:
    config.available_features.add("asan")
    # MLIR's own one-time allocations are not ours to report.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0"
    config.environment["LSAN_OPTIONS"] = "suppressions=" + os.path.join(
        config.irs_src_root, "test", "lsan.supp")

import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%libirscope", os.path.join(config.irs_obj_root, "lib", "libirscope.so")))
config.substitutions.append(("%irscope_libdir", os.path.join(config.irs_obj_root, "lib")))
config.substitutions.append(("%irscope_src", config.irs_src_root))
config.substitutions.append(("%irs_obj_root", config.irs_obj_root))
config.substitutions.append(("%dialects", os.path.join(config.irs_src_root, "dialects")))
config.substitutions.append(("%schemas", os.path.join(config.irs_src_root, "docs", "schema")))
config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(("%llvm_lib_dir", os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")))

# Compiles a C program against the public headers and libirscope (docs
# examples, plugins): %irs_cc SOURCE... -o OUT.
_irs_cc = [config.irs_c_compiler, "-std=c17", "-Wall", "-Werror", "-Wno-unused-parameter",
           "-I" + os.path.join(config.irs_src_root, "include"),
           "-I" + config.mlir_include_dir.split(";")[0]]
if config.irs_sanitize:
    _irs_cc.append("-fsanitize=address,undefined")
_irs_link = ["-Wl,--no-as-needed", os.path.join(config.irs_obj_root, "lib", "libirscope.so"),
             "-Wl,-rpath," + os.path.join(config.irs_obj_root, "lib") + ":" + config.llvm_library_dir]
config.substitutions.append(("%irs_cc", " ".join(_irs_cc + _irs_link)))
# The C++ dialect + pass plugin built once for the suite (test/Plugins/irsx).
config.substitutions.append(("%irsx_plugin", os.path.join(config.irs_obj_root, "test", "plugins", "libIrsxPlugin.so")))
config.substitutions.append(("%irs_plugin_cc", " ".join(_irs_cc + ["-shared", "-fPIC"] + _irs_link)))

# Flang's fir-opt and bbc (Debian flang-22; scripts/setup.sh installs it): a
# real downstream MLIR compiler for irscope-opt --tool (test/Tool).
fir_opt = os.path.join(config.llvm_tools_dir, "fir-opt")
bbc = os.path.join(config.llvm_tools_dir, "bbc")
if os.access(fir_opt, os.X_OK) and os.access(bbc, os.X_OK):
    config.available_features.add("fir-opt")
    config.available_features.add("flang")
    config.substitutions.append(("%fir_opt", fir_opt))
    config.substitutions.append(("%bbc", bbc))
else:
    lit_config.note("fir-opt or bbc not found: the Flang tests (test/Tool) "
                    "will be reported UNSUPPORTED")

# MLIR 19's mlir-opt (Debian mlir-19-tools): comparing two MLIR versions'
# runs (irscope-report --compare).
mlir19_opt = "/usr/lib/llvm-19/bin/mlir-opt"
if os.access(mlir19_opt, os.X_OK):
    config.available_features.add("mlir-19")
    config.substitutions.append(("%mlir19_opt", mlir19_opt))
else:
    lit_config.note("/usr/lib/llvm-19/bin/mlir-opt not found: the MLIR 19 "
                    "comparison test will be reported UNSUPPORTED")

# GNU parallel (Debian parallel): sharded --repeat runs.
if shutil.which("parallel"):
    config.available_features.add("gnu-parallel")

# chmod cannot take write access from root: the read-only directory tests
# run their tools through %unprivileged, as nobody when root (setpriv, of
# util-linux, which Debian always has).
import subprocess
if os.geteuid() != 0:
    config.available_features.add("non-root")
    config.available_features.add("unprivileged")
    config.substitutions.append(("%unprivileged", ""))
elif shutil.which("setpriv"):
    drop = "setpriv --reuid=65534 --regid=65534 --clear-groups"
    if subprocess.run(drop.split() + ["true"], stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode == 0:
        config.available_features.add("unprivileged")
        config.substitutions.append(("%unprivileged", drop))

if shutil.which("xmllint"):
    config.available_features.add("xmllint")

# strace, where ptrace is allowed: tests that check which files a run reads.
import subprocess
if shutil.which("strace") and subprocess.run(
        ["strace", "-o", os.devnull, "true"], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("strace")

# The browser test (test/Browser) needs headless Chromium and chromedriver
# (Debian: chromium, chromium-driver; scripts/setup.sh installs them).
if shutil.which("chromium") and shutil.which("chromedriver"):
    config.available_features.add("chromium")
else:
    lit_config.note("chromium or chromedriver not found: the browser test "
                    "(test/Browser) will be reported UNSUPPORTED")
