#!/usr/bin/env python3
"""doc_commands.py -- every command a page of docs/ shows is run, and what
the page shows it print is what it prints: drift in a page fails the test.

A command is a line of a fenced block (```) that starts with "$ " (with the
lines a trailing backslash or a here-document carries on); the lines under
it, up to the next command or the end of the block, are its output as the
page shows it.  The commands of one page run in order, in one scratch folder
of their own, as a reader would type them from a clone: `build/` is the
build's, every other folder of the tree and `results/reference/` the
tree's (read only), `docs/` and `results/` the scratch folder's own
(commands write there).  Whatever page is in docs/, its commands run (those of LONG, below, in the
test doc_commands_long).

What is compared, line by line in order (the page may leave lines out,
"..." or not; the command may print more):

  - each shown line must come, in order, among the lines printed (stdout
    and stderr together), blanks collapsed;
  - what depends on the machine's speed or the day is compared as its
    shape, not its digits: a number followed by a time unit (ns, us, ms, s,
    min), a clock time, a date, a rate (items_per_second=...), Google
    Benchmark's context lines (CPU, caches, load), the memory counters of
    jemalloc, elapsed-time and memory lines of /usr/bin/time;
  - a line that is "..." or starts or ends with "..." matches any lines.

A command that exits 2 or more (bad input, not found, a crash) fails unless
the page shows it failing (its output shown, or `echo $?` after it).

    usage: doc_commands.py SOURCE_DIR BUILD_DIR [--long] [PAGE.md...]
    (the pages default to every docs/*.md; DOC_COMMANDS_SHOW=1 prints what
    each command printed, to bring a page up to date by hand)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 600  # seconds a command may take

# Pages whose commands take minutes: `make test` leaves them to the test
# doc_commands_long (`--long`: these pages only), which `make test-long`
# and CI run.  Every other page of docs/, whoever adds it, is run by
# doc_commands.  Named on the command line, any page runs.
LONG = {
    "lobfit.md": "its fits take minutes (the whole-model heap fit several, more under load)",
    "development.md": "its one command runs four of the suite's tests again (about 100 s)",
}


def incomplete(text):
    """Whether bash would read more lines to finish text (an open quote, a
    loop not yet done)."""
    p = subprocess.run(["bash", "-n", "-c", text], capture_output=True, text=True)
    return p.returncode != 0 and ("unexpected EOF" in p.stderr
                                  or "unexpected end of file" in p.stderr)


def commands(path):
    """[(line number, command text, [shown output lines])] of a page."""
    out = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i, fenced = 0, False
    cur = None
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            if fenced and cur:
                out.append(cur)
            cur = None
            fenced = not fenced
            i += 1
            continue
        if fenced and line.startswith("$ "):
            if cur:
                out.append(cur)
            no = i + 1
            text = line[2:]
            # carried on by a trailing backslash
            while text.endswith("\\") and i + 1 < len(lines):
                i += 1
                text = text + "\n" + lines[i]
            # a quoted string carried on to the next lines, as bash reads it
            while i + 1 < len(lines) and incomplete(text):
                i += 1
                text = text + "\n" + lines[i]
            # a here-document's body, up to its delimiter
            m = re.search(r"<<-?\s*'?\"?([A-Za-z_]+)'?\"?", text)
            if m:
                end = m.group(1)
                while i + 1 < len(lines):
                    i += 1
                    text = text + "\n" + lines[i]
                    if lines[i].strip() == end:
                        break
            cur = (no, text, [])
        elif fenced and cur is not None:
            cur[2].append(line)
        i += 1
    return out


# What varies from run to run, replaced before comparing.
VARYING = [
    (re.compile(r"\d[\d.,]*\s*(ns|us|µs|ms|s|sec|min|minutes|seconds)\b"), "<time>"),
    (re.compile(r"\b\d\d:\d\d(:\d\d(\.\d+)?)?\b"), "<clock>"),
    (re.compile(r"\b\d{4}-\d\d-\d\d([T ][\d:.+-]+)?"), "<date>"),
    (re.compile(r"(<time>\s+<time>\s+)\d+"), r"\1<iterations>"),
    (re.compile(r"items_per_second=[\d.]+[kMG]?/s"), "items_per_second=<rate>"),
    # lobdiff's verdict on times, from repetitions timed on a loaded machine
    (re.compile(r"times: [^(;]*\((U test|signed-rank)"), r"times: <verdict> (\1"),
    (re.compile(r"\b\d+(\.\d+)? N\b"), "<n> N"),
    (re.compile(r"chunks/write=[\d.]+"), "chunks/write=<mean over the iterations>"),
    (re.compile(r"\b\d+ %"), "<n> %"),
    (re.compile(r"(jemalloc (allocated|resident) bytes)=[\d.]+[kMG]?"), r"\1=<bytes>"),
    (re.compile(r"time/dispenser allocation=[\d.]+(ns|us|ms)"), "time/dispenser allocation=<time>"),
    (re.compile(r"^(\s*Maximum resident set size \(kbytes\)):.*"), r"\1: <kb>"),
    (re.compile(r"^(\s*(Percent of CPU this job got|Elapsed \(wall clock\) time.*|User time.*|"
                r"System time.*|Minor \(reclaiming a frame\) page faults|"
                r"Voluntary context switches|Involuntary context switches)):.*"), r"\1: <n>"),
    (re.compile(r"^Load Average:.*"), "Load Average: <load>"),
    (re.compile(r"^Run on \(.*"), "Run on <cpus>"),
    (re.compile(r"^\s*L\d (Data|Instruction|Unified) .*"), "<cache>"),
    (re.compile(r"^Running .*"), "Running <program>"),
    (re.compile(r"^lobsim_(git_commit|git_dirty|compiler|build_type): .*"), r"lobsim_\1: <build>"),
    (re.compile(r"(commit|at) [0-9a-f]{7,40}\b"), r"\1 <sha>"),
    (re.compile(r"\b[0-9a-f]{12}\b(?=[^0-9a-f]|$)"), "<sha>"),
    (re.compile(r"\d+(\.\d+)? (evaluations|cases run)"), r"<n> \2"),
    (re.compile(r"best \d+(\.\d+)?%"), "best <pct>"),
    (re.compile(r"/tmp/[^\s:'\"]+"), "<tmp>"),
    # lobdiff's line of a run: the build it came from (commit, its tree's
    # changes, date, host, compiler, build type) is the machine's and the day's
    (re.compile(r"^(\s*-?\s*(base|head|reference):?\s+run \d+) \((commit|imported|the) .*\)$"),
     r"\1 (<build>)"),
]


def norm(line):
    line = line.rstrip()
    for rx, rep in VARYING:
        line = rx.sub(rep, line)
    return " ".join(line.split())


def is_gap(line):
    s = line.strip()
    return s == "..." or s.startswith("...") or s.endswith("...")


def matches(shown, printed):
    """'' when every shown line comes in order among the printed ones,
    else the first shown line that does not."""
    got = [norm(x) for x in printed]
    k = 0
    for line in shown:
        if not line.strip() or is_gap(line):
            continue
        want = norm(line)
        while k < len(got) and got[k] != want:
            k += 1
        if k == len(got):
            return line
        k += 1
    return ""


def scratch(src, build, where):
    # build/ a folder of its own whose entries are the build's: what a
    # command writes under build/ stays in the scratch folder
    os.mkdir(os.path.join(where, "build"))
    for e in os.listdir(build):
        # ctest's own log (Testing/) stays in the scratch folder: a page
        # that runs ctest must not write over the log of the ctest that
        # runs this test
        if e != "Testing":
            os.symlink(os.path.join(build, e), os.path.join(where, "build", e))
    # every other folder of the tree as it is (tests/, scripts/,
    # scenarios/, ...), read only: a page may read any shipped file
    for d in sorted(os.listdir(src)):
        if (d.startswith(".") or d.startswith("build") or d in ("docs", "results")
                or not os.path.isdir(os.path.join(src, d))):
            continue
        os.symlink(os.path.join(src, d), os.path.join(where, d))
    shutil.copytree(os.path.join(src, "docs"), os.path.join(where, "docs"))
    os.mkdir(os.path.join(where, "results"))
    os.symlink(os.path.join(src, "results", "reference"),
               os.path.join(where, "results", "reference"))


def run_page(src, build, page):
    fails = []
    cmds = commands(page)
    rel = os.path.relpath(page, src)
    if not cmds:
        return 0, fails
    with tempfile.TemporaryDirectory(prefix="lobsim-doc-") as where:
        scratch(src, build, where)
        env = dict(os.environ, LC_ALL="C.UTF-8", TZ="UTC", COLUMNS="200")
        for no, text, shown in cmds:
            t0 = time.time()
            try:
                p = subprocess.run(["bash", "-c", text], cwd=where, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, timeout=TIMEOUT)
                printed = p.stdout.decode("utf-8", "replace").split("\n")
                rc = p.returncode
            except subprocess.TimeoutExpired:
                fails.append(f"{rel}:{no}: `{text.splitlines()[0]}` ran past {TIMEOUT} s")
                continue
            took = time.time() - t0
            first = text.splitlines()[0]
            shows_failure = bool([x for x in shown if x.strip()]) or "echo $?" in text
            if rc >= 2 and not shows_failure:
                fails.append(f"{rel}:{no}: `{first}` exited {rc}: "
                             + " | ".join(x for x in printed if x.strip())[-300:])
                continue
            miss = matches(shown, printed)
            if miss:
                near = [x for x in printed if x.strip()][:6]
                fails.append(f"{rel}:{no}: `{first}`: the page shows\n    {miss.strip()}\n"
                             f"  which it did not print (exit {rc}); it printed:\n    "
                             + "\n    ".join(near))
            print(f"{rel}:{no}: {took:.1f} s: {first[:100]}", flush=True)
            if os.environ.get("DOC_COMMANDS_SHOW"):
                print("\n".join("    | " + x for x in printed), flush=True)
    return len(cmds), fails


def main():
    if len(sys.argv) < 3:
        print("usage: doc_commands.py SOURCE_DIR BUILD_DIR [PAGE.md...]")
        return 1
    src, build = (os.path.abspath(a) for a in sys.argv[1:3])
    pages = sys.argv[3:]
    long_only = "--long" in pages
    pages = [p for p in pages if p != "--long"]
    if not pages:
        for f in sorted(os.listdir(os.path.join(src, "docs"))):
            if not f.endswith(".md"):
                continue
            if (f in LONG) != long_only:
                if f in LONG:
                    print(f"left to doc_commands_long: docs/{f}: {LONG[f]}")
                continue
            pages.append(os.path.join(src, "docs", f))
    total, fails = 0, []
    for page in pages:
        n, f = run_page(src, build, os.path.abspath(page))
        total += n
        fails += f
    for f in fails:
        print("FAIL:", f)
    print(f"doc_commands: {len(pages)} pages, {total} commands, {len(fails)} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
