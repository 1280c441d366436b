"""test_pr_times.py -- scripts/pr-times, the comparison of pr-diff's
interleaved rounds, on rounds made up here as Google Benchmark's JSON: the
signed-rank test against hand-worked and scipy figures, what makes a case
slower (every part of the run, wall and CPU alike, beyond the threshold)
and what does not (a load during part of the run, wall time alone), the
report, the instruction counts, bad input.

  python3 tests/test_pr_times.py SOURCE_DIR
"""
import io
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest
from importlib.machinery import SourceFileLoader

SRC = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else
                      os.path.join(os.path.dirname(__file__), ".."))
SCRIPT = os.path.join(SRC, "scripts", "pr-times")
pt = SourceFileLoader("pr_times", SCRIPT).load_module()

NAMES = ["insert/local/lob:2k/block:8k/rows:10000", "insert/dblink/lob:2k/block:8k/rows:10000"]


def noise(i, k):
    """A fixed, sign-alternating wobble of a few percent: round i, case k."""
    return 1 + 0.03 * math.sin(1.7 * i + 2.3 * k)


class Rounds:
    """Rounds of two sides written as lobbench would: head = base * factor."""

    def __init__(self, tmp, n=12):
        self.tmp = tmp
        self.n = n

    def write(self, factors, cpu_factors=None, names=NAMES, head_names=None, reps=3,
              unit="us"):
        """factors(i, name) -> the head's slowdown in round i (1-based);
        returns the files, base and head of each round."""
        files = []
        for i in range(1, self.n + 1):
            for side in ("base", "head"):
                benches = []
                for k, name in enumerate(names if side == "base" else head_names or names):
                    base = 400.0 * (k + 1) * noise(i, k)
                    real = base * (factors(i, name) if side == "head" else 1)
                    cf = (cpu_factors or factors)(i, name) if side == "head" else 1
                    cpu = base * 0.95 * cf
                    for r in range(reps):
                        jitter = 1 + 0.001 * r
                        benches.append({"name": name, "run_name": name, "run_type": "iteration",
                                        "repetitions": reps, "repetition_index": r,
                                        "iterations": 1, "real_time": real * jitter,
                                        "cpu_time": cpu * jitter, "time_unit": unit})
                    benches.append({"name": name + "_mean", "run_name": name,
                                    "run_type": "aggregate", "aggregate_name": "mean",
                                    "real_time": 1e9, "cpu_time": 1e9, "time_unit": unit})
                path = os.path.join(self.tmp, f"{i:03d}-{side}.json")
                with open(path, "w", encoding="utf-8") as f:
                    json.dump({"context": {}, "benchmarks": benches}, f)
                files.append(path)
        return files


def run(args):
    out = io.StringIO()
    rc = pt.run(args, out)
    return rc, out.getvalue()


def row(md, label):
    for line in md.splitlines():
        if line.startswith(f"| `{label}` |"):
            return [c.strip() for c in line.strip().strip("|").split("|")]
    raise AssertionError(f"no row for {label} in:\n{md}")


class SignedRank(unittest.TestCase):
    def test_hand_worked(self):
        # Every one of n rounds one way: 2 of the 2^n sign patterns.
        self.assertEqual(pt.signed_rank_p([0.1] * 12), 2 / 4096)
        self.assertEqual(pt.signed_rank_p([-0.1 * k for k in range(1, 9)]), 2 / 256)
        # One round the other way with the smallest rank, of 10: the patterns
        # whose negative ranks sum to 1 or less are {} and {1}: p = 2*2/1024.
        self.assertAlmostEqual(pt.signed_rank_p([-0.01] + [0.1 * k for k in range(1, 10)]),
                               4 / 1024)
        # Ties get their mean rank, zeros are dropped, nothing left is p = 1.
        self.assertEqual(pt.signed_rank_p([0, 0, 0]), 1.0)
        self.assertEqual(pt.signed_rank_p([0.5]), 1.0)
        self.assertAlmostEqual(pt.signed_rank_p([1, 1, -1, 2, 2, 2]), 0.125)

    def test_against_scipy(self):
        # scipy.stats.wilcoxon(d, method="exact").pvalue for these samples
        # (scipy 1.10.1, no ties).
        d = [0.31, -0.12, 0.45, 0.08, 0.27, -0.05, 0.52, 0.19, 0.33, 0.14]
        self.assertAlmostEqual(pt.signed_rank_p(d), 0.013671875)
        d = [0.2, -0.3, 0.1, -0.4, 0.5, -0.6, 0.7, 0.05]
        self.assertAlmostEqual(pt.signed_rank_p(d), 0.84375)

    def test_min_p(self):
        self.assertEqual(pt.min_p(12), 2 / 4096)
        self.assertEqual(pt.min_p(0), 1.0)


class Verdicts(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.r = Rounds(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def test_slower_in_every_round(self):
        files = self.r.write(lambda i, n: 1.5 if "local" in n else 1.0)
        rc, md = run(files)
        self.assertEqual(rc, 1, md)
        self.assertEqual(row(md, "local")[-1], "slower")
        self.assertEqual(row(md, "local")[6], "12/12")
        self.assertEqual(row(md, "dblink")[-1], "unchanged")
        self.assertIn("**times over 12 interleaved rounds: 1 slower, 0 faster, 1 unchanged**",
                      md)

    def test_faster_is_no_failure(self):
        files = self.r.write(lambda i, n: 0.6 if "dblink" in n else 1.0)
        rc, md = run(files)
        self.assertEqual(rc, 0, md)
        self.assertEqual(row(md, "dblink")[-1], "faster")

    def test_a_load_during_part_of_the_run_is_not_a_change(self):
        # The head twice as slow in the first six rounds, then 2 % slower:
        # every round says slower (p = 2/4096) and the median of all twelve
        # is +40 %, but the second half is within the threshold.
        files = self.r.write(lambda i, n: 2.0 if i <= 6 else 1.02)
        rc, md = run(files)
        self.assertEqual(rc, 0, md)
        r = row(md, "local")
        self.assertEqual(r[-1], "unchanged")
        self.assertEqual(r[6], "12/12")
        self.assertGreater(float(r[3].rstrip("%")), 5)
        self.assertLess(float(r[5].rstrip("%")), 5)

    def test_a_few_slow_rounds_are_not_a_change(self):
        # Three of twelve rounds four times as slow, the others as they were.
        files = self.r.write(lambda i, n: 4.0 if i in (2, 3, 4) else 1.0)
        rc, md = run(files)
        self.assertEqual(rc, 0, md)
        self.assertEqual(row(md, "local")[-1], "unchanged")

    def test_wall_time_alone_is_not_a_change(self):
        files = self.r.write(lambda i, n: 1.5, cpu_factors=lambda i, n: 1.0)
        rc, md = run(files)
        self.assertEqual(rc, 0, md)
        self.assertEqual(row(md, "local")[-1], "unchanged")

    def test_within_the_threshold(self):
        files = self.r.write(lambda i, n: 1.04)
        rc, md = run(files)
        self.assertEqual(rc, 0)
        rc, md = run(["--time-threshold=3"] + files)
        self.assertEqual(rc, 1, md)
        self.assertIn("each beyond 3%", md)

    def test_too_few_rounds(self):
        files = Rounds(self.tmp.name, n=6).write(lambda i, n: 3.0)
        rc, md = run(files)
        self.assertEqual(rc, 0, "6 rounds cannot reach 0.025")
        self.assertIn("6 rounds cannot show a change at 0.025: it takes 7", md)

    def test_cases_of_one_side(self):
        files = self.r.write(lambda i, n: 1.0, head_names=NAMES[:1] + ["insert/local/lob:4k/x"])
        rc, md = run(files)
        self.assertEqual(rc, 0)
        self.assertIn("Only in base's rounds, not compared: "
                      "`insert/dblink/lob:2k/block:8k/rows:10000`", md)
        self.assertIn("Only in head's rounds, not compared: `insert/local/lob:4k/x`", md)
        self.assertIn("no significant change in 1 cases", md)

    def test_units_and_medians(self):
        files = self.r.write(lambda i, n: 1.0, unit="ms", reps=1)
        rc, md = run(files)
        self.assertEqual(rc, 0)
        self.assertTrue(row(md, "local")[1].endswith(" ms"), md)

    def test_summary_and_no_rounds(self):
        out = os.path.join(self.tmp.name, "summary.txt")
        files = self.r.write(lambda i, n: 1.5)
        rc, md = run([f"--summary-out={out}"] + files)
        self.assertEqual(rc, 1)
        with open(out, encoding="utf-8") as f:
            self.assertEqual(f.read(), "times over 12 interleaved rounds: 2 slower, 0 faster, "
                             "0 unchanged\n")
        rc, md = run([f"--summary-out={out}"])
        self.assertEqual(rc, 0)
        self.assertIn("times not compared", md)

    def test_instructions(self):
        tsv = os.path.join(self.tmp.name, "i.tsv")
        with open(tsv, "w", encoding="utf-8") as f:
            f.write(f"{NAMES[0]}\t1000\t1500\n{NAMES[1]}\t2000\t2000\n"
                    "insert/local/lob:4k/block:8k/rows:10000\t-\t3000\n")
        rc, md = run([f"--instructions={tsv}"])
        self.assertEqual(rc, 0)
        self.assertIn("**instructions: 1 of 2 cases changed; 1 not counted; the largest change "
                      "+500 (+50.0%) in `local/lob:2k`**", md)
        self.assertEqual(row(md, "local/lob:2k")[1:], ["1000", "1500", "+500 (+50.0%)"])
        self.assertEqual(row(md, "dblink/lob:2k")[3], "0")

    def test_instructions_threshold(self):
        """+2 instructions in a million (+0.0002 %) is unchanged at the
        default 0.1 %, changed at 0; the largest change is named either way."""
        tsv = os.path.join(self.tmp.name, "i.tsv")
        with open(tsv, "w", encoding="utf-8") as f:
            f.write(f"{NAMES[0]}\t1000000\t1000002\n{NAMES[1]}\t2000000\t2000001\n")
        rc, md = run([f"--instructions={tsv}"])
        self.assertIn("**instructions: 0 of 2 cases changed; the largest change +2 (+0.0%) "
                      "in `local`**", md)
        self.assertIn("more than 0.1% (--instruction-threshold)", md)
        rc, md = run([f"--instructions={tsv}", "--instruction-threshold=0"])
        self.assertIn("**instructions: 2 of 2 cases changed; the largest change +2", md)
        # 0.2 % is beyond 0.1 %
        with open(tsv, "w", encoding="utf-8") as f:
            f.write(f"{NAMES[0]}\t1000\t1002\n{NAMES[1]}\t2000\t2000\n")
        rc, md = run([f"--instructions={tsv}"])
        self.assertIn("**instructions: 1 of 2 cases changed; the largest change +2 (+0.2%)", md)

    def test_times_columns_say_what_they_are(self):
        files = self.r.write(lambda i, n: 1.0)
        rc, md = run(files)
        self.assertIn("| case | base (median) | head (median) | change (median ratio) |", md)
        self.assertIn("need not be the ratio of the two medians", md)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def cli(self, *args):
        return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                              timeout=60, cwd=self.tmp.name)

    def test_one_line_exit_2(self):
        notjson = os.path.join(self.tmp.name, "x.json")
        with open(notjson, "w", encoding="utf-8") as f:
            f.write("{not json")
        other = os.path.join(self.tmp.name, "y.json")
        with open(other, "w", encoding="utf-8") as f:
            f.write('{"runs": []}')
        tsv = os.path.join(self.tmp.name, "i.tsv")
        with open(tsv, "w", encoding="utf-8") as f:
            f.write("a\t1\n")
        for args, word in [(("a.json",), "expected pairs"),
                           (("missing.json", "missing.json"), "'missing.json'"),
                           ((notjson, notjson), "not JSON"),
                           ((other, other), "no \"benchmarks\" list"),
                           (("--alpha=2",), "--alpha '2'"),
                           (("--time-threshold=x",), "--time-threshold 'x'"),
                           ((f"--instructions={tsv}",), "line 1"),
                           (("--frob",), "--frob")]:
            r = self.cli(*args)
            self.assertEqual(r.returncode, 2, (args, r.stderr))
            self.assertEqual(r.stderr.count("\n"), 1, r.stderr)
            self.assertIn(word, r.stderr)
            self.assertEqual(r.stdout, "", "nothing half-written")


if __name__ == "__main__":
    unittest.main(verbosity=2)
