#!/usr/bin/env python3
"""Checks the architecture decision records: NNNN-kebab-title.md names, unique numbers, all indexed.

Usage: check_adrs.py [ADR_DIR]   (default Docs/ADR). Exit 1 with one line per problem.
"""
import pathlib
import re
import sys


def problems(directory: pathlib.Path) -> list[str]:
    found = []
    index = directory / "README.md"
    if not index.exists():
        return [f"{index}: missing ADR index"]
    index_text = index.read_text(encoding="utf-8")
    seen: dict[str, str] = {}
    for path in sorted(directory.glob("*.md")):
        if path.name == "README.md":
            continue
        match = re.fullmatch(r"(\d{4})-[a-z0-9]+(-[a-z0-9]+)*\.md", path.name)
        if not match:
            found.append(f"{path}: name must be NNNN-kebab-title.md")
            continue
        number = match.group(1)
        if number in seen:
            found.append(f"{path}: ADR number {number} is also used by {seen[number]}")
        seen[number] = path.name
        if f"({path.name})" not in index_text:
            found.append(f"{index}: does not link {path.name}")
        text = path.read_text(encoding="utf-8")
        if number != "0000":
            for section in ("Status", "Context", "Decision", "Consequences", "Alternatives considered"):
                if not re.search(rf"^## {section}\s*$", text, re.MULTILINE):
                    found.append(f"{path}: missing section '## {section}'")
    return found


def main(arguments: list[str]) -> int:
    directory = pathlib.Path(arguments[0] if arguments else "Docs/ADR")
    issues = problems(directory)
    for issue in issues:
        print(issue)
    return 1 if issues else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
