#!/usr/bin/env python3
"""Fails when a line of a Swift file in Sources/ is longer than 150 columns, naming each one.

    Scripts/check-line-length.py            # checks Sources/
    Scripts/check-line-length.py --limit 120 Sources/ContractKit

A line that long is read by scrolling sideways in a review, in a diff or on a laptop; Hummingbird's
sources have four. Break it where the thought breaks: an argument list, a condition, a string.
"""
import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", default=["Sources"], help="folders to check (default: Sources)")
    parser.add_argument("--limit", type=int, default=150, help="the longest line allowed, in columns")
    args = parser.parse_args()
    long_lines = []
    for folder in args.folders:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if len(line) > args.limit:
                    long_lines.append(f"{path.relative_to(ROOT)}:{number}: {len(line)} columns")
    for entry in long_lines:
        print(entry, file=sys.stderr)
    if long_lines:
        print(f"check-line-length: {len(long_lines)} lines over {args.limit} columns", file=sys.stderr)
        return 1
    print(f"check-line-length: no line over {args.limit} columns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
