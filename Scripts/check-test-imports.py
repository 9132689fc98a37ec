#!/usr/bin/env python3
"""Every module a test target imports is one it declares in Package.swift.

A test target that imports a module it reaches only through another dependency builds today and
breaks when that dependency changes; declaring each keeps the graph honest (`swift package
describe` gives the declared dependencies). System modules (Foundation, Testing, XCTest, ...) need
no declaration.

    python3 Scripts/check-test-imports.py      # exit 1 and a list when a test target imports more
"""
import json
import re
import subprocess
import sys
from pathlib import Path

SYSTEM = {"Foundation", "FoundationNetworking", "FoundationEssentials", "FoundationXML", "Testing", "XCTest", "Dispatch", "Glibc", "Musl",
          "Darwin", "Synchronization", "_Concurrency", "os"}
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_spi\(\w+\)\s+)?(?:public\s+|package\s+|internal\s+|private\s+|fileprivate\s+)?"
                    r"import\s+(?:struct\s+|class\s+|enum\s+|func\s+|protocol\s+|typealias\s+)?(\w+)")


def main():
    root = Path(__file__).resolve().parent.parent
    described = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=root, check=True,
                                          capture_output=True, text=True).stdout)
    problems = []
    for target in described["targets"]:
        if target.get("type") != "test":
            continue
        declared = set(target.get("target_dependencies", [])) | set(target.get("product_dependencies", []))
        imported = {}
        for file in (root / target["path"]).rglob("*.swift"):
            for number, line in enumerate(file.read_text().splitlines(), 1):
                match = IMPORT.match(line)
                if match:
                    imported.setdefault(match.group(1), f"{file.relative_to(root)}:{number}")
        for module, where in sorted(imported.items()):
            if module not in SYSTEM and module not in declared and module != target["name"]:
                problems.append(f"{target['name']}: imports {module} ({where}) without declaring it")
    for problem in problems:
        print(problem)
    print(f"check-test-imports: {'OK' if not problems else f'{len(problems)} undeclared imports'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
