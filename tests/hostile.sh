# hostile.sh -- the rule of the hostile-input lists (bad_input_lobimport.sh,
# bad_input_lobfit.sh, bad_input_files.sh), sourced by them: run from a
# fresh directory that the caller made its working directory.
#
# A refused input: the documented exit status, exactly one line on stderr
# naming the input and the problem, no crash or sanitizer report, every
# file here (the store, each file named) byte for byte as it was, no new
# file.  An accepted input: exit 0, no sanitizer report, and what it must
# record checked by the caller (check).
tried=0 pass=0
say_fail() { echo "FAIL: $*"; }

# hostile_tools NAME USAGE ARG...: USAGE's words after the script's name
# are the programs, one ARG each, every one executable; sqlite3 installed.
# Else the run fails, naming what is missing (a test never skips).
hostile_tools() {
    local name=$1 usage=$2 want
    shift 2
    want=$(($(wc -w <<<"$usage") - 1))
    missing() { echo "FAIL: $name: $*"; exit 1; }
    [ $# -eq "$want" ] || missing "expected $want arguments, got $#; usage: $usage"
    for t in "$@"; do [ -x "$t" ] || missing "not found or not executable: '$t'"; done
    command -v sqlite3 >/dev/null || missing "sqlite3 is not installed (scripts/install-deps installs it)"
}

# Every file here (but stdout, stderr and snap/) with its type, size and
# time (a directory's entries, not its time: SQLite's journal comes and
# goes), and every regular file's bytes (a FIFO is never opened here).
hostile_snapshot() {
    find . -path ./snap -prune -o -type d -printf '%p %y\n' -o ! -name stdout ! -name stderr \
        -printf '%p %y %s %T@\n' | sort >"$1"
}
hostile_sums() {
    find . -path ./snap -prune -o -type f ! -name stdout ! -name stderr -print0 | sort -z |
        xargs -0 md5sum
}

# expect STATUS WORD -- CMD...: exit STATUS, one stderr line (under 1 KB)
# holding WORD, every file as it was, no new one; then the caller's
# hostile_after, if it defines one.
expect() {
    local want=$1 word=$2 cmd
    shift 3
    cmd=$(echo "$*" | cut -c 1-160)
    tried=$((tried + 1))
    mkdir -p snap && hostile_snapshot snap/before && hostile_sums >snap/sums
    { timeout 300 "$@" >stdout 2>stderr </dev/null; } 2>/dev/null
    local rc=$? lines
    lines=$(grep -c '' stderr)
    hostile_snapshot snap/after
    if [ $rc -ne "$want" ]; then
        say_fail "$cmd -> exit $rc, want $want: $(head -n 3 stderr | cut -c 1-300 | tr '\n' ' ')"
    elif [ "$lines" -ne 1 ]; then
        say_fail "$cmd -> $lines lines on stderr, want 1: $(head -n 3 stderr | cut -c 1-300 | tr '\n' ' ')"
    elif ! grep -qF -- "$word" stderr; then
        say_fail "$cmd -> message does not name '$word': $(cut -c 1-300 stderr)"
    elif [ "$(wc -c <stderr)" -gt 1024 ]; then
        say_fail "$cmd -> a message of $(wc -c <stderr) bytes: $(cut -c 1-200 stderr)"
    elif ! cmp -s snap/before snap/after; then
        say_fail "$cmd -> files changed: $(diff snap/before snap/after | tr '\n' ' ')"
    elif ! hostile_sums | cmp -s - snap/sums; then
        say_fail "$cmd -> a file's bytes changed"
    else
        pass=$((pass + 1))
    fi
    rm -rf snap
    if declare -F hostile_after >/dev/null; then hostile_after; fi
}

# accept WHAT CMD...: exit 0 and no sanitizer report (anything else fails
# WHAT); stdout and stderr are left for the checks that follow.
accept() {
    local what=$1
    shift
    tried=$((tried + 1))
    timeout 300 "$@" >stdout 2>stderr </dev/null
    local rc=$?
    if [ $rc -eq 0 ] && ! grep -q 'Sanitizer\|runtime error' stderr; then
        pass=$((pass + 1))
        return 0
    fi
    say_fail "$what: exit $rc: $(head -n 2 stderr | cut -c 1-300)"
    return 1
}

# check WHAT CONDITION...: one more accepted case's expectation.
check() {
    tried=$((tried + 1))
    if "${@:2}"; then pass=$((pass + 1)); else say_fail "$1"; fi
}

# same WHAT WANT GOT: GOT (a query's answer) is WANT.
same() {
    tried=$((tried + 1))
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else say_fail "$1: got '$3', want '$2'"; fi
}

hostile_done() { # NAME MIN: the tally; fails below MIN cases or on any failure
    echo "$1: $tried cases tried, $pass passed"
    [ "$tried" -ge "$2" ] || { echo "FAIL: $1: only $tried cases, want $2 at least"; exit 1; }
    [ $pass -eq "$tried" ] || exit 1
}
