#!/usr/bin/env bash
# Make Double Metaphone's reference data: names and English words (DIR/words.txt, one a line) and
# the two codes PyPI's `metaphone` package gives each (DIR/codes.txt, same line, primary TAB
# alternate). PyPI only; see README.md.
#
#   bash Scripts/soundslike/fetch.sh DIR
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (DIR: an empty or new folder, e.g. /tmp/soundslike)" >&2
  exit 64
fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

# Pinned (PyPI name==version): a Python Double Metaphone (its doublemetaphone()), and two English
# word lists (Webster's Second, which holds many given names and surnames, and GCIDE).
PKGS=(metaphone==0.6 english-words==2.0.2)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }

# A throwaway venv in a temporary folder, removed on exit.
VENV=$(mktemp -d)
trap 'rm -rf "$VENV"' EXIT
python3 -m venv "$VENV" || die "python3 -m venv failed (is python3-venv installed?)"
PY="$VENV/bin/python"
"$PY" -m pip --disable-pip-version-check --timeout 30 --retries 2 install -q "${PKGS[@]}" ||
  die "pip install of ${PKGS[*]} failed; is PyPI reachable from this machine?"

"$PY" "$HERE/make.py" "$DIR"
echo "wrote $(wc -l < "$DIR/words.txt") words to $DIR/words.txt and their codes to $DIR/codes.txt"
