#!/usr/bin/env python3
"""ModelForm's JSON Schema validator side by side with Python's `jsonschema` and
`fastjsonschema` (PyPI), in one run: each validator made once per schema (fastjsonschema
compiles it to Python code), then the median of REPEATS validations of the same instance.

Two workloads: the 1,000-property form schema of compare.py (text with maxLength, email
format, integer bounds, boolean, a five-way enum; all required but the booleans) with a
valid instance; and the corpus's schemas with their JSON example files
(`../shared/corpora/schemastore`), each pair that all three validate without an error of their
own (a reference to a document not given, a format one does not know), every format asserted.

Usage (from Benchmarks/): python3 compare/validate_compare.py [--repeats 21] [--runs 3]
Creates .build/validate-venv with jsonschema and fastjsonschema; builds ModelFormCompare.
"""
import json
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
VENV = os.path.join(PACKAGE, ".build", "validate-venv")
CORPUS = os.path.join(PACKAGE, "..", "..", "shared", "corpora", "schemastore")


def wide_schema(fields):
    properties, required, instance = {}, [], {}
    for i in range(fields):
        kind = i % 5
        name = f"f{i}" + ["Text", "Email", "Number", "Flag", "Choice"][kind]
        properties[name] = [
            {"type": "string", "maxLength": 100}, {"type": "string", "format": "email"},
            {"type": "integer", "minimum": 0, "maximum": 1000}, {"type": "boolean"},
            {"enum": [f"c{n}" for n in range(5)]},
        ][kind]
        instance[name] = [f"Text value {i} <&>", f"user{i}@example.com", i % 1000, i % 2 == 0, f"c{i % 5}"][kind]
        if kind != 3:
            required.append(name)
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": properties, "required": required}
    return schema, instance


def python_validators(schema):
    import fastjsonschema
    import jsonschema
    cls = jsonschema.validators.validator_for(schema)
    slow = cls(schema, format_checker=cls.FORMAT_CHECKER)
    fast = fastjsonschema.compile(schema)

    def fast_validate(instance):
        try:
            fast(instance)
        except fastjsonschema.JsonSchemaException:
            pass

    return (lambda instance: list(slow.iter_errors(instance))), fast_validate


def corpus_pairs():
    pairs = []
    schemas = os.path.join(CORPUS, "schemas")
    for name in sorted(os.listdir(os.path.join(CORPUS, "tests"))):
        schema_path = os.path.join(schemas, name + ".json")
        folder = os.path.join(CORPUS, "tests", name)
        if not os.path.exists(schema_path) or not os.path.isdir(folder):
            continue
        for example in sorted(os.listdir(folder)):
            if example.endswith(".json"):
                pairs.append((schema_path, os.path.join(folder, example)))
    usable = []
    for schema_path, instance_path in pairs:
        try:
            with open(schema_path, encoding="utf-8") as a, open(instance_path, encoding="utf-8") as b:
                schema, instance = json.load(a), json.load(b)
            slow, fast = python_validators(schema)
            slow(instance)
            fast(instance)
            usable.append((schema_path, instance_path))
        except Exception:  # noqa: BLE001 - a pair one validator cannot take is not compared
            continue
    return usable


def modelform_times(pairs, repeats):
    from json_compare import modelform_times as compare_times
    return compare_times([f"{a}\t{b}" for a, b in pairs], repeats, only="validate", key="validate")


def python_times(pairs, repeats):
    slow_times, fast_times = [], []
    for schema_path, instance_path in pairs:
        with open(schema_path, encoding="utf-8") as a, open(instance_path, encoding="utf-8") as b:
            schema, instance = json.load(a), json.load(b)
        slow, fast = python_validators(schema)
        from compare import median_time
        slow_times.append(median_time(lambda: slow(instance), repeats))
        fast_times.append(median_time(lambda: fast(instance), repeats))
    return slow_times, fast_times


def main():
    import python_env
    python_env.enter(VENV, ["jsonschema", "fastjsonschema"])
    from json_compare import arguments_and_build
    args = arguments_and_build()
    work = tempfile.mkdtemp(prefix="modelform-validate-")
    schema, instance = wide_schema(1000)
    wide = (os.path.join(work, "wide.schema.json"), os.path.join(work, "wide.json"))
    for path, value in zip(wide, (schema, instance)):
        with open(path, "w") as file:
            json.dump(value, file)
    pairs = corpus_pairs()
    summary = {"wide": [], "corpus slower than jsonschema": []}
    for run in range(args.runs):
        mine = modelform_times([wide] + pairs, args.repeats)
        slow, fast = python_times([wide] + pairs, args.repeats)
        print(f"--- run {run + 1} of {args.runs}")
        print(f"1,000 properties: ModelForm {mine[0] * 1e3:.3f} ms, jsonschema {slow[0] * 1e3:.3f} ms, "
              f"fastjsonschema {fast[0] * 1e3:.3f} ms: ModelForm {slow[0] / mine[0]:.1f}x faster than jsonschema, "
              f"{mine[0] / fast[0]:.1f}x fastjsonschema's time")
        summary["wide"].append(mine[0] / fast[0])
        slower = 0
        for (schema_path, instance_path), a, b, c in zip(pairs, mine[1:], slow[1:], fast[1:]):
            name = os.path.relpath(instance_path, CORPUS)
            slower += a > b
            print(f"  {name:48} ModelForm {a * 1e6:9.1f} us  jsonschema {b * 1e6:9.1f} us  fastjsonschema {c * 1e6:9.1f} us"
                  f"  {b / a:6.1f}x faster than jsonschema")
        summary["corpus slower than jsonschema"].append(slower)
        print(f"corpus: {len(pairs)} pairs; ModelForm slower than jsonschema on {slower}")
    print(f"--- {args.runs} runs: 1,000 properties, ModelForm / fastjsonschema time: median "
          f"{statistics.median(summary['wide']):.1f}x (runs: {', '.join(f'{v:.1f}' for v in summary['wide'])}); "
          f"corpus pairs where ModelForm is slower than jsonschema, by run: {summary['corpus slower than jsonschema']}")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(HERE))
    main()
