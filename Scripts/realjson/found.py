#!/usr/bin/env python3
"""Copy out the timed-text JSON that vendors' packages carry (test fixtures, the examples in an
OpenAPI description), for the readers' tests. See README.md beside this script.

    python3 found.py ARCHIVES_DIR OUT_DIR

Every .json/.jsonl/.ndjson member of every wheel (.whl) and source distribution (.tar.gz) in
ARCHIVES_DIR is read; every document or `example` value in it that holds an array of at least two
objects with a time member and a text member is written to OUT_DIR/files/<package>-<n>.json, and
OUT_DIR/found.json lists them: path, package, member inside the archive, whether the objects carry
a speaker. Nothing is judged by tsearch here: the test loads each file and expects timed rows.
"""
import json, pathlib, sys, tarfile, zipfile

TIMES = {"start", "start_ms", "start_time", "starttime", "offset", "from", "begin", "ts", "timestamp", "startms", "startoffset"}
TEXTS = {"text", "word", "content", "transcript", "display", "value", "punctuated_word"}
SPEAKERS = {"speaker", "speaker_id", "speaker_label", "speakertag", "channel", "participant"}


def fold(name):
    return name.lower().replace("-", "")


def timed_arrays(value):
    """Yield (array, has_speaker) for arrays of objects with a time and a text member, anywhere."""
    if isinstance(value, dict):
        for member in value.values():
            yield from timed_arrays(member)
    elif isinstance(value, list):
        objects = [v for v in value if isinstance(v, dict)]
        timed = [o for o in objects if {fold(k) for k in o} & TIMES and {fold(k) for k in o} & TEXTS]
        if len(timed) >= 2:
            yield value, any({fold(k) for k in o} & SPEAKERS for o in timed)
        for member in value:
            yield from timed_arrays(member)


def documents(value):
    """The whole value, and every `example` value in it (OpenAPI descriptions)."""
    yield value
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, member in node.items():
                if key == "example" and isinstance(member, (dict, list)):
                    yield member
                elif key == "examples" and isinstance(member, dict):
                    yield from (m["value"] for m in member.values() if isinstance(m, dict) and isinstance(m.get("value"), (dict, list)))
                stack.append(member)
        elif isinstance(node, list):
            stack.extend(node)


def members(archive):
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as z:
            for name in z.namelist():
                yield name, z.read(name)
    else:
        with tarfile.open(archive) as t:
            for info in t:
                if info.isfile():
                    yield info.name, t.extractfile(info).read()


def parsed(name, data):
    text = data.decode("utf-8", "replace")
    if name.endswith((".jsonl", ".ndjson")):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return json.loads(text)


def main():
    source, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    (out / "files").mkdir(parents=True, exist_ok=True)
    found = []
    seen = set()
    for archive in sorted(source.iterdir()):
        package = archive.name.split("-")[0].lower()
        for name, data in members(archive):
            if not name.endswith((".json", ".jsonl", ".ndjson")):
                continue
            try:
                value = parsed(name, data)
            except ValueError:
                continue
            for document in documents(value):
                arrays = list(timed_arrays(document))
                key = json.dumps(document, sort_keys=True)
                if not arrays or key in seen:
                    continue
                seen.add(key)
                path = f"{package}-{len([f for f in found if f['package'] == package]) + 1}.json"
                (out / "files" / path).write_text(json.dumps(document, indent=1, ensure_ascii=False))
                found.append({"path": path, "package": package, "member": name, "speakers": any(s for _, s in arrays)})
    (out / "found.json").write_text(json.dumps(found, indent=1))
    print(f"found {len(found)} timed JSON documents in {len(list(source.iterdir()))} archives")


main()
