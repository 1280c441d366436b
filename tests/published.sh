#!/usr/bin/env bash
# published.sh -- the LOB-space test scripts others published (tests/published/,
# issue 41), each run as its author wrote it:
#   lobbench --script=NN-name.sql [--setup=NN-name.setup.sql] --no-db
# and checked against tests/published/expected.txt, one line a script:
#   NAME <tab> end N          it runs to its end: exit 0, nothing on stderr, and
#                             the run's last line counts N statements;
#   NAME <tab> refused LINE   it stops before any work: exit 2 and LINE, exactly,
#                             as the one line on stderr (the construct the model
#                             does not know, with its file and line).
# The outcome of each script today is recorded, whatever it is: a script whose
# outcome changes (a construct now modelled, a refusal worded otherwise) fails
# here until expected.txt is updated with it.  Every script of the folder must be
# listed and every listed one present, each with its source's header (Source,
# Author, Date, Oracle); at least 20 of them.  Nothing is skipped: a missing
# program, folder or file fails the test.
#
#   usage: published.sh LOBBENCH PUBLISHED_DIR
set -u
fail=0 tried=0
say_fail() { echo "FAIL: $*"; fail=1; }
[ $# -eq 2 ] || { echo "FAIL: usage: published.sh LOBBENCH PUBLISHED_DIR"; exit 1; }
LOBBENCH=$(readlink -f "$1") DIR=$(readlink -f "$2")
[ -x "$LOBBENCH" ] || { echo "FAIL: lobbench not found or not executable: '$1'"; exit 1; }
[ -s "$DIR/expected.txt" ] || { echo "FAIL: $DIR/expected.txt is missing"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-published.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
# A copy, run from inside it, so that each message names its file as listed.
cp "$DIR"/*.sql "$work"/ || { echo "FAIL: no script in $DIR"; exit 1; }
cd "$work" || exit 1

listed=" "
while IFS=$'\t' read -r name outcome; do
    case "$name" in '#'* | '') continue ;; esac
    listed="$listed$name "
    tried=$((tried + 1))
    if [ ! -f "$name" ]; then say_fail "$name is listed in expected.txt but missing"; continue; fi
    for field in Source Author Date Oracle; do
        grep -q "^-- $field: " "$name" || say_fail "$name: no '-- $field:' line in its header"
    done
    setup=${name%.sql}.setup.sql
    args=(--script="$name" --no-db)
    [ -f "$setup" ] && args+=(--setup="$setup")
    timeout 600 "$LOBBENCH" "${args[@]}" >stdout 2>stderr </dev/null
    rc=$?
    case "$outcome" in
    end\ *)
        want=${outcome#end }
        got=$(grep -o '^[0-9]* statements' stdout | tail -n 1)
        if [ $rc -ne 0 ]; then
            say_fail "$name: exit $rc, want 0 (runs to its end): $(head -n 2 stderr | cut -c 1-300)"
        elif [ -s stderr ]; then
            say_fail "$name: runs to its end but writes to stderr: $(head -n 2 stderr | cut -c 1-300)"
        elif [ "$got" != "$want" ]; then
            say_fail "$name: its run counts '$got', want '$want'"
        fi
        ;;
    refused\ *)
        want=${outcome#refused }
        if [ $rc -ne 2 ]; then
            say_fail "$name: exit $rc, want 2 (refused: $want)"
        elif [ "$(grep -c '' stderr)" -ne 1 ]; then
            say_fail "$name: $(grep -c '' stderr) lines on stderr, want 1: $(head -n 3 stderr | tr '\n' ' ')"
        elif [ "$(cat stderr)" != "$want" ]; then
            say_fail "$name: refused with '$(cat stderr)', want '$want'"
        elif [ -s stdout ]; then
            say_fail "$name: refused, yet printed steps: $(head -n 2 stdout | tr '\n' ' ')"
        fi
        ;;
    *) say_fail "$name: outcome '$outcome' is neither 'end N statements' nor 'refused LINE'" ;;
    esac
done <"$DIR/expected.txt"

# Every published script (not a setup file) is listed.
for f in *.sql; do
    case "$f" in *.setup.sql) continue ;; esac
    case "$listed" in *" $f "*) ;; *) say_fail "$f is in $DIR but not in expected.txt" ;; esac
done
# A setup file belongs to a listed script.
for f in *.setup.sql; do
    [ -e "$f" ] || continue
    case "$listed" in *" ${f%.setup.sql}.sql "*) ;; *) say_fail "$f sets up no listed script" ;; esac
done
[ "$tried" -ge 20 ] || say_fail "only $tried scripts listed, want 20 at least"
echo "published: $tried scripts tried"
exit $fail
