"""test_pr_comment.py -- scripts/pr-comment against the GitHub stand-in on
127.0.0.1 (tests/github_standin.py): when it comments, which comment it
updates (found by its marker across pages), the check's verdict with and
without the label or the commit's word, figure changes and slowdowns kept
apart (a section and an exit status each), API errors.

  python3 tests/test_pr_comment.py SOURCE_DIR

One stand-in serves every test (starting and stopping one costs half a
second), emptied before each; every request and every run of the script is
bounded in time.
"""
import os
import subprocess
import sys
import tempfile
import unittest

SRC = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else
                      os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from github_standin import StandInTest  # noqa: E402

SCRIPT = os.path.join(SRC, "scripts", "pr-comment")
MARKER = "<!-- lobdiff-pr-comment -->"
PR = 7

CHANGED = """**lobdiff** run 2 → run 3: 3 statistics changed in 1 of 18 cases; no case added or removed; times: 0 slower, 0 faster, 18 unchanged (U test, alpha 0.05 over 18 cases: 0.0028 each, threshold 5%).

- base: run 2 (commit `f0e92b14f5d2`)
- head: run 3 (commit `897413335e26`)

#### local 128k

| statistic | base | head | diff | % |
|:---|---:|---:|---:|---:|
| segment dispenser allocations | 956 | 1385 | +429 | +44.9% |
"""
# pr-diff's markdown when a case is slower over the interleaved rounds
# (exit status 4): lobdiff's figures, then scripts/pr-times's section.
SLOWER = """**lobdiff** run 2 → run 3: no statistic changed in 18 cases; no case added or removed; times over 12 interleaved rounds: 1 slower, 0 faster, 17 unchanged.

- base: run 2 (commit `f0e92b14f5d2`)
- head: run 3 (commit `897413335e26`)

#### times: base and head interleaved

12 rounds, each `--benchmark_min_time=0.02s --benchmark_repetitions=3`, base and head one right after the other.

**times over 12 interleaved rounds: 1 slower, 0 faster, 17 unchanged**.

| case | base | head | change | first half | second half | head slower in | p (real) | p (CPU) | verdict |
|:---|---:|---:|---:|---:|---:|---:|---:|---:|:---|
| `local/lob:2k` | 412.8 us | 409.8 us | +0.4% | -1.1% | +2.0% | 7/12 | 0.850 | 0.910 | unchanged |
| `local/lob:128k` | 213.3 us | 349.9 us | +64.0% | +63.1% | +65.2% | 12/12 | 4.9e-04 | 4.9e-04 | slower |
"""
# A figure changed and a case is slower (exit status 5).
BOTH = CHANGED + SLOWER[SLOWER.index("\n#### times"):]
SAME = "**lobdiff** run 2 → run 3: no statistic changed in 18 cases; times: 18 unchanged.\n"


class PrComment(StandInTest):
    def setUp(self):
        super().setUp()
        self.tmp = tempfile.TemporaryDirectory()
        self.summary = os.path.join(self.tmp.name, "summary.md")

    def tearDown(self):
        self.tmp.cleanup()

    def run_script(self, diff, status, *extra, env_over=None):
        path = os.path.join(self.tmp.name, "diff.md")
        with open(path, "w", encoding="utf-8") as f:
            f.write(diff)
        env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
        env.update(GITHUB_API_URL=self.api.url, GITHUB_REPOSITORY=self.api.repo,
                   GITHUB_TOKEN=self.api.token, PR_NUMBER=str(PR), PR_COMMENT_TIMEOUT="10",
                   GITHUB_SERVER_URL="https://example.invalid", GITHUB_RUN_ID="42")
        env.update(env_over or {})
        r = subprocess.run([sys.executable, SCRIPT, f"--diff={path}", f"--status={status}",
                            f"--summary={self.summary}", "--head-sha=897413335e26aa",
                            "--base-sha=f0e92b14f5d2bb", *extra],
                           capture_output=True, text=True, timeout=60, env=env,
                           cwd=self.tmp.name)
        return r

    def marked(self):
        return [c for c in self.api.comments.get(PR, []) if MARKER in c["body"]]

    def summary_text(self):
        with open(self.summary, encoding="utf-8") as f:
            return f.read()

    # -- when to comment ------------------------------------------------------
    def test_nothing_changed_writes_no_comment(self):
        self.api.add_comment(PR, "LGTM")
        r = self.run_script(SAME, 0)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.api.writes(), [], "no comment when nothing changed")
        self.assertIn("nothing changed", self.summary_text())
        self.assertIn(SAME.strip(), self.summary_text(), "the diff goes into the summary")

    def test_unexpected_change_comments_once_and_fails(self):
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 1, "an unexpected change fails the check: " + r.stderr)
        self.assertEqual([m for m, _ in self.api.writes()], ["POST"])
        [c] = self.marked()
        self.assertIn("| segment dispenser allocations | 956 | 1385 |", c["body"])
        self.assertIn("Not marked as expected", c["body"])
        self.assertIn("allocator-change-expected", c["body"])
        self.assertNotIn("significantly slower", c["body"])
        self.assertIn("https://example.invalid/acme/lobsim/actions/runs/42", c["body"])
        # The next push: the same comment is updated, none added.
        r = self.run_script(SLOWER, 4)
        self.assertEqual(r.returncode, 4, r.stderr)
        self.assertEqual([m for m, _ in self.api.writes()], ["POST", "PATCH"])
        [c2] = self.marked()
        self.assertEqual(c2["id"], c["id"])
        self.assertIn("| `local/lob:128k` | 213.3 us | 349.9 us |", c2["body"])
        # The same report again: nothing to write.
        r = self.run_script(SLOWER, 4)
        self.assertEqual(r.returncode, 4, r.stderr)
        self.assertEqual(len(self.api.writes()), 2, "an unchanged comment is not rewritten")

    # -- times apart from figures ---------------------------------------------
    def test_slower_alone_has_its_own_section_and_status(self):
        r = self.run_script(SLOWER, 4)
        self.assertEqual(r.returncode, 4, "a slowdown alone: exit 4, not the figures' 1: "
                         + r.stderr)
        [c] = self.marked()
        self.assertIn("### lobdiff: significantly slower", c["body"])
        self.assertIn("`local/lob:128k` (+64.0%)", c["body"])
        self.assertNotIn("`local/lob:2k` (", c["body"], "an unchanged case is not named")
        self.assertNotIn("changes the model's figures", c["body"])
        self.assertNotIn("Not marked as expected", c["body"], "no label asked for a slowdown")
        self.assertFalse(any("/labels" in p for _, p in self.api.requests),
                         "the label decides figures only: " + repr(self.api.requests))
        self.assertIn("significantly slower", self.summary_text())
        self.assertIn("significantly slower", r.stdout)

    def test_figures_and_slower_each_in_their_section(self):
        r = self.run_script(BOTH, 5)
        self.assertEqual(r.returncode, 1, "the unexpected figure change decides: " + r.stderr)
        [c] = self.marked()
        body = c["body"]
        self.assertLess(body.index("### lobdiff: this pull request changes the model's figures"),
                        body.index("### lobdiff: significantly slower"))
        self.assertIn("Not marked as expected", body)
        self.assertIn("`local/lob:128k` (+64.0%)", body)
        # The label makes the figures expected; the slowdown stays.
        self.api.labels[PR] = ["allocator-change-expected"]
        r = self.run_script(BOTH, 5)
        self.assertEqual(r.returncode, 4, "figures expected, still slower: " + r.stderr)
        [c] = self.marked()
        self.assertIn("**Expected** (label `allocator-change-expected`)", c["body"])
        self.assertIn("### lobdiff: significantly slower", c["body"])

    def test_faster_only_is_nothing(self):
        # pr-diff exits 0 when a case is only faster: no comment, check green.
        faster = SLOWER.replace("| slower |", "| faster |").replace("1 slower, 0 faster",
                                                                     "0 slower, 1 faster")
        r = self.run_script(faster, 0)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.api.writes(), [])

    def test_only_the_times_table_names_slower_cases(self):
        # A table before the times whose last cell happens to read "slower"
        # (a case's own column, say) names no case.
        other = SLOWER.replace("#### times", "#### notes\n\n| case | a | b | what |\n"
                               "|:---|---:|---:|:---|\n| `dblink/lob:9k` | 1 | 2 | slower |\n"
                               "\n#### times")
        r = self.run_script(other, 4)
        self.assertEqual(r.returncode, 4, r.stderr)
        [c] = self.marked()
        self.assertIn("wall and CPU time: `local/lob:128k` (+64.0%).", c["body"])

    def test_not_found_is_a_read_only_token_too(self):
        # GitHub answers 404, not 403, to a write it hides from the token.
        self.api.fail[("POST", "/repos/")] = 404
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("read-only token", self.summary_text())

    def test_label_in_brackets_in_the_commit_message(self):
        repo = os.path.join(self.tmp.name, "repo")
        git = ["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run(["git", "init", "-q", repo], check=True, timeout=30)
        subprocess.run(git + ["commit", "-q", "--allow-empty", "-m",
                              "dispenser: halve the chunk [allocator-change-expected]"],
                       check=True, timeout=30)
        r = self.run_script(CHANGED, 1, "--commit-message-from=HEAD",
                            env_over={"GIT_DIR": os.path.join(repo, ".git")})
        self.assertEqual(r.returncode, 0, "the label in brackets passes: " + r.stderr)
        self.assertIn("the head commit says so", self.marked()[0]["body"])

    def test_marker_found_on_a_later_page(self):
        for i in range(5):
            self.api.add_comment(PR, f"review {i}: mentions lobdiff and the label")
        old = self.api.add_comment(PR, MARKER + "\nold report", "github-actions[bot]")
        self.api.add_comment(PR, "after it")
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertEqual([(m, p) for m, p in self.api.writes()],
                         [("PATCH", f"/repos/acme/lobsim/issues/comments/{old['id']}")])
        self.assertTrue(any("page=3" in p for m, p in self.api.requests if m == "GET"),
                        "the third page was read: " + repr(self.api.requests))
        self.assertEqual(len(self.marked()), 1)
        self.assertIn("956", self.marked()[0]["body"])

    def test_no_change_any_more_updates_the_old_comment(self):
        old = self.api.add_comment(PR, MARKER + "\nold report", "github-actions[bot]")
        r = self.run_script(SAME, 0)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual([m for m, _ in self.api.writes()], ["PATCH"])
        self.assertIn("no change any more", old["body"])

    # -- intended changes -----------------------------------------------------
    def test_label_makes_the_change_expected(self):
        self.api.labels[PR] = ["docs", "perf", "allocator-change-expected"]
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 0, "the label passes the check: " + r.stderr)
        [c] = self.marked()
        self.assertIn("**Expected** (label `allocator-change-expected`)", c["body"])
        self.assertIn("changed, as expected", self.summary_text())

    def test_other_label_does_not(self):
        self.api.labels[PR] = ["allocator-change", "expected"]
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 1, r.stderr)

    def test_commit_message_makes_the_change_expected(self):
        repo = os.path.join(self.tmp.name, "repo")
        git = ["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run(["git", "init", "-q", repo], check=True, timeout=30)
        for msg in ["dispenser: halve the chunk\n\nAllocator-change-expected: yes\n",
                    "dispenser: halve it again\n\nsays allocator-change-expected in passing\n"]:
            subprocess.run(git + ["commit", "-q", "--allow-empty", "-m", msg], check=True,
                           timeout=30)
        r = self.run_script(CHANGED, 1, "--commit-message-from=HEAD~1",
                            env_over={"GIT_DIR": os.path.join(repo, ".git")})
        self.assertEqual(r.returncode, 0, "the trailer passes the check: " + r.stderr)
        self.assertIn("the head commit says so", self.marked()[0]["body"])
        r = self.run_script(CHANGED, 1, "--commit-message-from=HEAD",
                            env_over={"GIT_DIR": os.path.join(repo, ".git")})
        self.assertEqual(r.returncode, 1, "a mention is not a trailer: " + r.stderr)

    # -- errors ---------------------------------------------------------------
    def test_api_error_listing_comments(self):
        self.api.fail[("GET", f"/repos/acme/lobsim/issues/{PR}/comments")] = 500
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 3, "the API failed: 3, " + r.stderr)
        self.assertEqual(r.stderr.count("\n"), 1, r.stderr)
        self.assertIn(f"GET /repos/acme/lobsim/issues/{PR}/comments answered 500", r.stderr)
        self.assertEqual(self.api.writes(), [], "no comment without the list")

    def test_api_error_creating(self):
        self.api.fail[("POST", "/repos/")] = 502
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 3, r.stderr)
        self.assertIn("POST /repos/acme/lobsim/issues/7/comments answered 502", r.stderr)

    def test_read_only_token_keeps_the_verdict(self):
        self.api.fail[("POST", "/repos/")] = 403
        r = self.run_script(CHANGED, 1)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("read-only token", self.summary_text())

    def test_bad_token(self):
        r = self.run_script(CHANGED, 1, env_over={"GITHUB_TOKEN": "wrong"})
        self.assertEqual(r.returncode, 3)
        self.assertIn("answered 401: Bad credentials", r.stderr)

    def test_pr_diff_failed(self):
        r = self.run_script("pr-diff: cannot build lobbench of base\n", 2)
        self.assertEqual(r.returncode, 2)
        self.assertEqual(self.api.requests, [], "no API call when pr-diff failed")
        self.assertIn("pr-diff failed", self.summary_text())

    def test_bad_input(self):
        for args, env_over, word in [
                ((), {"GITHUB_API_URL": ""}, "GITHUB_API_URL"),
                ((), {"PR_NUMBER": "x7"}, "PR_NUMBER"),
                (("--label=",), {}, "--label"),
        ]:
            r = self.run_script(CHANGED, 1, *args, env_over=env_over)
            self.assertEqual(r.returncode, 2, args)
            self.assertEqual(r.stderr.count("\n"), 1, r.stderr)
            self.assertIn(word, r.stderr)
        r = self.run_script("not a report\n", 1)
        self.assertEqual(r.returncode, 2)
        self.assertIn("not lobdiff's markdown", r.stderr)
        r = self.run_script(CHANGED, 3)
        self.assertEqual(r.returncode, 2)
        self.assertIn("--status '3'", r.stderr)
        self.assertEqual(self.api.writes(), [])

    def test_long_report_is_cut_to_fit(self):
        rows = "".join(f"| statistic {i} | 1 | 2 | +1 | +100% |\n" for i in range(3000))
        r = self.run_script(CHANGED + rows, 1)
        self.assertEqual(r.returncode, 1, r.stderr)
        [c] = self.marked()
        self.assertLessEqual(len(c["body"]), 65536)
        self.assertIn("cut here", c["body"])
        self.assertIn("statistic 2999 |", self.summary_text(), "the summary has it all")


if __name__ == "__main__":
    unittest.main(verbosity=2)
