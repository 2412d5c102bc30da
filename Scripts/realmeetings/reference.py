"""Write the meeting transcripts (python-docx, as Teams, Google Meet and Otter
lay them out) into DIR/files/written, each also saved as text by docx2txt and
by mammoth, and DIR/expected.json: for every .docx under DIR/files, the
paragraphs python-docx reads, and for the written transcripts (Word and text)
the rows they hold. See README.md beside this script.

    python reference.py DIR
"""
import json
import pathlib
import re
import sys

import docx
import docx2txt
import mammoth
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

WORDS = ("budget roadmap hiring launch pricing review travel onboarding design migration customers "
         "forecast quarter sprint release metrics feedback office contract Straße café 预算 José Zoë").split()
SPEAKERS = ["Alice Chen", "Bob", "José Álvarez", "Zoë O'Brien", "Speaker 5"]


def sentence(index):
    words = [WORDS[(index * 7 + k * 3) % len(WORDS)] for k in range(6 + index % 9)]
    return "We talked about the " + " ".join(words) + f" (turn {index})."


def turns(count, step):
    """(start_ms, speaker, text) for `count` turns, `step` seconds apart on average."""
    out, time = [], 0
    for index in range(count):
        time += step * 1000 + (index * 137) % 1000 * (1 if index % 2 else 0)
        time -= time % 1000  # the apps write whole seconds
        out.append((time, SPEAKERS[index % len(SPEAKERS)], sentence(index)))
    return out


def clock(ms, hours):
    seconds = ms // 1000
    h, m, s = seconds // 3600, seconds // 60 % 60, seconds % 60
    return f"{h}:{m:02}:{s:02}" if hours or h else f"{m}:{s:02}"


def teams(path):
    document = docx.Document()
    document.add_heading("Design sync", level=1)
    document.add_paragraph("Transcript")
    document.add_paragraph("Alice Chen started transcription")
    rows = []
    for start, speaker, text in turns(40, 11):
        heading = document.add_paragraph()
        heading.add_run(speaker).bold = True
        heading.add_run("   " + clock(start, False))
        document.add_paragraph(text)
        rows.append({"start_ms": start, "speaker": speaker, "text": text})
    document.add_paragraph("Alice Chen stopped transcription")
    document.save(path)
    return rows


def meet(path):
    document = docx.Document()
    document.add_heading("Weekly planning - Transcript", level=1)
    document.add_paragraph("Attendees")
    document.add_paragraph(", ".join(SPEAKERS))
    document.add_heading("Transcript", level=2)
    rows, marker = [], -1
    for start, speaker, text in turns(60, 23):
        block = start // 300_000 * 300_000
        if block != marker:
            marker = block
            document.add_paragraph(f"{block // 3_600_000:02}:{block // 60_000 % 60:02}:00")
        document.add_paragraph(f"{speaker}: {text}")
        rows.append({"start_ms": marker, "speaker": speaker, "text": text})
    document.add_paragraph("Meeting ended after 00:24:10")
    document.save(path)
    return rows


def otter(path):
    document = docx.Document()
    document.add_paragraph("Customer call")
    document.add_paragraph("Tue, Oct 1, 2024 3:12PM • 1:04:10")
    rows = []
    for start, speaker, text in turns(50, 90):
        document.add_paragraph(f"{speaker}  {clock(start, False)}")
        document.add_paragraph(text)
        rows.append({"start_ms": start, "speaker": speaker, "text": text})
    document.add_paragraph("Transcribed by https://otter.ai")
    document.save(path)
    return rows


def paragraphs(path):
    """Every paragraph of the body (tables and text boxes included) as python-docx reads its text,
    split at line breaks, whitespace collapsed, empty ones left out."""
    document = docx.Document(path)
    out = []
    for element in document.element.body.iter(qn("w:p")):
        for line in Paragraph(element, document).text.split("\n"):
            line = re.sub(r"\s+", " ", line).strip()
            if line:
                out.append(line)
    return out


def main(root):
    root = pathlib.Path(root)
    written = root / "files" / "written"
    transcripts = {}
    for name, write in [("teams.docx", teams), ("meet.docx", meet), ("otter.docx", otter)]:
        rows = write(written / name)
        transcripts["written/" + name] = rows
        # The same transcript as text, as two docx-to-text converters save it.
        stem = name.removesuffix(".docx")
        (written / f"{stem}.docx2txt.txt").write_text(docx2txt.process(str(written / name)), encoding="utf-8")
        with open(written / name, "rb") as document:
            (written / f"{stem}.mammoth.txt").write_text(mammoth.extract_raw_text(document).value, encoding="utf-8")
        transcripts[f"written/{stem}.docx2txt.txt"] = rows
        transcripts[f"written/{stem}.mammoth.txt"] = rows
    entries = []
    for path in sorted(list((root / "files").rglob("*.docx")) + list((root / "files").rglob("*.txt"))):
        relative = path.relative_to(root / "files").as_posix()
        entry = {"path": relative, "reader": "python-docx", "error": None, "paragraphs": [], "rows": transcripts.get(relative)}
        try:
            entry["paragraphs"] = paragraphs(path) if path.suffix == ".docx" else None
        except Exception as error:  # a damaged test file: the reference cannot read it either
            entry["error"] = f"{type(error).__name__}: {error}"
        entries.append(entry)
    (root / "expected.json").write_text(json.dumps(entries, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
