"""Write subtitle files with the reference libraries' own writers into DIR/files/written/
(see README.md beside this script).

    python written.py DIR SAMPLES     # run inside the venv made by fetch.sh

- pysubs2 (written/pysubs2/): each source (our samples in SAMPLES, and the SubRip, WebVTT, ASS and
  TTML files collected from pysubs2's own tests) saved as .ass, .ssa, .sub (MicroDVD at 25 fps,
  with the {1}{1}25 line), .ttml, .srt and .vtt.
- pycaption (written/pycaption/): our SubRip and WebVTT samples written as .dfxp and .smi.
- openai-whisper (written/whisper/): transcripts in our own words, with word timings, written by
  whisper/utils.py's writers (loaded alone: they need no torch) as .tsv, and as SubRip and WebVTT
  with highlight_words (one copy of each line per word, the word underlined), with whole segments
  and wrapped to two lines of 24 characters. What those files hold goes to DIR/whisper-sources/:
  the segments of each .tsv (<name>.tsv.json), and each highlighted file written again without
  highlight_words (<name>.srt), which reference.py reads as the rows the copies stand for.
"""
import importlib.util
import json
import pathlib
import sys

import pycaption
import pysubs2

root = pathlib.Path(sys.argv[1])
samples = pathlib.Path(sys.argv[2])
out = root / "files" / "written"


def pysubs2_files():
    sources = sorted(p for p in samples.iterdir() if p.suffix in (".srt", ".vtt", ".ass") and "utf16" not in p.name
                     and "cp1252" not in p.name and "escape" not in p.name and "highlight" not in p.name)
    sources += sorted(p for p in (root / "src" / "pysubs2" / "tests" / "data").glob("*")
                      if p.suffix in (".ass", ".ttml", ".srt", ".vtt"))
    written = 0
    for source in sources:
        try:
            subs = pysubs2.load(str(source), encoding="utf-8")
        except Exception as exc:  # a file pysubs2 cannot read is no source
            print(f"written.py: pysubs2 cannot read {source.name}: {exc}")
            continue
        if not subs.events:
            continue
        folder = out / "pysubs2"
        folder.mkdir(parents=True, exist_ok=True)
        stem = source.name.replace(".", "_")
        for ext, options in ((".ass", {}), (".ssa", {}), (".sub", {"fps": 25}), (".ttml", {}),
                             (".srt", {}), (".vtt", {})):
            if source.suffix == ext:
                continue
            subs.save(str(folder / (stem + ext)), **options)
            written += 1
    print(f"pysubs2 writers: {written} files")


def pycaption_files():
    written = 0
    for source in sorted(p for p in samples.iterdir() if p.suffix in (".srt", ".vtt")
                         and "utf16" not in p.name and "cp1252" not in p.name and "escape" not in p.name
                         and "highlight" not in p.name and "youtube" not in p.name):
        text = source.read_text(encoding="utf-8")
        reader = pycaption.SRTReader() if source.suffix == ".srt" else pycaption.WebVTTReader()
        try:
            captions = reader.read(text)
        except Exception as exc:
            print(f"written.py: pycaption cannot read {source.name}: {exc}")
            continue
        folder = out / "pycaption"
        folder.mkdir(parents=True, exist_ok=True)
        stem = source.name.replace(".", "_")
        (folder / (stem + ".dfxp")).write_text(pycaption.DFXPWriter().write(captions), encoding="utf-8")
        (folder / (stem + ".smi")).write_text(pycaption.SAMIWriter().write(captions), encoding="utf-8")
        written += 2
    print(f"pycaption writers: {written} files")


# Transcripts in our own words: each segment's words with their times (seconds). A pause between
# two words of a segment makes the highlight writer add an un-underlined copy of the line.
TRANSCRIPTS = {
    "budget-sync": [
        [("We", 0.0, 0.32), (" need", 0.32, 0.61), (" the", 0.61, 0.74), (" budget", 0.74, 1.2),
         (" by", 1.5, 1.66), (" Friday.", 1.66, 2.3)],
        [("Zoë", 3.1, 3.52), (" owns", 3.52, 3.8), (" the", 3.8, 3.9), (" café", 3.9, 4.41),
         (" numbers.", 4.41, 5.0)],
        [("Then", 6.0, 6.25), (" we", 6.25, 6.4), (" vote.", 6.4, 7.02)],
        [("Okay.", 8.5, 9.0)],
    ],
    "long-call": [
        [(f" word{k}" if k else "Start", 10.0 * s + 0.4 * k, 10.0 * s + 0.4 * k + 0.3) for k in range(12)]
        for s in range(40)
    ],
}


def whisper_files():
    path = root / "src" / "openai-whisper" / "whisper" / "utils.py"
    spec = importlib.util.spec_from_file_location("whisper_utils", path)
    utils = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(utils)
    folder = out / "whisper"
    folder.mkdir(parents=True, exist_ok=True)
    sources = root / "whisper-sources"
    sources.mkdir(parents=True, exist_ok=True)
    written = 0
    for name, segments in TRANSCRIPTS.items():
        result = {"text": "", "language": "en", "segments": []}
        for index, words in enumerate(segments):
            text = "".join(w for w, _, _ in words)
            result["segments"].append({
                "id": index, "start": words[0][1], "end": words[-1][2], "text": " " + text.lstrip(),
                "words": [{"word": w if i else " " + w.lstrip(), "start": a, "end": b, "probability": 0.9}
                          for i, (w, a, b) in enumerate(words)],
            })
        result["text"] = "".join(s["text"] for s in result["segments"])
        plain = {"highlight_words": False, "max_line_width": None, "max_line_count": None, "max_words_per_line": None}
        wrapped = dict(plain, max_line_width=24, max_line_count=2)
        writer = utils.get_writer("tsv", str(folder))
        writer(result, name + ".mp3", plain)
        rows = [{"start_ms": round(1000 * s["start"]), "end_ms": round(1000 * s["end"]), "text": s["text"].strip()}
                for s in result["segments"]]
        (sources / (name + ".tsv.json")).write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
        written += 1
        # With highlight_words, and the same without it (what the copies stand for) beside the sources.
        for options, suffix in ((plain, ".highlight"), (wrapped, ".wrapped.highlight")):
            for fmt in ("srt", "vtt"):
                utils.get_writer(fmt, str(folder))(result, name + suffix + ".mp3", dict(options, highlight_words=True))
                utils.get_writer("srt", str(sources))(result, name + suffix + "." + fmt + ".mp3", options)
                written += 1
    print(f"whisper writers: {written} files")


pysubs2_files()
pycaption_files()
whisper_files()
