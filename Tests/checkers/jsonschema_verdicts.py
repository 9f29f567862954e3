#!/usr/bin/env python3
"""Python `jsonschema`'s verdicts, the reference the schemastore corpus test compares with.

Usage: jsonschema_verdicts.py REQUESTS.json RESULTS.json

REQUESTS is a JSON list of {"schema": PATH, "data": VALUE or null, "toml": PATH or null}:
a schema file and either the data (already read from JSON or YAML by ModelForm's reader) or
a TOML file to read with Python's tomllib. RESULTS gets one entry per request, in order:
{"valid": true/false, "data": the data as JSON (TOML's read), "error": text}; "valid" is
null when the verdict cannot be reached (a reference to a schema that is not on disk: nothing
is fetched, a TOML file that does not parse). Formats are not asserted, as by default.
"""
import datetime
import json
import sys
import tomllib

import jsonschema
import referencing
import referencing.exceptions


def plain(value):
    """TOML's dates and times as the ISO text a JSON document holds."""
    if isinstance(value, (datetime.date, datetime.time, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def no_retrieval(uri):
    raise referencing.exceptions.NoSuchResource(ref=uri)


def main():
    requests = json.load(open(sys.argv[1], encoding="utf-8"))
    schemas = {}
    results = []
    for request in requests:
        path = request["schema"]
        if path not in schemas:
            schemas[path] = json.load(open(path, encoding="utf-8"))
        schema = schemas[path]
        data = request.get("data")
        if request.get("toml"):
            try:
                with open(request["toml"], "rb") as file:
                    data = plain(tomllib.load(file))
            except Exception as error:  # noqa: BLE001 (any parse failure is a result)
                results.append({"valid": None, "data": None, "error": f"TOML: {error}"})
                continue
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        registry = referencing.Registry(retrieve=no_retrieval)
        validator = cls(schema, registry=registry)
        try:
            errors = list(validator.iter_errors(data))
            results.append({"valid": not errors, "data": data, "error": errors[0].message[:200] if errors else ""})
        except Exception as error:  # noqa: BLE001 (an unresolvable reference, a pattern Python cannot compile)
            results.append({"valid": None, "data": data, "error": f"no verdict: {type(error).__name__}: {error}"[:200]})
    json.dump(results, open(sys.argv[2], "w", encoding="utf-8"))


if __name__ == "__main__":
    main()
