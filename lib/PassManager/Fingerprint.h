// SPDX-License-Identifier: Apache-2.0
//===- Fingerprint.h - cheap structural fingerprint of a module -----------===//
#ifndef IRS_PASSMANAGER_FINGERPRINT_H
#define IRS_PASSMANAGER_FINGERPRINT_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Hashes the IR under `root` in one walk and counts its ops.
///
/// Like MLIR's own OperationFingerPrint (used by --mlir-print-ir-after-change)
/// this hashes identities rather than text: op and block addresses, operand
/// value addresses, result types, locations and attributes are all uniqued
/// or stable while the IR is unchanged, so equal fingerprints mean "no
/// change" up to an address being reused for an identical replacement.
/// Attributes include inherent ones (the op's properties, hashed in place:
/// irsOpAttributesHash), which is what makes an in-place predicate or
/// visibility change visible. Nothing is uniqued: any thread may walk IR that no
/// other thread changes.
uint64_t irsFingerprint(MlirOperation root, int64_t *numOps);

/// Same as irsFingerprint (a different value, the same "changed?" answer)
/// but also stores the fingerprint of each op directly in `root`'s regions,
/// in order, into *tops (grown with realloc; *numTops set). Lets the dump
/// writer reuse them instead of walking the module a second time. With
/// `threads` (only for a context with multithreading on, and while no
/// other thread changes the IR) two threads walk the top-level ops; the
/// values are the same.
uint64_t irsFingerprintWithTops(MlirOperation root, uint64_t **tops,
                                size_t *capTops, size_t *numTops,
                                int64_t *numOps, bool threads);

/// The value irsFingerprintWithTops returns for `root` when its top-level
/// ops have the fingerprints `tops` (in order): lets a caller that knows the
/// new fingerprints of the ops a nested step ran on skip the module walk.
uint64_t irsFingerprintCombine(MlirOperation root, const uint64_t *tops,
                               size_t numTops);

/// The part of irsFingerprintWithTops that is `root`'s own (its name,
/// attributes, regions and blocks), without its ops.
uint64_t irsFingerprintRoot(MlirOperation root);

/// The ops directly in `root`'s regions, in order (malloc'd; NULL and *n 0
/// when out of memory).
MlirOperation *irsFingerprintTops(MlirOperation root, size_t *n);

/// For each k < n, i = idx ? idx[k] : k: out[i] and counts[i] get the
/// fingerprint of tops[i] and its op count (irsFingerprint), or with
/// `light` its light hash: op, location, result types, operands,
/// successors, blocks and argument types, everything but the name,
/// properties and attributes. Different light hashes mean different fingerprints. `threads`
/// as for irsFingerprintWithTops.
void irsFingerprintTopsOf(const MlirOperation *tops, const size_t *idx,
                          size_t n, bool light, uint64_t *out,
                          int64_t *counts, bool threads);

/// A hash of `op`'s discardable attributes and properties (its inherent
/// attributes), without building any attribute. Defined with C linkage in
/// lib/Action/ActionBridge.cpp: the C API hashes properties only inside
/// its whole op hash (mlirOperationHashValue).
uint64_t irsOpAttributesHash(MlirOperation op);

/// Only counts the ops under `root` (root included).
int64_t irsCountOps(MlirOperation root);

#endif // IRS_PASSMANAGER_FINGERPRINT_H
