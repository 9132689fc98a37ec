#!/usr/bin/env python3
"""Fails on what would break the package on Apple platforms, checked on Linux.

1. A Linux-only import or API outside a guard, in any Swift file of Sources/, Tests/ or Examples/:
   - `import FoundationNetworking` outside `#if canImport(FoundationNetworking)` (or `os(Linux)`);
   - `import Glibc` / `import Musl` outside `#if canImport(Glibc)` / `canImport(Musl)` (or `os(Linux)`);
   - `Process` (spawning a program) outside `#if os(macOS) || os(Linux) …` : it does not exist on iOS;
   - `ProcessInfo.processInfo.hostName` anywhere: on Apple systems it does a blocking reverse lookup.
2. A dependency whose `swift-tools-version` is above ours (Xcode could not resolve the package).
3. A product that an app or a test target may depend on (the client core, StubControl, StubFormats,
   ContractKit, ContractTesting) whose dependency closure reaches the server or a heavy library:
   StubServer, NIO, Hummingbird, GRDB or AsyncHTTPClient. Those come only with the products that
   ask for them (ContractTestingHost, ContractStore, StubServer).
4. The in-process stub (StubInProcess), which a team's unit-test target builds, reaching the server,
   NIO beyond its lock, Hummingbird, an HTTP client, swift-crypto, a target with a build plugin, or
   the built-in bank (a test that wants it depends on BuiltInBank itself).

    python3 Scripts/check-apple-readiness.py        # exit 1 and one line per problem, file:line: reason
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = [
    (re.compile(r"^\s*(public\s+|internal\s+|@preconcurrency\s+)*import\s+FoundationNetworking\b"), ("canImport(FoundationNetworking)", "os(Linux)"),
     "import FoundationNetworking outside #if canImport(FoundationNetworking): it does not exist on Apple platforms"),
    (re.compile(r"^\s*(public\s+|internal\s+)*import\s+Glibc\b"), ("canImport(Glibc)", "os(Linux)"),
     "import Glibc outside #if canImport(Glibc): use Darwin on Apple platforms"),
    (re.compile(r"^\s*(public\s+|internal\s+)*import\s+Musl\b"), ("canImport(Musl)",), "import Musl outside #if canImport(Musl)"),
    (re.compile(r"\bProcess\s*\(\s*\)"), ("os(macOS)", "os(Linux)"),
     "Process outside #if os(macOS) || os(Linux): it does not exist on iOS, tvOS or watchOS"),
    (re.compile(r"processInfo\.hostName\b"), (), "ProcessInfo.hostName does a blocking reverse DNS lookup on Apple systems; use gethostname"),
]


def tools_version(package: pathlib.Path) -> tuple[int, ...] | None:
    first = package.read_text(encoding="utf-8", errors="replace").splitlines()[0] if package.exists() else ""
    match = re.search(r"swift-tools-version\s*:\s*([0-9.]+)", first)
    return tuple(int(part) for part in match.group(1).split(".")) if match else None


def check_sources() -> list[str]:
    problems = []
    for folder in ("Sources", "Tests", "Examples"):
        for path in sorted((ROOT / folder).rglob("*.swift")):
            if ".build" in path.parts:
                continue
            stack: list[str] = []  # the conditions of the #if blocks we are in
            for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                stripped = line.strip()
                if stripped.startswith("#if "):
                    stack.append(stripped[4:])
                elif stripped.startswith("#elseif "):
                    if stack:
                        stack[-1] = stripped[8:]
                elif stripped.startswith("#else"):
                    if stack:
                        stack[-1] = "!(" + stack[-1] + ")"
                elif stripped.startswith("#endif"):
                    if stack:
                        stack.pop()
                if stripped.startswith("//"):
                    continue
                for pattern, guards, reason in RULES:
                    if not pattern.search(line):
                        continue
                    guarded = any(guard in condition and not condition.startswith("!(") for condition in stack for guard in guards)
                    if not guarded:
                        problems.append(f"{path.relative_to(ROOT)}:{number}: {reason}")
    return problems


def check_tools_versions() -> list[str]:
    ours = tools_version(ROOT / "Package.swift")
    checkouts = ROOT / ".build" / "checkouts"
    if ours is None:
        return ["Package.swift: no swift-tools-version on its first line"]
    if not checkouts.exists():
        return [".build/checkouts: missing; run `swift package resolve` first"]
    problems = []
    for package in sorted(checkouts.glob("*/Package.swift")):
        theirs = tools_version(package)
        if theirs and theirs > ours:
            problems.append(f"{package.parent.name} declares swift-tools-version {'.'.join(map(str, theirs))}, above ours "
                            f"({'.'.join(map(str, ours))}): raise Package.swift's, and the README's Xcode version with it")
    return problems


LIGHT_TARGETS = ["BankingDomain", "BankingData", "BankingPresentation", "StubControl", "StubFormats", "ContractKit",
                 "ContractTesting"]
HEAVY = re.compile(r"^(StubServer|NIO.*|Hummingbird.*|GRDB|AsyncHTTPClient)$")
# A team's unit-test target builds the in-process stub: the engine and the runtime, never the
# server, NIO's event loops, Hummingbird, an HTTP client, swift-crypto (BoringSSL is most of a
# clean build on Linux), a build plugin (Xcode asks to trust one) or the built-in bank (only a test
# that asks for it builds it). NIOConcurrencyHelpers (a lock, no event loop) is allowed.
UNIT_TEST_TARGETS = ["StubInProcess"]
UNIT_TEST_HEAVY = re.compile(r"^(StubServer|BuiltInBank|NIO(?!ConcurrencyHelpers$).*|Hummingbird.*|GRDB|AsyncHTTPClient|Crypto|_CryptoExtras)$")


def check_light_products() -> list[str]:
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if dump.returncode != 0:
        return [f"swift package dump-package failed: {dump.stderr.strip()[:200]}"]
    targets = {target["name"]: target for target in json.loads(dump.stdout)["targets"]}

    def direct(name: str) -> list[str]:
        names = []
        for dependency in targets.get(name, {}).get("dependencies", []):
            kind, value = next(iter(dependency.items()))
            names.append(value[0])
        return names

    problems = []
    checks = [(light, HEAVY, "an app or a test target that depends on it would build the server") for light in LIGHT_TARGETS]
    checks += [(unit, UNIT_TEST_HEAVY, "a team's unit-test target would build it") for unit in UNIT_TEST_TARGETS]
    for light, heavy, why in checks:
        seen, path, stack = {light}, {light: [light]}, [light]
        while stack:
            current = stack.pop()
            plugins = [usage for usage in targets.get(current, {}).get("pluginUsages") or []]
            if light in UNIT_TEST_TARGETS and plugins:
                problems.append(f"Package.swift: {light} reaches {current} ({' -> '.join(path[current])}), which runs a build plugin; "
                                "Xcode would ask a team to trust it")
            for dependency in direct(current):
                if dependency in seen:
                    continue
                seen.add(dependency)
                path[dependency] = path[current] + [dependency]
                if heavy.match(dependency):
                    problems.append(f"Package.swift: {light} reaches {dependency} ({' -> '.join(path[dependency])}); {why}")
                elif dependency in targets:
                    stack.append(dependency)
    return problems


def main() -> int:
    problems = check_sources() + check_tools_versions() + check_light_products()
    for problem in problems:
        print(problem)
    print(f"Apple readiness: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
