#!/usr/bin/env python3
"""plot_script.py -- lobbench --script=SCENARIO --plot draws the LOB
segment through the script's steps with the figures of the same run's
--stats-out.

For each scenario run (a retention one, where unexpired space appears, and
the fragmentation-and-shrink one): every LOB segment with blocks has its
three panels, titled with the segment's name; each step has its label; in the segment panel the bars of
used, unexpired and expired blocks carry the CSV's values and are drawn that
tall on the panel's axis (read back from its labelled ticks), and each
step's stack reaches the CSV's dbms_space.segment_size_blocks; the chunks
per LOB point is the CSV's lobsim.lob chunks over lobsim.lobs out of row,
at that height, and absent where no LOB is out of row; the free-chunk bars
carry the CSV's counts by size.  The expected values are read from the CSV
only, never from the plot's own arithmetic.

    usage: plot_script.py LOBBENCH SCENARIOS_DIR
"""
import csv
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
SEGMENT = ["dbms_space.used_blocks", "dbms_space.unexpired_blocks", "dbms_space.expired_blocks"]
FREE = ["lobsim.free chunks of 1 block", "lobsim.free chunks of 2-7 blocks",
        "lobsim.free chunks of 8-63 blocks", "lobsim.free chunks of 64+ blocks"]
failures = []


def bad(msg):
    failures.append(msg)
    print("FAIL:", msg)


def read_csv(path):
    """(step, segment, statistic) -> value of each segment's row (the
    session's rows have no segment), and the statements by step."""
    figures, statements = {}, {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            step = int(row["step"])
            if row["segment"]:
                figures[(step, row["segment"], row["statistic"])] = float(row["value"])
            statements[step] = row["statement"]
    return figures, statements


def scale(panel):
    """px per unit of the panel's value axis, from its labelled ticks."""
    ticks = [(float(t.get("data-value")), float(t.get("y")))
             for t in panel.iter(NS + "text") if t.get("class") == "ytick"]
    if len(ticks) < 3:
        bad(f"{panel.get('data-title')}: {len(ticks)} ticks")
        return None
    (v0, y0), (v1, y1) = ticks[0], ticks[-1]
    return (y0 - y1) / (v1 - v0)


def series_of(panel):
    return [g for g in panel.iter(NS + "g") if g.get("class") == "series"]


def check_run(lobbench, scenario, tmp):
    name = os.path.basename(scenario)
    svg_path, csv_path = os.path.join(tmp, name + ".svg"), os.path.join(tmp, name + ".csv")
    run = subprocess.run([lobbench, "--no-db", "--quiet", "--script=" + scenario,
                          "--plot=" + svg_path, "--stats-out=" + csv_path],
                         capture_output=True, text=True)
    if run.returncode != 0:
        bad(f"{name}: exit {run.returncode}: {run.stderr.strip()}")
        return
    figures, statements = read_csv(csv_path)
    svg = ET.parse(svg_path).getroot()
    steps = max(statements)
    tables = sorted({t for (s, t, k), v in figures.items()
                     if k == "dbms_space.segment_size_blocks" and v > 0})
    panels = {g.get("data-title"): g for g in svg.iter(NS + "g") if g.get("class") == "panel"}
    labels = {}
    for g in panels.values():
        for t in g.iter(NS + "text"):
            if t.get("class") == "xlabel":
                labels[int(t.get("data-step"))] = t.text
    if sorted(labels) != list(range(1, steps + 1)):
        bad(f"{name}: steps labelled {sorted(labels)}, want 1..{steps}")
    for s, text in labels.items():
        words = statements.get(s, "").split()
        if not text.startswith(f"{s} ") or (words and words[0] not in text):
            bad(f"{name}: step {s} labelled '{text}', its statement '{statements.get(s)}'")
    checked = 0
    for table in tables:
        seg = panels.get(f"{table}: LOB segment blocks")
        cpl = panels.get(f"{table}: chunks per LOB")
        free = panels.get(f"{table}: free chunks by size")
        if seg is None or cpl is None or free is None:
            bad(f"{name}: {table}: panels {sorted(panels)}")
            continue
        # The segment's blocks by state: values and heights.
        k = scale(seg)
        bars = {}  # step -> [(statistic, value, y, height)]
        for se in series_of(seg):
            for r in se.iter(NS + "rect"):
                if r.get("class") == "bar":
                    bars.setdefault(int(r.get("data-step")), []).append(
                        (se.get("data-statistic"), float(r.get("data-value")),
                         float(r.get("y")), float(r.get("height"))))
        for (s, t, stat), v in figures.items():
            if t != table or stat not in SEGMENT:
                continue
            drawn = [b for b in bars.get(s, []) if b[0] == stat]
            if len(drawn) != 1 or drawn[0][1] != v:
                bad(f"{name}: {table} step {s} {stat}: drawn {drawn}, CSV {v}")
            elif k and abs(drawn[0][3] - v * k) > 0.6:
                bad(f"{name}: {table} step {s} {stat}: {drawn[0][3]:.2f} px tall, CSV {v} is {v * k:.2f} px")
            checked += 1
        for s, bs in bars.items():
            want = figures.get((s, table, "dbms_space.segment_size_blocks"))
            if want is None:
                bad(f"{name}: {table} step {s}: bars where the CSV has no segment")
                continue
            bottom = max(b[2] + b[3] for b in bs)
            top = min(b[2] for b in bs)
            if k and abs((bottom - top) - want * k) > 0.6:
                bad(f"{name}: {table} step {s}: stack {(bottom - top) / k:.1f} blocks tall, "
                    f"dbms_space.segment_size_blocks {want}")
            checked += 1
        # Chunks per LOB: the CSV's two counts, the point's height.
        k = scale(cpl)
        zero = None
        for t in cpl.iter(NS + "text"):
            if t.get("class") == "ytick" and float(t.get("data-value")) == 0:
                zero = float(t.get("y"))
        top_tick = [t for t in cpl.iter(NS + "text") if t.get("class") == "ytick"][-1]
        points = {int(p.get("data-step")): p for se in series_of(cpl)
                  for p in se.iter(NS + "g") if p.get("class") == "point"}
        for s in range(1, steps + 1):
            lobs = figures.get((s, table, "lobsim.lobs out of row"))
            chunks = figures.get((s, table, "lobsim.lob chunks"))
            if not lobs:
                if s in points:
                    bad(f"{name}: {table} step {s}: a chunks-per-LOB point with {lobs} LOBs")
                continue
            p = points.get(s)
            if p is None:
                bad(f"{name}: {table} step {s}: no chunks-per-LOB point ({chunks}/{lobs})")
                continue
            got = float(p.get("data-value"))
            if not math.isclose(got, chunks / lobs, rel_tol=1e-9):
                bad(f"{name}: {table} step {s}: chunks per LOB {got}, CSV {chunks}/{lobs}")
            # Its mark's height against the 0 and top ticks (their labels'
            # baselines sit the same offset below the tick lines).
            marks = [c for c in p.iter(NS + "circle")]
            y = float(marks[0].get("cy")) if marks else float(p.get("data-y"))
            tv, ty = float(top_tick.get("data-value")), float(top_tick.get("y"))
            want_y = zero + (ty - zero) * (chunks / lobs) / tv - 3.5
            if abs(y - want_y) > 0.6:
                bad(f"{name}: {table} step {s}: point at y {y}, {chunks / lobs:.3f} is at {want_y:.1f}")
            checked += 1
        # Free chunks by size.
        drawn = {(se.get("data-statistic"), int(r.get("data-step"))): float(r.get("data-value"))
                 for se in series_of(free) for r in se.iter(NS + "rect") if r.get("class") == "bar"}
        for (s, t, stat), v in figures.items():
            if t == table and stat in FREE and drawn.get((stat, s)) != v:
                bad(f"{name}: {table} step {s} {stat}: drawn {drawn.get((stat, s))}, CSV {v}")
            checked += t == table and stat in FREE
    if checked < 50:
        bad(f"{name}: only {checked} values checked")
    print(f"{name}: {len(tables)} tables, {steps} steps, {checked} values checked")


def main():
    lobbench, scenarios = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        for s in ("mech_b_retention_min.sql", "mech_f_fragment_shrink.sql", "dedup.sql"):
            check_run(lobbench, os.path.join(scenarios, s), tmp)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
