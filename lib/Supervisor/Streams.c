// SPDX-License-Identifier: Apache-2.0
//===- Streams.c - the output streams workers sent, by stream id ----------===//
//
// An open-addressing table from IrsWorkerStream to its last frame: a
// --check-results run keeps one stream per chunk and step, so lookups must
// not walk a list.
//
//===----------------------------------------------------------------------===//
#include "SupervisorImpl.h"

#include <stdlib.h>

typedef struct IrsSupStream {
  IrsWorkerStream id;
  IrsBuf data;
  bool used;
  bool taken; // handed over by irsSupervisorTakeOutput
} IrsSupStream;

static bool sameId(IrsWorkerStream a, IrsWorkerStream b) {
  return a.kind == b.kind && a.index == b.index && a.sub == b.sub;
}

static size_t hashId(IrsWorkerStream id) {
  uint64_t h = (uint64_t)id.kind * 0x9E3779B97F4A7C15ull;
  h ^= (uint64_t)id.index + 0x7F4A7C159E3779B9ull + (h << 6) + (h >> 2);
  h ^= (uint64_t)id.sub + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return (size_t)h;
}

// The slot of `id`, or the free slot where it would go.
static IrsSupStream *slotOf(IrsSupStream *t, size_t cap, IrsWorkerStream id) {
  size_t i = hashId(id) & (cap - 1);
  while (t[i].used && !sameId(t[i].id, id))
    i = (i + 1) & (cap - 1);
  return &t[i];
}

static bool grow(Supervisor *s) {
  size_t cap = s->streamCap ? s->streamCap * 2 : 16;
  IrsSupStream *t = calloc(cap, sizeof(*t));
  if (!t)
    return false;
  for (size_t i = 0; i < s->streamCap; ++i)
    if (s->streams[i].used)
      *slotOf(t, cap, s->streams[i].id) = s->streams[i];
  free(s->streams);
  s->streams = t;
  s->streamCap = cap;
  return true;
}

static IrsSupStream *find(const Supervisor *s, IrsWorkerStream id) {
  if (!s->streamCap)
    return NULL;
  IrsSupStream *e = slotOf(s->streams, s->streamCap, id);
  return e->used ? e : NULL;
}

IrsBuf *irsSupStreamStart(Supervisor *s, IrsWorkerStream id) {
  IrsSupStream *e = find(s, id);
  if (!e) {
    if ((s->numStreams + 1) * 2 > s->streamCap && !grow(s))
      return NULL;
    e = slotOf(s->streams, s->streamCap, id);
    *e = (IrsSupStream){id, IRS_BUF_INIT, true, false};
    ++s->numStreams;
  }
  irsBufReset(&e->data); // a later frame replaces the stream's last one
  e->taken = false;
  return &e->data;
}

IrsBuf *irsSupStreamGet(Supervisor *s, IrsWorkerStream id) {
  IrsSupStream *e = find(s, id);
  return e ? &e->data : NULL;
}

void irsSupStreamsFree(Supervisor *s) {
  for (size_t i = 0; i < s->streamCap; ++i)
    if (s->streams[i].used)
      irsBufFree(&s->streams[i].data);
  free(s->streams);
  s->streams = NULL;
  s->streamCap = s->numStreams = 0;
}

MlirStringRef irsSupervisorGetOutput(IrsSupervisor supervisor,
                                     IrsWorkerStream stream) {
  IrsSupStream *e = find(supervisor.ptr, stream);
  return e ? irsBufRef(&e->data) : mlirStringRefCreate("", 0);
}

char *irsSupervisorTakeOutput(IrsSupervisor supervisor, IrsWorkerStream stream,
                              size_t *length) {
  IrsSupStream *e = find(supervisor.ptr, stream);
  bool whole = e && !e->taken && !e->data.failed;
  *length = whole ? e->data.len : 0;
  if (!whole)
    return NULL;
  e->taken = true;
  return irsBufDetach(&e->data); // NULL only when out of memory
}

bool irsSupervisorHasOutput(IrsSupervisor supervisor, IrsWorkerStream stream) {
  return find(supervisor.ptr, stream) != NULL;
}
