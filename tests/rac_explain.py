#!/usr/bin/env python3
"""rac_explain.py -- lobbench --explain for the rac workload (issue 33, item
13): every cluster figure is split into the parts the model counts apart,
and the parts add up to the figure exactly.

    usage: rac_explain.py LOBBENCH

Each part is checked against something counted elsewhere, never against
the formula that made it:
  - the components of every statistic of --explain-out sum to its
    --stats-out value, and every statistic has components;
  - traffic, by what crossed: each class's CR and current blocks part is
    that class's blocks received (the blocks' own details) x the block
    size, each kind's GCS and GES messages part that kind's messages sent x
    the message size (set here to 300 bytes, not the default); the block
    parts add up to (gc cr + gc current blocks received) x the block size,
    the message parts to (gcs + ges messages sent) x the message size;
  - every shipped block answers one block request: the gcs messages of that
    kind equal the blocks received;
  - blocks received are split by the classes AWR's Global Cache Transfer
    Stats names;
  - each Cluster wait event's time is the AWR report's time of that event
    (--awr-out, computed from the same waits by another path);
  - commits by transaction: those begun in the window are at most the TX
    enqueues taken in it; those begun before it at most one per user;
  - gets by block kind: at 4k the primary key has blevel 2 (README), so a
    read visits two branch blocks where at 8k it visits one;
  - DB CPU by what it was spent on: no gc messages part when a message costs
    no CPU, no copy part on Ethernet; both on HiperSockets.
"""
import csv
import os
import subprocess
import sys
import tempfile

CLASSES = {"data block", "undo header", "undo block", "segment header", "bitmap block"}
USERS = 60
MESSAGE_BYTES = 300

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(lobbench, tmp, tag, *params):
    out = {k: os.path.join(tmp, f"{tag}-{k}.csv") for k in ("stats", "explain", "awr")}
    args = [lobbench, "--no-db", "--workload=rac", "--block-size=8k,4k",
            f"--param=rac.users={USERS}", f"--param=cluster.message_bytes={MESSAGE_BYTES}",
            *[f"--param={p}" for p in params], "--benchmark_min_time=1x",
            f"--stats-out={out['stats']}", f"--explain-out={out['explain']}",
            f"--awr-out={out['awr']}", "--explain"]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"rac_explain: {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    read = lambda k: list(csv.DictReader(open(out[k])))
    return read("stats"), read("explain"), read("awr"), p.stdout


def by_case(stats, explain):
    """{block_kb: ({statistic: value}, {statistic: {component: value}})}"""
    cases = {}
    for r in stats:
        cases.setdefault(r["block_kb"], ({}, {}))[0][r["statistic"]] = int(r["value"])
    for r in explain:
        comp = cases[r["block_kb"]][1].setdefault(r["statistic"], {})
        check(r["component"] not in comp, f"{r['block_kb']}k {r['statistic']}: "
              f"component {r['component']} twice")
        comp[r["component"]] = int(r["value"])
    return cases


def detail(comps, part):
    """The details of part `part` in one statistic's components."""
    return {c.split(": ", 1)[1]: v for c, v in comps.items() if c.startswith(part + ": ")}


def check_case(kb, st, comps, awr):
    where = f"{kb}k"
    for name, v in st.items():
        c = comps.get(name, {})
        check(sum(c.values()) == v, f"{where} {name}: components sum to {sum(c.values())}, "
              f"--stats-out says {v}")
        check(v == 0 or c, f"{where} {name}: no component")
    for name in comps:
        check(name in st, f"{where} {name}: components of a statistic --stats-out lacks")
    g = lambda s: st.get(s, 0)
    blocks = g("gc cr blocks received") + g("gc current blocks received")
    # The traffic by what crossed: each class's CR and current blocks
    # received (the blocks' statistics' own details) x the block size, each
    # kind of GCS and GES message (the messages' details) x the message size.
    traffic = detail(comps.get("estd interconnect traffic bytes", {}), "global cache")
    want = {}
    for s, tag in (("gc cr blocks received", "CR"), ("gc current blocks received", "current")):
        for cls, n in detail(comps.get(s, {}), "global cache").items():
            want[f"{tag} {cls}"] = n * int(kb) * 1024
    for s, tag in (("gcs messages sent", "GCS"), ("ges messages sent", "GES")):
        for kind, n in detail(comps.get(s, {}), "global cache").items():
            want[f"{tag} {kind}"] = n * MESSAGE_BYTES
    check(traffic == want, f"{where} traffic by what crossed: {traffic}, want {want}")
    check(sum(v for k, v in traffic.items() if k.split()[0] in ("CR", "current"))
          == blocks * int(kb) * 1024, f"{where} traffic: blocks parts, {blocks} blocks x {kb}k")
    msgs = g("gcs messages sent") + g("ges messages sent")
    check(sum(v for k, v in traffic.items() if k.split()[0] in ("GCS", "GES"))
          == msgs * MESSAGE_BYTES, f"{where} traffic: message parts, {msgs} x {MESSAGE_BYTES}")
    gcs = detail(comps.get("gcs messages sent", {}), "global cache")
    check(gcs.get("block requests") == blocks,
          f"{where} gcs messages: {gcs.get('block requests')} block requests, {blocks} blocks")
    for s in ("gc cr blocks received", "gc current blocks received"):
        d = detail(comps.get(s, {}), "global cache")
        check(set(d) <= CLASSES and "data block" in d, f"{where} {s}: classes {sorted(d)}")
    # The AWR report's time per second of each event, times the window.
    elapsed_s = g("elapsed time micro") / 1e6
    awr_time = {}
    for r in awr:
        if r["block_kb"] == kb and r["instance"] == "all" and r["section"] == "Wait Events" \
                and r["statistic"].endswith(": time (s per s)"):
            awr_time[r["statistic"][:-len(": time (s per s)")]] = float(r["value"])
    cluster = detail(comps.get("Cluster time_waited_micro", {}), "time model")
    check(len(cluster) >= 3, f"{where} Cluster time: events {sorted(cluster)}")
    for event, us in cluster.items():
        check(event in awr_time, f"{where} Cluster time: {event} is not an AWR event")
        ratio = awr_time.get(event, 0)
        check(abs(ratio * elapsed_s * 1e6 - us) <= ratio + 2,
              f"{where} Cluster time: {event} {us} us, AWR {ratio * elapsed_s * 1e6:.0f}")
    commits = detail(comps.get("user commits", {}), "heap segment")
    check(0 < commits.get("transactions begun in the window", 0) <= g("ENQ: TX - Transaction"),
          f"{where} commits begun in the window {commits}, TX {g('ENQ: TX - Transaction')}")
    check(1 <= commits.get("transactions begun before it", 0) <= USERS,
          f"{where} commits begun before the window {commits}")


def main():
    lobbench = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        stats, explain, awr, text = run(lobbench, tmp, "hs")
        cases = by_case(stats, explain)
        check(set(cases) == {"8", "4"}, f"cases {sorted(cases)}")
        for kb, (st, comps) in cases.items():
            check_case(kb, st, comps, awr)
        # Branch gets a leaf get (the window is a time: counts follow
        # throughput, which differs between the block sizes).
        gets = {kb: detail(c[1].get("consistent gets", {}), "heap segment")
                for kb, c in cases.items()}
        branch = {kb: g.get("index branch", 0) / max(g.get("index leaf", 0), 1)
                  for kb, g in gets.items()}
        check(branch["8"] > 0 and 1.8 <= branch["4"] / branch["8"] <= 2.2,
              f"consistent gets of index branch blocks a leaf get, 8k {branch['8']:.3f} "
              f"4k {branch['4']:.3f}: not the second branch level at 4k")
        cpu = detail(cases["8"][1].get("DB CPU", {}), "time model")
        check(cpu.get("gc messages", 0) > 0 and cpu.get("interconnect copy", 0) > 0,
              f"DB CPU on HiperSockets: {cpu}")
        check("\n      data block " in text and "\n  = global cache " in text,
              "--explain prints no detail under a part")
        check("\n      CR data block " in text and "\n      GCS block requests " in text,
              "--explain prints the traffic as one part, not by what crossed")
        stats, explain, _, _ = run(lobbench, tmp, "eth", "rac.interconnect=10gbe",
                                   "rac.msg_cpu_us=0")
        for kb, (st, comps) in by_case(stats, explain).items():
            cpu = detail(comps.get("DB CPU", {}), "time model")
            check(set(cpu) == {"statement work"},
                  f"{kb}k DB CPU on 10gbe, messages free: {cpu}")
    for f in failures:
        print("FAIL:", f)
    print(f"rac_explain: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
