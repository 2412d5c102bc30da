"""Read every file under DIR/files with an established Python parser and
write DIR/expected.json (see README.md beside this script).

    python reference.py DIR      # run inside the venv made by fetch.sh

.vtt  -> webvtt-py (webvtt.read)
.srt  -> srt (srt.parse, ignore_errors=True); if it raises: pysrt
         (ERROR_PASS); if that raises: pysubs2
.json -> pysubs2 (load_from_whisper), Whisper-style {"segments": [...]}
.ass/.ssa -> pysubs2 (Dialogue events; the Name field as speaker; drawings dropped)
.sub  -> pysubs2 MicroDVD (the file's {1}{1}fps line, else 23.976 fps as tsearch assumes)
.ttml -> pysubs2 TTML (ignore_par_time_offset for Apple's iTunes lyrics files)
.dfxp, .xml -> pycaption DFXPReader (the first language)
.smi/.sami -> pycaption SAMIReader (the language of the first class the <STYLE> declares)
.sbv  -> webvtt-py (webvtt.from_sbv)
written/whisper/*.tsv -> the segments written.py gave openai-whisper's writer
         (DIR/whisper-sources/<name>.json): one row per segment
written/whisper/*.highlight.{srt,vtt} -> srt, on the same transcript written without
         highlight_words (DIR/whisper-sources/<name>.srt): one row per line
"""
import codecs
import html
import json
import logging
import pathlib
import re
import sys

import pycaption
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


def row(start_ms, end_ms, text, speaker=None):
    result = {"start_ms": int(start_ms), "end_ms": int(end_ms), "text": normalize(text)}
    if speaker:
        result["speaker"] = SPACE.sub(" ", speaker).strip()
    return result


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


def read_substation(text):
    subs = pysubs2.SSAFile.from_string(text, format_="ass")
    return [row(e.start, e.end, e.plaintext, e.name) for e in subs
            if not e.is_comment and not e.is_drawing]


def read_microdvd(text):
    # pysubs2 reads a frame rate from a {1}{1} line, and writes it on a {0}{0} line.
    has_rate = re.match(r"\s*\{[01]\}\{[01]\}\s*[\d.]+\s*$", text.splitlines()[0] if text else "")
    subs = pysubs2.SSAFile.from_string(text, format_="microdvd", fps=None if has_rate else 23.976,
                                       strict_fps_inference=False)
    return [row(e.start, e.end, e.plaintext) for e in subs]


def read_ttml(text):
    apple = "itunes" in text[:4096]
    subs = pysubs2.SSAFile.from_string(text, format_="ttml", ignore_par_time_offset=apple)
    return [row(e.start, e.end, e.plaintext) for e in subs]


def read_dfxp(text):
    captions = pycaption.DFXPReader().read(text)
    languages = captions.get_languages()
    if not languages:
        return []
    return [row(c.start / 1000, c.end / 1000, c.get_text()) for c in captions.get_captions(languages[0])]


def read_sami(text):
    captions = pycaption.SAMIReader().read(text)
    languages = captions.get_languages()
    # tsearch reads the first class the <STYLE> block declares; pycaption names tracks by lang.
    first = re.search(r"\.[\w-]+\s*\{[^}]*\blang\s*:\s*([\w-]+)", text, re.I)
    language = next((l for l in languages if first and l.lower() == first.group(1).lower()), None)
    language = language or (languages[0] if languages else None)
    if language is None:
        return []
    return [row(c.start / 1000, c.end / 1000, c.get_text()) for c in captions.get_captions(language)]


def read_sbv(path):
    return [row(c.start_time.in_milliseconds(), c.end_time.in_milliseconds(), c.text)
            for c in webvtt.from_sbv(str(path))]


def whisper_source(path):
    """What openai-whisper's writer was given for `path` (see written.py), or None."""
    if "written/whisper" not in path.as_posix():
        return None
    for source in (path.parents[3] / "whisper-sources" / (path.name + ".json"),
                   path.parents[3] / "whisper-sources" / (path.name + ".srt")):
        if source.exists():
            return source
    return None


def reference(path):
    """Return (reader, rows, error) for one file; the last reader tried names a failure."""
    suffix = path.suffix.lower()
    source = whisper_source(path)
    if source is not None and source.suffix == ".json":
        return "openai-whisper writer input", json.loads(source.read_text(encoding="utf-8")), None
    if source is not None:
        return "srt (the same file written without highlight_words)", read_srt(source.read_text(encoding="utf-8")), None
    by_suffix = {".ass": ("pysubs2", read_substation), ".ssa": ("pysubs2", read_substation),
                 ".sub": ("pysubs2", read_microdvd), ".ttml": ("pysubs2", read_ttml),
                 ".dfxp": ("pycaption", read_dfxp), ".xml": ("pycaption", read_dfxp),
                 ".smi": ("pycaption", read_sami), ".sami": ("pycaption", read_sami)}
    if suffix == ".sbv":
        try:
            return "webvtt-py", read_sbv(path), None
        except Exception as exc:
            return "webvtt-py", [], f"webvtt-py: {type(exc).__name__}: {exc}"
    if suffix in by_suffix:
        name, reader = by_suffix[suffix]
        try:
            return name, reader(decode(path.read_bytes())), None
        except Exception as exc:
            return name, [], f"{name}: {type(exc).__name__}: {exc}"
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
