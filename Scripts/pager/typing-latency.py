#!/usr/bin/env python3
"""Measures the pager as a person types: for each key pressed after `/`, the time until the
screen shows the hit count for what is typed now (the status line `/TEXT▏   · N hits`), and the time
until the key is echoed at all (`/TEXT▏`, whatever follows). The pager runs in a pseudo-terminal,
as in a terminal emulator; keys are written a person's pace apart (150 ms by default).

    python3 Scripts/pager/typing-latency.py TSEARCH FOLDER [--pace MS] [--queries 'q1,q2']

Run a search over FOLDER once first (the rows are then cached: "warm").
"""
import argparse
import fcntl
import os
import pty
import re
import select
import statistics
import struct
import termios
import time


def read_until(fd, pattern, timeout):
    """Reads the pager's output until `pattern` (bytes regex) matches what came since; returns the
    time it matched (monotonic) or None."""
    data = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            continue
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            return None, data
        if not chunk:
            return None, data
        data += chunk
        if re.search(pattern, data):
            return time.monotonic(), data
    return None, data


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tsearch")
    parser.add_argument("folder")
    parser.add_argument("--pace", type=float, default=150)
    parser.add_argument("--queries", default="budget forecast,speaker:Alice review ,migration risk,roadmap")
    parser.add_argument("--state", default="/tmp/tsearch-typing-state/session.json")
    arguments = parser.parse_args()

    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TSEARCH_STATE"] = arguments.state
        os.environ["TERM"] = "xterm-256color"
        os.execv(arguments.tsearch, [arguments.tsearch, "pager", "--timeout", "0", arguments.folder])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
    opened, _ = read_until(fd, rb"no query: press /", 120)
    assert opened, "the pager did not open"
    counts, echoes = [], []
    for query in arguments.queries.split(","):
        os.write(fd, b"/")
        read_until(fd, rb"/\xe2\x96\x8f", 5)
        os.write(fd, b"\x15")  # Ctrl-U: an empty line
        read_until(fd, rb"/\xe2\x96\x8f   \xc2\xb7 ", 5)
        typed = ""
        for character in query:
            time.sleep(arguments.pace / 1000)
            typed += character
            start = time.monotonic()
            os.write(fd, character.encode())
            # The key echoed (anything after the caret), then the count for this very text.
            echo_pattern = rb"\xe2\x96\x8f   \xc2\xb7 "
            counted_pattern = rb"\xe2\x96\x8f   \xc2\xb7 [0-9]+ hits?"
            echoed, data = read_until(fd, echo_pattern, 10)
            if re.search(counted_pattern, data[-400:] if echoed else b""):
                counted = echoed
            else:
                counted, _ = read_until(fd, counted_pattern, 30)
            if echoed:
                echoes.append((echoed - start) * 1000)
            if counted:
                counts.append((counted - start) * 1000)
        os.write(fd, b"\r")
        read_until(fd, rb"\?: help|hit ", 5)
    os.write(fd, b"q")
    os.waitpid(pid, 0)

    def summary(values):
        values = sorted(values)
        return "median %.1f ms, p90 %.1f ms, max %.1f ms (%d keys)" % (
            statistics.median(values), values[int(len(values) * 0.9) - 1], values[-1], len(values))

    print("key -> echoed on screen:     " + summary(echoes))
    print("key -> hit count on screen:  " + summary(counts))


if __name__ == "__main__":
    main()
