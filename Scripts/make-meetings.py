#!/usr/bin/env python3
"""A meeting archive for trying and timing `tsearch meetings`: N meetings (default 2000) in mixed
formats (SubRip, WebVTT, Otter-style text, vendor JSON), every third day from 2025-01-06, named
as exports name them (`2025-01-06 Weekly sync.srt`, `20250109_design_review.vtt`,
`Zoom/GMT20250112-150000 …/…`), some dated only inside (a JSON `created`, an Otter header line).
Deterministic: the same N gives the same files.

    python3 Scripts/make-meetings.py OUT_DIR [N] [ROWS_PER_MEETING]
"""
import datetime
import json
import os
import random
import sys

TITLES = ["Weekly sync", "Design review", "Budget review", "Retro", "Hiring panel", "Customer call", "Roadmap"]
PEOPLE = ["Alice Johnson", "Bob", "Chen Wei", "Dana", "José García", "Marta", "Zoë"]
WORDS = ("we should ship the onboarding flow before the quarter ends and keep the budget for illustrations "
         "the migration moved the costs down so hiring can start in spring the customer asked about exports").split()


def stamp(ms, sep):
    h, ms = divmod(ms, 3600000)
    m, ms = divmod(ms, 60000)
    s, ms = divmod(ms, 1000)
    return f"{h:02}:{m:02}:{s:02}{sep}{ms:03}"


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rows = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    rng = random.Random(count)
    start = datetime.datetime(2025, 1, 6, 10, 0)
    for i in range(count):
        when = start + datetime.timedelta(days=3 * i, hours=i % 5)
        title = TITLES[i % len(TITLES)]
        people = rng.sample(PEOPLE, 2 + i % 3)
        lines = []
        for r in range(rows):
            text = " ".join(rng.choice(WORDS) for _ in range(12))
            lines.append((r * 7000, r * 7000 + 6000, people[r % len(people)], text))
        kind = i % 4
        if kind == 0:
            path = os.path.join(out, f"{when:%Y-%m-%d} {title}.srt")
            body = "".join(f"{n + 1}\n{stamp(a, ',')} --> {stamp(b, ',')}\n{who}: {t}\n\n" for n, (a, b, who, t) in enumerate(lines))
        elif kind == 1:
            path = os.path.join(out, f"{when:%Y%m%d}_{title.lower().replace(' ', '_')}.vtt")
            body = "WEBVTT\n\n" + "".join(f"{stamp(a, '.')} --> {stamp(b, '.')}\n<v {who}>{t}</v>\n\n" for a, b, who, t in lines)
        elif kind == 2:
            # Otter: the date only in the header line.
            path = os.path.join(out, "otter", f"{title} {i}.txt")
            head = f"{title}\n{when:%a, %b} {when.day}, {when:%Y %I:%M%p} • 40:00\n\n"
            body = head + "".join(f"{who}  {a // 60000}:{a // 1000 % 60:02}\n{t}\n\n" for a, b, who, t in lines)
        else:
            # Zoom's folder and file names, and a vendor JSON's created time.
            folder = os.path.join(out, "Zoom", f"{when:%Y-%m-%d %H.%M.%S} {title} 8123456{i:04}")
            path = os.path.join(folder, f"GMT{when:%Y%m%d-%H%M%S}_Recording.json")
            body = json.dumps({"metadata": {"created": when.isoformat() + "Z"},
                               "segments": [{"start": a / 1000, "end": b / 1000, "speaker": who, "text": t} for a, b, who, t in lines]})
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)


if __name__ == "__main__":
    main()
