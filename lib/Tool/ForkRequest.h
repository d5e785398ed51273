// SPDX-License-Identifier: Apache-2.0
//===- ForkRequest.h - the fork server's request, on the wire -------------===//
//
// One request is one SOCK_SEQPACKET message: "IRF1", the argument count as
// 4 bytes (host order: both ends run on one machine), then the arguments,
// each NUL-terminated. A count of 0 asks for the number of processes forked
// so far instead of a fork. The message carries IRS_FORK_REQUEST_FDS file
// descriptors (SCM_RIGHTS), in order: the reply socket, then what the
// forked tool gets as stdin, stdout and stderr, then its working
// directory. Compiled into libirscope (the client, ForkServer.c) and into
// the preload shim (lib/ForkServer/Shim.c), which must not load libirscope.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOL_FORKREQUEST_H
#define IRS_TOOL_FORKREQUEST_H

#include <stddef.h>

enum {
  IRS_FORK_REQUEST_MAX = 1 << 20, ///< bytes of one request
  IRS_FORK_REQUEST_MAX_ARGS = 4096,
  IRS_FORK_REQUEST_FDS = 5,
};

/// Encodes `argv` (NULL-terminated; none for a count query) into `buf`.
/// Returns the length, 0 when it does not fit in `cap`.
size_t irsForkRequestEncode(const char *const *argv, char *buf, size_t cap);

/// Decodes a request of `len` bytes in `buf`: `argv` (room for `maxArgs`
/// pointers and the NULL after them) points into `buf`. Returns the
/// argument count (0: a count query), -1 if the message is malformed.
int irsForkRequestDecode(const char *buf, size_t len, const char **argv,
                         int maxArgs);

#endif // IRS_TOOL_FORKREQUEST_H
