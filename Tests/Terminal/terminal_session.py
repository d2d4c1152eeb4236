#!/usr/bin/env python3
"""Drives the REPL in a pseudo-terminal, as a person would: Tab completion, history, UTF-8, Ctrl-D.

Usage: terminal_session.py PATH_TO_REPL. Exit 0 when every check passes; otherwise prints the
failed check and what the terminal showed. Run by the ReplTests target (TerminalTests).
"""
import os
import sys
import tempfile

import pexpect

PROMPT = "strata> "
TIMEOUT = 10


def main(binary: str) -> int:
    home = tempfile.mkdtemp(prefix="strata-pty-")
    env = dict(os.environ, TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="100")
    child = pexpect.spawn(binary, ["--deterministic", "--home", home], env=env, encoding="utf-8",
                          timeout=TIMEOUT, dimensions=(30, 100))
    checks = []

    def check(name, pattern):
        try:
            child.expect(pattern)
            checks.append(name)
        except (pexpect.TIMEOUT, pexpect.EOF):
            print(f"FAILED: {name}\n--- terminal showed ---\n{child.before!r}")
            raise SystemExit(1)

    check("banner and prompt", "Type 'help'.*" + PROMPT)
    # Tab completes a unique command word with a trailing space.
    child.send("docs sh\t")
    check("Tab inserts the rest of 'show' and a space", "ow ")
    child.send("1\r")
    # 'docs sh1' would be an unknown command: the document proves the line read 'docs show 1'.
    check("the completed command runs", "Welcome to Strata")
    check("prompt after output", PROMPT)
    # Tab with several matches lists them.
    child.send("docs \t")
    check("Tab lists subcommands", r"delete\s+edit\s+list\s+new\s+search\s+show")
    child.send("\x15")  # Ctrl-U clears the line
    # Non-ASCII typing reaches the command intact (libedit needs setlocale for this).
    child.send("docs new héllo wörld\r")
    check("UTF-8 input survives", "title +héllo wörld")
    check("prompt after create", PROMPT)
    # Up recalls the previous line.
    child.send("\x1b[A")
    check("Up recalls the previous line", "docs new héllo wörld")
    child.send("\r")
    check("the recalled line runs again as document 5", "Document 5")
    child.send("bogus\r")
    check("errors have no line number on a terminal", r"error: unknown command 'bogus' \(try 'help'\)")
    # Ctrl-D on an empty line exits 0.
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()
    if child.exitstatus != 0:
        print(f"FAILED: Ctrl-D exit status {child.exitstatus}, signal {child.signalstatus}")
        return 1
    print(f"terminal session: {len(checks) + 1} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
