#!/usr/bin/env bash
# Fetch real Word documents made by other tools (the test files in python-docx's
# source distribution, made by Word and LibreOffice) and write meeting
# transcripts with python-docx laid out as Teams, Google Meet and Otter write
# them (saved as text too by docx2txt and mammoth), recording what python-docx
# reads from each (and, for the transcripts, the rows they hold) into
# DIR/expected.json. PyPI only. See README.md beside this script.
#
#   bash Scripts/realmeetings/fetch.sh DIR
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (DIR: an empty or new folder, e.g. /tmp/realmeetings)" >&2
  exit 64
fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

# Pinned reference library (PyPI name==version), and two docx-to-text converters.
PKG=python-docx==1.2.0
CONVERTERS=(docx2txt==0.9 mammoth==1.13.0)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }

if [ ! -x "$DIR/venv/bin/python" ]; then
  python3 -m venv "$DIR/venv" || die "python3 -m venv failed (is python3-venv installed?)"
fi
PY="$DIR/venv/bin/python"
PIP=("$PY" -m pip --disable-pip-version-check --timeout 30 --retries 2)

mkdir -p "$DIR/sdists"
"${PIP[@]}" download -q --no-deps --no-binary :all: "$PKG" -d "$DIR/sdists" >/dev/null 2>"$DIR/pip-check.log" || {
  cat "$DIR/pip-check.log" >&2
  die "cannot download $PKG from PyPI; is PyPI reachable from this machine? (see $DIR/pip-check.log)"
}
rm -f "$DIR/pip-check.log"
"${PIP[@]}" install -q "$PKG" "${CONVERTERS[@]}" || die "pip install of $PKG ${CONVERTERS[*]} failed"

archive=$(ls "$DIR/sdists/python_docx-${PKG##*==}.tar.gz" "$DIR/sdists/python-docx-${PKG##*==}.tar.gz" 2>/dev/null | head -n1 || true)
[ -n "$archive" ] || die "no .tar.gz sdist found for $PKG in $DIR/sdists"
rm -rf "$DIR/src" "$DIR/files"
mkdir -p "$DIR/src" "$DIR/files/python-docx" "$DIR/files/written"
tar -xzf "$archive" -C "$DIR/src" --strip-components=1
# Every .docx in its test folders (not its own template, not scratch output).
(cd "$DIR/src" && find tests features/steps -name '*.docx' -print0) |
  while IFS= read -r -d '' file; do
    mkdir -p "$DIR/files/python-docx/$(dirname "$file")"
    cp "$DIR/src/$file" "$DIR/files/python-docx/$file"
  done

"$PY" "$HERE/reference.py" "$DIR"
echo "fetch.sh: $(ls -R "$DIR/files" | grep -c '\.docx$') documents and $(ls "$DIR/files/written" | grep -c '\.txt$') text transcripts in $DIR/files, reference in $DIR/expected.json"
