#!/usr/bin/env bash
# Make the English stemmer's reference data: a vocabulary (DIR/voc.txt) and the stem Snowball's own
# Porter2 implementation gives each word (DIR/output.txt), one a line. PyPI only; see README.md.
#
#   bash Scripts/wordforms/fetch.sh DIR
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (DIR: an empty or new folder, e.g. /tmp/wordforms)" >&2
  exit 64
fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

# Pinned (PyPI name==version): Snowball's pure-Python stemmers, from the last release before
# Snowball 3.0 changed the English algorithm; two English word lists (Webster's Second, GCIDE).
PKGS=(snowballstemmer==2.2.0 english-words==2.0.2)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }

# A throwaway venv in a temporary folder, removed on exit.
VENV=$(mktemp -d)
trap 'rm -rf "$VENV"' EXIT
python3 -m venv "$VENV" || die "python3 -m venv failed (is python3-venv installed?)"
PY="$VENV/bin/python"
"$PY" -m pip --disable-pip-version-check --timeout 30 --retries 2 install -q "${PKGS[@]}" ||
  die "pip install of ${PKGS[*]} failed; is PyPI reachable from this machine?"

"$PY" "$HERE/make.py" "$DIR"
echo "wrote $(wc -l < "$DIR/voc.txt") words to $DIR/voc.txt and their stems to $DIR/output.txt"
