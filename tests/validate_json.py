"""Validates JSON lines against a JSON Schema (Debian's python3-jsonschema).

Usage: /usr/bin/python3 tests/validate_json.py SCHEMA FILE
Prints one line per object that does not validate (its line number, the path
in the object and why) and exits 1; exits 0 when every line validates.
"""
import json
import sys

import jsonschema


def main():
    schema_path, data_path = sys.argv[1], sys.argv[2]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    bad = 0
    with open(data_path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            obj = json.loads(line)
            for error in validator.iter_errors(obj):
                where = "/".join(str(p) for p in error.absolute_path)
                print(f"line {number}: {where or '(top)'}: {error.message[:300]}")
                bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
