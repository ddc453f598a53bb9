#!/usr/bin/env python3
"""How a real YAML 1.2 implementation types scalars: ruamel.yaml's safe loader, whose default is YAML 1.2.

Reads a JSON array of YAML scalars as written after `key: ` (`0x1F`, `"5"`, `!!int "5"`) on standard input and prints
a JSON array of outcomes, one per scalar, in the form YAMLCoreSchemaParityTests compares with `profile`'s typing:
`int 31`, `double 2.5` (Python's shortest repr: `inf`, `-inf`, `nan`), `bool true`, `null`, `string <text>`, or
`error` when ruamel refuses the scalar, `other <type>` for a type `profile` has no counterpart for (a date).
Exits 2 when ruamel.yaml is not installed (`pip install ruamel.yaml`).
"""
import json
import sys

try:
    from ruamel.yaml import YAML
except ImportError:
    sys.stderr.write("ruamel.yaml is not installed: pip install ruamel.yaml\n")
    sys.exit(2)


def outcome(yaml, scalar):
    try:
        value = yaml.load("v: " + scalar + "\n")["v"]
    except Exception:  # a constructor or scanner error: the scalar has no value
        return "error"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool " + ("true" if value else "false")
    if isinstance(value, int):
        return "int " + str(value)
    if isinstance(value, float):
        return "double " + repr(value)
    if isinstance(value, str):
        return "string " + value
    return "other " + type(value).__name__


def main():
    yaml = YAML(typ="safe", pure=True)
    assert yaml.version is None or tuple(yaml.version) >= (1, 2)
    scalars = json.load(sys.stdin)
    json.dump([outcome(yaml, scalar) for scalar in scalars], sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
