"""Parses JSON with comments the way a JSON5 reader does (python `json5`, a superset of VS Code's JSONC: comments and
trailing commas), as a peer for `VSCodeCorpusTests`: reads a file's text on standard input, prints it as plain JSON.
Exits 2 when json5 is not installed (`pip install json5`), 1 when the text does not parse."""
import json
import sys

try:
    import json5
except ImportError:
    sys.stderr.write("json5 is not installed: pip install json5\n")
    sys.exit(2)

try:
    value = json5.loads(sys.stdin.read())
except Exception as error:  # noqa: BLE001 - any parse failure is the answer
    sys.stderr.write(f"does not parse: {error}\n")
    sys.exit(1)
json.dump(value, sys.stdout, ensure_ascii=False)
