#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Validates a Chrome trace-event file written by irscope-opt --trace.

Parses it with Python's json module (so the file is real JSON), checks the
rules Perfetto and chrome://tracing rely on (every event has name, ph, pid,
tid; complete events have non-negative ts and dur; metadata events carry
args.name), checks that verify and dump slices lie inside a step on the
same thread, and prints one line per event for FileCheck.
"""
import json
import sys


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    events = doc["traceEvents"]
    steps = []
    for e in events:
        for key in ("name", "ph", "pid", "tid"):
            assert key in e, "event without %s: %r" % (key, e)
        if e["ph"] == "M":
            print("meta %s tid=%d %s" % (e["name"], e["tid"],
                                         e["args"].get("name", e["args"])))
            continue
        assert e["ph"] == "X", e
        assert e["ts"] >= 0 and e["dur"] >= 0, e
        if e["cat"] == "step":
            steps.append(e)
            a = e["args"]
            print("step %s tid=%d index=%d status=%s changed=%s%s" % (
                e["name"], e["tid"], a["index"], a["status"],
                str(a["changed"]).lower(),
                " message=" + a["message"] if "message" in a else ""))
        else:
            owner = [s for s in steps if s["tid"] == e["tid"] and
                     s["ts"] <= e["ts"] + 1e-3 and
                     e["ts"] + e["dur"] <= s["ts"] + s["dur"] + 1e-3]
            assert owner, "slice outside its step: %r" % e
            print("slice %s in %s" % (e["name"], owner[-1]["name"]))
    # Steps of one thread do not overlap.
    by_tid = {}
    for s in steps:
        by_tid.setdefault(s["tid"], []).append(s)
    for tid, ss in by_tid.items():
        ss.sort(key=lambda s: s["ts"])
        for a, b in zip(ss, ss[1:]):
            assert a["ts"] + a["dur"] <= b["ts"] + 1e-3, (a, b)
    print("valid trace: %d events" % len(events))


main()
