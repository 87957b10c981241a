#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""For a second OpenGotha version's fixtures (tests/fixtures/oracle/<version>/), replaces every
file's "standings" by the string "same as ../<name>.json" when they equal, value for value,
the standings of the primary fixtures (3.51.02, tests/fixtures/oracle/<name>.json). The pairing
part ("rounds") is always kept.

    python3 share_standings.py PRIMARY_DIR VERSION_DIR
"""
import glob
import json
import os
import re
import sys

primary, other = sys.argv[1], sys.argv[2]
for path in sorted(glob.glob(os.path.join(other, "*.json"))):
    name = os.path.basename(path)
    base = os.path.join(primary, name)
    if name == "ranks.json" or not os.path.exists(base):
        continue
    with open(path, encoding="utf-8") as f:
        text = f.read()
    mine = json.loads(text)
    with open(base, encoding="utf-8") as f:
        theirs = json.load(f)
    if (mine["all_criteria_names"] == theirs["all_criteria_names"]
            and mine["standings"] == theirs["standings"]):
        start = text.index('  "standings": [')
        text = text[:start] + '  "standings": "same as ../' + name + '"\n}\n'
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print("share_standings:", name, "standings same as", base, file=sys.stderr)
