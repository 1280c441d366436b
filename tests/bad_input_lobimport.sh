#!/usr/bin/env bash
# bad_input_lobimport.sh -- lobimport tried as a hostile user would: files
# that look like a known format but are not quite, values that would be
# changed unsaid, a store that is not ours, file names read as options,
# inputs large enough to exhaust memory or time, encodings (issue 23).
#
#   usage: bad_input_lobimport.sh LOBIMPORT
#
# Every case by the rule of tests/hostile.sh: a refused input exits 2 (1
# when the store cannot be written) with one line naming the file (and
# line) and the problem, and the store and every file named are byte for
# byte as they were; an accepted one says what it must record, checked
# with sqlite3.  "Before:" says how lobimport of main before issue 23's
# fixes handled the case (the script run against that build).
set -u
TESTS=$(dirname "$(readlink -f "$0")")
. "$TESTS/hostile.sh"
hostile_tools bad_input_lobimport "bad_input_lobimport.sh LOBIMPORT" "$@"
command -v python3 >/dev/null || missing "python3 is not installed (scripts/install-deps installs it)"
LOBIMPORT=$(readlink -f "$1")

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-bad-import.XXXXXX") || exit 1
full=
cleanup() {
    [ -n "$full" ] && umount "$full" 2>/dev/null
    chmod -R u+w "$work" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1

# The store every case starts from: one imported run.
printf 'statistic,value\n"db block gets",15514\n' >good.csv
"$LOBIMPORT" --db=h.db --path=local --lob-size=2k good.csv >/dev/null 2>&1 ||
    missing "cannot record the fixture store"
cp h.db pristine.db
LI=("$LOBIMPORT" --db=h.db --path=local --lob-size=2k)
imp() { expect 2 "$1" -- "${LI[@]}" "${@:2}"; }
q() { sqlite3 h.db "$1"; }
fresh() { cp pristine.db h.db; }
HEAD='NAME           VALUE\n-------------- -----\n'

# ---- shape not checked -------------------------------------------------------------
# Before: each recorded a figure under a garbage name (the number kept in
# it: 'db block gets   10', 'db block gets  5', 'db block gets15514'), or
# dropped a column's values.
printf 'STAT...db block gets   10   20   30   10\n' >three-runs.txt
expect 2 "three-runs.txt:1: 'db block gets   10': a name that ends in a number" -- \
    "${LI[@]/--path=local/--path=local,dblink}" three-runs.txt
printf "${HEAD}db block gets  5 6\n" >three-cols.txt
imp "three-cols.txt:3: 'db block gets  5': a name that ends in a number" three-cols.txt
printf "${HEAD}db block gets15514\n" >glued.txt
imp "glued.txt:3: truncated line: 'db block gets15514' has no value" glued.txt
printf 'STAT...db block gets15514   20   30   10\n' >glued-rs.txt
expect 2 "glued-rs.txt:1: 'db block gets15514': the statistic 'db block gets' with a number glued" -- \
    "${LI[@]/--path=local/--path=local,dblink}" glued-rs.txt
printf 'statistic,value,extra\n"db block gets",5,x\n' >extra-col.csv
imp "extra-col.csv:1: column 'extra' is none lobsim writes" extra-col.csv
# Before too: refused (a row longer than its header).
printf 'statistic,value\n"db block gets",5,6\n' >extra-field.csv
imp "extra-field.csv:2: more than 2 fields" extra-field.csv
printf "${HEAD}12345  5\n" >number-name.txt
imp "number-name.txt:3: '12345': a name that ends in a number" number-name.txt

# ---- silent change of the user's input ---------------------------------------------
# Before: a control character (a value cut by a stray \r, a \x01) was kept
# in the name, as a statistic lobsim does not know.
printf "${HEAD}db block gets  15\r514\n" >cr-inside.txt
imp "cr-inside.txt:3: 'db block gets  15': a name that ends in a number" cr-inside.txt
printf "${HEAD}db block\x01gets  15514\n" >ctl.txt
imp "ctl.txt:3: a control character (0x01) in a statistic name, after 'db block'" ctl.txt
# Before too: refused (NUL bytes, a statistic twice with two values, an
# option twice).
printf "${HEAD}db block gets  15\00014\n" >nul.txt
imp "nul.txt:0: binary file (holds a NUL byte)" nul.txt
# Snapper's series: snapshots closed by their "End of Stats snap N" lines,
# one out of order after a good one (a series of good snapshots is
# recorded: tests/import_snapper.sh).  Before: "'db block gets' given twice
# with two values" (issue 30); then the whole series refused, as the store
# took no snapshots from an import.
printf '  41, SCOTT , STAT, db block gets , 5\n--  End of Stats snap 1, end=x, seconds=5\n  41, SCOTT , STAT, db block gets , 6\n--  End of Stats snap 3, end=y, seconds=5\n' >series.txt
imp "series.txt:4: Snapper's snapshot 3 after snapshot 1" series.txt
printf '  41, SCOTT , STAT, db block gets , 5\n--  End of Stats snap 2, end=x, seconds=5\n' >series2.txt
imp "series2.txt:2: Snapper's snapshot 2 after snapshot 0" series2.txt
printf 'statistic,value\n"db block gets",5\n"db block gets",6\n' >twice.csv
imp "twice.csv:3: 'db block gets' given twice with two values: 5 on line 2, 6 here" twice.csv
printf '{"context": {},\n"benchmarks": [{"name": "fts/block:8k/rows:10",\n"db block gets": 1, "db block gets": 2}]}\n' >twice.json
imp "twice.json:3: 'db block gets' given twice with two values" twice.json
# Found by fuzz_import_gbench: a JSON key's \n quoted in the message made it
# two lines.
printf '{"context": {},\n"benchmarks": [{"name": "fts/block:8k/rows:10",\n"db\\nblock gets": 1.5}]}\n' >newline-key.json
imp "newline-key.json:3: counter 'db?block gets' = 1.5: not a whole number" newline-key.json
imp "option '--db' given twice" --db=other.db good.csv
# Before: the second --block-size won unsaid (recorded 16k).
imp "--block-size=16k: --block-size given twice before the same FILE" --block-size=8k --block-size=16k good.csv
# Before: 9007199254740993 in JSON was recorded as 9007199254740992 (read
# as a double); as text, recorded whole, and lobreport then refused the store.
printf '{"context": {},\n"benchmarks": [{"name": "fts/block:8k/rows:10",\n"db block gets": 9007199254740993}]}\n' >round.json
imp "round.json:3: 'db block gets' is 9007199254740993: above 2^53" round.json
printf "${HEAD}db block gets  9007199254740993\n" >big.txt
imp "big.txt:3: 'db block gets' is 9007199254740993: above 2^53" big.txt
# Before: the same file imported again made a second run without a word.
# Refused (the store's run 1 has its case and figures), under another
# name too; recorded with --allow-duplicate; another case of the same
# figures is not the same file.
cp good.csv again.csv
imp "good.csv: its cases and figures are those of run 1, imported already" good.csv
imp "again.csv: its cases and figures are those of run 1, imported already" again.csv
fresh
accept "the same file with --allow-duplicate" "${LI[@]}" --allow-duplicate good.csv &&
    same "recorded again" "2" "$(q "select count(*) from runs where import_format = 'csv'")"
fresh
accept "the same figures at another LOB size" "${LI[@]/--lob-size=2k/--lob-size=4k}" good.csv
# Accepted: a case option again before the next file applies to that file.
fresh
accept "--block-size before each file" "${LI[@]}" --allow-duplicate --block-size=8k good.csv \
    --block-size=16k good.csv &&
    same "each file at its own block size" "2|8192 3|16384" \
        "$(q "select run || '|' || block_size from sessions where run > 1 order by run" | tr '\n' ' ' | sed 's/ $//')"
# Before: the command line was cut at 2047 bytes in runs.command_line.
fresh
label=$(head -c 3000 /dev/zero | tr '\0' L)
accept "a label of 3000 characters" "${LI[@]}" --allow-duplicate --label="$label" good.csv &&
    same "label and command line recorded whole" "3000|1" \
        "$(q "select length(label), instr(command_line, '$label good.csv') > 0 from runs where run = 2")"

# ---- files not ours ------------------------------------------------------------------
# Before too: each refused (the store is opened after the files are read).
mkfifo store.fifo
expect 2 "store.fifo: not a regular file" -- "$LOBIMPORT" --db=store.fifo --path=local --lob-size=2k good.csv
mkdir store.dir
expect 2 "store.dir: is a directory" -- "$LOBIMPORT" --db=store.dir --path=local --lob-size=2k good.csv
expect 2 "/dev/null: not a regular file" -- "$LOBIMPORT" --db=/dev/null --path=local --lob-size=2k good.csv
blockdev=$(find /dev -maxdepth 1 -type b -print -quit)
[ -n "$blockdev" ] || missing "no block device in /dev to try as a store"
expect 2 "$blockdev: not a regular file" -- "$LOBIMPORT" --db="$blockdev" --path=local --lob-size=2k good.csv
imp "store.dir: cannot read" store.dir
# A link to a store not made yet: the store is made where it points (the
# link kept), as a user who made the link meant.
ln -s linked.db link.db
accept "--db=a link to nothing yet" "$LOBIMPORT" --db=link.db --path=local --lob-size=2k good.csv &&
    check "the store made at the link's target, the link kept" \
        sh -c '[ -L link.db ] && [ "$(sqlite3 linked.db "select count(*) from runs")" = 1 ]'
rm -f link.db linked.db*
# An input from a pipe is read whole (a pipe has no size to ask).
fresh
accept "a FILE that is a pipe" "${LI[@]}" <(printf 'statistic,value\n"db block gets",7\n') &&
    same "the pipe's figure" "7" "$(q "select value from figures where run = 2")"

# ---- arguments passed on -------------------------------------------------------------
# After --, a file named like an option is a file; '-' is the file named
# '-' (standard input is /dev/stdin).  Before: the same.
fresh
printf 'statistic,value\n"db block gets",8\n' >./--workload=fts
accept "a FILE named --workload=fts after --" "${LI[@]}" -- --workload=fts &&
    same "read as a file, of the insert workload" "insert|8" \
        "$(q "select workload, value from figures where run = 2")"
fresh
printf 'statistic,value\n"db block gets",9\n' >./-
accept "a FILE named -" "${LI[@]}" - && same "the file '-' read" "9" "$(q "select value from figures where run = 2")"
imp "'--frob'" --frob good.csv

# ---- resource exhaustion ----------------------------------------------------------------
# A line of 10 MB: before, a statistic name of 10 MB was recorded.
{ printf "$HEAD"; head -c 10000000 /dev/zero | tr '\0' a; echo ' 5'; } >long-name.txt
imp "long-name.txt:3: a statistic name of 10000000 characters" long-name.txt
{ printf "${HEAD}db block gets  "; head -c 10000000 /dev/zero | tr '\0' 1; echo; } >long-value.txt
imp "long-value.txt:3: value '1111" long-value.txt
# A million statistics: read in linear time (before too), every one recorded.
fresh
{ printf "$HEAD"; seq 1 1000000 | sed 's/.*/stat &x   &/'; } >million.txt
accept "a million statistics" "${LI[@]}" million.txt &&
    same "a million figures, the last one's value" "1000000|1000000" \
        "$(q "select count(*), max(value) from session_oracle_stats join sessions using (sid) where run = 2")"
# A CSV of 50,000 sessions (a seed column): before, each row's session was
# looked for among all before it, 23.7 s; now by hash.
fresh
{ echo 'statistic,value,seed'; seq 1 50000 | sed 's/.*/db block gets,&,&/'; } >sessions.csv
accept "a CSV of 50,000 sessions" "${LI[@]}" sessions.csv &&
    same "50,000 sessions" "50000" "$(q "select count(*) from sessions where run = 2")"
# JSON nested a million deep, and a JSON of 100,000 benchmarks (before:
# each set grown by one, 64 figures' room each: 240 MB; now doubling).
python3 -c "print('['*1000000 + ']'*1000000)" >deep.json
imp "deep.json:0: no known format" deep.json
python3 -c "print('{\"context\": {}, \"benchmarks\": [' + '['*100000 + ']'*100000 + ']}')" >deep2.json
imp "deep2.json:1: JSON: expected a benchmark object" deep2.json
python3 -c "
import json
b = [{'name': 'fts/block:8k/rows:%d' % (i + 1), 'db block gets': i} for i in range(100000)]
print(json.dumps({'context': {}, 'benchmarks': b}))" >many.json
fresh
accept "a JSON of 100,000 benchmarks" /usr/bin/env "${LI[@]}" many.json &&
    same "100,000 sessions, their rows" "100000|100000" \
        "$(q "select count(*), max(rows) from sessions where run = 2")"
# A store on a full disk: exit 1, one line, the store as it was.  As root
# on a tmpfs of 1 MB (the import needs more); else a directory without
# write permission.  Before: the same.
mkdir full
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=1m lobsim-full full 2>/dev/null; then
    full=$PWD/full
    cp pristine.db full/s.db
    head -n 200002 million.txt >200k.txt
    expect 1 "full/s.db: cannot import: database or disk is full" -- \
        "$LOBIMPORT" --db=full/s.db --path=local --lob-size=2k 200k.txt
    umount full && full=
else
    cp pristine.db full/s.db && chmod a-w full
    expect 2 "full/s.db: cannot record: directory" -- "$LOBIMPORT" --db=full/s.db --path=local \
        --lob-size=2k good.csv
    chmod u+w full
fi

# ---- a script's spool (issue 29) ---------------------------------------------------
# scripts/oracle/run_scenario.sh's layout (docs/lobimport.md, "Scripts"):
# the header names the script and its digest, the steps come in order and
# lobsim-end closes it.  Refused: a spool cut short, a spool of another
# script (by its digest, by its steps), a step Oracle refused.
printf 'create table t (id number, c clob);\ninsert into t values (1, rpad(1, 9000, 1));\ncommit;\n' >s.sql
printf 'create table u (id number, c clob);\n' >other.sql
digest=$(python3 -c "
import sys
h = 0xcbf29ce484222325
for b in open('s.sql', 'rb').read():
    h = ((h ^ b) * 0x100000001b3) & (2**64 - 1)
print('%016x' % h)")
step() { # K TABLE USED: a step with the table's space_usage and v$mystat's delta
    printf 'lobsim-step: %s\nlobsim-statement: stmt %s\nlobsim-mystat:\nNAME VALUE\n---- -----\nredo size  %s00\n\n' "$1" "$1" "$1"
    printf 'lobsim-table: %s\nsegment_size_blocks = 16\nused_blocks = %s\n' "$2" "$3"
}
{
    printf 'lobsim-spool: 1 script s.sql digest %s statements 3\n' "$digest"
    step 1 T 0; step 2 T 2; step 3 T 2; printf 'lobsim-end: 3\n'
} >good.lst
head -n 31 good.lst >cut.lst
imp "cut.lst:0: truncated spool: it ends after step 3 of 3 without lobsim-end" cut.lst
head -n 11 good.lst >cut2.lst
imp "cut2.lst:0: truncated spool: it ends after step 1 of 3 without lobsim-end" cut2.lst
imp "good.lst: a spool of another script: its header gives digest $digest (s.sql), other.sql's is" \
    --script=other.sql good.lst
sed 's/^lobsim-step: 2/lobsim-step: 4/' good.lst >skipped.lst
imp "skipped.lst:12: step 4 after step 1 of 3: a spool of another script" skipped.lst
sed 's/^lobsim-end: 3/lobsim-end: 4/' good.lst >end4.lst
imp "end4.lst:32: lobsim-end: 4 after step 3 of 3" end4.lst
sed 's/^used_blocks = 2$/ORA-01652: unable to extend temp segment/' good.lst >ora.lst
imp "ora.lst:21: step 2 failed on Oracle: ORA-01652: unable to extend temp segment" ora.lst
sed 's/^used_blocks = 0/used_blocks =/' good.lst >novalue.lst
imp "novalue.lst:11: truncated line: 'used_blocks' without its value" novalue.lst
sed 's/^used_blocks = 2$/Used blocks = 2/' good.lst >askcut.lst
imp "askcut.lst:21: truncated line: 'Used blocks' without its blocks and bytes" askcut.lst
fresh
accept "a script's spool" "${LI[@]}" good.lst &&
    same "a step's figures, summed over its sessions" \
        "1|T|stmt 1|0|100 2|T|stmt 2|2|200 3|T|stmt 3|2|300" \
        "$(q "select s.step || '|' || max(s.table_name) || '|' || s.statement || '|' ||
                     sum(case when f.statistic = 'dbms_space.used_blocks' then f.value end) || '|' ||
                     sum(case when f.statistic = 'redo size' then f.value end)
              from sessions s join figures f using (sid) where s.run = 2
              group by s.step order by s.step" | tr '\n' ' ' | sed 's/ $//')"
same "the v\$mystat deltas in each step's session row, none in a table's" "1|100 2|200 3|300" \
    "$(q "select s.step || '|' || f.value from sessions s join figures f using (sid)
          where s.run = 2 and f.statistic = 'redo size' and (s.table_name is null or f.value <> 0)
          order by s.step, s.table_name" | tr '\n' ' ' | sed 's/ $//')"
same "the run's script and digest" "s.sql|$digest" \
    "$(q "select script_file || '|' || script_digest from runs where run = 2")"

# scripts/oracle/run_scenario.sh --dry-run: the driver it would pipe to
# sqlplus names the script's digest as lobsim computes it (python's FNV
# above) and its statements as they are split (a PL/SQL block to its '/',
# an exec line, the rest to ';'); a script it cannot split is refused.
WRAP=$TESTS/../scripts/oracle/run_scenario.sh
printf 'create table t (id number, c clob);\n-- a comment\nbegin\n  insert into t values (1, null);\nend;\n/\nexec dbms_session.sleep(1)\ninsert into t\n  values (2, null);\ncommit;\n' >w.sql
wdigest=$(python3 -c "
h = 0xcbf29ce484222325
for b in open('w.sql', 'rb').read():
    h = ((h ^ b) * 0x100000001b3) & (2**64 - 1)
print('%016x' % h)")
accept "the wrapper's driver" bash "$WRAP" --dry-run w.sql me/pw@db w.lst &&
    same "its header and steps" \
        "lobsim-spool: 1 script w.sql digest $wdigest statements 5|begin insert into t values (1, null); end;|insert into t values (2, null);|lobsim-end: 5" \
        "$(sed -n 's/^prompt //p' stdout | grep -v 'lobsim-step' | sed -n '1p;3p;5p;7p' | sed 's/^lobsim-statement: //' | tr '\n' '|' | sed 's/|$//')"
printf 'commit;\ninsert into t values (1, null)\n' >noend.sql
expect 2 "the last statement has no end" -- bash "$WRAP" --dry-run noend.sql me/pw@db
expect 2 "missing.sql: cannot read" -- bash "$WRAP" --dry-run missing.sql me/pw@db

# ---- encodings and numbers --------------------------------------------------------------
# Accepted: CRLF ends, and (before: refused as no known format) a UTF-8
# byte order mark, as a Windows editor writes them: the same figure.
fresh
printf "${HEAD}db block gets  5\r\n" | sed 's/$/\r/' >crlf.txt
printf '\xef\xbb\xbfstatistic,value\r\n"db block gets",6\r\n' >bom.csv
accept "CRLF and a UTF-8 BOM" "${LI[@]}" crlf.txt bom.csv &&
    same "each file's figure" "2|5 3|6" \
        "$(q "select run || '|' || value from figures where run > 1 order by run" | tr '\n' ' ' | sed 's/ $//')"
# Before: "binary file (holds a NUL byte)", which hid what it is.
printf '\xff\xfes\0t\0a\0t\0\n\0' >utf16.txt
imp "utf16.txt:1: UTF-16 text" utf16.txt
printf "${HEAD}db block gets  1e400\n" >e400.txt
imp "e400.txt:3: value '1e400': not a whole number" e400.txt
printf "${HEAD}db block gets  -5\n" >negative.txt
imp "negative.txt:3: value '-5': not a whole number" negative.txt
printf "${HEAD}db block gets  0x10\n" >hex.txt
imp "hex.txt:3: value '0x10': not a whole number" hex.txt
printf '{"context": {},\n"benchmarks": [{"name": "fts/block:8k/rows:10",\n"db block gets": 1e400}]}\n' >e400.json
imp "e400.json:3: counter 'db block gets' = 1e400" e400.json

hostile_done bad_input_lobimport 20
