#!/usr/bin/env python3
"""Writes N one-hour meetings as WebVTT (800 cues each, 3-6 speakers with full names) into DIR,
in folders of 100, for measuring the pager on a meeting archive:

    python3 Scripts/pager/make-meetings.py /tmp/meetings 2000

The text is made from our own word lists with a fixed seed, so every run writes the same files.
"""
import os
import random
import sys

FIRST = ["Alice", "Bob", "Carmen", "Dana", "Erik", "Fatima", "José", "Zoë", "Hiroshi", "Ingrid", "Kwame", "Lena",
         "Mateo", "Nadia", "Oskar", "Priya", "王伟", "Sofía", "Tomás", "Yusuf"]
LAST = ["Johnson", "García", "Okafor", "Lindqvist", "Nakamura", "Müller", "Silva", "Kowalski", "Haddad", "Brennan",
        "Ødegaard", "Rossi", "Novak", "Chen", "Dubois"]
WORDS = ("budget forecast roadmap hiring review launch customer pilot quarter numbers team office design "
         "release contract invoice renewal vendor travel backlog sprint estimate risk migration cluster "
         "dashboard onboarding support churn revenue pricing legal security audit deadline demo training "
         "the a we need to and of for on in is it this that with by next last week month plan talk about "
         "should could will can maybe so then also but still just really already").split()


def cue_text(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 18))]
    return " ".join(words).capitalize() + rng.choice([".", "?", ".", "!"])


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(21)
    for number in range(count):
        sub = os.path.join(folder, f"team-{number // 100:02d}")
        os.makedirs(sub, exist_ok=True)
        speakers = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(rng.randint(3, 6))]
        lines = ["WEBVTT", ""]
        for cue in range(800):
            start = cue * 4.5
            end = start + 4.2
            stamp = lambda t: f"{int(t // 3600):02d}:{int(t // 60 % 60):02d}:{t % 60:06.3f}"
            lines += [f"{stamp(start)} --> {stamp(end)}", f"<v {rng.choice(speakers)}>{cue_text(rng)}", ""]
        kind = rng.choice(["planning", "standup", "review", "sync", "retro"])
        with open(os.path.join(sub, f"meeting-{number % 100:03d}-{kind}.vtt"), "w", encoding="utf-8") as out:
            out.write("\n".join(lines))


if __name__ == "__main__":
    main()
