#!/usr/bin/env bash
# Runs every benchmark script once at a small size (a second, one run), so that none rots
# unseen: each prints its figures and none is asserted (timings are never a test). A script
# that no longer runs (a page that stopped drawing an input it posts, a changed flag) fails.
#   Benchmarks/smoke.sh MODELFORM_RELEASE_BINARY
# Needs wrk, Chromium and chromedriver (.ci/run installs them); makes the scripts' virtual
# environments in Benchmarks/.build on first use, and builds this package in release in the main
# package's scratch folder (../.build, where .ci/run builds it: python_env.py says why).
set -euo pipefail
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cd "$(dirname "$0")"
# Each step's start, in seconds since this script began: where a slow CI run spends its time.
step() { echo "--- $1 (at ${SECONDS} s)"; }

step "compare/compare.py (50 fields, 3 repeats, 1 run)"
python3 compare/compare.py --fields 50 --repeats 3 --runs 1
step "compare/compare.py --instructions-only (1,000 fields: compare with the log of an earlier commit)"
python3 compare/compare.py --fields 1000 --instructions-only
step "compare/json_compare.py (the corpus's JSON files against json.loads, 3 repeats, 1 run)"
python3 compare/json_compare.py --repeats 3 --runs 1
step "compare/validate_compare.py (1,000 properties and the corpus against jsonschema and fastjsonschema, 1 run)"
python3 compare/validate_compare.py --repeats 3 --runs 1 | grep -v "^  "
step "ModelFormCompare shapes (50 entries against 50 items)"
MODELFORM_COMPARE_ONLY=shapes ../.build/release/ModelFormCompare 50 3
step "ModelFormCompare save (a one-field save of a 100-field file, edited against whole)"
MODELFORM_COMPARE_ONLY=save ../.build/release/ModelFormCompare 100 3
step "EditorFigures (100 fields, 5 repeats)"
../.build/release/EditorFigures 100 5
step "serve/serve_compare.py (1 run of 1 s a measurement)"
python3 serve/serve_compare.py "$binary" --runs 1 --seconds 1 --memory-requests 200,1000
step "serve/serve_instructions.py (instructions a request of GET / and of a writing POST /, callgrind: compare with the log of an earlier commit)"
python3 serve/serve_instructions.py "$binary" --requests 10
step "records/admin_compare.py (2,000 records, SQLite, 1 process, 1 run of 1 s a measurement)"
python3 records/admin_compare.py "$binary" --records 2000 --runs 1 --seconds 1 --processes 1
step "design/crispy_compare.py"
python3 design/crispy_compare.py "$binary"
step "hostile/costly_load.py (8 costly clients, 2 s)"
python3 hostile/costly_load.py "$binary" --clients 8 --seconds 2
step "hostile/measure.py"
work="$(mktemp -d)"
python3 hostile/measure.py "$binary" "$work"
rm -rf "$work"
echo "--- smoke run done (at ${SECONDS} s)"
