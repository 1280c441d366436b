#!/usr/bin/env python3
"""snapshots.py -- lobbench --snapshot-every (issue 30, item 2): the insert's
figures interval by interval in --stats-out (snap_id, snap_rows), the
intervals adding up to the run's own figures, the same counters run after
run, and what is refused.

    usage: snapshots.py LOBBENCH
"""
import csv
import os
import re
import subprocess
import sys
import tempfile

fails = []


def bad(msg):
    fails.append(msg)
    print("FAIL:", msg)


def run(lobbench, where, args):
    return subprocess.run([lobbench, "--no-db", "--quiet", "--benchmark_min_time=1x"] + args,
                          cwd=where, capture_output=True, text=True)


def rows_of(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main():
    lobbench = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="lobsim-snap-") as where:
        sweep = ["--sizes=2k,256k", "--rows=10000"]
        p = run(lobbench, where, sweep + ["--stats-out=whole.csv"])
        q = run(lobbench, where, sweep + ["--snapshot-every=3000", "--stats-out=snap.csv"])
        r = run(lobbench, where, sweep + ["--snapshot-every=3000", "--stats-out=again.csv"])
        if p.returncode or q.returncode or r.returncode:
            bad(f"lobbench exited {p.returncode}, {q.returncode}, {r.returncode}: "
                f"{(p.stderr + q.stderr + r.stderr).strip()[:300]}")
            return 1
        whole = {(x["path"], x["lob_kchars"], x["statistic"]): int(x["value"])
                 for x in rows_of(os.path.join(where, "whole.csv"))}
        snaps = rows_of(os.path.join(where, "snap.csv"))
        if open(os.path.join(where, "snap.csv")).read() != open(os.path.join(where, "again.csv")).read():
            bad("two runs with the same seed gave other snapshots")
        # 10,000 rows in 3,000s: four intervals, the last of 1,000 rows.
        per_case = {}
        for x in snaps:
            per_case.setdefault((x["path"], x["lob_kchars"]), {})[int(x["snap_id"])] = int(x["snap_rows"])
        if len(per_case) != 4:
            bad(f"{len(per_case)} cases with snapshots, want 4 (local and dblink at 2k and 256k)")
        for case, ids in per_case.items():
            if ids != {1: 3000, 2: 3000, 3: 3000, 4: 1000}:
                bad(f"{case}: snapshots {ids}, want 1-3 of 3000 rows and 4 of 1000")
        sums = {}
        for x in snaps:
            key = (x["path"], x["lob_kchars"], x["statistic"])
            sums[key] = sums.get(key, 0) + int(x["value"])
        if set(sums) != set(whole):
            bad("the snapshots' statistics are not the run's")
        for key, v in whole.items():
            if sums.get(key) != v:
                bad(f"{key}: the snapshots add up to {sums.get(key)}, the run counted {v}")
        # The link's round trips: one a row, so an interval's are its rows
        # but for the link's opening (first) and closing (last) ones.
        rt = {int(x["snap_id"]): int(x["value"]) for x in snaps
              if x["path"] == "dblink" and x["lob_kchars"] == "2"
              and x["statistic"] == "SQL*Net roundtrips to/from dblink"}
        if rt.get(2) != 3000 or rt.get(3) != 3000:
            bad(f"dblink 2k's middle intervals made {rt.get(2)} and {rt.get(3)} round trips, want 3000")
        if not (rt.get(1, 0) > 3000 and rt.get(4, 0) > 1000):
            bad(f"dblink 2k: first interval {rt.get(1)} and last {rt.get(4)} round trips: "
                "the link's opening and closing ones are missing")
        # Recorded (schema 10): session_snapshots holds each interval, the
        # same as --stats-out, and the view snapshot_figures reads it.
        d = subprocess.run([lobbench, "--db=s.db", "--quiet", "--benchmark_min_time=1x",
                            "--snapshot-every=3000"] + sweep, cwd=where, capture_output=True, text=True)
        if d.returncode != 0:
            bad(f"--db with --snapshot-every exited {d.returncode}: {d.stderr.strip()[:200]}")
        else:
            q = subprocess.run(["sqlite3", "-csv", os.path.join(where, "s.db"),
                                "select path, lob_kchars, statistic, snap_id, snap_rows, value "
                                "from snapshot_figures where source = 'lobsim'"],
                               capture_output=True, text=True)
            stored = sorted(tuple(r) for r in csv.reader(q.stdout.splitlines()))
            written = sorted((x["path"], x["lob_kchars"], x["statistic"], x["snap_id"],
                              x["snap_rows"], x["value"]) for x in snaps)
            if q.returncode != 0 or stored != written:
                bad(f"the store's snapshots ({len(stored)} rows) are not --stats-out's "
                    f"({len(written)}): {q.stderr.strip()[:200]}")
        # --plot: a panel per statistic, a line per case, each point the
        # interval's figure per row as --stats-out gives figure and rows.
        pl = run(lobbench, where, sweep + ["--snapshot-every=3000", "--plot=snap.svg"])
        if pl.returncode != 0:
            bad(f"--plot with --snapshot-every exited {pl.returncode}: {pl.stderr.strip()[:200]}")
        else:
            svg = open(os.path.join(where, "snap.svg"), encoding="utf-8").read()
            names = {"local": "local", "dblink": "dblink"}
            drawn = 0
            for m in re.finditer(r'<g class="series" data-name="([^"]*)" data-statistic="([^"]*)" '
                                 r'data-values="([^"]*)">', svg):
                path, size = m.group(1).split(" ")
                kchars = size.rstrip("k")
                got = [float(v) for v in m.group(3).split()]
                want = [int(x["value"]) / int(x["snap_rows"]) for x in snaps
                        if x["path"] == names[path] and x["lob_kchars"] == kchars
                        and x["statistic"] == m.group(2)]
                if len(got) != len(want) or any(abs(g - w) > 1e-4 * max(1, abs(w))
                                                 for g, w in zip(got, want)):
                    bad(f"--plot: {m.group(1)} {m.group(2)}: {got}, --stats-out gives {want}")
                drawn += 1
            if drawn != 6 * 4:
                bad(f"--plot: {drawn} lines, want 24 (6 statistics x 4 cases)")
        # Sessions at once by model time: --plot's transactions a second,
        # times each interval's length (snap_seconds), add up to the
        # commits --stats-out counts, session count by session count.
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios",
                              "mech_h_sessions.sql")
        ps = run(lobbench, where, ["--script=" + script, "--sessions=2,8", "--snapshot-every=0.05s",
                                   "--plot=ses.svg", "--stats-out=ses.csv"])
        if ps.returncode != 0:
            bad(f"--sessions --snapshot-every --plot exited {ps.returncode}: {ps.stderr.strip()[:200]}")
        else:
            svg = open(os.path.join(where, "ses.svg"), encoding="utf-8").read()
            titles = re.findall(r'class="panel" data-title="([^"]*)"', svg)
            if len(titles) != 8 or titles[0] != "transactions":
                bad(f"sessions --plot: panels {titles}, want transactions, DB CPU and 6 events")
            first = svg.split('class="panel" data-title="DB CPU"')[0]
            lines = dict(re.findall(r'data-name="([^"]*)" data-statistic="" data-values="([^"]*)"', first))
            rows = rows_of(os.path.join(where, "ses.csv"))
            for n in ("2", "8"):
                mine = [x for x in rows if x["sessions"] == n and x["statistic"] == "user commits"]
                want = sum(int(x["value"]) for x in mine)
                secs = [float(x["snap_seconds"]) for x in sorted(mine, key=lambda x: int(x["snap_id"]))]
                vals = [float(v) for v in lines.get(n + " sessions", "").split() if v != "nan"]
                got = sum(v * t for v, t in zip(vals, secs))
                if len(vals) != len(secs) or abs(got - want) > 1e-6 * want:
                    bad(f"sessions --plot: {n} sessions: {len(vals)} intervals drawn adding up to "
                        f"{got:.3f} transactions; --stats-out has {len(secs)} and {want} commits")
        for args, want in [(["--workload=fts", "--snapshot-every=10"], "insert workload only, not fts"),
                           (["--snapshot-every=0"], "--snapshot-every=0"),
                           (["--snapshot-every=30s"], "--snapshot-every=30s: the insert model keeps no time"),
                           (["--snapshot-every=3x"], "--snapshot-every=3x: rows per snapshot"),
                           (["--script=x.sql", "--snapshot-every=10"], "applies to a sweep"),
                           (["--script=x.sql", "--snapshot-every=1s"], "taken in --sessions runs"),
                           (["--script=x.sql", "--sessions=2", "--snapshot-every=10"],
                            "with --sessions, snapshots are by model time"),
                           (["--script=x.sql", "--sessions=2", "--snapshot-every=0s"],
                            "--snapshot-every=0s: seconds of model time"),
                           (["--script=x.sql", "--sessions=2", "--snapshot-every=-1s"],
                            "--snapshot-every=-1s: seconds of model time"),
                           (["--script=x.sql", "--sessions=2", "--snapshot-every=1e-12s"],
                            "--snapshot-every=1e-12s: seconds of model time")]:
            e = run(lobbench, where, args)
            lines = [x for x in e.stderr.split("\n") if x.strip()]
            if e.returncode != 2 or len(lines) != 1 or want not in lines[0]:
                bad(f"{' '.join(args)}: exit {e.returncode}, stderr {e.stderr.strip()!r}; want exit 2, one line with {want!r}")
    print(f"snapshots: {len(fails)} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
