#!/usr/bin/env bash
# The real readers of tsearch's editor exports: OpenTimelineIO (reads .otio) and its FCP X XML
# adapter (reads .fcpxml), from PyPI into a throwaway venv in DIR. The end-to-end test
# `EditorExportsTests` runs `check.py` (beside this script) with DIR/venv/bin/python when
# $TSEARCH_EDITORS names DIR.
#
#   bash Scripts/editors/fetch.sh DIR
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (DIR: an empty or new folder, e.g. /tmp/editors)" >&2
  exit 64
fi
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

# Pinned readers (PyPI name==version).
PKGS=(opentimelineio==0.18.1 otio-fcpx-xml-adapter==1.0.0)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }

if [ ! -x "$DIR/venv/bin/python" ]; then
  python3 -m venv "$DIR/venv" || die "python3 -m venv failed (is python3-venv installed?)"
fi
"$DIR/venv/bin/python" -m pip --disable-pip-version-check --timeout 30 --retries 2 install -q "${PKGS[@]}" ||
  die "pip install of ${PKGS[*]} failed; is PyPI reachable from this machine?"
"$DIR/venv/bin/python" -c "import opentimelineio, otio_fcpx_xml_adapter" || die "the readers do not import"
echo "readers ready in $DIR/venv"
