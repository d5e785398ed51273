// SPDX-License-Identifier: Apache-2.0
// The tally of a --repeat and its summary (RepeatTally.h).
#include "RepeatTally.h"

#include "CrashHandler.h"
#include "irscope/RunDir.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "irscope/Report.h"

static char *makeBase(const IrsOptConfig *cfg) {
  if (cfg->failureDir) {
    char *d = strdup(cfg->failureDir);
    if (d && mkdir(d, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "irscope-opt: error: cannot create '%s': %s\n", d,
              strerror(errno));
      free(d);
      return NULL;
    }
    return d;
  }
  const char *t = getenv("TMPDIR");
  size_t n = strlen(t && *t ? t : "/tmp") + 40;
  char *d = malloc(n);
  if (!d)
    return NULL;
  snprintf(d, n, "%s/irscope-repeat-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(d)) {
    fprintf(stderr, "irscope-opt: error: cannot create '%s': %s\n", d,
            strerror(errno));
    free(d);
    return NULL;
  }
  return d;
}

bool irsOptRepeatTallyInit(IrsOptRepeatTally *t, const IrsOptConfig *cfg) {
  memset(t, 0, sizeof(*t));
  t->base = makeBase(cfg);
  return t->base != NULL;
}

void irsOptRepeatTallyFree(IrsOptRepeatTally *t) {
  for (intptr_t k = 0; k < t->numSigs; ++k)
    free(t->sigs[k].dir);
  free(t->sigs);
  free(t->base);
  memset(t, 0, sizeof(*t));
}

IrsOptRepeatSig *irsOptRepeatTallyFind(IrsOptRepeatTally *t,
                                       const IrsSignature *sig) {
  for (intptr_t i = 0; i < t->numSigs; ++i)
    if (irsSignatureMatches(&t->sigs[i].sig, sig,
                            IrsSignatureMatchMessage | IrsSignatureMatchStep))
      return &t->sigs[i];
  return NULL;
}

IrsOptRepeatSig *irsOptRepeatTallyAdd(IrsOptRepeatTally *t,
                                      const IrsSignature *sig, int64_t run) {
  if (t->numSigs == t->capSigs) {
    intptr_t cap = t->capSigs ? 2 * t->capSigs : 8;
    IrsOptRepeatSig *s = realloc(t->sigs, (size_t)cap * sizeof(*s));
    if (!s)
      return NULL;
    t->sigs = s;
    t->capSigs = cap;
  }
  IrsOptRepeatSig *s = &t->sigs[t->numSigs++];
  memset(s, 0, sizeof(*s));
  s->sig = *sig;
  s->count = 1;
  s->firstRun = run + 1;
  return s;
}

static void countFrame(const IrsStackFrame *f, void *ud) {
  (void)f;
  ++*(int *)ud;
}

void irsOptRepeatSetCrashSite(IrsSignature *sig, MlirStringRef trace) {
  int frames = 0;
  irsStackTraceParse(trace, countFrame, &frames);
  if (frames >= 2)
    irsSignatureSetCrashSite(sig, trace, (IrsLoadMap){NULL},
                             /*withCaller=*/true);
}

IrsOutcome irsOptRepeatExitKind(IrsOutcome k) {
  return irsOutcomeIsStepFailure(k) ? k : IrsOutcomeExit;
}

//===----------------------------------------------------------------------===//
// The summary
//===----------------------------------------------------------------------===//

static void printRate(int64_t runs, int64_t failures, bool stopped) {
  IrsRateInterval ci = irsWilsonInterval(failures, runs, IRS_Z95);
  fprintf(stderr,
          "irscope-opt: repeat: %lld of %lld runs failed (%.2f%%, 95%% "
          "Wilson interval %.2f%%-%.2f%%)%s\n",
          (long long)failures, (long long)runs, 100 * ci.rate, 100 * ci.lower,
          100 * ci.upper, stopped ? "; stopped at the first failure" : "");
  if (failures == 0)
    fprintf(stderr,
            "irscope-opt: repeat: no failure seen; the failure rate is below "
            "%.2f%% with 95%% confidence\n",
            100 * ci.upper);
}

static void printSteps(IrsPipeline p, const IrsRepeatSignature *sigs,
                       intptr_t numSigs) {
  intptr_t n = irsPipelineGetNumSteps(p);
  for (intptr_t i = 0; i <= n; ++i) {
    int64_t c = 0;
    for (intptr_t k = 0; k < numSigs; ++k)
      if (sigs[k].step == i)
        c += sigs[k].count;
    if (!c)
      continue;
    if (i == 0) {
      fprintf(stderr, "irscope-opt: repeat:   no step known: %lld failed\n",
              (long long)c);
      continue;
    }
    MlirStringRef t = irsPipelineGetStepText(p, i - 1);
    fprintf(stderr, "irscope-opt: repeat:   step %ld '%.*s': %lld failed\n",
            (long)i, (int)t.length, t.data, (long long)c);
  }
}

// A signature's kind as its line says it: for a crash the signal, the
// site (its nearest named caller when it has no name), the abort line (two
// signatures may differ by it alone), then `via`.
static void formatKind(const IrsSignature *full, const char *via, char *out,
                       size_t cap) {
  const char *line = full->crash.abortLine;
  if (full->signal)
    snprintf(out, cap, "%s %s%s%s%s%s%s%s%s%s%s",
             irsOutcomeGetName(full->kind), irsSignalName(full->signal),
             full->site[0] ? " at " : "", full->site,
             full->siteCaller[0] ? " (in " : "", full->siteCaller,
             full->siteCaller[0] ? ")" : "", line[0] ? " ('" : "", line,
             line[0] ? "')" : "", via);
  else
    snprintf(out, cap, "%s", irsOutcomeGetName(full->kind));
}

// What a signature's line says of it before its counts.
static void describe(const IrsSignature *full, char *out, size_t cap) {
  formatKind(full, "", out, cap);
  size_t used = strlen(out);
  snprintf(out + used, cap - used, " in step %ld (%s): '%s'",
           (long)full->step, full->pass, full->message);
}

// Signature k's line would read as another's when the two differ only by
// frames: then " via #N FRAME" names each frame (N from 0, the site's)
// where k's crash leaves another such signature's, so the lines differ as
// the signatures do.
static void appendDistinctFrames(const IrsOptRepeatTally *t, intptr_t k,
                                 char *out, size_t cap) {
  const IrsSignature *full = &t->sigs[k].sig;
  enum { kLine = sizeof(full->site) + sizeof(full->siteCaller) +
                 sizeof(full->crash.abortLine) + sizeof(full->pass) +
                 sizeof(full->message) + 128 };
  char *mine = malloc(kLine), *theirs = malloc(kLine);
  unsigned frames = 0; // bit n: frame n tells k from one of them
  if (mine && theirs && full->signal) {
    describe(full, mine, kLine);
    for (intptr_t j = 0; j < t->numSigs; ++j) {
      if (j == k || !t->sigs[j].sig.signal)
        continue;
      describe(&t->sigs[j].sig, theirs, kLine);
      int n = strcmp(mine, theirs)
                  ? -1
                  : irsSignatureGetDistinctFrame(full, &t->sigs[j].sig, 0);
      if (n >= 0)
        frames |= 1u << n;
    }
  }
  free(mine);
  free(theirs);
  out[0] = '\0';
  for (int n = 0; n < full->crash.numFrames; ++n)
    if ((frames >> n) & 1u) {
      size_t used = strlen(out);
      snprintf(out + used, cap - used, "%s#%d %s",
               used ? ", " : " via ", n, full->crash.frames[n]);
    }
}

static void printSignatures(const IrsOptRepeatTally *t,
                            const IrsRepeatSignature *sigs, intptr_t numSigs) {
  for (intptr_t k = 0; k < numSigs; ++k) {
    const IrsRepeatSignature *s = &sigs[k];
    const IrsSignature *full = &t->sigs[k].sig;
    char via[IRS_CRASH_IDENTITY_FRAMES * (sizeof(full->crash.frames[0]) + 8)];
    appendDistinctFrames(t, k, via, sizeof(via));
    char kind[64 + sizeof(full->site) + sizeof(full->siteCaller) +
              sizeof(full->crash.abortLine) + sizeof(via)];
    formatKind(full, via, kind, sizeof(kind));
    fprintf(stderr,
            "irscope-opt: repeat:   signature %ld: %s in step %ld (%s), %lld "
            "runs, first in run %lld%s%s%s%s%s\n",
            (long)(k + 1), kind, (long)s->step, s->pass ? s->pass : "?",
            (long long)s->count, (long long)s->firstRun,
            s->message[0] ? ": '" : "", s->message,
            s->message[0] ? "'" : "", s->artifacts ? "; artefacts: " : "",
            s->artifacts ? s->artifacts : "");
  }
}

// The tally's signatures as repeat.xml's (borrowing the tally's strings).
static IrsRepeatSignature *exportSigs(const IrsOptRepeatTally *t) {
  IrsRepeatSignature *gs =
      calloc((size_t)(t->numSigs ? t->numSigs : 1), sizeof(*gs));
  for (intptr_t k = 0; gs && k < t->numSigs; ++k) {
    const IrsOptRepeatSig *s = &t->sigs[k];
    int sig = s->sig.signal;
    gs[k] = (IrsRepeatSignature){
        .kind = s->sig.kind,
        .signal = sig,
        .signalName = sig ? irsSignalName(sig) : NULL,
        .step = (intptr_t)s->sig.step,
        .pass = s->sig.pass[0] ? s->sig.pass : NULL,
        .message = s->sig.message,
        .count = s->count,
        .firstRun = s->firstRun,
        .hasRunSeed = s->hasRunSeed,
        .runSeed = s->runSeed,
        .artifacts = s->dir,
        .site = s->sig.site[0] ? s->sig.site : NULL,
        .siteCaller = s->sig.siteCaller[0] ? s->sig.siteCaller : NULL,
        .crash = irsSignatureCrashIsTold(&s->sig) ? &s->sig.crash : NULL};
  }
  return gs;
}

int irsOptRepeatTallyFinish(const IrsOptRepeatTally *t, IrsRepeatSummary *sum,
                            double elapsedMs) {
  IrsRepeatSignature *gs = exportSigs(t);
  if (gs) {
    // The rate and its interval are over the runs that finished: the one
    // an interrupt cut short counts for nothing.
    if (t->interrupted)
      fprintf(stderr, "irscope-opt: repeat: interrupted after %lld of %lld "
                      "runs\n",
              (long long)t->runs, (long long)sum->requestedRuns);
    printRate(t->runs, t->failures, t->stopped);
    printSteps(sum->pipeline, gs, t->numSigs);
    printSignatures(t, gs, t->numSigs);
  }
  sum->runs = t->runs;
  sum->stoppedEarly = t->stopped;
  sum->interrupted = t->interrupted;
  sum->failures = t->failures;
  sum->maxThreads = t->maxThreads;
  sum->meanRunMs = t->runs ? elapsedMs / (double)t->runs : 0;
  sum->numSignatures = gs ? t->numSigs : 0;
  sum->signatures = gs;
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  int e = irsRepeatReportWrite(sum, t->base);
  if (e) {
    fprintf(stderr,
            "irscope-opt: error: cannot write '%s/" IRS_RUN_DIR_REPEAT
            "': %s\n",
            t->base, strerror(e));
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  } else {
    fprintf(stderr, "irscope-opt: repeat: summary: %s/" IRS_RUN_DIR_REPEAT "\n",
            t->base);
  }
  free(gs);
  sum->signatures = NULL;
  return rc;
}

void irsOptRepeatRange(const IrsOptConfig *c, int64_t *begin, int64_t *end) {
  int64_t n = c->repeat.runs,
          k = c->repeat.numShards > 0 ? c->repeat.numShards : 1;
  int64_t i = c->repeat.numShards > 0 ? c->repeat.shard - 1 : 0;
  *begin = n * i / k;
  *end = n * (i + 1) / k;
}

void irsOptRepeatSummaryRange(const IrsOptConfig *c, IrsRepeatSummary *sum) {
  int64_t begin, end;
  irsOptRepeatRange(c, &begin, &end);
  sum->requestedRuns = end - begin;
  if (c->repeat.numShards > 0) {
    sum->shard = c->repeat.shard;
    sum->numShards = c->repeat.numShards;
    sum->totalRuns = c->repeat.runs;
    sum->firstRun = begin + 1;
  }
}
