#!/usr/bin/env python3
"""ModelForm's JSON parser side by side with Python's `json.loads`, in one run, on the JSON
files of the corpus (`../shared/corpora/schemastore`: configuration-file schemas and their
example files): the median of REPEATS parses of each file, summed, by size (under 4 KB,
4-64 KB, over 64 KB) and in all. ModelForm's parse also keeps where every value starts (its
errors and a schema's name `file:line:column`); `json.loads` keeps nothing of the kind.

Usage (from Benchmarks/): python3 compare/json_compare.py [--repeats 21] [--runs 3]
Builds ModelFormCompare in release (in the main package's .build: python_env.py says why).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
sys.path.insert(0, PACKAGE)
import python_env  # noqa: E402 (found through the line above)
CORPUS = os.path.join(PACKAGE, "..", "..", "shared", "corpora", "schemastore")
BUCKETS = [("under 4 KB", 0, 4096), ("4-64 KB", 4096, 65536), ("over 64 KB", 65536, 1 << 62)]


def corpus_files():
    files = []
    for folder, _, names in os.walk(CORPUS):
        for name in sorted(names):
            path = os.path.join(folder, name)
            if not name.endswith(".json"):
                continue
            try:
                with open(path, encoding="utf-8") as file:
                    json.loads(file.read())
            except (ValueError, UnicodeDecodeError):
                continue  # a file Python refuses is not compared
            files.append(path)
    return sorted(files)


def python_times(files, repeats):
    times = []
    for path in files:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        samples = []
        for _ in range(repeats):
            start = time.perf_counter()
            json.loads(text)
            samples.append(time.perf_counter() - start)
        times.append(statistics.median(samples))
    return times


def modelform_times(lines, repeats, only="json", key="json_parse"):
    """ModelFormCompare's medians for the `lines` it is given (a file a line, or for
    `validate` a schema and an instance separated by a tab), in their order."""
    binary = os.path.join(python_env.RELEASE, "ModelFormCompare")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(lines))
    try:
        env = dict(os.environ, MODELFORM_COMPARE_ONLY=only, MODELFORM_COMPARE_FILES=listing.name)
        out = subprocess.run([binary, "0", str(repeats)], env=env, capture_output=True, text=True, check=True).stdout
        return json.loads(out)[key]
    finally:
        os.unlink(listing.name)


def arguments_and_build():
    """The comparison's `--repeats` and `--runs`, once ModelFormCompare is built in release."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    python_env.build_release("ModelFormCompare")
    return args


def main():
    args = arguments_and_build()
    files = corpus_files()
    sizes = [os.path.getsize(path) for path in files]
    ratios = {name: [] for name, _, _ in BUCKETS + [("all", 0, 1 << 62)]}
    for run in range(args.runs):
        mine, python = modelform_times(files, args.repeats), python_times(files, args.repeats)
        print(f"--- run {run + 1} of {args.runs}: {len(files)} files, {sum(sizes) / 1e6:.1f} MB")
        for name, low, high in BUCKETS + [("all", 0, 1 << 62)]:
            chosen = [i for i, size in enumerate(sizes) if low <= size < high]
            if not chosen:
                continue
            a, b = sum(mine[i] for i in chosen), sum(python[i] for i in chosen)
            ratios[name].append(a / b)
            print(f"{name:11} {len(chosen):4} files  ModelForm {a * 1e3:8.2f} ms  json.loads {b * 1e3:8.2f} ms  "
                  f"ModelForm / json.loads {a / b:5.2f}x")
    print(f"--- median of {args.runs} runs (ModelForm's time / json.loads's)")
    for name, values in ratios.items():
        if values:
            print(f"{name:11} {statistics.median(values):5.2f}x   (runs: {', '.join(f'{v:.2f}' for v in values)})")


if __name__ == "__main__":
    main()
