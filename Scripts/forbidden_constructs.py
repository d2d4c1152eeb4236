#!/usr/bin/env python3
"""Fails when Swift sources use a construct the house rules forbid (Docs/Conventions.md, section 3: no crashes).

Usage: forbidden_constructs.py DIR...   Prints file:line for every hit; exit 1 if any, else 0.
Comments and string literals are blanked first, so prose and messages never trigger a hit.
"""
import pathlib
import re
import sys

RULES = [
    (re.compile(r"\btry!"), "try!"),
    (re.compile(r"\bas!"), "as!"),
    (re.compile(r"\b(fatalError|precondition|preconditionFailure|assert|assertionFailure)\s*\("), None),
    (re.compile(r"[\w)\]>?]!(?!=)"), "force unwrap or implicitly unwrapped optional"),
    # Swift 6.3.1's Process.run() crashes its caller now and then on Linux (Signals' ChildProcess).
    (re.compile(r"\bProcess\s*\("), "Foundation's Process (use ChildProcess)"),
    # FileHandle's write(_:) stops the process when the reader went away (a closed pipe).
    (re.compile(r"\b(standardOutput|standardError|fileHandleForWriting)\.write\((?!contentsOf:)"),
     "FileHandle.write(_:) (use write(contentsOf:) or Console.writeVerbatim)"),
    # GRDB's Row subscript traps on a value it cannot convert (a damaged row); rows are named `row`.
    (re.compile(r"\brow\["), "GRDB's Row subscript (use try row.decode(_:forColumn:))"),
]


def blank_comments_and_strings(text: str) -> str:
    """Replaces comment and string-literal characters with spaces, keeping newlines."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end == -1 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end == -1 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            delimiter = '"""' if text.startswith('"""', start) else '"'
            closing = delimiter + "#" * hashes
            j = start + len(delimiter)
            while j < n and not text.startswith(closing, j):
                j += 2 if (text[j] == "\\" and hashes == 0) else 1
            end = min(n, j + len(closing))
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


CLASS = re.compile(r"\bclass\s+\w+")
GLOBAL_ACTOR = re.compile(r"@\w*Actor\b")


def unspelled_isolation(lines: list[str]) -> list[int]:
    """Lines of classes with an `isolated deinit` whose global actor is not written on them.

    A class that is main-actor only by its module's default isolation compiles in its own module,
    but a release build of a module importing it reads it as nonisolated and rejects the deinit.
    """
    found = []
    for index, line in enumerate(lines):
        if "isolated deinit" not in line:
            continue
        declaration = next((i for i in range(index - 1, -1, -1) if CLASS.search(lines[i])), None)
        if declaration is None:
            continue
        attributes = [lines[declaration]]
        above = declaration - 1
        while above >= 0 and (not lines[above].strip() or lines[above].lstrip().startswith("@")):
            attributes.append(lines[above])
            above -= 1
        if not any(GLOBAL_ACTOR.search(attribute) for attribute in attributes):
            found.append(declaration + 1)
    return found


def scan(path: pathlib.Path) -> list[str]:
    hits = []
    code = blank_comments_and_strings(path.read_text(encoding="utf-8"))
    for number in unspelled_isolation(code.split("\n")):
        hits.append(f"{path}:{number}: a class with an isolated deinit names its global actor (@MainActor)")
    for number, line in enumerate(code.split("\n"), start=1):
        for pattern, label in RULES:
            match = pattern.search(line)
            if match:
                name = label or match.group(1) + "("
                hits.append(f"{path}:{number}: forbidden construct '{name}' (Docs/Conventions.md §3)")
                break  # one report per line: `try!` would otherwise also count as a force unwrap
    return hits


def main(arguments: list[str]) -> int:
    if not arguments:
        print("usage: forbidden_constructs.py DIR...", file=sys.stderr)
        return 2
    hits = []
    for root in arguments:
        for path in sorted(pathlib.Path(root).rglob("*.swift")):
            hits += scan(path)
    for hit in hits:
        print(hit)
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
