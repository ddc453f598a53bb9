#!/usr/bin/env python3
"""Validates profile files against the JSON Schema `profile generate json-schema` writes (or catalog files against
the one `profile generate catalog-schema` writes), with a real validator (the `jsonschema` package, draft 2020-12;
YAML read by PyYAML).

Usage: python3 Scripts/check-profile-schema.py SCHEMA.json FILE.yml...
Prints `ok PATH` or `invalid PATH: MESSAGE (at KEY/PATH)` per file (every error of an invalid file, one a line), and
exits 0 when every file is valid, 1 when one is not, 2 when the schema itself is not a valid draft 2020-12 schema
or a file cannot be read as YAML. Used by Tests/ProfileCLITests/JSONSchemaTests.swift.
"""
import json
import sys

import jsonschema
import yaml


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(arguments[0], encoding="utf-8") as file:
        schema = json.load(file)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        print(f"the schema is not a valid draft 2020-12 schema: {error.message}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    status = 0
    for path in arguments[1:]:
        try:
            with open(path, encoding="utf-8-sig") as file:
                document = yaml.safe_load(file)
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
            print(f"unreadable {path}: {error}")
            return 2
        errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
        if not errors:
            print(f"ok {path}")
            continue
        status = 1
        for error in errors:
            where = "/".join(str(part) for part in error.absolute_path) or "(the file)"
            print(f"invalid {path}: {error.message} (at {where})")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
