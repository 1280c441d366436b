"""test_pr_comment_props.py -- properties of scripts/pr-comment over answers
of the GitHub API and environments that hypothesis makes up, against the
stand-in (tests/github_standin.py), the script loaded in this process (a
run is a few milliseconds, not a new interpreter):

  - whatever the API answers (any JSON, any bytes, any status, any Link
    header), the verdict of a figure change is 1 or the API's failure is 3
    with one line; never a traceback, never another status; after a
    failure the summary is as it was; after a verdict exactly one comment
    was written, the first marked one when there was one;
  - whatever the environment holds, pr-comment refuses it (2, one line
    naming a variable, nothing sent, the summary as it was) exactly when a
    variable breaks its documented rule.

  /usr/bin/python3 tests/test_pr_comment_props.py SOURCE_DIR

hypothesis comes from Debian's python3-hypothesis (scripts/install-deps),
hence Debian's interpreter; without it the test fails.  The examples are
derandomized: every run tries the same ones.
"""
import contextlib
import io
import json
import os
import re
import sys
import tempfile
import unittest
from importlib.machinery import SourceFileLoader

try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from hypothesis.configuration import set_hypothesis_home_dir
except ImportError:
    print("FAIL: test_pr_comment_props: python3-hypothesis is not installed for "
          f"{sys.executable} (scripts/install-deps installs it)")
    sys.exit(1)

# Hypothesis keeps caches in .hypothesis/ of the current directory: here,
# a directory of its own that goes with the run.
_HOME = tempfile.TemporaryDirectory(prefix="lobsim-hypothesis-")
set_hypothesis_home_dir(_HOME.name)

SRC = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else
                      os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from github_standin import StandInTest  # noqa: E402

pc = SourceFileLoader("pr_comment", os.path.join(SRC, "scripts", "pr-comment")).load_module()

PR = 7
MARKER = "<!-- lobdiff-pr-comment -->"
COMMENTS = "/repos/acme/lobsim/issues/7/comments"
REPORT = "**lobdiff** run 2 → run 3: 1 statistic changed.\n\n| db block gets | 1 | 2 |\n"
SUMMARY = "### an earlier step\n"
ENV_NAMES = ("GITHUB_API_URL", "GITHUB_REPOSITORY", "GITHUB_TOKEN", "PR_NUMBER",
             "PR_COMMENT_TIMEOUT", "GITHUB_SERVER_URL", "GITHUB_RUN_ID", "GITHUB_STEP_SUMMARY")
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)
# Comments that are nearly right: the fields the script reads, of any type.
comment_like = st.fixed_dictionaries(
    {"id": st.one_of(st.integers(-2, 2**64), st.booleans(), st.text(max_size=5), st.none()),
     "body": st.one_of(st.none(), st.integers(), st.text(max_size=30),
                       st.just(MARKER + "\nold report"))})
good_comment = st.builds(lambda i, marked: {"id": i, "body": (MARKER if marked else "") + " x"},
                         st.integers(1, 10**9), st.booleans())


def link_header(api_url):
    here = f"{api_url}{COMMENTS}"
    return st.one_of(
        # A header is bytes; any of them but the line's end.
        st.none(), st.text(st.characters(max_codepoint=255, blacklist_characters="\r\n"),
                           max_size=40),
        st.sampled_from([f'<{here}?per_page=100>; rel="next"',
                         f'<{here}?page=2>; rel="next"',
                         f'<http://elsewhere.example{COMMENTS}?page=2>; rel="next"',
                         f'<{api_url}/other?page=2>; rel="next"', '<>; rel="next"',
                         f'<{here}?page=2>; rel="last"']))


class Props(StandInTest):
    def fresh(self):
        self.api.reset()

    def run_main(self, env, tmp):
        diff = os.path.join(tmp, "diff.md")
        summary = os.path.join(tmp, "summary.md")
        with open(diff, "w", encoding="utf-8") as f:
            f.write(REPORT)
        with open(summary, "w", encoding="utf-8") as f:
            f.write(SUMMARY)
        argv = ["pr-comment", f"--diff={diff}", "--status=1"]
        saved_env, saved_argv = dict(os.environ), sys.argv
        out, err = io.StringIO(), io.StringIO()
        try:
            for k in list(os.environ):
                if k.startswith(("GITHUB_", "PR_")):
                    del os.environ[k]
            os.environ.update({k: v for k, v in env.items() if v is not None})
            if "GITHUB_STEP_SUMMARY" not in env:
                os.environ["GITHUB_STEP_SUMMARY"] = summary
            sys.argv = argv
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                rc = pc.main()
        finally:
            os.environ.clear()
            os.environ.update(saved_env)
            sys.argv = saved_argv
        with open(summary, encoding="utf-8") as f:
            after = f.read()
        return rc, err.getvalue(), after

    def good_env(self):
        return {"GITHUB_API_URL": self.api.url, "GITHUB_REPOSITORY": self.api.repo,
                "GITHUB_TOKEN": self.api.token, "PR_NUMBER": str(PR),
                "PR_COMMENT_TIMEOUT": "5"}

    # -- the API's answers --------------------------------------------------------
    @SETTINGS
    @given(data=st.data())
    def test_any_answer(self, data):
        self.fresh()
        status = data.draw(st.sampled_from([200, 200, 200, 201, 204, 301, 400, 401, 403, 404,
                                            422, 500, 502]), "status")
        body = data.draw(st.one_of(
            st.lists(good_comment, max_size=5).map(json.dumps).map(str.encode),
            st.lists(comment_like, max_size=4).map(json.dumps).map(str.encode),
            json_values.map(json.dumps).map(str.encode),
            st.binary(max_size=64)), "body")
        link = data.draw(link_header(self.api.url), "link")
        headers = {"Content-Type": "application/json"}
        if link is not None:
            headers["Link"] = link
        post = data.draw(st.one_of(st.none(), json_values.map(json.dumps).map(str.encode)),
                         "post answer")
        with self.api.lock:
            self.api.raw[("GET", COMMENTS)] = (status, headers, body)
            if post is not None:
                self.api.raw[("POST", COMMENTS)] = (201, {}, post)
        with tempfile.TemporaryDirectory() as tmp:
            rc, err, summary = self.run_main(self.good_env(), tmp)
        self.assertNotIn("Traceback", err)
        self.assertIn(rc, (1, 3), err)
        if rc == 3:
            self.assertEqual(err.count("\n"), 1, err)
            self.assertTrue(err.startswith("pr-comment: GitHub API "), err)
            self.assertEqual(summary, SUMMARY, "a failure leaves the summary as it was")
            return
        # A verdict: the answer was a list of comments the API documents, on
        # one page (any next page is this stand-in's: the same answer again,
        # a loop, or a failure), and exactly one comment was written.
        self.assertEqual(err, "")
        comments = json.loads(body)
        self.assertTrue(all(pc.comment_or_none(c) is not None for c in comments), comments)
        writes = self.api.writes()
        self.assertEqual(len(writes), 1, writes)
        marked = [c for c in comments if MARKER in (c.get("body") or "")]
        if marked:
            self.assertEqual(writes[0], ("PATCH", f"/repos/acme/lobsim/issues/comments/"
                                                  f"{marked[0]['id']}"))
        else:
            self.assertEqual(writes[0][0], "POST")
        self.assertTrue(summary.startswith(SUMMARY) and len(summary) > len(SUMMARY))

    # -- the environment ----------------------------------------------------------
    @SETTINGS
    @given(data=st.data())
    def test_any_environment(self, data):
        self.fresh()
        garbage = st.text(st.characters(blacklist_categories=("Cs",),
                                         blacklist_characters="\0"), max_size=30)
        good = self.good_env()
        good.update(GITHUB_SERVER_URL="https://example.invalid", GITHUB_RUN_ID="42")
        env = {}
        for name in ENV_NAMES:
            if name == "GITHUB_STEP_SUMMARY":
                continue  # a file: tests/bad_input_pr.py tries it
            choice = data.draw(st.sampled_from(["good", "good", "missing", "garbage"]), name)
            if choice == "good":
                env[name] = good[name]
            elif choice == "garbage":
                env[name] = data.draw(garbage, name + " value")
        with tempfile.TemporaryDirectory() as tmp:
            rc, err, summary = self.run_main(env, tmp)
        self.assertNotIn("Traceback", err)
        broken = [n for n in ENV_NAMES if not env_ok(n, env.get(n), self.api.url)]
        if broken:
            self.assertEqual(rc, 2, f"{broken}: {err}")
            self.assertEqual(err.count("\n"), 1, err)
            self.assertTrue(any(n in err for n in broken), f"{broken} not named: {err}")
            self.assertEqual(self.api.requests, [], "nothing sent with a bad environment")
            self.assertEqual(summary, SUMMARY)
        elif env.get("GITHUB_TOKEN", "") != self.api.token:
            self.assertEqual(rc, 3, err)
            self.assertIn("answered 401", err)
        else:
            self.assertEqual(rc, 1, err)


def env_ok(name, v, api_url):
    """The documented rule of each variable (pr-comment's docstring), as an
    oracle independent of the script's code: only the stand-in's address and
    the values this test makes count as addresses."""
    if name == "GITHUB_API_URL":
        return v == api_url
    if name == "GITHUB_REPOSITORY":
        return v is not None and re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", v) is not None \
            and all(p.strip(".") for p in v.split("/")) and len(v) <= 201
    if name == "PR_NUMBER":
        return v is not None and re.fullmatch(r"[1-9][0-9]{0,9}", v) is not None
    if name == "PR_COMMENT_TIMEOUT":
        if v is None:
            return True
        try:
            return 0 < float(v) <= 600
        except ValueError:
            return False
    if name == "GITHUB_TOKEN":
        return v is None or re.fullmatch(r"[\x21-\x7e]{0,1000}", v) is not None
    if name == "GITHUB_SERVER_URL":
        return v in (None, "", "https://example.invalid")
    if name == "GITHUB_RUN_ID":
        return v is None or re.fullmatch(r"[0-9]{0,20}", v) is not None
    return True


if __name__ == "__main__":
    unittest.main(verbosity=2)
