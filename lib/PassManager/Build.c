// SPDX-License-Identifier: Apache-2.0
//===- Build.c - building the MLIR pass managers of a pipeline ------------===//
//
// Every step gets its own MLIR pass manager on the root anchor, built at
// creation, so an unknown pass or a bad option is reported before anything
// runs, at the step's position in the pipeline text. The whole-pipeline
// manager (uninstrumented runs) and the --verify-with checking manager are
// built here too. A pass of the pass registry (irs-* or a user pass) is
// instantiated under nested managers for its anchors; everything else goes
// through MLIR's own pipeline parser.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include <stdlib.h>
#include <string.h>

static void collectErr(MlirStringRef s, void *ud) {
  irsBufAppendRef((IrsBuf *)ud, s);
}

// MLIR's pipeline parser reports "<buffer>:1:5: error: <what>\n<line>\n^".
// Keep just <what>, so we can point at the position in the user's text.
static void extractMlirError(const IrsBuf *raw, IrsBuf *out) {
  const char *s = raw->data ? raw->data : "";

  const char *e = strstr(s, "error: ");
  if (e)
    s = e + 7;
  size_t n = strcspn(s, "\n");
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
    --n;
  if (n == 0) {
    irsBufAppendStr(out, "invalid pass or pass options");
    return;
  }
  irsBufAppend(out, s, n);
}

// The reason a step could not be built: MLIR's message, unless LLVM's
// option parser printed a better one ("for the --max-iterations option:
// 'abc' value invalid for long argument!") and the catcher caught it.
static void appendReason(IrsBuf *out, const IrsBuf *why, const IrsBuf *printed) {
  const char *p = printed->data ? printed->data : "";
  bool generic = !why->data || strcmp(why->data, "invalid pass or pass options") == 0 ||
                 strstr(why->data, "failed to add") != NULL;
  if (generic && *p) {
    const char *f = strstr(p, "for the ");
    if (!f)
      f = p;
    size_t n = strcspn(f, "\n");
    while (n && (f[n - 1] == ' ' || f[n - 1] == '\r'))
      --n;
    irsBufAppend(out, f, n);
    return;
  }
  irsBufAppendRef(out, irsBufRef(why));
}

static void pointAt(intptr_t offset, IrsBuf *out) {
  irsBufPrintf(out, "pipeline:1:%ld: ", (long)offset + 1);
}

MlirPassManager irsPmNewMlirPm(IrsPassManagerImpl *pm) {
  return mlirPassManagerCreateOnOperation(pm->ctx,
                                          irsPipelineGetRootAnchor(pm->pipeline));
}

// Adds pass-registry pass `pass` of step i under its anchors.
static bool buildRegistryStep(IrsPassManagerImpl *pm, intptr_t i,
                              MlirPassManager mpm, IrsBuf *err) {
  IrsPipeline p = pm->pipeline;
  MlirStringRef pass = irsPipelineGetStepPassName(p, i);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(mpm);
  intptr_t na = irsPipelineGetStepNumAnchors(p, i);
  for (intptr_t d = 1; d < na; ++d) {
    MlirStringRef a = irsPipelineGetStepAnchorAt(p, i, d);
    if (a.length == 3 && memcmp(a.data, "any", 3) == 0) {
      irsBufAppendStr(err, "irscope passes cannot be nested under 'any'; "
                           "name the operation instead");
      return false;
    }
    opm = mlirOpPassManagerGetNestedUnder(opm, a);
  }
  IrsBuf why = IRS_BUF_INIT;
  MlirPass mp = irsPassRegistryInstantiate(
      pm->opts.run.passRegistry, pass, irsPipelineGetStepPassOptions(p, i),
      irsPipelineGetStepAnchor(p, i), &pm->env, &why);
  if (!mp.ptr) {
    irsBufAppendRef(err, irsBufRef(&why));
    irsBufFree(&why);
    return false;
  }
  irsBufFree(&why);
  mlirOpPassManagerAddOwnedPass(opm, mp);
  return true;
}

static bool appendStep(IrsPassManagerImpl *pm, intptr_t i,
                       MlirPassManager whole, IrsBuf *err);

bool irsPmBuildStep(IrsPassManagerImpl *pm, intptr_t i, MlirPassManager mpm,
                    IrsBuf *err) {
  IrsPipeline p = pm->pipeline;
  // The note goes in front of the leaf, which then must be added to the
  // manager, not parsed into it (that would replace the note): MLIR merges
  // the two nested managers, as for the whole pipeline (appendStep).
  if (irsPmAddAnchorNote(pm, i, mpm))
    return appendStep(pm, i, mpm, err);
  if (irsPassRegistryHas(pm->opts.run.passRegistry,
                         irsPipelineGetStepPassName(p, i)))
    return buildRegistryStep(pm, i, mpm, err);
  IrsBuf raw = IRS_BUF_INIT;
  MlirLogicalResult r =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(mpm),
                            irsPipelineGetStepText(p, i), collectErr, &raw);
  if (mlirLogicalResultIsFailure(r))
    extractMlirError(&raw, err);
  irsBufFree(&raw);
  return mlirLogicalResultIsSuccess(r);
}

// Appends step i's leaf into an existing pass manager (whole-pipeline
// construction): nested managers are created per step and MLIR merges
// adjacent ones for the same anchor, giving the same schedule as parsing
// the whole text.
static bool appendStep(IrsPassManagerImpl *pm, intptr_t i,
                       MlirPassManager whole, IrsBuf *err) {
  IrsPipeline p = pm->pipeline;
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(whole);
  intptr_t na = irsPipelineGetStepNumAnchors(p, i);
  for (intptr_t d = 1; d < na; ++d)
    opm = mlirOpPassManagerGetNestedUnder(opm, irsPipelineGetStepAnchorAt(p, i, d));
  return irsPmAppendLeaf(pm, i, opm, err);
}

bool irsPmAppendLeaf(IrsPassManagerImpl *pm, intptr_t i, MlirOpPassManager opm,
                     IrsBuf *err) {
  IrsPipeline p = pm->pipeline;
  MlirStringRef pass = irsPipelineGetStepPassName(p, i);
  if (irsPassRegistryHas(pm->opts.run.passRegistry, pass)) {
    MlirPass mp = irsPassRegistryInstantiate(
        pm->opts.run.passRegistry, pass, irsPipelineGetStepPassOptions(p, i),
        irsPipelineGetStepAnchor(p, i), &pm->env, err);
    if (!mp.ptr)
      return false;
    mlirOpPassManagerAddOwnedPass(opm, mp);
    return true;
  }
  IrsBuf leaf = IRS_BUF_INIT, raw = IRS_BUF_INIT;
  irsBufAppendRef(&leaf, pass);
  MlirStringRef o = irsPipelineGetStepPassOptions(p, i);
  if (o.length) {
    irsBufAppendStr(&leaf, "{");
    irsBufAppendRef(&leaf, o);
    irsBufAppendStr(&leaf, "}");
  }
  MlirLogicalResult r =
      mlirOpPassManagerAddPipeline(opm, irsBufRef(&leaf), collectErr, &raw);
  bool ok = mlirLogicalResultIsSuccess(r);
  if (!ok)
    extractMlirError(&raw, err);
  irsBufFree(&leaf);
  irsBufFree(&raw);
  return ok;
}

static bool hasIrsPass(IrsPassManagerImpl *pm, IrsPipeline p) {
  for (intptr_t i = 0; i < irsPipelineGetNumSteps(p); ++i)
    if (irsPassRegistryHas(pm->opts.run.passRegistry,
                           irsPipelineGetStepPassName(p, i)))
      return true;
  return false;
}

// MLIR's column is relative to a fragment of the text; find the offending
// step ourselves to point at it in the user's text.
static void locateParseError(IrsPassManagerImpl *pm, const IrsBuf *raw,
                             IrsBuf *err) {
  IrsPipeline p = pm->pipeline;
  bool located = false;
  for (intptr_t i = 0; i < irsPipelineGetNumSteps(p) && !located; ++i) {
    MlirPassManager t = irsPmNewMlirPm(pm);
    IrsBuf why = IRS_BUF_INIT;
    if (!irsPmBuildStep(pm, i, t, &why)) {
      pointAt(irsPipelineGetStepOffset(p, i), err);
      irsBufAppendRef(err, irsBufRef(&why));
      located = true;
    }
    irsBufFree(&why);
    mlirPassManagerDestroy(t);
  }
  if (!located)
    extractMlirError(raw, err);
}

MlirPassManager irsPmBuildWhole(IrsPassManagerImpl *pm, IrsBuf *err) {
  MlirPassManager w = irsPmNewMlirPm(pm);
  IrsPipeline p = pm->pipeline;
  bool ok = true;
  if (!hasIrsPass(pm, p)) {
    // Same parse mlir-opt performs, so the schedule is identical.
    IrsBuf raw = IRS_BUF_INIT;
    ok = mlirLogicalResultIsSuccess(
        mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(w),
                              irsPipelineGetText(p), collectErr, &raw));
    if (!ok)
      locateParseError(pm, &raw, err);
    irsBufFree(&raw);
  } else {
    for (intptr_t i = 0; ok && i < irsPipelineGetNumSteps(p); ++i)
      ok = appendStep(pm, i, w, err);
  }
  if (!ok) {
    mlirPassManagerDestroy(w);
    return (MlirPassManager){NULL};
  }
  mlirPassManagerEnableVerifier(w, pm->opts.verify.verifyEach);
  return w;
}

// The checking pipeline, built like a whole pipeline, without verifier.
static MlirPassManager buildVerifyWith(IrsPassManagerImpl *pm,
                                       IrsPipeline vp, IrsBuf *err) {
  IrsPipeline saved = pm->pipeline;
  pm->pipeline = vp;
  MlirPassManager v = irsPmBuildWhole(pm, err);
  pm->pipeline = saved;
  if (v.ptr)
    mlirPassManagerEnableVerifier(v, false);
  return v;
}

static void appendCaught(MlirStringRef s, void *ud) {
  irsBufAppendRef((IrsBuf *)ud, s);
}

// Leaf passes in a printed pipeline ("builtin.module(a{x=1},func.func(b))"
// has two): names not followed by '(', outside option braces.
static int countLeaves(MlirStringRef t) {
  int leaves = 0, braces = 0;
  bool inName = false;
  for (size_t k = 0; k <= t.length; ++k) {
    char ch = k < t.length ? t.data[k] : ',';
    if (braces > 0) {
      braces += ch == '{' ? 1 : ch == '}' ? -1 : 0;
      continue;
    }
    bool nameChar = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' ||
                    ch == '.';
    if (inName && !nameChar && ch != '(')
      ++leaves;
    inName = nameChar;
    braces += ch == '{';
  }
  return leaves;
}

// Whether step i is one pass to irscope but several to MLIR: a registered
// pass pipeline (sparsifier) expands into its passes, and mlir-opt
// verifies the IR after each of them (upstream #217895).
static bool expandsToSeveralPasses(IrsPassManagerImpl *pm, intptr_t i) {
  IrsPipeline p = pm->pipeline;
  if (irsPassRegistryHas(pm->opts.run.passRegistry,
                         irsPipelineGetStepPassName(p, i)))
    return false;
  MlirPassManager t = irsPmNewMlirPm(pm);
  IrsBuf raw = IRS_BUF_INIT, text = IRS_BUF_INIT;
  bool several = false;
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(t);
  if (mlirLogicalResultIsSuccess(mlirParsePassPipeline(
          opm, irsPipelineGetStepText(p, i), collectErr, &raw))) {
    mlirPrintPassPipeline(opm, appendCaught, &text);
    several = countLeaves(irsBufRef(&text)) > 1;
  }
  irsBufFree(&raw);
  irsBufFree(&text);
  mlirPassManagerDestroy(t);
  return several;
}

// Builds step i's manager at creation, with the advice a failure gets; the
// error is at the step's offset in the pipeline text.
static bool buildFirst(IrsPassManagerImpl *pm, intptr_t i, IrsBuf *err,
                       intptr_t *errAt) {
  IrsStepState *s = &pm->steps[i];
  s->pm = irsPmNewMlirPm(pm);
  // We verify between steps ourselves, so a verifier failure can be told
  // apart from a pass failure.
  mlirPassManagerEnableVerifier(s->pm, false);
  IrsBuf why = IRS_BUF_INIT, printed = IRS_BUF_INIT;
  const IrsStderrCatcher *c = &pm->opts.run.stderrCatcher;
  if (c->begin)
    c->begin(c->userData);
  bool ok = irsPmBuildStep(pm, i, s->pm, &why);
  if (c->begin && c->end)
    c->end(c->userData, appendCaught, &printed);
  if (!ok) {
    *errAt = irsPipelineGetStepOffset(pm->pipeline, i);
    size_t reasonAt = err->len;
    appendReason(err, &why, &printed);
    irsPassAdviseError(pm->ctx, irsPipelineGetStepPassName(pm->pipeline, i),
                       err, reasonAt);
  } else {
    s->severalPasses = expandsToSeveralPasses(pm, i);
  }
  irsBufFree(&why);
  irsBufFree(&printed);
  return ok;
}

bool irsPmBuildAll(IrsPassManagerImpl *pm, IrsBuf *err, intptr_t *errAt) {
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    if (!buildFirst(pm, i, err, errAt))
      return false;
  return true;
}

bool irsPmBuildVerifyWith(IrsPassManagerImpl *pm, const char *vw,
                          IrsBuf *err) {
  MlirPassManager v = {NULL};
  IrsPipeline vp = {NULL};
  if (vw) {
    vp = irsPipelineCreateParse(mlirStringRefCreateFromCString(vw), collectErr,
                                err);
    if (irsPipelineIsNull(vp)) {
      IrsBuf msg = IRS_BUF_INIT;
      irsBufPrintf(&msg, "in --verify-with: %s", err->data ? err->data : "");
      irsBufFree(err);
      *err = msg;
      return false;
    }
    IrsBuf why = IRS_BUF_INIT;
    v = buildVerifyWith(pm, vp, &why);
    if (!v.ptr) {
      irsBufPrintf(err, "in --verify-with: %s", why.data ? why.data : "");
      irsPipelineDestroy(vp);
    }
    irsBufFree(&why);
    if (!v.ptr)
      return false;
  }
  // Passes keep pointers to their anchor names: the pipeline must live as
  // long as the pass manager built from it.
  if (pm->verifyWithPm.ptr)
    mlirPassManagerDestroy(pm->verifyWithPm);
  irsPipelineDestroy(pm->verifyPipeline);
  pm->verifyWithPm = v;
  pm->verifyPipeline = vp;
  return true;
}

// MLIR pass managers resolve their anchor op names when first run; a
// manager built before a dialect was loaded keeps an unregistered name and
// then never matches ops of that dialect in later modules (seen with
// --split-input-file when an early chunk does not use the dialect). Each run
// after the first therefore gets freshly built managers.
IrsErrorKind irsPmRebuild(IrsPassManagerImpl *pm) {
  IrsBuf err = IRS_BUF_INIT;
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    IrsStepState *s = &pm->steps[i];
    mlirPassManagerDestroy(s->pm);
    s->pm = irsPmNewMlirPm(pm);
    mlirPassManagerEnableVerifier(s->pm, false);
    if (!irsPmBuildStep(pm, i, s->pm, &err)) {
      irsBufReset(&pm->rec.errMsg);
      irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&err));
      irsBufFree(&err);
      return IRS_ERR_PIPELINE;
    }
  }
  if (pm->whole.ptr) {
    mlirPassManagerDestroy(pm->whole);
    pm->whole = (MlirPassManager){NULL};
  }
  if (pm->verifyWithPm.ptr) {
    MlirPassManager v = buildVerifyWith(pm, pm->verifyPipeline, &err);
    if (v.ptr) {
      mlirPassManagerDestroy(pm->verifyWithPm);
      pm->verifyWithPm = v;
    }
  }
  irsBufFree(&err);
  return IRS_OK;
}
