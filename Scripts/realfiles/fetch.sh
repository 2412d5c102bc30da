#!/usr/bin/env bash
# Fetch real subtitle test files from the source distributions of established
# Python subtitle libraries (PyPI only) and record what those libraries read
# from each file into DIR/expected.json. See README.md beside this script.
#
#   bash Scripts/realfiles/fetch.sh DIR
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (DIR: an empty or new folder, e.g. /tmp/realfiles)" >&2
  exit 64
fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

# Pinned reference libraries (PyPI name==version).
PKGS=(webvtt-py==0.6.0 pysrt==1.1.2 srt==3.5.3 pysubs2==1.8.1 pycaption==2.3.14)
# Downloaded as source only (not installed): openai-whisper's writers (whisper/utils.py) need no
# torch, and write the .tsv and --highlight_words files (step 5).
SDIST_ONLY=(openai-whisper==20250625)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }

# 1. Throwaway venv (reused on re-runs).
if [ ! -x "$DIR/venv/bin/python" ]; then
  python3 -m venv "$DIR/venv" || die "python3 -m venv failed (is python3-venv installed?)"
fi
PY="$DIR/venv/bin/python"
PIP=("$PY" -m pip --disable-pip-version-check --timeout 30 --retries 2)

# 2. Make sure PyPI answers before doing anything else.
if ! "${PIP[@]}" download -q --no-deps --no-binary :all: "${PKGS[2]}" -d "$DIR/sdists" >/dev/null 2>"$DIR/pip-check.log"; then
  cat "$DIR/pip-check.log" >&2
  die "cannot download ${PKGS[2]} from PyPI; is PyPI reachable from this machine? (see $DIR/pip-check.log)"
fi
rm -f "$DIR/pip-check.log"

# 3. Install the libraries, download and unpack their source distributions.
"${PIP[@]}" install -q "${PKGS[@]}" || die "pip install of ${PKGS[*]} failed"
rm -rf "$DIR/src"
mkdir -p "$DIR/sdists" "$DIR/src"
for spec in "${PKGS[@]}" "${SDIST_ONLY[@]}"; do
  name=${spec%%==*}
  ver=${spec##*==}
  "${PIP[@]}" download -q --no-deps --no-binary :all: "$spec" -d "$DIR/sdists" ||
    die "pip download of the sdist of $spec failed"
  # sdist names may normalise '-' to '_' (webvtt_py-0.6.0.tar.gz).
  archive=$(ls "$DIR/sdists/$name-$ver.tar.gz" "$DIR/sdists/${name//-/_}-$ver.tar.gz" 2>/dev/null | head -n1 || true)
  [ -n "$archive" ] || die "no .tar.gz sdist found for $spec in $DIR/sdists"
  mkdir -p "$DIR/src/$name"
  tar -xzf "$archive" -C "$DIR/src/$name" --strip-components=1
done

# 4. Collect test files into DIR/files/<package>/<path inside the sdist>:
#    real subtitle files under test folders (see EXTENSIONS), plus SRT, WebVTT,
#    ASS, DFXP/TTML, SAMI, MicroDVD and SBV samples and Whisper-style transcript
#    dicts that tests keep as Python constants
#    (written as <folder>/<module>__<constant>.<ext>).
rm -rf "$DIR/files"
"$PY" - "$DIR" <<'PYEOF'
import ast, hashlib, json, pathlib, re, shutil, sys, textwrap

root = pathlib.Path(sys.argv[1])
TEST_DIRS = {"tests", "test"}
EXTENSIONS = {".srt", ".vtt", ".ass", ".ssa", ".sub", ".smi", ".sami", ".dfxp", ".ttml", ".sbv"}
ARROW = re.compile(r"^\s*\d+:\d\d(?::\d\d)?(?:[,.]\d+)?\s*-->", re.M)
MICRODVD = re.compile(r"^\{\d+\}\{\d*\}")
SBV_TIMING = re.compile(r"^\d+:\d\d:\d\d\.\d+,\d+:\d\d:\d\d\.\d+\s*$")

def in_tests(rel):
    return any(part in TEST_DIRS for part in rel.parts[:-1])

def str_value(node):
    """A str/bytes literal, dedent("..."), or "...".strip()-style call; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
        return node.value
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
        if name == "dedent":
            inner = str_value(node.args[0])
            return textwrap.dedent(inner) if isinstance(inner, str) else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args:
        if node.func.attr in ("strip", "lstrip", "rstrip"):
            inner = str_value(node.func.value)
            return getattr(inner, node.func.attr)() if inner is not None else None
    return None

def whisper_dict(node):
    try:
        value = ast.literal_eval(node)
    except Exception:
        return None
    segs = value.get("segments") if isinstance(value, dict) else None
    if isinstance(segs, list) and segs and all(
            isinstance(s, dict) and {"start", "end", "text"} <= s.keys() for s in segs):
        return value
    return None

def constants(tree):
    """Yield (name, node) for assignments and single-return functions, with scope prefixes."""
    def walk(body, prefix):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                returns = [n for n in node.body if isinstance(n, ast.Return) and n.value is not None]
                if isinstance(node, ast.FunctionDef) and len(returns) == 1:
                    yield prefix + node.name, returns[0].value
                yield from walk(node.body, prefix + node.name + "__")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if len(targets) == 1 and isinstance(targets[0], ast.Name) and node.value is not None:
                    yield prefix + targets[0].id, node.value
            elif isinstance(node, (ast.If, ast.With, ast.For, ast.Try, ast.While)):
                for field in ("body", "orelse", "finalbody"):
                    yield from walk(getattr(node, field, []) or [], prefix)
    yield from walk(tree.body, "")

def classify(name, value):
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
    head = text.lstrip("\ufeff \t\r\n")
    lname = name.lower()
    if head.startswith("WEBVTT"):
        return "vtt"
    if head.lower().startswith("[script info]"):
        return "ass"
    if head.upper().startswith("<SAMI"):
        return "smi"
    if head.startswith("<") and re.match(r"(<\?xml[^>]*>\s*)?(<!--.*?-->\s*)*<(\w+:)?tt[\s>]", head, re.S):
        return "dfxp"
    if MICRODVD.match(head):
        return "sub"
    if SBV_TIMING.match(head.split("\n", 1)[0]):
        return "sbv"
    if head[:1] in "<{[" and head:
        return None  # other XML, JSON
    if ARROW.search(text):
        if "vtt" in lname:
            return "vtt"
        first = head.split("\n", 1)[0]
        return "srt" if re.fullmatch(r"\s*\d+\s*", first) or "->" in first else None
    if "srt" in lname.split("__")[-1] and "from_srt" not in lname:
        return "srt"  # e.g. an empty-SRT fixture
    return None

seen = set()
for pkg_dir in sorted((root / "src").iterdir()):
    pkg, out = pkg_dir.name, root / "files" / pkg_dir.name
    copied = extracted = dupes = 0
    for path in sorted(pkg_dir.rglob("*")):
        rel = path.relative_to(pkg_dir)
        if not path.is_file() or not in_tests(rel):
            continue
        suffix = path.suffix.lower()
        if suffix in EXTENSIONS or (suffix == ".xml" and b"<tt" in path.read_bytes()[:4096]):
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out / rel)
            seen.add((pkg, hashlib.sha1(path.read_bytes()).hexdigest()))
            copied += 1
        elif suffix == ".py":
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            for name, node in constants(tree):
                value, ext = str_value(node), None
                if value is not None:
                    ext = classify(name, value)
                    data = value if isinstance(value, bytes) else value.encode("utf-8")
                elif (doc := whisper_dict(node)) is not None:
                    ext, data = "json", (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()
                if ext is None:
                    continue
                key = (pkg, hashlib.sha1(data).hexdigest())
                if key in seen:
                    dupes += 1
                    continue
                seen.add(key)
                target = out / rel.parent / f"{path.stem}__{name}.{ext}"
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                extracted += 1
    print(f"{pkg}: {copied} files copied, {extracted} extracted from .py constants"
          f" ({dupes} duplicate samples skipped)")
PYEOF

# 5. Files written by the libraries' own writers, into DIR/files/written/: pysubs2 saves our
#    samples and its own test data as ASS, SSA, MicroDVD, TTML, SubRip and WebVTT; pycaption
#    writes DFXP and SAMI; openai-whisper's writers write .tsv and --highlight_words SRT/WebVTT
#    from transcripts in our own words (their segments go to DIR/whisper-sources/ for step 6).
"$PY" "$HERE/written.py" "$DIR" "$HERE/../../Samples"

# 6. Record what the reference libraries read from each file.
"$PY" "$HERE/reference.py" "$DIR"
echo "wrote $DIR/expected.json"
