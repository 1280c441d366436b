#!/usr/bin/env python3
"""sql_columns.py -- every column the shipped SQL*Plus scripts read from an
Oracle view is one Oracle documents for that view.

tests/oracle_views.txt lists the views with their documented columns (from
Oracle Database Reference, cited there).  For every scripts/oracle/*.sql:

  1. every view it reads (V$..., GV$..., USER_..., ALL_..., DBA_...) is in
     the list;
  2. every column qualified by a view's alias or name (m.value,
     v$transaction.used_urec) is one of that view's columns;
  3. in a query block that reads one view and nothing else, every bare
     name (select list, where, order by) is one of its columns;
  4. scripts/oracle/README.md's grants name every V$ view read (v_$NAME).

Strings, comments and SQL*Plus commands are left out; a query block is
the text from a SELECT to the end of its parentheses or the next SELECT
of the same level (UNION ALL).  Not run against Oracle: no server where
the tests run.

    usage: sql_columns.py SOURCE_DIR
"""
import os
import re
import sys

VIEW_RE = re.compile(r"^(g?v\$\w+|user_\w+|all_\w+|dba_\w+)$", re.I)
# SQL words and functions that are not column names.
WORDS = set("""
select from where and or not join on union all order by group having as in
is null like between distinct case when then else end inner left right outer
full cross asc desc with exists any some into values insert update delete
merge set table count sum min max avg nvl nvl2 decode coalesce sys_context
userenv rownum sysdate systimestamp to_char to_number to_date trunc round
least greatest ceil floor abs mod lpad rpad substr instr length upper lower
dual user level
""".split())
SQLPLUS = re.compile(
    r"^\s*(set|define|column|col|spool|prompt|exec|execute|variable|var|"
    r"whenever|print|exit|quit|@@?|ttitle|btitle|break|compute|clear|"
    r"undefine|accept|pause|rem|remark)\b", re.I)


def load_views(path):
    views = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0] if line.lstrip().startswith("#") else line
            words = line.split()
            if not words:
                continue
            views[words[0].lower()] = {w.lower() for w in words[1:]}
    return views


def sql_text(path):
    """The script's SQL without comments, strings, SQL*Plus commands and
    PL/SQL blocks' bodies' literals; substitution variables become x."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if SQLPLUS.match(line) or line.strip() == "/":
                out.append("")
                continue
            out.append(line)
    text = "\n".join(out)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"--[^\n]*", " ", text)
    text = re.sub(r"'(?:[^']|'')*'", " '' ", text)
    text = re.sub(r'"(?:[^"])*"', " x ", text)
    text = re.sub(r"&&?\w+\.?", "x", text)
    return text


TOKEN = re.compile(r"[A-Za-z_][\w$#]*(?:\.[A-Za-z_][\w$#]*)?(?:@\w+)?|[()]|''|\S")


def blocks(text):
    """Query blocks: lists of tokens, each token in the innermost SELECT
    that encloses it."""
    scopes, done, depth = [], [], 0
    for tok in TOKEN.findall(text):
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth -= 1
            while scopes and scopes[-1][0] > depth:
                done.append(scopes.pop()[1])
            if scopes:
                scopes[-1][1].append(")")
            continue
        elif tok == ";":
            while scopes:
                done.append(scopes.pop()[1])
            depth = 0
            continue
        if tok.lower() == "select":
            if scopes and scopes[-1][0] == depth:
                done.append(scopes.pop()[1])
            scopes.append((depth, []))
        if scopes:
            scopes[-1][1].append(tok)
    done.extend(s[1] for s in scopes)
    return done


def check_block(toks, views, where, fail):
    low = [t.lower() for t in toks]
    aliases = {}  # alias or name -> view name, or None for other tables
    names = set()  # every table, alias and column alias of the block
    for i, t in enumerate(low):
        if t in ("from", "join") and i + 1 < len(low):
            name = low[i + 1]
            if name in ("(", "table"):
                continue
            alias = low[i + 2] if i + 2 < len(low) else ""
            is_view = bool(VIEW_RE.match(name))
            if is_view and name not in views:
                fail(f"{where}: view {name} is not in tests/oracle_views.txt")
            target = name if is_view else None
            aliases[name] = target
            names.add(name)
            if re.match(r"^[a-z_]\w*$", alias) and alias not in WORDS:
                aliases[alias] = target
                names.add(alias)
    # Column aliases: a name right after a name or a closing parenthesis.
    for i in range(1, len(low)):
        prev = low[i - 1]
        if re.match(r"^[a-z_][\w$#]*$", low[i]) and low[i] not in WORDS and (
                prev == ")" or prev == "''" or
                (re.match(r"^[a-z_][\w$#.]*$", prev) and prev not in WORDS)):
            names.add(low[i])
    for t in low:
        if "." in t and not t.startswith("dbms_"):
            qual, col = t.split(".", 1)
            view = aliases.get(qual)
            if view and view in views and col not in views[view]:
                fail(f"{where}: {view} has no column {col.upper()} "
                     f"(documented: {', '.join(sorted(c.upper() for c in views[view]))})")
    read = [v for v in aliases.values()]
    if len(set(read)) == 1 and read[0] and read[0] in views:
        view = read[0]
        for t in low:
            if (re.match(r"^[a-z_][\w$#]*$", t) and t not in WORDS and
                    t not in names and t not in views[view] and "." not in t):
                fail(f"{where}: {view} has no column {t.upper()} "
                     f"(documented: {', '.join(sorted(c.upper() for c in views[view]))})")


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "."
    views = load_views(os.path.join(src, "tests", "oracle_views.txt"))
    fails = []
    fail = fails.append
    sqldir = os.path.join(src, "scripts", "oracle")
    scripts = sorted(f for f in os.listdir(sqldir) if f.endswith(".sql"))
    if not scripts:
        fail(f"no SQL script in {sqldir}")
    used = set()
    checked = 0
    for name in scripts:
        text = sql_text(os.path.join(sqldir, name))
        for toks in blocks(text):
            check_block(toks, views, f"scripts/oracle/{name}", fail)
            checked += 1
            for i, t in enumerate(toks[:-1]):
                if t.lower() in ("from", "join") and VIEW_RE.match(toks[i + 1]):
                    used.add(toks[i + 1].lower())
    with open(os.path.join(sqldir, "README.md"), encoding="utf-8") as f:
        readme = f.read().lower()
    for v in sorted(used):
        if v.startswith("v$") and v.replace("v$", "v_$") not in readme:
            fail(f"scripts/oracle/README.md: the grants do not name {v.replace('v$', 'v_$')}")
    for f in fails:
        print("FAIL:", f)
    print(f"{len(scripts)} scripts, {checked} query blocks, {len(used)} views read, "
          f"{len(fails)} failures")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
