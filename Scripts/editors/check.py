#!/usr/bin/env python3
"""Reads a timeline with OpenTimelineIO (a .otio file as it is, a .fcpxml file through the
otio-fcpx-xml-adapter) and prints its clips as JSON: one object per clip, in timeline order, with
`name`, `url` (the media reference's target), and `start` and `duration` in seconds in the media.

    DIR/venv/bin/python Scripts/editors/check.py FILE
"""
import json
import sys

import opentimelineio as otio


def main():
    path = sys.argv[1]
    if path.endswith(".fcpxml"):
        from otio_fcpx_xml_adapter import fcpx_xml
        with open(path, encoding="utf-8") as f:
            read = fcpx_xml.read_from_string(f.read())
    else:
        read = otio.adapters.read_from_file(path)
    timelines = [read] if isinstance(read, otio.schema.Timeline) else [t for t in read if isinstance(t, otio.schema.Timeline)]
    clips = []
    for timeline in timelines:
        for clip in timeline.find_clips():
            source = clip.source_range
            clips.append({
                "name": clip.name,
                "url": getattr(clip.media_reference, "target_url", None),
                "start": source.start_time.to_seconds(),
                "duration": source.duration.to_seconds(),
            })
    json.dump(clips, sys.stdout)
    print()


if __name__ == "__main__":
    main()
