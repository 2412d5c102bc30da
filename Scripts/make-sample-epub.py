#!/usr/bin/env python3
"""Write Samples/minutes.epub: "Team Meeting Minutes, Q3", an original EPUB 3
book (text written for this repo) with both a nav document and an NCX (for
EPUB 2 reading systems). Standard library only; the output is byte-for-byte
deterministic for a given zlib (fixed zip timestamps, fixed UUID, sorted
entries, `mimetype` stored uncompressed as the first entry).

    python3 Scripts/make-sample-epub.py Samples/minutes.epub

Five chapters, one per meeting (kickoff, hiring, budget review, customer
interview debrief, retro), each an XHTML file in OEBPS/text/ with an h1,
h2 sections with ids (some nav/NCX entries point at `chapterN.xhtml#id`),
paragraphs, a bulleted list of action items, a table (owner | task | due),
a blockquote, a figure (PNG made here, `alt` text, figcaption), a `<br/>`
inside a paragraph, a `<script>` and a `<style>` that a reader must ignore
(both mention "budget" as a trap), entities (`&amp;` `&#233;` `&nbsp;`,
the last declared in each document's internal DTD subset), José, Zoë, ß,
预算, 会議 and 👍🏽.
"""
import struct
import sys
import zipfile
import zlib

TITLE = "Team Meeting Minutes, Q3"
UUID = "urn:uuid:5d0c7a51-3b8e-4f0e-9a51-6a2f4e7c1b30"
MODIFIED = "2024-10-01T09:00:00Z"
ZIP_TIME = (2024, 10, 1, 9, 0, 0)


# --------------------------------------------------------------------------
# A tiny PNG (a bar chart) built by hand: 8-bit RGB, no filters.

def png(width, height, bars, colour):
    """bars: list of heights (pixels) drawn left to right, 3 px wide, 1 px gap."""
    rows = []
    for y in range(height):
        row = bytearray(b"\x00")  # filter type 0
        for x in range(width):
            slot, offset = divmod(x - 2, 4)
            on = x >= 2 and offset < 3 and slot < len(bars) and height - y <= bars[slot]
            row += bytes(colour) if on else b"\xff\xff\xff"
        rows.append(bytes(row))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


# --------------------------------------------------------------------------
# The chapters. Each: file, title, sections [(id, heading)] shown in the TOC.

CHAPTERS = []


def chapter(file, title, toc_sections, body, image, script):
    CHAPTERS.append({"file": file, "title": title, "sections": toc_sections,
                     "body": body, "image": image, "script": script})


chapter("chapter1.xhtml", "1. Project Kickoff (8 July)",
        [("kickoff-goals", "Goals for the quarter"), ("kickoff-roles", "Roles")], """
<h1>1. Project Kickoff</h1>
<div class="meta">Monday 8 July, 10:00&#8211;11:00. Present: Alice (PM), Bob (backend), Chen Wei (frontend), Dana (design), Jos&#233; (sales), Zoë (finance).</div>
<p class="where">Room 4B, Building 2<br/>Dial-in: extension&nbsp;5501, code 8812</p>
<h2 id="kickoff-goals">Goals for the quarter</h2>
<p>Alice opened the meeting with the three goals for Q3: ship the search beta, sign two pilot customers, and keep spending inside the agreed budget.</p>
<p>Bob asked whether the beta includes the export feature. Alice: "Export is a stretch goal &amp; not a promise."</p>
<blockquote><p>If it is not in the beta, we do not mention it to customers.</p></blockquote>
<p>Chen Wei shared notes from last month's 会議 with the Osaka office: they want the interface in Japanese by September.</p>
<h2 id="kickoff-roles">Roles</h2>
<p>Dana owns the design review, José owns the pilot conversations, and Zoë tracks costs every two weeks.</p>
<figure>
  <img src="../images/kickoff.png" alt="Timeline chart of the three Q3 milestones: beta, pilots, review"/>
  <figcaption>Figure 1. Q3 milestones as agreed at the kickoff.</figcaption>
</figure>
<h2 id="kickoff-actions">Action items</h2>
<ul>
  <li>Alice: circulate the Q3 plan by Wednesday.</li>
  <li>Bob: estimate the export feature.</li>
  <li>Chen Wei: list the strings that need a Japanese translation.</li>
</ul>
<table>
  <thead><tr><th>Owner</th><th>Task</th><th>Due</th></tr></thead>
  <tbody>
    <tr><td>Alice</td><td>Q3 plan</td><td>10 July</td></tr>
    <tr><td>Bob</td><td>Export estimate</td><td>15 July</td></tr>
    <tr><td>Chen Wei</td><td>String list</td><td>19 July</td></tr>
  </tbody>
</table>
<p>Meeting closed at 10:55. Everyone agreed 👍🏽</p>
""", ("kickoff.png", [6, 11, 16], (0x3b, 0x6e, 0xa8)), "kickoff")

chapter("chapter2.xhtml", "2. Hiring Sync (22 July)",
        [("hiring-roles", "Open roles"), ("hiring-process", "Interview process")], """
<h1>2. Hiring Sync</h1>
<div class="meta">Monday 22 July. Present: Alice, Bob, Dana, Zoë.</div>
<section id="hiring-roles">
<h2>Open roles</h2>
<p>We have two open roles: a backend engineer to work with Bob and a part-time designer in Munich, near the office on Leopoldstraße.</p>
<p>Zoë confirmed that the hiring budget covers both roles until the end of the year, but not a third one.</p>
<ul>
  <li>Backend engineer, full time
    <ul>
      <li>Swift or Go experience</li>
      <li>Comfortable with on-call once a month</li>
    </ul>
  </li>
  <li>Designer, 20&nbsp;hours a week</li>
</ul>
</section>
<section id="hiring-process">
<h2>Interview process</h2>
<p>Dana proposed a shorter loop: one screening call, one practical exercise, one team conversation.<br/>Bob asked to keep the take-home exercise under three hours.</p>
<blockquote>
  <p>Candidates judge us by how we run the process.</p>
  <p>— Dana</p>
</blockquote>
<figure>
  <img src="../images/hiring.png" alt="Bar chart of applicants per week for the backend role"/>
  <figcaption>Figure 2. Applicants per week since the role was posted.</figcaption>
</figure>
</section>
<h2 id="hiring-actions">Action items</h2>
<ul>
  <li>Dana: write the practical exercise.</li>
  <li>Bob: review the first ten CVs (curriculum vitæ, résumés).</li>
  <li>Zoë: confirm the salary bands with HR.</li>
</ul>
<table>
  <thead><tr><th>Owner</th><th>Task</th><th>Due</th></tr></thead>
  <tbody>
    <tr><td>Dana</td><td>Practical exercise</td><td>26 July</td></tr>
    <tr><td>Bob</td><td>CV review</td><td>29 July</td></tr>
    <tr><td>Zoë</td><td>Salary bands</td><td>31 July</td></tr>
  </tbody>
</table>
""", ("hiring.png", [4, 9, 14, 12, 7], (0x2e, 0x8b, 0x57)), "hiring")

chapter("chapter3.xhtml", "3. Budget Review (12 August)",
        [("budget-summary", "Where the budget stands"), ("budget-lines", "Line by line"),
         ("budget-decisions", "Decisions")], """
<h1>3. Budget Review</h1>
<div class="meta">Monday 12 August, 14:00. Present: Alice, Bob, Chen Wei, José, Zoë. Guest: Mei from the Shanghai office.</div>
<h2 id="budget-summary">Where the budget stands</h2>
<p>Zoë presented the Q3 budget: 48&nbsp;000 EUR planned, 31&nbsp;200 EUR spent by the end of July. We are on track, but the cloud line is running hot.</p>
<p>Mei explained that the Shanghai team tracks the same numbers in a sheet called 预算 (their word for budget), so the two reports now use the same categories.</p>
<figure>
  <img src="../images/budget.png" alt="Bar chart: Q3 budget versus actual spend for cloud, travel, tools and hiring"/>
  <figcaption>Figure 3. Planned budget and actual spend per line, end of July.</figcaption>
</figure>
<h2 id="budget-lines">Line by line</h2>
<table>
  <thead><tr><th>Owner</th><th>Task</th><th>Due</th></tr></thead>
  <tbody>
    <tr><td>Bob</td><td>Cut cloud spend by moving test runs to spot instances</td><td>23 August</td></tr>
    <tr><td>José</td><td>Rebook the Lisbon trip for the pilot customer (cheaper fares)</td><td>16 August</td></tr>
    <tr><td>Zoë</td><td>Update the budget forecast with September hires</td><td>30 August</td></tr>
  </tbody>
</table>
<p>Travel is under budget because the Porto visit moved online. Tools are exactly on budget. R&amp;D licences renew in September, so that line will jump.</p>
<p>Chen Wei asked whether the café voucher for user tests counts as tools or travel. Zoë: "Neither; it is research."<br/>Everyone laughed.</p>
<h2 id="budget-decisions">Decisions</h2>
<blockquote><p>No new spend over 2&nbsp;000 EUR without Zoë's sign-off until the budget is re-forecast.</p></blockquote>
<p>The team also agreed to report the budget in both EUR and CNY from now on.</p>
<h2 id="budget-actions">Action items</h2>
<ul>
  <li>Bob: move nightly test runs to spot instances.</li>
  <li>José: share the revised travel plan.</li>
  <li>Zoë: send the re-forecast budget to Alice.</li>
  <li>Alice: tell the Straßburg partner that the workshop budget is approved 👍🏽</li>
</ul>
""", ("budget.png", [14, 11, 8, 13, 9, 9, 12, 6], (0xc0, 0x5a, 0x2a)), "budget")

chapter("chapter4.xhtml", "4. Customer Interview Debrief (2 September)",
        [("interview-findings", "What we heard"), ("interview-quotes", "Quotes")], """
<h1>4. Customer Interview Debrief</h1>
<div class="meta">Monday 2 September. Present: Alice, Chen Wei, Dana, José.</div>
<p>José interviewed five people at two pilot customers last week. This meeting went through what we heard (Q&amp;A notes are in the shared folder).</p>
<h2 id="interview-findings">What we heard</h2>
<p>Three of five search their recordings before every weekly 会議, mostly to find who promised what.</p>
<p>Their purchasing happens in budget cycles that start in January, so a paid plan has to be approved by November.</p>
<ul>
  <li>They paste transcripts into chat tools and lose the timestamps.</li>
  <li>Names with accents (José, Zoë, Müller) are often mangled by the speech-to-text step.</li>
  <li>Nobody reads the full transcript; they jump to the hits.</li>
</ul>
<h2 id="interview-quotes">Quotes</h2>
<blockquote>
  <p>I don't need a summary. I need to find the sentence where we said yes.</p>
</blockquote>
<blockquote>
  <p>If it works on the plane without Wi-Fi, I'm sold.</p>
</blockquote>
<figure>
  <img src="../images/interview.png" alt="Bar chart of how often each pain point came up in the five interviews"/>
  <figcaption>Figure 4. Pain points by number of mentions.</figcaption>
</figure>
<h2 id="interview-actions">Action items</h2>
<ul>
  <li>Dana: sketch a "jump to hit" view.</li>
  <li>José: ask both pilots for sample recordings.</li>
</ul>
<table>
  <thead><tr><th>Owner</th><th>Task</th><th>Due</th></tr></thead>
  <tbody>
    <tr><td>Dana</td><td>Jump-to-hit sketch</td><td>9 September</td></tr>
    <tr><td>José</td><td>Sample recordings</td><td>13 September</td></tr>
  </tbody>
</table>
<p>Location for the next session:<br/>Café Süd, Hauptstraße 12</p>
""", ("interview.png", [5, 13, 9, 3], (0x7a, 0x4e, 0xb0)), "interview")

chapter("chapter5.xhtml", "5. Quarter Retro (30 September)",
        [("retro-went-well", "What went well"), ("retro-to-improve", "What to improve")], """
<h1>5. Quarter Retro</h1>
<div class="meta">Monday 30 September. Present: everyone.</div>
<h2 id="retro-went-well">What went well</h2>
<p>The beta shipped on 16 September, one day late. Both pilot customers signed. We ended the quarter 4% under budget.</p>
<dl>
  <dt>Keep</dt><dd>Short written agendas sent the day before.</dd>
  <dt>Start</dt><dd>Recording the decisions in the minutes, not only the discussion.</dd>
  <dt>Stop</dt><dd>Booking meetings over lunch.</dd>
</dl>
<h2 id="retro-to-improve">What to improve</h2>
<p>Bob: the export estimate was off by a factor of two; next time we spike first.</p>
<p>Zoë: expense reports arrived late, so the budget numbers lagged by two weeks.</p>
<blockquote><p>We were good at deciding and slow at writing the decisions down.</p></blockquote>
<figure>
  <img src="../images/retro.png" alt="Bar chart of the team mood score for each week of the quarter"/>
  <figcaption>Figure 5. Mood score per week (1 to 5).</figcaption>
</figure>
<h2 id="retro-actions">Action items</h2>
<ul>
  <li>Alice: move the weekly sync out of lunchtime.</li>
  <li>Zoë: automate the expense reminder.</li>
  <li>Chen Wei: write up the Japanese translation lessons learned.</li>
</ul>
<table>
  <thead><tr><th>Owner</th><th>Task</th><th>Due</th></tr></thead>
  <tbody>
    <tr><td>Alice</td><td>New sync slot</td><td>4 October</td></tr>
    <tr><td>Zoë</td><td>Expense reminder</td><td>11 October</td></tr>
    <tr><td>Chen Wei</td><td>Translation notes</td><td>18 October</td></tr>
  </tbody>
</table>
<p>Thanks, everyone 👍🏽 Next retro: Caf&#233; Süd, 6&nbsp;January.</p>
""", ("retro.png", [9, 10, 8, 12, 13, 14], (0x1f, 0x7a, 0x8c)), "retro")


# --------------------------------------------------------------------------
# Documents.

def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


XHTML_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html [
  <!ENTITY nbsp "&#160;">
]>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head>
<meta charset="UTF-8"/>
"""


def chapter_xhtml(ch):
    # The script and style mention "budget": a reader that indexes them is wrong.
    return (XHTML_HEAD
            + f"<title>{esc(ch['title'])}</title>\n"
            + '<link rel="stylesheet" type="text/css" href="../css/minutes.css"/>\n'
            + '<style type="text/css">\n/* budget highlight, not text */\n'
            + "div.meta { font-style: italic; }\n</style>\n"
            + '<script type="text/javascript">\n'
            + f'var meeting = "{ch["script"]}"; var budgetNote = "budget inside a script";\n'
            + "</script>\n"
            + '</head>\n<body>\n<section epub:type="chapter" role="doc-chapter">\n'
            + ch["body"].strip() + "\n</section>\n</body>\n</html>\n")


def nav_xhtml():
    items = []
    for ch in CHAPTERS:
        subs = "".join(f'\n          <li><a href="text/{ch["file"]}#{sid}">{esc(head)}</a></li>'
                       for sid, head in ch["sections"])
        items.append(f'      <li><a href="text/{ch["file"]}">{esc(ch["title"])}</a>\n'
                     f'        <ol>{subs}\n        </ol>\n      </li>')
    return ("""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head>
<meta charset="UTF-8"/>
<title>Contents</title>
</head>
<body>
  <nav epub:type="toc" id="toc" role="doc-toc">
    <h1>Contents</h1>
    <ol>
""" + "\n".join(items) + """
    </ol>
  </nav>
  <nav epub:type="landmarks" id="landmarks" hidden="">
    <h2>Landmarks</h2>
    <ol>
      <li><a epub:type="bodymatter" href="text/chapter1.xhtml">Start of minutes</a></li>
    </ol>
  </nav>
</body>
</html>
""")


def toc_ncx():
    points, order = [], 0
    for n, ch in enumerate(CHAPTERS, 1):
        order += 1
        subs = []
        for sid, head in ch["sections"]:
            order += 1
            subs.append(f"""
      <navPoint id="nav-{sid}" playOrder="{order}">
        <navLabel><text>{esc(head)}</text></navLabel>
        <content src="text/{ch['file']}#{sid}"/>
      </navPoint>""")
        points.append(f"""    <navPoint id="nav-chapter{n}" playOrder="{order - len(ch['sections'])}">
      <navLabel><text>{esc(ch['title'])}</text></navLabel>
      <content src="text/{ch['file']}"/>{''.join(subs)}
    </navPoint>""")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="en">
  <head>
    <meta name="dtb:uid" content="{UUID}"/>
    <meta name="dtb:depth" content="2"/>
    <meta name="dtb:totalPageCount" content="0"/>
    <meta name="dtb:maxPageNumber" content="0"/>
  </head>
  <docTitle><text>{esc(TITLE)}</text></docTitle>
  <navMap>
{chr(10).join(points)}
  </navMap>
</ncx>
"""


def content_opf():
    manifest = ['    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
                '    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
                '    <item id="css" href="css/minutes.css" media-type="text/css"/>']
    spine = []
    for n, ch in enumerate(CHAPTERS, 1):
        manifest.append(f'    <item id="chapter{n}" href="text/{ch["file"]}" '
                        f'media-type="application/xhtml+xml" properties="scripted"/>')
        manifest.append(f'    <item id="img{n}" href="images/{ch["image"][0]}" media-type="image/png"/>')
        spine.append(f'    <itemref idref="chapter{n}"/>')
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="bookid">{UUID}</dc:identifier>
    <dc:title>{esc(TITLE)}</dc:title>
    <dc:language>en</dc:language>
    <dc:creator>TranscriptSearch sample team</dc:creator>
    <dc:description>Minutes of five fictional team meetings, written as a test book for tsearch.</dc:description>
    <dc:date>2024-10-01</dc:date>
    <meta property="dcterms:modified">{MODIFIED}</meta>
  </metadata>
  <manifest>
{chr(10).join(manifest)}
  </manifest>
  <spine toc="ncx">
{chr(10).join(spine)}
  </spine>
</package>
"""


CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"""

CSS = """body { font-family: serif; line-height: 1.4; }
h1 { font-size: 1.6em; }
h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; }
figure img { width: 40%; }
blockquote { margin-left: 2em; font-style: italic; }
"""


def build(out):
    entries = [("META-INF/container.xml", CONTAINER.encode()),
               ("OEBPS/content.opf", content_opf().encode()),
               ("OEBPS/nav.xhtml", nav_xhtml().encode()),
               ("OEBPS/toc.ncx", toc_ncx().encode()),
               ("OEBPS/css/minutes.css", CSS.encode())]
    for ch in CHAPTERS:
        name, bars, colour = ch["image"]
        entries.append((f"OEBPS/text/{ch['file']}", chapter_xhtml(ch).encode("utf-8")))
        entries.append((f"OEBPS/images/{name}", png(4 * len(bars) + 3, 18, bars, colour)))

    def info(name, compress):
        zi = zipfile.ZipInfo(name, date_time=ZIP_TIME)
        zi.compress_type = compress
        zi.create_system = 3  # Unix
        zi.external_attr = 0o100644 << 16
        return zi

    with zipfile.ZipFile(out, "w") as zf:
        # OCF: "mimetype" first, stored, no extra field.
        zf.writestr(info("mimetype", zipfile.ZIP_STORED), b"application/epub+zip")
        for name, data in entries:
            zf.writestr(info(name, zipfile.ZIP_DEFLATED), data, compresslevel=9)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python3 Scripts/make-sample-epub.py OUT.epub")
    build(sys.argv[1])
    print(f"wrote {sys.argv[1]}")


if __name__ == "__main__":
    main()
