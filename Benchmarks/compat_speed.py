#!/usr/bin/env python3
"""How long `stubbank compat` takes on two 4 MB documents, and its peak memory.

Stripe's document (../shared/realworld/openapi/stripe-spec3-2023-09-12.yaml, 4.2 MB, 468
operations, every object linked to others through anyOf) against three changed copies of it:

- `few`: a handful of edits, as a release would make them (three limits, one enum value added,
  one required field made optional);
- `many`: every `maxLength: 5000` lowered (about 4,000 changes, most in shared schemas);
- `same`: the document against itself (reading and walking, nothing to report).

    python3 Benchmarks/compat_speed.py [--binary .build/release/stubbank] [--runs 3]

Prints, for each pair, the wall time of each run (each in its own process), the stages the
command reports on standard error, the summary line, and the peak RSS.
"""
import argparse
import pathlib
import resource
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
STRIPE = ROOT.parent / "shared" / "realworld" / "openapi" / "stripe-spec3-2023-09-12.yaml"


def changed(text, kind):
    if kind == "same":
        return text
    if kind == "many":
        return text.replace("maxLength: 5000", "maxLength: 4000")
    edited = text.replace("maxLength: 5000", "maxLength: 4000", 3)
    # One enum value more where the first `- active` enum entry stands.
    edited = edited.replace("\n              - active\n", "\n              - active\n              - archived\n", 1)
    # The first required list loses its first entry.
    start = edited.find("\n      required:\n")
    if start >= 0:
        line_start = start + len("\n      required:\n")
        line_end = edited.find("\n", line_start)
        edited = edited[:line_start] + edited[line_end + 1:]
    return edited


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "stubbank"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    text = STRIPE.read_text()
    with tempfile.TemporaryDirectory() as folder:
        for kind in ["few", "many", "same"]:
            new = pathlib.Path(folder) / f"stripe-{kind}.yaml"
            new.write_text(changed(text, kind))
            print(f"{kind}: {STRIPE.name} ({STRIPE.stat().st_size / 1e6:.1f} MB) → {new.name} ({new.stat().st_size / 1e6:.1f} MB)")
            for run in range(args.runs):
                started = time.monotonic()
                before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
                done = subprocess.run([args.binary, "compat", str(STRIPE), str(new), "--fail-on", "never"],
                                      capture_output=True, text=True)
                wall = time.monotonic() - started
                peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
                stages = "; ".join(line.replace("stubbank compat: ", "") for line in done.stderr.splitlines())
                summary = done.stdout.splitlines()[0].split(": ", 1)[-1] if done.stdout else "(no output)"
                rss = f"{peak / 1024:.0f} MB" if peak > before else "(peak not above an earlier run)"
                print(f"  run {run + 1}: {wall:.2f} s  [{stages}]  {summary}  peak RSS {rss}")
                if done.returncode != 0:
                    print(f"  exit {done.returncode}: {done.stderr.strip()}")


if __name__ == "__main__":
    main()
