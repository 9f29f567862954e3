#!/usr/bin/env python3
"""The house issue's experiment: add a case to `FieldShape` and to the form tree's
`RowNode.Content`, and let the compiler name every place in every module that decides by a
field's shape or by what a row holds.

A copy of the checkout (its committed files) gets `case experiment` in both; then,
build after build, every switch the compiler says is no longer exhaustive gets a
`default: fatalError(...)` (so that the modules after it compile and name theirs), until the
package and its tests build. Prints the sites by module and a table, then removes the copy.

Usage: python3 Tests/ShapeExperiment/run.py [REPOSITORY]   (default: this checkout)
Takes a few debug builds (minutes on two cores); exits 1 if the copy never builds.
"""
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

ERROR = re.compile(r"^(/[^:]+\.swift):(\d+):(\d+): error: switch must be exhaustive")
SHAPE = "Sources/ModelForm/Config/FieldShape.swift"
TREE = "Sources/ModelForm/Rendering/FormTree.swift"
ROW_CONTENT = "        case entries([RowNode])\n"


def closing_brace(text, start):
    """The index of the `}` that closes the first `{` at or after `start`."""
    depth = 0
    index = text.index("{", start)
    while index < len(text):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    raise ValueError("unbalanced braces")


def patch(path, line):
    """Adds `default: fatalError(...)` as the last case of the switch at `line`."""
    with open(path) as handle:
        text = handle.read()
    offset = sum(len(l) + 1 for l in text.split("\n")[: line - 1])
    start = text.index("switch", offset)
    end = closing_brace(text, start)
    text = text[:end] + 'default: fatalError("shape experiment")\n' + text[end:]
    with open(path, "w") as handle:
        handle.write(text)


def main():
    source = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    copy = tempfile.mkdtemp(prefix="shape-experiment-")
    try:
        subprocess.run(["git", "clone", "-q", source, copy], check=True)
        shape = os.path.join(copy, SHAPE)
        with open(shape) as handle:
            text = handle.read()
        text = text.replace("    case single\n}", "    case single\n    /// The experiment's new shape.\n    case experiment\n}", 1)
        with open(shape, "w") as handle:
            handle.write(text)
        tree = os.path.join(copy, TREE)
        with open(tree) as handle:
            text = handle.read()
        if ROW_CONTENT not in text:
            print(f"{TREE} no longer has `{ROW_CONTENT.strip()}`: update the experiment")
            return 1
        text = text.replace(ROW_CONTENT, ROW_CONTENT + "        /// The experiment's new content.\n        case experiment\n", 1)
        with open(tree, "w") as handle:
            handle.write(text)
        sites = []
        for _ in range(40):
            build = subprocess.run(["swift", "build", "--build-tests"], cwd=copy, capture_output=True, text=True)
            found = sorted({(m.group(1), int(m.group(2))) for m in map(ERROR.match, build.stdout.splitlines()) if m})
            if build.returncode == 0:
                break
            if not found:
                print(build.stdout[-3000:])
                return 1
            for path, line in sorted(found, key=lambda site: -site[1]):
                patch(path, line)
                sites.append((os.path.relpath(path, copy), line))
        else:
            return 1
        by_module = collections.OrderedDict()
        for path, line in sorted(sites):
            module = path.split("/")[1] if path.startswith(("Sources/", "Tests/")) else path
            by_module.setdefault(module, []).append(f"{path}:{line}")
        for module, places in by_module.items():
            print(f"{module}: {len(places)}")
            for place in places:
                print(f"  {place}")
        print(f"{len(sites)} sites named in {len(by_module)} modules")
        return 0
    finally:
        shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
