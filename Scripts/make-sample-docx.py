#!/usr/bin/env python3
"""Write Samples/all-hands.teams.docx: an original meeting transcript (text
written for this repo) laid out as Microsoft Teams writes its Word transcript:
a title, the date, who started transcription, then for each turn a paragraph
`Name   0:03` (the name, spaces, the time) followed by the paragraph spoken.
Standard library only; byte-for-byte deterministic for a given zlib (fixed zip
timestamps, entries in a fixed order).

    python3 Scripts/make-sample-docx.py Samples/all-hands.teams.docx

It exercises: runs split inside a word (`bud` + `get`), a `<w:tab/>` between
name and time in one heading, a `<w:br/>` inside a paragraph, a tab-stop
definition in paragraph properties (not text), deleted text (`<w:delText>`,
never read), entities (`&amp;`), José, Zoë, Straße, 预算 and 👍🏽.
"""
import sys
import zipfile
from xml.sax.saxutils import escape

ZIP_TIME = (2024, 10, 1, 9, 0, 0)
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

# Each paragraph is a list of runs; a run is text, ("tab",), ("br",) or ("del", text).
PARAGRAPHS = [
    ["All-hands, October"],
    ["1 October 2024, 09:00"],
    ["Alice started transcription"],
    ["Alice   0:03"],
    ["Good morning everyone. Three things today: the new office, the ", "bud", "get for next year, and questions."],
    ["José   0:41"],
    ["The office move is on track. Keys on the 14th, the Straße entrance opens first."],
    ["Zoë", ("tab",), "1:15"],
    ["Will the café on the ground floor take our badges?", ("br",), "Asking for everyone 👍🏽"],
    ["Alice   1:32"],
    ["Yes, from day one. Now, the budget: the ", ("del", "draft "), "plan is in the shared folder, with 预算 numbers for the Shanghai team."],
    ["Bob   12:05"],
    ["Infra costs went down by a fifth after the migration, so R&D gets more of the budget."],
    ["Alice stopped transcription"],
]


def run(part):
    if part == ("tab",):
        return "<w:r><w:tab/></w:r>"
    if part == ("br",):
        return "<w:r><w:br/></w:r>"
    if isinstance(part, tuple) and part[0] == "del":
        return f'<w:del w:id="1" w:author="x"><w:r><w:delText>{escape(part[1])}</w:delText></w:r></w:del>'
    return f'<w:r><w:rPr><w:lang w:val="en-GB"/></w:rPr><w:t xml:space="preserve">{escape(part)}</w:t></w:r>'


def document():
    body = []
    for index, paragraph in enumerate(PARAGRAPHS):
        props = '<w:pPr><w:tabs><w:tab w:val="left" w:pos="2880"/></w:tabs></w:pPr>' if index == 3 else ""
        body.append(f"<w:p>{props}{''.join(run(part) for part in paragraph)}</w:p>")
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W}"><w:body>'
            + "".join(body) + '<w:sectPr/></w:body></w:document>')


CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"""
RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"""


def main(path):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in [("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", RELS), ("word/document.xml", document())]:
            archive.writestr(zipfile.ZipInfo(name, ZIP_TIME), text.encode("utf-8"), zipfile.ZIP_DEFLATED)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "Samples/all-hands.teams.docx")
