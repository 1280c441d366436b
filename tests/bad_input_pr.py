"""bad_input_pr.py -- scripts/pr-comment, pr-times and pr-diff given what a
hostile user, a broken environment or a misbehaving API would give them.

  python3 tests/bad_input_pr.py SOURCE_DIR

Every case is refused by the rule of tests/bad_input.sh: the documented
exit status (pr-comment 2 bad input, 3 the API failed; pr-times and pr-diff
2), exactly one line on stderr naming the input and the problem, no
traceback, and every file named -- the --diff file, the job summary, the
rounds -- byte for byte as it was; no comment written, no file made where a
value was read as an option.  pr-comment runs against the GitHub stand-in
(tests/github_standin.py), pr-diff in a scratch repository of one commit
(every case here is refused before anything is built).
"""
import json
import os
import stat
import subprocess
import sys
import tempfile
import time
import unittest

SRC = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else
                      os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from github_standin import StandInTest  # noqa: E402

PR_COMMENT = os.path.join(SRC, "scripts", "pr-comment")
PR_TIMES = os.path.join(SRC, "scripts", "pr-times")
PR_DIFF = os.path.join(SRC, "scripts", "pr-diff")
PR = 7
REPORT = ("**lobdiff** run 2 → run 3: 1 statistic changed in 1 of 18 cases.\n\n"
          "| statistic | base | head |\n|:---|---:|---:|\n| db block gets | 1 | 2 |\n")
SUMMARY = "### an earlier step's summary\n"
COMMENTS = "/repos/acme/lobsim/issues/7/comments"
LABELS = "/repos/acme/lobsim/issues/7/labels"


def json_answer(obj, status=200, **headers):
    return (status, {"Content-Type": "application/json", **headers}, json.dumps(obj).encode())


def slow(handler, url):
    time.sleep(3)
    try:
        handler._send(200, [])
    except OSError:
        pass  # the client gave up, as it should


class Hostile(StandInTest):
    def setUp(self):
        super().setUp()
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.diff = self.path("diff.md", REPORT.encode())
        self.summary = self.path("summary.md", SUMMARY.encode())

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name, data=None):
        p = os.path.join(self.dir, name)
        if data is not None:
            with open(p, "wb") as f:
                f.write(data)
        return p

    def snapshot(self, files):
        out = {}
        for f in files:
            try:
                st = os.stat(f)
                if not stat.S_ISREG(st.st_mode):
                    out[f] = (st.st_mode, st.st_ino)  # a FIFO is never opened here
                    continue
                with open(f, "rb") as fh:
                    out[f] = fh.read()
            except OSError:
                out[f] = None
        return out, sorted(os.listdir(self.dir))

    def refused(self, cmd, want, word, env=None, files=(), cwd=None):
        """Run cmd; it must exit `want` with one stderr line holding `word`,
        no traceback, files and the directory as they were."""
        before = self.snapshot(files)
        r = subprocess.run(cmd, capture_output=True, timeout=120, env=env, cwd=cwd or self.dir)
        err = r.stderr.decode("utf-8", "replace")
        what = f"{[os.path.basename(str(c)) for c in cmd[:2]] + list(map(str, cmd[2:]))}"
        self.assertNotIn("Traceback", err, what)
        self.assertEqual(r.returncode, want, f"{what}: {err}")
        self.assertEqual(err.count("\n"), 1, f"{what}: not one line: {err!r}")
        self.assertIn(word, err, what)
        self.assertEqual(self.snapshot(files), before, f"{what}: a file changed or appeared")
        return err

    # -- pr-comment ---------------------------------------------------------------
    def env(self, **over):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("GITHUB_", "PR_", "GIT_"))}
        env.update(GITHUB_API_URL=self.api.url, GITHUB_REPOSITORY=self.api.repo,
                   GITHUB_TOKEN=self.api.token, PR_NUMBER=str(PR), PR_COMMENT_TIMEOUT="10",
                   GITHUB_STEP_SUMMARY=self.summary)
        for k, v in over.items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = v
        return env

    def comment(self, want, word, *args, diff=None, status=1, writes=0, **env_over):
        cmd = [sys.executable, PR_COMMENT, f"--diff={diff or self.diff}", f"--status={status}",
               *args]
        err = self.refused(cmd, want, word, self.env(**env_over),
                           files=(self.diff, self.summary, diff or self.diff))
        self.assertEqual(len(self.api.writes()), writes, "writes tried: " + err)
        return err

    def test_environment(self):
        cases = [
            ({"GITHUB_API_URL": None}, "GITHUB_API_URL ''"),
            ({"GITHUB_API_URL": "ftp://127.0.0.1/"}, "GITHUB_API_URL 'ftp:"),
            ({"GITHUB_API_URL": "http://[::1"}, "GITHUB_API_URL 'http://[::1'"),
            ({"GITHUB_API_URL": "http://127.0.0.1:99999"}, "GITHUB_API_URL"),
            ({"GITHUB_API_URL": "http://127.0.0.1/\nHost: evil"}, "GITHUB_API_URL"),
            ({"GITHUB_API_URL": "http://user:pw@127.0.0.1/"}, "GITHUB_API_URL"),
            ({"GITHUB_REPOSITORY": None}, "GITHUB_REPOSITORY ''"),
            ({"GITHUB_REPOSITORY": "../.."}, "GITHUB_REPOSITORY '../..'"),
            ({"GITHUB_REPOSITORY": "acme/lobsim/x"}, "GITHUB_REPOSITORY"),
            ({"PR_NUMBER": "7abc"}, "PR_NUMBER '7abc'"),
            ({"PR_NUMBER": ""}, "PR_NUMBER ''"),
            ({"PR_NUMBER": "0"}, "PR_NUMBER '0'"),
            ({"PR_NUMBER": "\u0667"}, "PR_NUMBER"),  # an Arabic-Indic seven
            ({"PR_NUMBER": "99999999999"}, "PR_NUMBER"),
            ({"PR_NUMBER": "7\n8"}, "PR_NUMBER '7 8'"),
            ({"PR_COMMENT_TIMEOUT": "nan"}, "PR_COMMENT_TIMEOUT 'nan'"),
            ({"PR_COMMENT_TIMEOUT": "-1"}, "PR_COMMENT_TIMEOUT '-1'"),
            ({"PR_COMMENT_TIMEOUT": "inf"}, "PR_COMMENT_TIMEOUT 'inf'"),
            ({"GITHUB_TOKEN": "t0ken\nX-Evil: 1"}, "GITHUB_TOKEN: expected"),
            ({"GITHUB_RUN_ID": "42)](http://evil.example"}, "GITHUB_RUN_ID"),
            ({"GITHUB_SERVER_URL": "javascript:alert(1)", "GITHUB_RUN_ID": "4"},
             "GITHUB_SERVER_URL"),
            ({"GITHUB_STEP_SUMMARY": self.dir}, "GITHUB_STEP_SUMMARY"),
            ({"GITHUB_STEP_SUMMARY": os.path.join(self.dir, "no-dir", "s.md")},
             "its directory does not exist"),
        ]
        for over, word in cases:
            with self.subTest(over=over):
                err = self.comment(2, word, **over)
                self.assertNotIn("t0ken", err, "the token is never printed")
        self.assertEqual(self.api.requests, [], "nothing sent with a bad environment")

    def test_environment_bytes(self):
        # A variable that is not UTF-8 at all.
        env = {os.fsencode(k): os.fsencode(v) for k, v in self.env().items()}
        env[b"PR_NUMBER"] = b"7\xff"
        cmd = [sys.executable, PR_COMMENT, f"--diff={self.diff}", "--status=1"]
        self.refused(cmd, 2, "PR_NUMBER", env, files=(self.diff, self.summary))

    def test_arguments(self):
        out = self.path("pwned")
        repo = self.git_repo()
        for args, word in [
                ((f"--commit-message-from=--output={out}",), "--commit-message-from '--output="),
                (("--commit-message-from=HEAD --",), "--commit-message-from 'HEAD --'"),
                (("--commit-message-from=no-such-rev",), "not a commit git knows here"),
                (("--commit-message-from=HEAD:README",), "expected a revision"),
                (("--commit-message-from=HEAD^{tree}",), "not a commit git knows here"),
                (("--diff=" + self.diff,), "--diff given twice"),
                (("--dif=x",), "--dif=x"),
                (("--head-sha=abc def",), "--head-sha 'abc def'"),
                (("--base-sha=--output=x",), "--base-sha '--output=x'"),
                (("--label=a\nb",), "--label 'a"),
                (("--summary=",), "--summary ''"),
        ]:
            with self.subTest(args=args):
                self.comment(2, word, *args, GIT_DIR=os.path.join(repo, ".git"))
                self.assertFalse(os.path.exists(out), "git wrote the file an option named")
        for status in ("5x", "-1", "", "01"):
            with self.subTest(status=status):
                self.comment(2, f"--status '{status}'", status=status)

    def git_repo(self):
        repo = os.path.join(self.dir, "repo")
        subprocess.run(["git", "init", "-q", repo], check=True, timeout=30)
        subprocess.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit",
                        "-q", "--allow-empty", "-m", "one"], check=True, timeout=30)
        return repo

    def test_diff_files(self):
        fifo = self.path("fifo")
        os.mkfifo(fifo)
        huge = self.path("huge.md")
        with open(huge, "wb") as f:
            f.truncate((64 << 20) + 1)  # sparse: costs no disk
        for diff, word in [
                (self.path("missing.md"), "No such file"),
                (self.path("empty.md", b""), "not lobdiff's markdown"),
                (self.path("nul.md", REPORT.encode() + b"\0tail"), "binary (a NUL byte at offset"),
                (self.path("latin1.md", "**lobdiff** caf\xe9\n".encode("latin-1")),
                 "not UTF-8 text (byte 15)"),
                (self.path("html.md", b"<html><body>502 Bad Gateway</body></html>\n"),
                 "not lobdiff's markdown"),
                (huge, "larger than 64 MiB"),
                (self.dir, "Is a directory"),
                (fifo, "not a regular file"),
        ]:
            with self.subTest(diff=os.path.basename(diff)):
                self.comment(2, f"--diff '{diff}'", diff=diff)
                self.comment(2, word, diff=diff)
        self.assertEqual(self.api.requests, [], "nothing sent without a report")

    def api_case(self, answers, word, status=1, **env_over):
        with self.api.lock:
            self.api.raw = answers
            self.api.requests = []
        # A write whose answer is refused was tried once; nothing else was.
        writes = sum(m in ("POST", "PATCH") for m, _ in answers)
        err = self.comment(3, word, status=status, writes=writes, **env_over)
        self.assertIn("GitHub API", err)
        return err

    def test_api_answers(self):
        big = b"[" + b" " * (17 << 20) + b"]"
        deep = b"[" * 100000 + b"]" * 100000
        page1 = f"{self.api.url}{COMMENTS}?per_page=100&page=1"
        cases = [
            ({("GET", COMMENTS): (200, {"Content-Type": "text/plain"}, b"OK, fine")},
             "answered 200: not JSON"),
            ({("GET", COMMENTS): (200, {"Content-Type": "text/html"},
                                  b"<!DOCTYPE html><html><body>Unicorn!</body></html>")},
             "answered 200: an HTML page"),
            ({("GET", COMMENTS): (500, {"Content-Type": "text/html"},
                                  b"<html><h1>500 Internal Server Error</h1></html>")},
             "answered 500"),
            ({("GET", COMMENTS): json_answer({"message": "Not Found"}, 404)}, "answered 404"),
            ({("GET", COMMENTS): (200, {"Content-Length": "5000"}, b'[{"id": 1, "bo')},
             f"GET {COMMENTS} answered"),
            ({("GET", COMMENTS): (200, {}, big)}, "larger than 16 MiB"),
            ({("GET", COMMENTS): (200, {}, deep)}, "not JSON"),
            ({("GET", COMMENTS): json_answer({"comments": []})}, "not a list"),
            ({("GET", COMMENTS): json_answer(["a comment"])}, "item 1 is not what the API"),
            ({("GET", COMMENTS): json_answer([{"id": "../../x", "body": "hi"}])}, "item 1"),
            ({("GET", COMMENTS): json_answer([{"id": True, "body": "hi"}])}, "item 1"),
            ({("GET", COMMENTS): json_answer([{"id": 5, "body": ["a"]}])}, "item 1"),
            ({("GET", COMMENTS): json_answer([{"id": 5, "body": "x"}],
                                             Link=f'<{page1}>; rel="next"')},
             "pages that loop"),
            ({("GET", COMMENTS): json_answer(
                [], Link=f'<http://evil.example{COMMENTS}?page=2>; rel="next"')},
             "a Link to another place"),
            ({("GET", COMMENTS): json_answer(
                [], Link=f'<{self.api.url}/user/repos?page=2>; rel="next"')},
             "a Link to another place"),
            ({("GET", COMMENTS): json_answer(
                [], Link=f'<http://127.0.0.1:99999{COMMENTS}>; rel="next"')},
             "a Link to a malformed address"),
            ({("GET", LABELS): json_answer([{"name": 5}])}, f"GET {LABELS} answered 200: item 1"),
            ({("POST", COMMENTS): json_answer([], 201)}, "not a comment"),
            ({("POST", COMMENTS): json_answer({"id": -3}, 201)}, "not a comment"),
            ({("GET", COMMENTS): slow}, "timed out"),
        ]
        for answers, word in cases:
            with self.subTest(word=word):
                self.api_case(answers, word, PR_COMMENT_TIMEOUT="1")
        with self.subTest("a port where nothing listens"):
            self.comment(3, "answered nothing", GITHUB_API_URL="http://127.0.0.1:9")

    def test_every_page_is_read_until_a_loop(self):
        # A page that leads back to the first: refused after two requests,
        # not after a thousand.
        self.api.add_comment(PR, "one")
        self.api.add_comment(PR, "two")
        self.api.add_comment(PR, "three")
        first = f"{self.api.url}{COMMENTS}?per_page=2&page=1"

        def back_to_first(handler, url):
            handler._send(200, [{"id": 9, "body": "x"}],
                          f'<{first}>; rel="next"' if "page=2" in url.query else
                          f'<{self.api.url}{COMMENTS}?per_page=2&page=2>; rel="next"')

        self.api_case({("GET", COMMENTS): back_to_first}, "pages that loop")
        self.assertLessEqual(len(self.api.requests), 4, self.api.requests)

    # -- pr-times -----------------------------------------------------------------
    def times(self, files, word, *args):
        cmd = [sys.executable, PR_TIMES, *args, *files]
        self.refused(cmd, 2, word, files=files)

    def test_pr_times(self):
        good = json.dumps({"benchmarks": [{"name": "a", "real_time": 1, "cpu_time": 1,
                                           "time_unit": "us"}]}).encode()
        ok = self.path("ok.json", good)
        fifo = self.path("round.fifo")
        os.mkfifo(fifo)
        instr = self.path("instr.tsv", "a\t\u00b2\t3\n".encode())
        for data, word in [
                ({"benchmarks": [{"name": "a", "real_time": 1, "cpu_time": 1,
                                  "time_unit": ["us"]}]}, "unknown time unit"),
                (b"[" * 100000 + b"]" * 100000, "JSON nested too deeply"),
                (b'{"benchmarks": [{"name": "caf\xe9"}]}', "not UTF-8 (byte"),
                (b'{"benchmarks": [', "not JSON"),
                (b"", "not JSON"),
                ({"benchmarks": {"a": 1}}, "no \"benchmarks\" list"),
        ]:
            with self.subTest(word=word):
                raw = data if isinstance(data, bytes) else json.dumps(data).encode()
                bad = self.path("bad.json", raw)
                self.times([ok, bad], word)
        self.times([ok, self.dir], "Is a directory")
        self.times([ok, fifo], "not a regular file")
        self.times([ok], "1 files: expected pairs")
        self.times([ok, ok], f"--instructions '{instr}' line 1", f"--instructions={instr}")
        self.times([ok, ok], "--alpha 'nan'", "--alpha=nan")

    # -- pr-diff ------------------------------------------------------------------
    def test_pr_diff(self):
        repo = self.git_repo()
        out = self.path("pwned")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PR_DIFF_", "GIT_"))}
        for args, over, word in [
                ((f"--output={out}",), {}, f"unknown option '--output={out}'"),
                (("HEAD", f"--output={out}"), {}, f"revision '--output={out}'"),
                (("HEAD", "-p"), {}, "revision '-p'"),
                (("HEAD --",), {}, "revision 'HEAD --'"),
                (("HEAD", ""), {}, "HEAD_REV ''"),
                (("HEAD", "HEAD:x"), {}, "revision 'HEAD:x': expected a revision name"),
                (("HEAD", "HEAD^{tree}"), {}, "unknown revision 'HEAD^{tree}'"),
                (("HEAD",), {"PR_DIFF_JOBS": "abc"}, "PR_DIFF_JOBS 'abc'"),
                (("HEAD",), {"PR_DIFF_JOBS": "0"}, "PR_DIFF_JOBS '0'"),
                (("HEAD",), {"PR_DIFF_BUILD_TYPE": "Debug -DX=1"}, "PR_DIFF_BUILD_TYPE"),
                (("HEAD",), {"PR_DIFF_BASE_CACHE": "cache"}, "PR_DIFF_BASE_CACHE 'cache'"),
                (("HEAD",), {"PR_DIFF_ROUNDS": "1e3"}, "PR_DIFF_ROUNDS '1e3'"),
        ]:
            with self.subTest(args=args, over=over):
                self.refused(["bash", PR_DIFF, *args], 2, word, {**env, **over}, cwd=repo)
                self.assertFalse(os.path.exists(out), "git wrote the file an option named")


if __name__ == "__main__":
    unittest.main(verbosity=2)
