#!/usr/bin/env python3
"""calls.py -- no two source files of a component call each other, directly
or through others: who calls whom, file by file, has no cycle (the
developers' guide: "no call cycles between files").

Read from the built objects, so that it is what the compiler linked: for
each component's library (build/lib/NAME/CMakeFiles/lobsim_NAME.dir), an
edge A -> B when A.c's object uses a symbol B.c's object defines (nm).  A
cycle is printed as the files around it; the build's other objects (the
checked twins, the programs) are the same sources again.

A call into a header's inline function is not an edge here (the compiler
inlined it): such a circle (heapspace/row.c and heapspace_int.h's inline
code) is cut by hand, as heapspace/hash_int.h does.

    usage: calls.py BUILD_DIR
"""
import glob
import os
import subprocess
import sys

# Components whose cycle is known and owned elsewhere, with the issue that
# cuts it: the check still runs on them and says so, without failing.
# None now (rac_sim's servers were the last, cut by sim/'s event engine).
KNOWN = {}


def symbols(obj):
    out = subprocess.run(["nm", "-g", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            used.add(parts[1])
        elif len(parts) == 3 and parts[1] not in ("U", "w", "v"):
            defined.add(parts[2])
    return defined, used


def cycles(nodes, edges):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) != 2:
        print("usage: calls.py BUILD_DIR")
        return 1
    build = sys.argv[1]
    dirs = sorted(glob.glob(os.path.join(build, "lib", "*", "CMakeFiles", "lobsim_*.dir")))
    dirs = [d for d in dirs if os.path.basename(d) == "lobsim_%s.dir" % d.split(os.sep)[-3]]
    if not dirs:
        print(f"FAIL: no component library objects under {build}/lib (build first)")
        return 1
    fails = 0
    files = 0
    for d in dirs:
        comp = d.split(os.sep)[-3]
        objs = sorted(glob.glob(os.path.join(d, "*.o")))
        syms = {os.path.basename(o)[:-2]: symbols(o) for o in objs}
        files += len(syms)
        owner = {}
        for f, (defined, _) in syms.items():
            for s in defined:
                owner[s] = f
        edges = {f: {owner[s] for s in used if s in owner and owner[s] != f}
                 for f, (_, used) in syms.items()}
        for c in cycles(syms, edges):
            around = " <-> ".join(f"{comp}/{f}" for f in c)
            if comp in KNOWN:
                print(f"known: {around} ({KNOWN[comp]})")
            else:
                print(f"FAIL: {around} call each other: a file they share, or one that "
                      "calls the other, cuts the circle")
                fails += 1
    print(f"calls: {len(dirs)} components, {files} files, {fails} cycles")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
