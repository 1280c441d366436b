#!/usr/bin/env python3
"""script_vs_calibrated.py LOBBENCH: the seed's local insert written as a
script gives the calibrated path's figures where the two run the same code.

Issue 40: `lobbench --script` runs a user's insert through the same
dispenser, chunk allocator and undo rules as `lobbench --path=local`
(experiment 1, calibrated on the reference).  The script is the issue's:

  create table t2 (id number primary key, c clob)
    lob (c) store as securefile (nocache);
  insert /*+ append */ into t2 select level, rpad(to_clob('x'), N, 'x')
    from dual connect by level <= 10000;
  commit;

run under AL32UTF8 (the reference's character set: N characters are 2N
bytes, as the fixed path assumes), at N = 16k and 256k, against
`lobbench --no-db --path=local --sizes=16k,256k`.

How close, and why:
- EQUAL (same code: dispenser/, lobspace/'s chunk allocator,
  undo_lob_write()): segment dispenser allocations, segment chunks
  allocation from disepnser, segment dispenser load tasks, securefile
  allocation chunks and bytes, securefile direct write ops and bytes,
  undo change vector size, v$transaction.used_urec, ENQ: TX - Transaction.
- consistent gets and CR blocks created: the script's equal the
  calibrated path's `dispenser` part (--explain-out).  The rest of the
  calibrated figure is not the LOB's: t1's rows and LOBs read (`source
  rows`; the script reads dual) and the clones of t2's extent headers as
  the direct-path loader enters each (`t2 insert`, row.t2_extent_cr; the
  script's table segment, life_sim/table.c, has no such model).  Known
  difference, not tuned.
- db block gets: the script's are at least the calibrated `dispenser`
  part and less than the calibrated total.  Known difference: experiment
  1 counts each LOB data block created in current mode before its direct
  write and the loader's visits of t2's blocks (`t2 insert`); the script
  counts a current get of the row's block and of the LOB's inode a row
  (life_sim/dml.c) and none for the data blocks.  Not tuned.

The seed's own case (issue 40 item 3), scenarios/seed_insert_local.sql
(the source table t1 of 10,000 CLOBs of &size characters and `insert /*+
append */ into t2 select id, c from t1`), run with --define=size=N, reads t1's rows and LOBs as the calibrated path reads them (the same
parameters, case_row_params_defaults(): row.row_gets, row.cached_lob_blocks;
life_sim/dml.c source_read()).  Its step 5 (the insert) gives, beside
the EQUAL figures above, consistent gets, securefile direct read ops and
bytes EQUAL to the calibrated totals.
Exit 0 when every check holds, 1 with the figures otherwise.
"""
import csv
import os
import subprocess
import sys
import tempfile

ROWS = 10000
SIZES = {16: 16384, 256: 262144}
EQUAL = [
    "segment dispenser allocations",
    "segment chunks allocation from disepnser",
    "segment dispenser load tasks",
    "securefile allocation chunks",
    "securefile allocation bytes",
    "securefile direct write ops",
    "securefile direct write bytes",
    "undo change vector size",
    "v$transaction.used_urec",
    "ENQ: TX - Transaction",
]
SCRIPT = (
    "create table t2 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
    "insert /*+ append */ into t2 select level, rpad(to_clob('x'), {n}, 'x') from dual "
    "connect by level <= {rows};\n"
    "commit;\n"
)

SEED_EQUAL = EQUAL + ["consistent gets", "securefile direct read ops",
                      "securefile direct read bytes"]


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {r.returncode}: {r.stderr.strip()}")


def script_figures(lobbench, work, n):
    path = os.path.join(work, f"i40_{n}.sql")
    with open(path, "w") as f:
        f.write(SCRIPT.format(n=n, rows=ROWS))
    out = os.path.join(work, f"i40_{n}.csv")
    run([lobbench, "--no-db", f"--script={path}", "--charset=al32utf8", f"--stats-out={out}"])
    figs = {}
    with open(out) as f:
        for r in csv.DictReader(f):
            if r["table"] == "":  # the session's row of each step
                figs[r["statistic"]] = figs.get(r["statistic"], 0) + int(r["value"])
    return figs


def seed_figures(lobbench, seed, work, n):
    """The shipped scenario of the seed's case, --define=size=N (its own
    inputs state the character set): its insert's step."""
    out = os.path.join(work, f"seed_{n}.csv")
    run([lobbench, "--no-db", f"--script={seed}", f"--define=size={n}", f"--stats-out={out}"])
    figs = {}
    with open(out) as f:
        for r in csv.DictReader(f):
            if r["table"] == "" and r["step"] == "5":
                figs[r["statistic"]] = figs.get(r["statistic"], 0) + int(r["value"])
    return figs


def calibrated_figures(lobbench, work):
    stats = os.path.join(work, "local.csv")
    parts = os.path.join(work, "local_parts.csv")
    run([lobbench, "--no-db", "--path=local", "--sizes=16k,256k", f"--stats-out={stats}",
         f"--explain-out={parts}"])
    figs, part = {}, {}
    with open(stats) as f:
        for r in csv.DictReader(f):
            figs[(int(r["lob_kchars"]), r["statistic"])] = int(r["value"])
    with open(parts) as f:
        for r in csv.DictReader(f):
            part[(int(r["lob_kchars"]), r["statistic"], r["component"])] = int(r["value"])
    return figs, part


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: script_vs_calibrated.py LOBBENCH scenarios/seed_insert_local.sql")
    lobbench, seed = sys.argv[1], sys.argv[2]
    bad = []
    with tempfile.TemporaryDirectory() as work:
        cal, part = calibrated_figures(lobbench, work)
        for k, n in SIZES.items():
            s = script_figures(lobbench, work, n)
            for stat in EQUAL:
                c = cal.get((k, stat))
                if c is None or s.get(stat) != c:
                    bad.append(f"{k}k {stat}: script {s.get(stat)}, calibrated {c} (must be equal)")
            for stat in ("consistent gets", "CR blocks created"):
                d = part.get((k, stat, "dispenser"), 0)
                if s.get(stat) != d:
                    bad.append(f"{k}k {stat}: script {s.get(stat)}, calibrated dispenser part {d} "
                               f"(of {cal.get((k, stat))}; must be equal)")
            gets, d = s.get("db block gets", 0), part.get((k, "db block gets", "dispenser"), 0)
            if not d <= gets < cal.get((k, "db block gets"), 0):
                bad.append(f"{k}k db block gets: script {gets}, calibrated dispenser part {d}, "
                           f"total {cal.get((k, 'db block gets'))} (must lie in [part, total))")
            print(f"{k}k: " + ", ".join(f"{st} {s.get(st)}/{cal.get((k, st))}"
                                        for st in EQUAL[:1] + ["db block gets", "consistent gets",
                                                               "CR blocks created",
                                                               "undo change vector size"]))
            t = seed_figures(lobbench, seed, work, n)
            for stat in SEED_EQUAL:
                c = cal.get((k, stat))
                if c is None or t.get(stat) != c:
                    bad.append(f"{k}k seed script {stat}: script {t.get(stat)}, calibrated {c} "
                               "(must be equal)")
            print(f"{k}k, the seed's case (t1 -> t2): " +
                  ", ".join(f"{st} {t.get(st)}/{cal.get((k, st))}"
                            for st in ["consistent gets", "securefile direct read ops",
                                       "securefile direct read bytes", "db block gets"]))
    if bad:
        print("FAIL: the script path and the calibrated path differ:\n  " + "\n  ".join(bad))
        return 1
    print("OK: script = calibrated path where the code is shared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
