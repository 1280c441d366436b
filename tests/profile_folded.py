#!/usr/bin/env python3
"""profile_folded.py -- lobbench --profile-out (issue 30, item 3): the folded
stacks are in the format flamegraph.pl reads, every stack of a case's
statistic under the Oracle layers of the part that counted it, and a
statistic's counts sum to what --stats-out says the case counted.

    usage: profile_folded.py LOBBENCH
"""
import csv
import os
import re
import subprocess
import sys
import tempfile

# flamegraph.pl's reading of a line (its `my ($stack, $samples) = ...`).
LINE = re.compile(r"^(.*)\s+?(\d+(?:\.\d*)?)$")

# Statistics that count operations and that the runs below must show, each
# under the frame of the layer that counts it, one or more for every part of
# the model the runs use (by hand, from the parts --explain names).
MUST = [
    ("segment extents allocated", "extent allocation"),
    ("securefile allocation chunks", "chunk allocator"),
    ("segment dispenser allocations", "ktsl dispenser"),
    ("segment chunks allocation from disepnser", "ktsl dispenser"),
    ("consistent gets", "kdo source rows (t1)"),
    ("db block changes", "LOB block writes"),
    ("SQL*Net roundtrips to/from dblink", "npi SQL*Net database link"),
    ("CR blocks created", "kcb consistent read"),
    ("db block gets", "kcb current get"),
    ("v$transaction.used_urec", "ktu undo"),
    ("physical reads", "kdo heap table and indexes"),
    ("recursive calls", "kks parse"),
    ("gc cr blocks received", "kcl global cache"),
]
# Amounts, not operations: never a stack.
NEVER = ["undo change vector size", "securefile allocation bytes", "redo size",
         "bytes received via SQL*Net from dblink", "elapsed time micro"]

fails = []


def bad(msg):
    fails.append(msg)
    print("FAIL:", msg)


def case_key(name):
    """A benchmark name's case, as --stats-out's columns give it."""
    parts = name.split("/")
    kv = dict(p.split(":", 1) for p in parts if ":" in p)
    if parts[0] in ("insert", "scan", "rows", "cluster"):
        return (parts[0], parts[1], kv["lob"].rstrip("k"), kv["block"].rstrip("k"), kv["rows"])
    return (parts[0], "", "", kv["block"].rstrip("k"), kv["rows"])


def check(lobbench, args, where, label):
    folded = os.path.join(where, label + ".folded")
    stats = os.path.join(where, label + ".csv")
    p = subprocess.run([lobbench, "--no-db", "--quiet", "--benchmark_min_time=1x",
                        "--profile-out=" + folded, "--stats-out=" + stats] + args,
                       capture_output=True, text=True)
    if p.returncode != 0:
        bad(f"{label}: lobbench exited {p.returncode}: {p.stderr.strip()[:300]}")
        return
    want = {}
    with open(stats, newline="") as f:
        for r in csv.DictReader(f):
            key = (r["workload"], r["path"], r["lob_kchars"], r["block_kb"], r["rows"])
            want[key + (r["statistic"],)] = int(r["value"])
    got, frames_of = {}, {}
    lines = open(folded, encoding="utf-8").read().split("\n")
    if lines[-1] != "":
        bad(f"{label}: the file does not end in a newline")
    for no, line in enumerate(lines[:-1], 1):
        m = LINE.match(line)
        if not m or " " in m.group(0)[len(m.group(1)):].strip():
            bad(f"{label}:{no}: not a folded stack: {line!r}")
            continue
        frames = m.group(1).split(";")
        if len(frames) < 3 or any(not fr or fr != fr.strip() for fr in frames):
            bad(f"{label}:{no}: an empty or padded frame, or under 3 frames: {line!r}")
            continue
        key = case_key(frames[0]) + (frames[-1],)
        got[key] = got.get(key, 0) + int(m.group(2))
        frames_of.setdefault(frames[-1], set()).update(frames[1:-1])
    if not got:
        bad(f"{label}: no stack")
    for key, n in got.items():
        if key not in want:
            bad(f"{label}: stacks of {key}, which --stats-out does not have")
        elif want[key] != n:
            bad(f"{label}: {key}: stacks sum to {n}, --stats-out says {want[key]}")
    # The other way: a case's figure of a statistic that has stacks anywhere
    # (so it counts operations) has stacks in that case too.
    counted = {k[-1] for k in got}
    for key, n in want.items():
        if n and key[-1] in counted and key not in got:
            bad(f"{label}: {key} counted {n}, but has no stack")
    for stat in NEVER:
        if stat in frames_of:
            bad(f"{label}: '{stat}' is an amount, not operations, yet has stacks")
    return frames_of


def main():
    lobbench = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="lobsim-profile-") as where:
        seen = {}
        for label, args in [("lob", ["--sizes=2k,32k,256k"]),
                            ("heap", ["--workload=heap", "--block-size=8k"]),
                            ("rac", ["--workload=rac", "--block-size=8k",
                                     "--param=rac.transactions=500", "--param=rac.warmup=50"])]:
            for stat, fr in (check(lobbench, args, where, label) or {}).items():
                seen.setdefault(stat, set()).update(fr)
        for stat, frame in MUST:
            if stat not in seen:
                bad(f"no stack of '{stat}'")
            elif frame not in seen[stat]:
                bad(f"'{stat}' not under '{frame}' (its frames: {sorted(seen[stat])})")
        print(f"profile_folded: {len(seen)} statistics in stacks, {len(fails)} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
