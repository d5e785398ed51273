#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""R4: the pass and strategy tables are the single source; the docs must
name every entry. Reads the names from the tools' own listings."""
import re
import subprocess
import sys

tool, flag, doc = sys.argv[1], sys.argv[2], sys.argv[3]
out = subprocess.run([tool, flag], check=True, capture_output=True, text=True).stdout
names = [m.group(1) for m in re.finditer(r"^\s+([a-z][a-z0-9-]+)\s", out, re.M)]
text = open(doc).read()
missing = [n for n in names if "`%s`" % n not in text]
for n in missing:
    print("undocumented: %s" % n)
print("%d names, %d undocumented" % (len(names), len(missing)))
sys.exit(1 if missing or not names else 0)
