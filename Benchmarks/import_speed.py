#!/usr/bin/env python3
"""How long `stubbank import openapi` takes on a 3 MB document, and its peak memory.

The document is UK Open Banking's account-information and payment-initiation documents
(../shared/realworld/openapi), three copies of each with their paths and components renamed,
so it is 3 MB of real-world schemas with about 200 operations, not one schema repeated.

    python3 Benchmarks/import_speed.py [--binary .build/release/stubbank] [--copies 3]

Prints the size, the operations, the wall time and the peak RSS of each of three runs.
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "stubbank"))
    parser.add_argument("--copies", type=int, default=3)
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="stubbank-import-speed-"))
    try:
        text, paths = document(args.copies)
        spec = work / "big.yaml"
        spec.write_text(text)
        print(f"document: {len(text) / 1e6:.2f} MB, {paths} paths")
        for run in range(3):
            out = work / f"out{run}"
            started = time.monotonic()
            result = subprocess.run([args.binary, "import", "openapi", str(spec), "--out", str(out)], capture_output=True, text=True)
            wall = time.monotonic() - started
            if result.returncode != 0:
                raise SystemExit(result.stderr)
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            written = next(line for line in result.stdout.splitlines() if "routes written" in line)
            print(f"run {run + 1}: {wall:.2f} s, peak RSS so far {peak:.0f} MiB ({written})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
