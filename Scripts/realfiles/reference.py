"""Read every file under DIR/files with an established Python parser and
write DIR/expected.json (see README.md beside this script).

    python reference.py DIR      # run inside the venv made by fetch.sh

.vtt  -> webvtt-py (webvtt.read)
.srt  -> srt (srt.parse, ignore_errors=True); if it raises: pysrt
         (ERROR_PASS); if that raises: pysubs2
.json -> pysubs2 (load_from_whisper), Whisper-style {"segments": [...]}
"""
import codecs
import html
import json
import logging
import pathlib
import re
import sys

import pysrt
import pysubs2
import srt
import webvtt

# srt logs a warning for each chunk its lenient mode skips; the rows show that.
logging.getLogger("srt").setLevel(logging.ERROR)

TAG = re.compile(r"<[^>]*>")
ASS_OVERRIDE = re.compile(r"\{\\[^}]*\}")
SPACE = re.compile(r"\s+")  # str patterns: includes NBSP and other Unicode spaces

BOMS = [  # UTF-32 first: its LE BOM starts with the UTF-16 LE BOM
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
]


def decode(data):
    """BOM-declared encoding, else UTF-8, else Windows-1252 (strict)."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return data.decode(encoding)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


def normalize(text):
    """Per line: drop <tags> and {\\ass} blocks; join with spaces; unescape; collapse."""
    lines = [ASS_OVERRIDE.sub("", TAG.sub("", line)) for line in text.splitlines()]
    return SPACE.sub(" ", html.unescape(" ".join(lines))).strip()


def row(start_ms, end_ms, text):
    return {"start_ms": int(start_ms), "end_ms": int(end_ms), "text": normalize(text)}


def ms(delta):
    return round(delta.total_seconds() * 1000)


def read_vtt(path):
    try:
        captions = webvtt.read(str(path))
    except UnicodeDecodeError:  # webvtt-py assumes UTF-8 when there is no BOM
        captions = webvtt.read(str(path), encoding="cp1252")
    return [row(c.start_time.in_milliseconds(), c.end_time.in_milliseconds(), c.text)
            for c in captions]


def read_srt(text):
    return [row(ms(s.start), ms(s.end), s.content)
            for s in srt.parse(text, ignore_errors=True)]


def read_pysrt(text):
    items = pysrt.SubRipFile.from_string(text, error_handling=pysrt.ERROR_PASS)
    return [row(i.start.ordinal, i.end.ordinal, i.text) for i in items]


def read_pysubs2(text):
    subs = pysubs2.SSAFile.from_string(text, format_="srt")
    return [row(e.start, e.end, e.plaintext) for e in subs]


def read_whisper(text):
    subs = pysubs2.load_from_whisper(json.loads(text))
    return [row(e.start, e.end, e.plaintext) for e in subs]


def reference(path):
    """Return (reader, rows, error) for one file; the last reader tried names a failure."""
    suffix = path.suffix.lower()
    if suffix == ".vtt":
        readers = [("webvtt-py", read_vtt)]
    elif suffix == ".json":
        readers = [("pysubs2", read_whisper)]
    else:
        readers = [("srt", read_srt), ("pysrt", read_pysrt), ("pysubs2", read_pysubs2)]
    text = None
    if suffix != ".vtt":
        try:
            text = decode(path.read_bytes())
        except UnicodeDecodeError as exc:
            return readers[0][0], [], f"{type(exc).__name__}: {exc}"
    errors = []
    for name, reader in readers:
        try:
            return name, reader(path if suffix == ".vtt" else text), None
        except Exception as exc:  # record and try the next library
            errors.append(f"{name}: {type(exc).__name__}: {exc}")
    return readers[-1][0], [], " | ".join(errors)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: reference.py DIR")
    root = pathlib.Path(sys.argv[1]) / "files"
    results = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        reader, rows, error = reference(path)
        results.append({"path": path.relative_to(root).as_posix(), "reader": reader,
                        "error": error, "rows": rows})
    out = root.parent / "expected.json"
    out.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    failed = sum(1 for r in results if r["error"])
    print(f"{len(results)} files: {len(results) - failed} read, {failed} failed")


if __name__ == "__main__":
    main()
