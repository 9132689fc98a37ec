#!/usr/bin/env python3
"""How long `stubbank import openapi` takes on large documents, and its peak memory.

Two documents: Stripe's (../shared/realworld/openapi/stripe-spec3-2023-09-12.yaml, 4.2 MB,
468 operations, every object linked to others through anyOf), and one built from UK Open
Banking's account-information and payment-initiation documents, three copies of each with their
paths and components renamed (3 MB of real-world schemas, about 200 operations, not one schema
repeated).

    python3 Benchmarks/import_speed.py [--binary .build/release/stubbank] [--copies 3]

Prints, for each document, the size, the wall time and the peak RSS of each of three runs (each
run in its own process, so the peak is that run's).
"""
import argparse
import json
import pathlib
import resource
import shutil
import subprocess
import tempfile
import time

import yaml  # PyYAML, in Debian's python3-yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
REALWORLD = ROOT.parent / "shared" / "realworld" / "openapi"


def document(copies):
    sources = [("a", REALWORLD / "obie-account-info-v4.0.yaml"), ("p", REALWORLD / "obie-payment-initiation-v4.0.yaml")]
    loaded = [(tag, yaml.safe_load(path.read_text())) for tag, path in sources]
    first = loaded[0][1]
    out = {"openapi": first["openapi"], "info": first["info"], "servers": first.get("servers", []), "paths": {}, "components": {}}
    for copy in range(copies):
        for tag, doc in loaded:
            suffix = f"_{tag}{copy}"
            text = json.dumps(doc)
            for section, entries in doc.get("components", {}).items():
                for name in entries:
                    text = text.replace(f'"#/components/{section}/{name}"', f'"#/components/{section}/{name}{suffix}"')
            renamed = json.loads(text)
            for path, item in renamed["paths"].items():
                for operation in item.values():
                    if isinstance(operation, dict) and "operationId" in operation:
                        operation["operationId"] += suffix
                out["paths"][f"/{tag}{copy}{path}"] = item
            for section, entries in renamed.get("components", {}).items():
                for name, value in entries.items():
                    out["components"].setdefault(section, {})[name + suffix] = value
    return yaml.safe_dump(out, sort_keys=False, width=100), len(out["paths"])


def peak_of(binary, arguments):
    """Runs binary with arguments under /usr/bin/time; returns (wall seconds, peak MiB, stdout)."""
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", binary] + arguments, capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(result.stderr)
    peak = int(result.stderr.strip().splitlines()[-1]) / 1024
    return wall, peak, result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "stubbank"))
    parser.add_argument("--copies", type=int, default=3)
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="stubbank-import-speed-"))
    try:
        text, paths = document(args.copies)
        built = work / "big.yaml"
        built.write_text(text)
        stripe = REALWORLD / "stripe-spec3-2023-09-12.yaml"
        for name, spec in [("Stripe", stripe), (f"UK Open Banking x{args.copies}", built)]:
            print(f"{name}: {spec.stat().st_size / 1e6:.2f} MB")
            for run in range(3):
                out = work / f"{spec.stem}-out{run}"
                wall, peak, stdout = peak_of(args.binary, ["import", "openapi", str(spec), "--out", str(out)])
                written = next(line for line in stdout.splitlines() if "routes written" in line)
                print(f"  run {run + 1}: {wall:.2f} s, peak RSS {peak:.0f} MiB ({written})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
