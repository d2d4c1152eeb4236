"""Reads Docs/openapi.yaml as a YAML 1.1 parser does (PyYAML's default, as many tools use) and
fails when a value would change type there: a bound that is text (`1e-05` has no point), a
property name or a required name that is not text, or an enum value that is a boolean (`yes`,
`on`; null stays allowed, as a nullable enum lists it).
schemathesis's own loader keeps such values as written, so its run alone does not see them."""
import sys

import yaml

BOUNDS = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
          "minItems", "maxItems", "multipleOf"}


def walk(node, path, faults):
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}/{key}"
            if not isinstance(key, str):
                faults.append(f"{here}: the name {key!r} reads as {type(key).__name__}, not text")
            if key in BOUNDS and (isinstance(value, bool) or not isinstance(value, (int, float))):
                faults.append(f"{here}: {value!r} reads as {type(value).__name__}, not a number")
            if key == "required" and isinstance(value, list):
                faults += [f"{here}: {name!r} reads as {type(name).__name__}, not text"
                           for name in value if not isinstance(name, str)]
            if key == "enum" and isinstance(value, list):
                faults += [f"{here}: {member!r} reads as {type(member).__name__}, not text"
                           for member in value if isinstance(member, bool)]
            walk(value, here, faults)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            walk(value, f"{path}/{index}", faults)


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        document = yaml.safe_load(file)
    faults = []
    walk(document, "", faults)
    for fault in faults:
        print(f"error: {sys.argv[1]}: {fault}", file=sys.stderr)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
