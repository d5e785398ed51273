// SPDX-License-Identifier: Apache-2.0
//===- Merge.c - irscope-report --merge OUT DIR...: shards into one -------===//
//
// Shards of one --repeat=N hunt (irscope-opt --repeat=N --shard=I/K, each
// with its own --failure-dir) each leave a repeat.xml and a failure-K
// directory per signature they saw. The merge is the repeat.xml one
// --repeat=N run would have written: runs and failures summed, the rate's
// Wilson interval recomputed over the sum (by the writer,
// irsRepeatReportWrite), signatures that match (kind, signal, step, pass,
// normalised message, a crash's site and identity: what makes two failures
// the same in a --repeat run, irsSignatureMatches) counted once, with the
// earliest run's artefacts copied to OUT/failure-K and the shard and run
// they came from. Shards must come from the same
// pipeline on the same input.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"

#include "irscope/Flake.h"
#include "irscope/Pipeline.h"
#include "irscope/Report.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"
#include "irscope/Signature.h"

#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef IrsRunDocNode Node;

typedef struct Merge {
  IrsRunDoc *docs;
  int numDocs;
  IrsRepeatSignature *sigs;
  char **dirs; // each signature's artefact directory in its shard (owned)
  IrsSignature **full; // each as --repeat compared it (owned)
  intptr_t numSigs;
  IrsRepeatSummary sum;
  double totalMs;
} Merge;

static Node child(Node n, const char *name) {
  return irsRunDocNodeGetChild(n, name);
}

static bool attrTrue(Node n, const char *name) {
  const char *v = irsRunDocNodeGetAttr(n, name);
  return v && !strcmp(v, "true");
}

static bool sameText(const char *a, const char *b) {
  return !strcmp(a ? a : "", b ? b : "");
}

static IrsRepeatSignature *findSig(Merge *m, const IrsSignature *f) {
  for (intptr_t k = 0; k < m->numSigs; ++k)
    if (irsSignatureMatches(m->full[k], f,
                            IrsSignatureMatchMessage | IrsSignatureMatchStep))
      return &m->sigs[k];
  return NULL;
}

static void copyText(char *out, size_t cap, const char *text) {
  snprintf(out, cap, "%s", text ? text : "");
}

// Signature `s` of a repeat.xml as the run compared it: its <crash> (site,
// abort line, frames) included. An older file without one says nothing
// against any crash, as a run whose trace got lost.
static void readFull(Node s, const IrsRepeatSignature *g, IrsSignature *f) {
  memset(f, 0, sizeof(*f));
  f->kind = g->kind;
  f->signal = g->signal;
  f->step = g->step;
  copyText(f->pass, sizeof(f->pass), g->pass);
  copyText(f->message, sizeof(f->message), g->message);
  Node c = child(s, "crash");
  if (irsRunDocNodeIsNull(c))
    return;
  IrsCrashIdentity *id = &f->crash;
  id->traced = true;
  copyText(f->site, sizeof(f->site), irsRunDocNodeGetAttr(c, "site"));
  copyText(f->siteCaller, sizeof(f->siteCaller),
           irsRunDocNodeGetAttr(c, "site-caller"));
  copyText(id->abortLine, sizeof(id->abortLine),
           irsRunDocNodeGetText(child(c, "abort-line")));
  for (Node fr = child(c, "frame");
       !irsRunDocNodeIsNull(fr) && id->numFrames < IRS_CRASH_IDENTITY_FRAMES;
       fr = irsRunDocNodeGetNext(fr, "frame")) {
    copyText(id->frames[id->numFrames], sizeof(id->frames[0]),
             irsRunDocNodeGetText(fr));
    if (attrTrue(fr, "address-only"))
      id->addressOnly |= 1u << id->numFrames;
    ++id->numFrames;
  }
}

// Points `g`'s crash fields at `f`, which outlives it.
static void crashFrom(IrsRepeatSignature *g, const IrsSignature *f) {
  g->site = f->site[0] ? f->site : NULL;
  g->siteCaller = f->siteCaller[0] ? f->siteCaller : NULL;
  g->crash = irsSignatureCrashIsTold(f) ? &f->crash : NULL;
}

// The artefact directory of a signature inside its shard's DIR (repeat.xml
// gives it as the run was told, relative to where it ran).
static char *artefactDir(const char *dir, const char *a) {
  if (!a || !*a)
    return NULL;
  char *copy = strdup(a), *out = NULL;
  if (copy && asprintf(&out, "%s/%s", dir, basename(copy)) < 0)
    out = NULL;
  free(copy);
  return out;
}

static bool addSig(Merge *m, Node s, const char *dir, intptr_t shard) {
  IrsRepeatSignature g = {
      .kind = irsOutcomeFromName(irsRunDocNodeGetAttr(s, "kind")),
      .signal = (int)irsRunDocNodeGetAttrLong(s, "signal", 0),
      .signalName = irsRunDocNodeGetAttr(s, "signal-name"),
      .step = irsRunDocNodeGetAttrLong(s, "step", 0),
      .pass = irsRunDocNodeGetAttr(s, "pass"),
      .message = irsRunDocNodeGetText(child(s, "message")),
      .count = irsRunDocNodeGetAttrLong(s, "count", 0),
      .firstRun = irsRunDocNodeGetAttrLong(s, "first-run", 0),
      .shard = shard,
  };
  const char *seed = irsRunDocNodeGetAttr(s, "run-seed");
  g.hasRunSeed = seed != NULL;
  g.runSeed = seed ? strtoull(seed, NULL, 10) : 0;
  IrsSignature *f = malloc(sizeof(*f));
  if (!f)
    return false;
  readFull(s, &g, f);
  IrsRepeatSignature *have = findSig(m, f);
  char *art = artefactDir(dir, irsRunDocNodeGetAttr(s, "artifacts"));
  if (have) {
    have->count += g.count;
    if (g.firstRun < have->firstRun) { // the earliest run's artefacts
      int64_t count = have->count;
      intptr_t k = have - m->sigs;
      *have = g;
      have->count = count;
      free(m->full[k]);
      m->full[k] = f;
      crashFrom(have, f);
      free(m->dirs[k]);
      m->dirs[k] = art;
    } else {
      free(f);
      free(art);
    }
    return true;
  }
  size_t n = (size_t)(m->numSigs + 1);
  IrsRepeatSignature *p = realloc(m->sigs, n * sizeof(*p));
  if (p)
    m->sigs = p;
  char **d = p ? realloc(m->dirs, n * sizeof(*d)) : NULL;
  if (d)
    m->dirs = d;
  IrsSignature **fs = d ? realloc(m->full, n * sizeof(*fs)) : NULL;
  if (fs)
    m->full = fs;
  if (!fs) {
    free(f);
    free(art);
    return false;
  }
  m->sigs[m->numSigs] = g;
  crashFrom(&m->sigs[m->numSigs], f);
  m->full[m->numSigs] = f;
  m->dirs[m->numSigs++] = art;
  return true;
}

static bool fail(char *err, size_t cap, const char *fmt, const char *a,
                 const char *b) {
  snprintf(err, cap, fmt, a, b);
  return false;
}

// The runs of one shard into the sum.
static void addRuns(Merge *m, Node runs) {
  IrsRepeatSummary *s = &m->sum;
  int64_t done = irsRunDocNodeGetAttrLong(runs, "done", 0);
  s->requestedRuns += irsRunDocNodeGetAttrLong(runs, "requested", 0);
  s->runs += done;
  s->stoppedEarly |= attrTrue(runs, "stopped-early");
  s->interrupted |= attrTrue(runs, "interrupted");
  int threads = (int)irsRunDocNodeGetAttrLong(runs, "max-threads", 0);
  if (threads > s->maxThreads)
    s->maxThreads = threads;
  m->totalMs += irsRunDocNodeGetAttrDouble(runs, "mean-run-ms") * (double)done;
}

// Reads DIR/repeat.xml into the merge (shard `pos`, 1-based, unless the
// file names its own).
static bool addShard(Merge *m, const char *dir, int pos, char *err,
                     size_t cap) {
  char path[1024], why[512];
  snprintf(path, sizeof(path), "%s/" IRS_RUN_DIR_REPEAT, dir);
  IrsRunDoc doc = irsRunDocCreateFromFile(path, why, sizeof(why));
  if (irsRunDocIsNull(doc))
    return fail(err, cap, "cannot read '%s': %s", path, why);
  m->docs[m->numDocs++] = doc;
  Node root = irsRunDocGetRoot(doc);
  if (!irsRunDocNodeIs(root, "irscope-repeat"))
    return fail(err, cap, "'%s' is not a " IRS_RUN_DIR_REPEAT "%s", path, "");
  const char *pipeline = irsRunDocNodeGetText(child(root, "pipeline"));
  const char *hash = irsRunDocNodeGetAttr(child(root, "input"), "hash");
  if (m->numDocs > 1) {
    Node first = irsRunDocGetRoot(m->docs[0]);
    if (!sameText(pipeline, irsRunDocNodeGetText(child(first, "pipeline"))) ||
        !sameText(hash, irsRunDocNodeGetAttr(child(first, "input"), "hash")))
      return fail(err, cap, "'%s' is not a shard of the same run as the "
                            "first: its pipeline or input differs%s",
                  path, "");
  }
  Node runs = child(root, "runs");
  addRuns(m, runs);
  const char *seed = irsRunDocNodeGetAttr(runs, "seed");
  m->sum.hasSeed |= seed != NULL;
  if (seed)
    m->sum.seed = strtoull(seed, NULL, 10);
  m->sum.failures +=
      irsRunDocNodeGetAttrLong(child(root, "failure-rate"), "failures", 0);
  intptr_t shard = irsRunDocNodeGetAttrLong(child(root, "shard"), "index", pos);
  Node sigs = child(root, "signatures");
  for (Node s = child(sigs, "signature"); !irsRunDocNodeIsNull(s);
       s = irsRunDocNodeGetNext(s, "signature"))
    if (!addSig(m, s, dir, shard))
      return fail(err, cap, "out of memory%s%s", "", "");
  return true;
}

// Copies the files of directory `from` into a new directory `to`.
static bool copyDir(const char *from, const char *to) {
  DIR *d = opendir(from);
  if (!d || (mkdir(to, 0777) != 0 && errno != EEXIST)) {
    if (d)
      closedir(d);
    return false;
  }
  bool ok = true;
  struct dirent *e;
  while (ok && (e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.')
      continue;
    char src[4400], dst[4400];
    snprintf(src, sizeof(src), "%s/%s", from, e->d_name);
    snprintf(dst, sizeof(dst), "%s/%s", to, e->d_name);
    struct stat st;
    if (stat(src, &st) != 0 || !S_ISREG(st.st_mode))
      continue;
    FILE *in = fopen(src, "rb");
    char *buf = in ? malloc((size_t)st.st_size + 1) : NULL;
    size_t n = buf ? fread(buf, 1, (size_t)st.st_size, in) : 0;
    ok = buf && n == (size_t)st.st_size &&
         irsFileWriteAtomic(dst, buf, n) == 0;
    free(buf);
    if (in)
      fclose(in);
  }
  closedir(d);
  return ok;
}

// Each signature's artefacts into OUT/failure-K, as one --repeat run
// names them; the merged signature points there. False on an I/O error.
static bool copyArtefacts(Merge *m, const char *out, char **paths) {
  for (intptr_t k = 0; k < m->numSigs; ++k) {
    if (!m->dirs[k])
      continue;
    int n = irsRunDirSubdirPath(out, IrsRunDirRepeatFailure, k + 1, NULL, 0);
    if (n < 0 || !(paths[k] = malloc((size_t)n + 1)))
      return false;
    irsRunDirSubdirPath(out, IrsRunDirRepeatFailure, k + 1, paths[k],
                        (size_t)n + 1);
    if (!copyDir(m->dirs[k], paths[k]))
      return false;
    m->sigs[k].artifacts = paths[k];
  }
  return true;
}

static int writeMerged(Merge *m, const char *out) {
  Node root = irsRunDocGetRoot(m->docs[0]);
  Node input = child(root, "input");
  m->sum.header = (IrsRunHeader){
      .toolName = irsRunDocNodeGetAttr(child(root, "tool"), "name"),
      .commandLine = irsRunDocNodeGetText(child(root, "command-line")),
      .inputPath = irsRunDocNodeGetAttr(input, "path"),
      .inputHash = irsRunDocNodeGetAttr(input, "hash"),
  };
  Node runs = child(root, "runs");
  m->sum.threading = attrTrue(runs, "threading");
  m->sum.verifyEach = attrTrue(runs, "verify-each");
  m->sum.meanRunMs = m->sum.runs ? m->totalMs / (double)m->sum.runs : 0;
  m->sum.numSignatures = m->numSigs;
  m->sum.signatures = m->sigs;
  const char *text = irsRunDocNodeGetText(child(root, "pipeline"));
  m->sum.pipeline = irsPipelineCreateParse(
      mlirStringRefCreateFromCString(text ? text : ""), NULL, NULL);
  if (irsPipelineIsNull(m->sum.pipeline)) {
    fprintf(stderr, "irscope-report: error: the shards' pipeline '%s' does "
                    "not parse\n", text ? text : "");
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  int e = irsRepeatReportWrite(&m->sum, out);
  irsPipelineDestroy(m->sum.pipeline);
  if (e) {
    fprintf(stderr,
            "irscope-report: error: cannot write '%s/" IRS_RUN_DIR_REPEAT "': "
            "%s\n",
            out, strerror(e));
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  fprintf(stderr,
          "irscope-report: merged %d shards: %lld runs, %lld "
          "failures, %ld signatures: %s/" IRS_RUN_DIR_REPEAT "\n",
          m->numDocs, (long long)m->sum.runs, (long long)m->sum.failures,
          (long)m->numSigs, out);
  return irsOutcomeGetExitCode(IrsOutcomeOk);
}

int irsExMergeMain(const char *out, char **dirs, int numDirs) {
  char err[8192];
  struct stat st;
  char existing[4200];
  snprintf(existing, sizeof(existing), "%s/" IRS_RUN_DIR_REPEAT, out);
  if (stat(existing, &st) == 0) {
    fprintf(stderr,
            "irscope-report: error: '%s' already holds a " IRS_RUN_DIR_REPEAT
            "; "
            "merge into a new directory\n",
            out);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  Merge m = {0};
  m.docs = calloc((size_t)numDirs, sizeof(*m.docs));
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  for (int i = 0; m.docs && i < numDirs && rc == 0; ++i)
    if (!addShard(&m, dirs[i], i + 1, err, sizeof(err))) {
      fprintf(stderr, "irscope-report: error: %s\n", err);
      rc = irsOutcomeGetExitCode(IrsOutcomeUsageError);
    }
  char **paths = calloc((size_t)(m.numSigs + 1), sizeof(char *));
  if (rc == 0 && (!m.docs || !paths)) {
    fprintf(stderr, "irscope-report: error: out of memory\n");
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  if (rc == 0 && mkdir(out, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "irscope-report: error: cannot create '%s': %s\n", out,
            strerror(errno));
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  if (rc == 0 && !copyArtefacts(&m, out, paths)) {
    fprintf(stderr, "irscope-report: error: cannot copy a failure directory "
                    "into '%s'\n", out);
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  if (rc == 0)
    rc = writeMerged(&m, out);
  for (intptr_t k = 0; k < m.numSigs; ++k) {
    free(m.dirs[k]);
    free(m.full[k]);
    if (paths)
      free(paths[k]);
  }
  free(paths);
  free(m.dirs);
  free(m.full);
  free(m.sigs);
  for (int i = 0; i < m.numDocs; ++i)
    irsRunDocDestroy(m.docs[i]);
  free(m.docs);
  return rc;
}
