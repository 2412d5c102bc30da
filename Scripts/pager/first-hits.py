#!/usr/bin/env python3
"""Times `tsearch pager QUERY DIR` in tmux, polling the screen every 20 ms: from the start to the
loading's progress in the status line (`reading …`), to the first hits on screen, and to the whole
count (no progress left in the status line). `cold` starts from an
empty state folder (no caches), `warm` keeps the one given:

    python3 Scripts/pager/make-meetings.py /tmp/meetings 2000
    python3 Scripts/pager/first-hits.py .build/release/tsearch /tmp/meetings /tmp/pager-state cold
    python3 Scripts/pager/first-hits.py .build/release/tsearch /tmp/meetings /tmp/pager-state warm
"""
import os
import shutil
import subprocess
import sys
import time

binary, folder, state, mode = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
query = sys.argv[5] if len(sys.argv) > 5 else "budget"
sock = "stream-measure-%d" % os.getpid()
def tmux(*args):
    return subprocess.run(["tmux", "-L", sock] + list(args), capture_output=True, text=True).stdout
if mode == "cold":
    shutil.rmtree(state, ignore_errors=True)
os.makedirs(state, exist_ok=True)
cmd = "TSEARCH_STATE=%s/session.json %s pager %s %s; sleep 30" % (state, binary, query, folder)
start = time.monotonic()
tmux("new-session", "-d", "-s", "m", "-x", "160", "-y", "30", cmd)
first = whole = progress = None
firstline = ""
while time.monotonic() - start < 120:
    screen = tmux("capture-pane", "-p", "-t", "m")
    if progress is None and "reading " in screen:
        progress = time.monotonic() - start
    status = [l for l in screen.splitlines() if '"%s"  hit ' % query in l]
    if status:
        now = time.monotonic() - start
        if first is None:
            first, firstline = now, status[-1].strip()
        if not any(w in status[-1] for w in ("reading ", "keeping ", "listing ", "searching")):
            whole, wholeline = now, status[-1].strip()
            break
    time.sleep(0.02)
tmux("send-keys", "-t", "m", "q")
time.sleep(0.5)
tmux("kill-server")
print("%s progress=%s first=%.2fs whole=%s | %s | %s" % (mode, "%.2fs" % progress if progress is not None else "none", first or -1, "%.2fs" % whole if whole else "?", firstline[:90], wholeline[:60] if whole else ""))
