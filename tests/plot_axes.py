#!/usr/bin/env python3
"""plot_axes.py -- every panel of every family's lobbench --plot can be
read: at least three labelled value ticks and a unit on its value axis,
lines that coincide still told apart (issue 33, item 7), and no text under
10 px when the figure is shown 1,200 px wide (issue 43, item 13).

lobbench --plot is run for the LOB insert (with the Oracle reference from a
store), the heap queries, rac, a script and a script in sessions at once
with snapshots, and lobdiff --plot for two runs
of the insert in that store.  In each figure, every panel
has >= 3 labelled ticks (class "ytick") and a non-empty unit (class
"yunit"); within a panel no two line series share a mark (data-marker),
each series' marks are its own shape, and the legend shows each line
entry's mark and the note saying why; the heap's "recursive calls" panel
draws every query, ctas' zeros on the zero row and range's 10s under
few_rows' 10s each with a mark of its own.

    usage: plot_axes.py LOBBENCH LOBDIFF SCENARIOS_DIR
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
READ_WIDTH = 1200.0
failures = []


def bad(msg):
    failures.append(msg)
    print("FAIL:", msg)


def by_class(root, cls):
    return [e for e in root.iter() if e.get("class") == cls]


def check_figure(name, path):
    svg = ET.parse(path).getroot()
    # Read at a screen's width, 1,200 px, no text under 10 px: a wider
    # figure is scaled down, its 10 px labels with it (issue 43, item 13:
    # the sessions figure, 2,906 px wide, had 4 px labels there).
    width = float(svg.get("width"))
    sizes = [float(e.get("font-size")) for e in svg.iter() if e.get("font-size")]
    shown = min(sizes) * min(1.0, READ_WIDTH / width) if sizes else 0
    if shown < 10:
        bad(f"{name}: {width:.0f} px wide, its smallest text {min(sizes or [0]):.0f} px: "
            f"{shown:.1f} px at {READ_WIDTH:.0f} px")
    panels = by_class(svg, "panel")
    if len(panels) < 3:
        bad(f"{name}: {len(panels)} panels")
    for p in panels:
        title = p.get("data-statistic") or p.get("data-title")
        ticks = ["".join(t.itertext()).strip() for t in by_class(p, "ytick")]
        ticks = [t for t in ticks if t]
        if len(ticks) < 3:
            bad(f"{name}: '{title}': {len(ticks)} labelled ticks ({ticks})")
        units = ["".join(u.itertext()).strip() for u in by_class(p, "yunit")]
        units = [u for u in units if u]
        if len(units) != 1:
            bad(f"{name}: '{title}': value axis unit {units}")
        marks = {}
        for se in by_class(p, "series"):
            if se.get("data-style") == "markers":
                continue
            shapes = {m.get("data-marker") for m in by_class(se, "mark")}
            m = se.get("data-marker") or (next(iter(shapes)) if shapes else None)
            if m is None:  # bars: nothing to tell apart
                continue
            if shapes and shapes != {m}:
                bad(f"{name}: '{title}': series {se.get('data-name')} marked {m}, drawn {shapes}")
            if m in marks.values():
                bad(f"{name}: '{title}': {se.get('data-name')} and "
                    f"{[k for k, v in marks.items() if v == m]} share the mark {m}")
            marks[se.get("data-name")] = m
    legend = by_class(svg, "legend")
    lines = [e for e in legend[0].iter() if e.get("class") == "mark"] if legend else []
    if len(lines) >= 2:
        if len({m.get("data-marker") for m in lines}) != len(lines):
            bad(f"{name}: legend marks {[m.get('data-marker') for m in lines]}")
        if not by_class(svg, "legend-note") and name not in ("script", "sessions"):
            bad(f"{name}: no legend note on the marks")
    return svg


def run(args, cwd, ok=(0,)):
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if r.returncode not in ok:
        bad(f"{' '.join(args[1:])}: exit {r.returncode}: {r.stderr.strip()[:300]}")
    return r.returncode in ok


def main():
    lobbench, lobdiff, scenarios = (os.path.abspath(a) for a in sys.argv[1:4])
    quick = ["--benchmark_min_time=1x", "--quiet"]
    with tempfile.TemporaryDirectory() as tmp:
        figures = {
            "lob": [lobbench, "--db=h.db", *quick, "--plot=lob.svg"],
            "heap": [lobbench, "--no-db", *quick, "--workload=heap", "--block-size=8k,16k,32k",
                     "--plot=heap.svg"],
            "rac": [lobbench, "--no-db", *quick, "--workload=rac", "--block-size=8k,4k",
                    "--param=rac.users=40,60,80", "--param=rac.transactions=2000",
                    "--param=rac.warmup=200", "--plot=rac.svg"],
            "script": [lobbench, "--no-db", "--quiet",
                       "--script=" + os.path.join(scenarios, "mech_b_retention_min.sql"),
                       "--plot=script.svg"],
            "sessions": [lobbench, "--no-db", "--quiet",
                         "--script=" + os.path.join(scenarios, "mech_h_sessions.sql"),
                         "--sessions=2,8,32", "--snapshot-every=0.05s", "--plot=sessions.svg"],
        }
        # A second run of the insert beside the first (another chunk
        # divisor: figures that change), then the two diffed.
        figures["lobdiff"] = [lobbench, "--db=h.db", *quick, "--param=dsp.chunk_divisor=512"]
        svgs = {}
        for name, args in figures.items():
            if run(args, tmp) and name != "lobdiff":
                svgs[name] = check_figure(name, os.path.join(tmp, name + ".svg"))
        if run([lobdiff, "--db=h.db", "--all", "--plot=lobdiff.svg", "2", "3"], tmp, (0, 1)):
            svgs["lobdiff"] = check_figure("lobdiff", os.path.join(tmp, "lobdiff.svg"))
        heap = svgs.get("heap")
        if heap is not None:
            rc = [p for p in by_class(heap, "panel") if p.get("data-statistic") == "recursive calls"]
            series = {se.get("data-name"): se for se in by_class(rc[0], "series")} if rc else {}
            if sorted(series) != sorted(["ctas", "fts", "range", "few_rows"]):
                bad(f"heap: recursive calls draws {sorted(series)}")
            for q, se in series.items():
                n = len(by_class(se, "mark"))
                if n != 3:
                    bad(f"heap: recursive calls: {q} has {n} marks, want 3 block sizes")
            if rc and not by_class(rc[0], "zero-break"):
                bad("heap: recursive calls: ctas' zeros have no row")
        lob = svgs.get("lob")
        if lob is not None and "Oracle" not in ET.tostring(lob, encoding="unicode"):
            bad("lob: no Oracle reference drawn")
    print(f"{len(svgs)} figures checked, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
