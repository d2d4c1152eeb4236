#!/usr/bin/env python3
"""Drives the REPL in a pseudo-terminal, as a person would: Tab completion, history, UTF-8, Ctrl-D.

Usage: terminal_session.py PATH_TO_REPL. Exit 0 when every check passes; otherwise prints the
failed check and what the terminal showed. Run by the ReplTests target (TerminalTests).
"""
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pexpect

PROMPT = "strata> "
EXIT_TIMEOUT = 40
TIMEOUT = 10
# Every folder the session makes lives in one scratch folder, removed when the script exits
# (a failed check included: SystemExit runs the exit handlers).
SCRATCH = tempfile.mkdtemp(prefix="strata-pty-")
atexit.register(shutil.rmtree, SCRATCH, ignore_errors=True)


def scratch(name: str) -> str:
    """A new empty folder in the session's scratch folder."""
    path = os.path.join(SCRATCH, name)
    os.mkdir(path)
    return path


def subcommands(binary: str, home: str, group: str) -> list:
    """The words after `group` in the registry, as `help GROUP --format json` lists them."""
    server = scratch(f"server-{group}")
    answer = subprocess.run([binary, "--home", home, "--server-data", server, "--format", "json"],
                            input=f"help {group}\n", capture_output=True, text=True, timeout=TIMEOUT, check=True)
    names = [entry["name"] for entry in json.loads(answer.stdout)["commands"]]
    return sorted({name.split()[1] for name in names if name.startswith(group + " ")})


def main(binary: str) -> int:
    home = scratch("home")
    docs_words = subcommands(binary, scratch("help"), "docs")
    env = dict(os.environ, TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="100")
    env.pop("NO_COLOR", None)  # colour is on by default on a terminal; the test checks it
    # The embedded server's default folder is the account's: point the account at a scratch one.
    env["XDG_DATA_HOME"] = scratch("account")
    env["STRATA_LIVE_UPDATES"] = "off"  # not about live updates: what it prints must not depend on timing
    env["STRATA_PUSH_REGISTRATION"] = "off"  # nor about push
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
    # Writes need a session: the password is asked for without echo and never shown.
    child.send("login ada\r")
    check("the password prompt", "Password for ada: ")
    child.send("analytical-engine\r")
    check("signed in", r"Signed in as ada\.")
    if "analytical-engine" in child.before:
        print(f"FAILED: the password was echoed\n{child.before!r}")
        raise SystemExit(1)
    checks.append("the password is not echoed")
    check("prompt after login", PROMPT)
    # Tab completes a unique command word with a trailing space.
    child.send("docs sh\t")
    check("Tab inserts the rest of 'show' and a space", "ow ")
    child.send("1\r")
    # 'docs sh1' would be an unknown command: the document proves the line read 'docs show 1'.
    check("the completed command runs", "Welcome to Strata")
    check("prompt after output", PROMPT)
    # Tab with several matches lists them.
    child.send("docs \t")
    check("Tab lists subcommands", r"\s+".join(map(re.escape, docs_words)))
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
    # Ctrl-C at the prompt throws the typed line away and gives a fresh prompt.
    child.send("docs li")
    check("typed text shows", "docs li")
    child.sendintr()
    check("Ctrl-C gives a fresh prompt", PROMPT)
    child.send("docs list\r")
    check("the discarded text did not reach the next line", "5 documents")
    check("prompt after list", PROMPT)
    # Tab after 'docs show ' lists the ids stored on this device (a local query, no request).
    child.send("docs show \t")
    check("Tab lists document ids", r"1\s+2\s+3\s+4\s+5")
    child.send("\x15")
    # Scene ids complete too, and the prompt names the active scene.
    child.send("scene open editor 1\r")
    check("the prompt shows the active scene", r"strata\[editor:1\]> ")
    child.send("scene activate \t")
    check("Tab completes the only scene id", "s1 ")
    child.send("\r")
    check("the completed scene command runs", r"s1\*\s+Document Editor")
    child.send("scene destroy s1\r")
    check("back to the plain prompt", "Destroyed scene session s1.\r\n" + re.escape(PROMPT))
    # Ctrl-C while a slow command runs cancels it and returns to the prompt within a second.
    child.send("server latency 5000\r")
    check("latency set", PROMPT)
    child.send("docs list --policy remote-only\r")
    time.sleep(0.5)
    started = time.monotonic()
    child.sendintr()
    check("Ctrl-C cancels the running command", "cancelled")
    check("prompt after cancel", PROMPT)
    if time.monotonic() - started > 1.0:
        print(f"FAILED: cancelling took {time.monotonic() - started:.2f} s")
        raise SystemExit(1)
    checks.append("cancelled in under a second")
    child.send("server latency 0\r")
    check("latency reset", PROMPT)
    # A trailing backslash continues the entry on a '..> ' line.
    child.send("docs new Two \\\r")
    check("continuation prompt", r"\.\.> ")
    child.send("lines --body b\r")
    check("the continued entry runs as one command", "title +Two lines")
    check("prompt after continued entry", PROMPT)
    # ^R searches the history incrementally.
    child.send("\x12remote-o")
    check("^R finds the earlier command", "docs list --policy remote-only")
    child.send("\r")
    check("the found command runs", r"6 documents \(network")
    check("prompt after search", PROMPT)
    # A list by pages on a terminal asks before each next page, as less does.
    child.send("docs list --limit 2\r")
    check("the first page, then the more prompt", r"2 documents.*-- more: Return for the next page, q to stop -- ")
    child.send("\r")
    check("Return reads the next page", r"2 documents.*-- more")
    child.send("\r")
    check("the last page ends the list", r"end of the list \(6 documents\)")
    check("prompt after the pages", PROMPT)
    child.send("docs list --limit 4\r")
    check("a page of four", "-- more")
    child.send("q\r")
    check("q stops", r"Stopped after 4 documents\.")
    check("prompt after stopping", PROMPT)
    # A long import draws a progress bar with count and rate, then erases it.
    bulk = os.path.join(home, "bulk.jsonl")
    with open(bulk, "w") as out:
        for number in range(400):
            out.write('{"title": "Bulk %d"}\n' % number)
    child.send(f"docs import {bulk}\r")
    check("a progress bar with count and rate", r"importing \[[#.]+\] \d+/400  \d+/s")
    check("the import finishes", "Imported 400 documents.")
    check("prompt after import", PROMPT)
    child.send("bogus\r")
    check("errors are red and have no line number on a terminal", r"\x1b\[1;31merror:\x1b\[0m unknown command .bogus. \(try .help.\)")
    # The prompt is drawn once the line editor has the terminal in raw mode: a Ctrl-D sent before
    # it reaches a terminal still in canonical mode, which can swallow it.
    check("prompt after the error", PROMPT)
    # Ctrl-D on an empty line exits 0.
    child.send("\x04")
    # The exit saves the history and stops the embedded server: seconds on a loaded machine (a
    # fresh-clone run went past the 10 s the prompts get), so it has the exit's own allowance.
    child.expect(pexpect.EOF, timeout=EXIT_TIMEOUT)
    child.close()
    if child.exitstatus != 0:
        print(f"FAILED: Ctrl-D exit status {child.exitstatus}, signal {child.signalstatus}")
        return 1
    checks.append("Ctrl-D exits 0")
    checks += history_checks(binary, home, env)
    print(f"terminal session: {len(checks)} checks passed")
    return 0


def history_checks(binary: str, home: str, env: dict) -> list:
    """History survives the session, is private, and survives a hang-up."""
    path = os.path.join(home, "Library", "Preferences", "history")
    done = []

    def fail(name, detail):
        print(f"FAILED: {name}: {detail}")
        raise SystemExit(1)

    if not os.path.exists(path):
        fail("history file written", path)
    mode = os.stat(path).st_mode & 0o777
    if mode != 0o600:
        fail("history file mode", oct(mode))
    # libedit's format escapes spaces as \\040.
    content = open(path, "rb").read().decode("utf-8", "replace").replace("\\040", " ")
    if "docs show 1" not in content or "bogus" not in content:
        fail("history content", content)
    if "analytical-engine" in content:
        fail("the password stays out of the history", content)
    done += ["history file written", "history file mode 0600", "history content"]

    # A new session with the same home recalls the previous session's last line with Up.
    child = pexpect.spawn(binary, ["--deterministic", "--home", home], env=env, encoding="utf-8",
                          timeout=TIMEOUT, dimensions=(30, 100))
    child.expect(PROMPT)
    child.send("\x1b[A")
    try:
        child.expect("bogus")
    except (pexpect.TIMEOUT, pexpect.EOF):
        fail("Up recalls the previous session", child.before)
    done.append("Up recalls the previous session")
    # A hang-up right after a command leaves the history intact, never empty.
    child.send("\x15docs list\r")
    child.expect(r"\d+ documents")
    child.expect(PROMPT)
    child.kill(1)  # SIGHUP, as when the terminal goes away
    # The shell saves its history and exits on its own; give it time on a busy machine (a forced
    # close right away can find it still writing, in a state no signal interrupts).
    try:
        child.expect(pexpect.EOF, timeout=20)
    except pexpect.TIMEOUT:
        fail("the shell exits after a hang-up", child.before)
    child.close(force=True)
    after = open(path, "rb").read().decode("utf-8", "replace").replace("\\040", " ")
    if "docs list" not in after or "docs show 1" not in after:
        fail("history survives a hang-up", after)
    done.append("history survives a hang-up")

    # A corrupt history file, or one that cannot be written, never stops the shell.
    with open(path, "wb") as broken:
        broken.write(b"\x00\xff\xfe garbage \x1b[2J\n" * 50)
    done += session_still_works(binary, home, env, "a corrupt history file")
    os.remove(path)
    os.mkdir(path)  # a folder where the file should be: every save fails
    done += session_still_works(binary, home, env, "a history file that cannot be written")
    os.rmdir(path)
    return done


def session_still_works(binary: str, home: str, env: dict, name: str) -> list:
    """Runs a command and leaves with Ctrl-D; the shell must carry on and exit 0."""
    child = pexpect.spawn(binary, ["--deterministic", "--home", home], env=env, encoding="utf-8",
                          timeout=TIMEOUT, dimensions=(30, 100))
    try:
        child.expect(PROMPT)
        child.send("docs show 1\r")
        child.expect("Welcome to Strata")
        child.expect(PROMPT)
        child.send("\x04")
        child.expect(pexpect.EOF)
    except (pexpect.TIMEOUT, pexpect.EOF):
        print(f"FAILED: the shell keeps working with {name}\n{child.before!r}")
        raise SystemExit(1)
    child.close()
    if child.exitstatus != 0:
        print(f"FAILED: exit status {child.exitstatus} with {name}")
        raise SystemExit(1)
    return [f"the shell keeps working with {name}"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
