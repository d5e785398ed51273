// SPDX-License-Identifier: Apache-2.0
// Unit tests of IrsLoadMap (lib/Support/LoadMap.c): another process's
// objects, read from its /proc/PID/maps, turn the absolute addresses of an
// unsymbolised LLVM stack dump into module offsets, and the crash site of
// a signature with them.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Signature.h"
#include "irscope/StackTrace.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>
#include <unistd.h>

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreate(s, strlen(s));
}

// Shortened from a fork of mlir-opt 22 under opt-reduce's fork server (no
// address randomisation): the PIE executable and libMLIR, each mapped in
// several parts from file offset 0 on, and mappings that are no object.
static const char kMaps[] =
    "555555554000-555555b8e000 r--p 00000000 08:01 1234 "
    "/usr/lib/llvm-22/bin/mlir-opt\n"
    "555555b8f000-555556269000 r-xp 00639000 08:01 1234 "
    "/usr/lib/llvm-22/bin/mlir-opt\n"
    "555556269000-5555563aa000 rw-p 00d13000 08:01 1234 "
    "/usr/lib/llvm-22/bin/mlir-opt\n"
    "5555563aa000-5555566ff000 rw-p 00000000 00:00 0 [heap]\n"
    "7fffe8800000-7fffeaff3000 r--p 00000000 08:01 99 "
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1\n"
    "7fffeaff3000-7fffeeccd000 r-xp 027f2000 08:01 99 "
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1\n"
    "7ffff0000000-7ffff0021000 rw-p 00000000 00:00 0 \n"
    "7ffff7c00000-7ffff7c28000 r--p 00000000 08:01 7 "
    "/usr/lib/x86_64-linux-gnu/libfoo.so.1.2.3 (deleted)\n"
    "7ffff7c28000-7ffff7d00000 r-xp 00028000 08:01 7 "
    "/usr/lib/x86_64-linux-gnu/libfoo.so.1.2.3 (deleted)\n"
    "7ffff7fc3000-7ffff7fc5000 r-xp 00000000 00:00 0 [vdso]\n";

static void test_loadmap__offsets_from_the_load_bias(void **state) {
  (void)state;
  IrsLoadMap m = irsLoadMapCreateFromText(ref(kMaps));
  assert_false(irsLoadMapIsNull(m));
  uint64_t off = 0;
  assert_true(irsLoadMapGetOffset(m, ref("libMLIR.so.22.1"), 0x7fffeb0acaecull,
                                  &off));
  assert_int_equal(off, 0x28acaec);
  // A path names the object by its file name too; the executable's later
  // mappings count from its first.
  assert_true(irsLoadMapGetOffset(m, ref("/opt/x/mlir-opt"), 0x555555c000e6ull,
                                  &off));
  assert_int_equal(off, 0x6ac0e6);
  // A link the loader followed ("libfoo.so.1" to libfoo.so.1.2.3), and a
  // file deleted since it was loaded.
  assert_true(
      irsLoadMapGetOffset(m, ref("libfoo.so.1"), 0x7ffff7c30010ull, &off));
  assert_int_equal(off, 0x30010);
  irsLoadMapDestroy(m);
}

static void test_loadmap__unknown_addresses_stay(void **state) {
  (void)state;
  IrsLoadMap m = irsLoadMapCreateFromText(ref(kMaps));
  uint64_t off = 7;
  // Nothing mapped there, the heap, an anonymous mapping, the vDSO.
  assert_false(irsLoadMapGetOffset(m, ref("libMLIR.so.22.1"), 0x1000, &off));
  assert_false(irsLoadMapGetOffset(m, ref("[heap]"), 0x5555563ab000ull, &off));
  assert_false(irsLoadMapGetOffset(m, ref(""), 0x7ffff0000010ull, &off));
  assert_false(irsLoadMapGetOffset(m, ref("[vdso]"), 0x7ffff7fc3010ull, &off));
  // Another object there: the address is from another layout.
  assert_false(irsLoadMapGetOffset(m, ref("libLLVM.so.22.1"), 0x7fffeb0acaecull,
                                   &off));
  assert_false(irsLoadMapGetOffset(m, ref("libfoo.so.12"), 0x7ffff7c30010ull,
                                   &off));
  assert_int_equal(off, 7);
  // A null map knows nothing.
  assert_false(irsLoadMapGetOffset((IrsLoadMap){NULL}, ref("mlir-opt"),
                                   0x555555c000e6ull, &off));
  irsLoadMapDestroy(m);
  irsLoadMapDestroy((IrsLoadMap){NULL});
}

// mlir-opt's dump of -test-pass-crash without a symboliser: the crash site
// is a hidden function of the stripped executable.
static const char kLlvmAbort[] =
    "0.\tProgram arguments: mlir-opt --test-pass-crash t.mlir\n"
    "0  libLLVM.so.22.1 0x00007fffe66b8786 llvm::sys::PrintStackTrace(llvm::"
    "raw_ostream&, int) + 54\n"
    "1  libLLVM.so.22.1 0x00007fffe66b5fd3 llvm::sys::RunSignalHandlers() + "
    "131\n"
    "2  libLLVM.so.22.1 0x00007fffe66b94f4\n"
    "3  libc.so.6       0x00007fffe525a050\n"
    "4  libc.so.6       0x00007fffe52a8eec\n"
    "5  libc.so.6       0x00007fffe5259fb2 gsignal + 18\n"
    "6  libc.so.6       0x00007fffe5244472 abort + 211\n"
    "7  mlir-opt        0x0000555555c000e6\n"
    "8  libMLIR.so.22.1 0x00007fffeb0acaec mlir::detail::OpToOpPassAdaptor::"
    "run(mlir::Pass*, mlir::Operation*, mlir::AnalysisManager, bool, "
    "unsigned int) + 1234\n";

static void test_loadmap__signature_site_is_a_module_offset(void **state) {
  (void)state;
  IrsLoadMap m = irsLoadMapCreateFromText(ref(kMaps));
  IrsSignature s;
  memset(&s, 0, sizeof(s));
  irsSignatureSetCrashSite(&s, ref(kLlvmAbort), m, true);
  assert_string_equal(s.site, "mlir-opt+0x6ac0e6");
  assert_string_equal(s.siteCaller, "mlir::detail::OpToOpPassAdaptor::run");
  // Without the map, the address as the dump gives it.
  irsSignatureSetCrashSite(&s, ref(kLlvmAbort), (IrsLoadMap){NULL}, true);
  assert_string_equal(s.site, "mlir-opt+0x555555c000e6");
  irsLoadMapDestroy(m);
}

static int here(void) { return 1; }

typedef struct Bias {
  uintptr_t addr, bias;
  bool found;
} Bias;

static int findBias(struct dl_phdr_info *i, size_t size, void *ud) {
  (void)size;
  Bias *b = ud;
  for (int k = 0; k < i->dlpi_phnum; ++k) {
    uintptr_t lo = i->dlpi_addr + i->dlpi_phdr[k].p_vaddr;
    if (i->dlpi_phdr[k].p_type == PT_LOAD && b->addr >= lo &&
        b->addr < lo + i->dlpi_phdr[k].p_memsz) {
      b->bias = i->dlpi_addr;
      b->found = true;
      return 1;
    }
  }
  return 0;
}

// This process's own maps: a function of this program is at the offset
// from the load bias the loader itself reports (dl_iterate_phdr).
static void test_loadmap__from_a_running_process(void **state) {
  (void)state;
  IrsLoadMap m = irsLoadMapCreateFromProcess(getpid());
  assert_false(irsLoadMapIsNull(m));
  Dl_info info;
  Bias b = {(uintptr_t)here, 0, false};
  assert_true(dladdr((void *)here, &info) && info.dli_fname);
  dl_iterate_phdr(findBias, &b);
  assert_true(b.found);
  uint64_t off = 0;
  assert_true(irsLoadMapGetOffset(m, ref(info.dli_fname), b.addr, &off));
  assert_int_equal(off, b.addr - b.bias);
  irsLoadMapDestroy(m);
  assert_true(irsLoadMapIsNull(irsLoadMapCreateFromProcess(0)));
  assert_true(irsLoadMapIsNull(irsLoadMapCreateFromProcess(-1)));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loadmap__offsets_from_the_load_bias),
      cmocka_unit_test(test_loadmap__unknown_addresses_stay),
      cmocka_unit_test(test_loadmap__signature_site_is_a_module_offset),
      cmocka_unit_test(test_loadmap__from_a_running_process),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
