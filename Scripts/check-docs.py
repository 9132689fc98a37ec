#!/usr/bin/env python3
"""Checks that the public API teams build on is documented: every public symbol of our own
modules has a `///` comment, as the compiler sees it (its symbol graph), not a grep.

    Scripts/check-docs.py                # builds the symbol graphs, prints coverage, checks the rules
    Scripts/check-docs.py --graphs DIR   # reads symbol graphs already dumped into DIR
    Scripts/check-docs.py --list BankingDomain   # and lists that module's undocumented symbols apart

The rule: every public symbol in Sources/ has one (issue 22 asked for 90% overall and 100% in
ContractKit and the client core; all of Sources/ got there, so the check keeps it there). A
failure names each undocumented symbol with file:line.

What counts: symbols the compiler reports as public or open, declared in Sources/ (so not what
a conformance synthesizes, like `!=` or a raw-value init). A member that implements a protocol
requirement and says nothing itself inherits the requirement's comment, as DocC shows it, and
counts as documented. Enum cases count.
"""
import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"


def dump_graphs() -> pathlib.Path:
    print("== building symbol graphs (swift package dump-symbol-graph)", file=sys.stderr, flush=True)
    out = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"],
                         cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stdout[-4000:] + out.stderr[-4000:])
        sys.exit("check-docs: swift package dump-symbol-graph failed")
    for line in (out.stdout + out.stderr).splitlines():
        if "Files written to" in line:
            return pathlib.Path(line.split("Files written to", 1)[1].strip())
    found = sorted(ROOT.glob(".build/*/symbolgraph"))
    if not found:
        sys.exit("check-docs: no symbol graphs were written")
    return found[-1]


def our_modules() -> set[str]:
    return {p.name for p in SOURCES.iterdir() if p.is_dir()}


def symbols(graphs: pathlib.Path, modules: set[str]):
    """(module, title, file, line, documented) for each public symbol declared in Sources/."""
    seen = set()
    for path in sorted(graphs.glob("*.symbols.json")):
        module = path.name.split(".symbols.json")[0].split("@")[0]
        if module not in modules:
            continue
        graph = json.loads(path.read_text())
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or precise in seen:
                continue
            location = symbol.get("location")
            if not location:
                continue
            file = location["uri"].removeprefix("file://")
            if not file.startswith(str(SOURCES) + "/"):
                continue
            seen.add(precise)
            title = ".".join(symbol.get("pathComponents", [])) or symbol["names"]["title"]
            documented = bool(symbol.get("docComment", {}).get("lines"))
            line = location["position"]["line"] + 1
            yield module, title, os.path.relpath(file, ROOT), line, documented


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--graphs", type=pathlib.Path, help="symbol graphs already dumped here")
    parser.add_argument("--list", action="append", default=[], metavar="MODULE", help="list MODULE's undocumented symbols")
    args = parser.parse_args()
    graphs = args.graphs or dump_graphs()
    counts = collections.Counter()
    missing = collections.defaultdict(list)
    for module, title, file, line, documented in symbols(graphs, our_modules()):
        counts[module, "all"] += 1
        if documented:
            counts[module, "doc"] += 1
        else:
            missing[module].append(f"{file}:{line}: {title}")
    modules = sorted({m for m, _ in counts})
    total = sum(counts[m, "all"] for m in modules)
    documented = sum(counts[m, "doc"] for m in modules)
    print(f"{'module':24} documented / public")
    for m in modules:
        print(f"{m:24} {counts[m, 'doc']:5} / {counts[m, 'all']:5}  {100 * counts[m, 'doc'] / counts[m, 'all']:5.1f}%")
    share = documented / total if total else 1.0
    print(f"{'all of Sources/':24} {documented:5} / {total:5}  {100 * share:5.1f}%")
    for m in args.list:
        for entry in missing.get(m, []):
            print(f"  {entry}")
    problems = [f"{entry}: public, no /// comment" for m in modules for entry in missing.get(m, [])]
    for problem in problems:
        print(f"check-docs: {problem}", file=sys.stderr)
    if problems:
        print(f"check-docs: FAILED ({len(problems)} problems). Document each symbol with a /// comment that says what it is for, "
              "or make it internal (or package) when no team should use it.", file=sys.stderr)
        return 1
    print("check-docs: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
