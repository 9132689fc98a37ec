#!/usr/bin/env python3
"""Mechanical mutants, drawn at random: an unbiased sample of small bugs for `mutants.sh --unit`.

Hand-written sweeps (Tests/Mutants/unit/) test what their author thought of. This draws from
every place an operator could be wrong instead: each mutant changes one token on one line of
code (not a comment or a string) in a named module, with a seed so a sample can be drawn again.

    Scripts/mutants-sample.py OUT --seed 2026 StubEngine=12 StubImport=8 StubControl=3
    Scripts/mutants.sh --unit --whole OUT/*.patch

Each patch names its module's test target on its `# tests:` line; `--whole` runs a survivor
against the whole `swift test` before calling it survived. Expect some equivalent mutants (a
cache bound one off, a check that only saves work): read each survivor before writing a test.

The operators: comparisons (< <= > >= == !=), && and ||, true and false, a dropped `!`,
+ 1 and - 1, hasPrefix and hasSuffix, min and max, isEmpty inverted, continue and break, first
and last, dropFirst and dropLast, a dropped lowercased(), += 1 by 2, and a count one short.
"""
import argparse
import os
import random
import re
import subprocess
import sys

OPERATORS = [
    (r" < ", " <= "), (r" <= ", " < "), (r" > ", " >= "), (r" >= ", " > "), (r" == ", " != "), (r" != ", " == "),
    (r" && ", " || "), (r" \|\| ", " && "), (r"\btrue\b", "false"), (r"\bfalse\b", "true"),
    (r"(?<=[\s(])!(?=[a-zA-Z_$(])", ""), (r" \+ 1\b", " - 1"), (r" - 1\b", " + 1"),
    (r"\.hasPrefix\(", ".hasSuffix("), (r"\.hasSuffix\(", ".hasPrefix("), (r"\bmin\(", "max("), (r"\bmax\(", "min("),
    (r"\.isEmpty\b", ".isEmpty == false"), (r"\bcontinue\b", "break"), (r"\.first\b", ".last"), (r"\.last\b", ".first"),
    (r"\.dropFirst\(\)", ".dropLast()"), (r"\??\.lowercased\(\)", ""), (r" \+= 1\b", " += 2"), (r"\.count\b", ".count - 1"),
]


def code_spans(line):
    """The parts of a line outside string literals and a trailing comment."""
    spans, inside, start, i = [], False, 0, 0
    while i < len(line):
        if not inside and line.startswith("//", i):
            break
        if line[i] == '"' and (i == 0 or line[i - 1] != "\\"):
            if inside:
                start = i + 1
            else:
                spans.append((start, i))
            inside = not inside
        i += 1
    if not inside:
        spans.append((start, i))
    return spans


def sites(root, module):
    """Every (file, line, start, end, replacement) where an operator applies in the module."""
    found = []
    for directory, _, files in sorted(os.walk(os.path.join(root, "Sources", module))):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            in_multiline = False
            for number, line in enumerate(open(path, encoding="utf-8").read().split("\n")):
                if line.count('"""') % 2 == 1:
                    in_multiline = not in_multiline
                    continue
                text = line.strip()
                if in_multiline or text.startswith("//") or text.startswith("import ") or text.startswith("#"):
                    continue
                for start, end in code_spans(line):
                    for pattern, replacement in OPERATORS:
                        for match in re.finditer(pattern, line[start:end]):
                            found.append((path, number, start + match.start(), start + match.end(), replacement))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", help="folder for the patches (created)")
    parser.add_argument("plan", nargs="+", help="MODULE=COUNT, e.g. StubEngine=12; the tests are MODULE + 'Tests'")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True).stdout.strip()
    if subprocess.run(["git", "diff", "--quiet", "--", "Sources"], cwd=root).returncode != 0:
        sys.exit("Sources has uncommitted changes; the patches would carry them")
    os.makedirs(arguments.out, exist_ok=True)
    generator = random.Random(arguments.seed)
    number = 0
    for item in arguments.plan:
        module, _, count = item.partition("=")
        if not os.path.isdir(os.path.join(root, "Sources", module)) or not count.isdigit():
            sys.exit(f"{item}: expected MODULE=COUNT with a folder Sources/MODULE")
        candidates = sites(root, module)
        generator.shuffle(candidates)
        for path, line, start, end, replacement in candidates[:int(count)]:
            number += 1
            original = open(path, encoding="utf-8").read()
            lines = original.split("\n")
            before = lines[line]
            lines[line] = before[:start] + replacement + before[end:]
            relative = os.path.relpath(path, root)
            try:
                open(path, "w", encoding="utf-8").write("\n".join(lines))
                diff = subprocess.run(["git", "diff", "--", relative], cwd=root, capture_output=True, text=True).stdout
            finally:
                open(path, "w", encoding="utf-8").write(original)
            name = f"{number:02d}-{module}"
            with open(os.path.join(arguments.out, name + ".patch"), "w", encoding="utf-8") as patch:
                patch.write(f"# mechanical, {relative}:{line + 1}: {before[start:end].strip()!r} -> {replacement.strip()!r}"
                            f" in `{before.strip()[:90]}`\n")
                patch.write(f"# tests: {module}Tests\n")
                patch.write(diff)
            print(f"{name}  {relative}:{line + 1}  {lines[line].strip()[:110]}")
    print(f"{number} patches in {arguments.out}")


if __name__ == "__main__":
    main()
