"""Read every EPUB under DIR/books with ebooklib + BeautifulSoup(lxml) and
write DIR/expected.json (see README.md beside this script for the rules).

    python reference.py DIR      # run inside the venv made by fetch.sh

Per book: the EPUB version (OPF package@version), the flattened TOC (nav
document if the book has one, else NCX, as ebooklib 0.20 picks it), the spine
and the text rows of every XHTML spine document in reading order, each row
labelled with the TOC entry that contains it.
"""
import json
import pathlib
import posixpath
import re
import sys
import traceback
import warnings
from urllib.parse import unquote

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.element import PreformattedString
from ebooklib import epub
from lxml import etree

warnings.filterwarnings("ignore")  # ebooklib/bs4 chatter; errors are recorded per book

SPACE = re.compile(r"\s+")  # str pattern: Unicode whitespace, NBSP (U+00A0) included

# Elements whose text is one row (their own text, minus nested blocks' text).
ROW = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote",
       "dd", "dt", "td", "th", "figcaption", "pre"}
# Other block elements: each run of loose text (text and inline elements)
# directly inside them is one row; a block child ends the run.
CONTAINER = {"html", "body", "div", "section", "article", "aside", "nav", "main",
             "header", "footer", "figure", "address", "hgroup", "center",
             "details", "summary", "dialog", "fieldset", "legend", "form",
             "ul", "ol", "dl", "dir", "menu",
             "table", "caption", "thead", "tbody", "tfoot", "tr", "colgroup", "col",
             "hr"}
SKIP = {"head", "script", "style", "template"}  # dropped with everything inside
BLOCK = ROW | CONTAINER
# Everything else (span, a, em, b, i, code, sup, ruby/rt, svg, math, epub:*, ...)
# is inline: transparent, its text joins the surrounding row or run.

HTML_TYPES = {"application/xhtml+xml", "text/html"}


def collapse(text):
    return SPACE.sub(" ", text or "").strip()


def local(tag):
    """Tag name without a namespace prefix, lower case ("svg:svg" -> "svg")."""
    return tag.name.rsplit(":", 1)[-1].lower()


class Row:
    __slots__ = ("start", "parts")

    def __init__(self, start):
        self.start, self.parts = start, []


# Strict XML: internal DTD-subset entities expanded, nothing loaded from outside.
XML_PARSER = etree.XMLParser(load_dtd=False, no_network=True, resolve_entities="internal",
                             huge_tree=True)


def parse(data):
    """(soup, well_formed). Well-formed XML: the tree as XML (entities declared in
    the document expanded, CDATA as text) in BeautifulSoup's "lxml-xml" builder.
    Otherwise (undeclared entities such as &nbsp;, broken markup): the raw bytes
    with BeautifulSoup's "lxml" builder, i.e. libxml2's lenient HTML parser, which
    knows the HTML entities and treats <x/> as an empty element."""
    try:
        root = etree.fromstring(data, XML_PARSER)
    except etree.XMLSyntaxError:
        return BeautifulSoup(data, "lxml"), False
    return BeautifulSoup(etree.tostring(root, encoding="utf-8"), "lxml-xml"), True


def extract(data):
    """Rows of one XHTML document: (rows, targets, well_formed).

    rows: [Row] in document order of their start; targets: {id: position}
    where position is the start of the row (or run) that holds the element
    with that id, or the element's own position for a block that is not a row.
    """
    soup, well_formed = parse(data)
    root = soup.find("body") or soup
    rows, targets = [], {}
    counter = [0]

    def note_id(el, pos):
        for key in ("id", "name") if local(el) == "a" else ("id",):
            value = el.get(key)
            if value and value not in targets:
                targets[value] = pos

    class RowCtx:  # collecting the own text of a row element
        def __init__(self, row):
            self.row = row

        def text(self, idx, s):
            self.row.parts.append(s)

        def owner(self, idx):
            return self.row.start

        def split(self):
            pass

    class RunCtx:  # loose text inside a container; block children split runs
        def __init__(self):
            self.run = None

        def text(self, idx, s):
            self.owner(idx)
            self.run.parts.append(s)

        def owner(self, idx):
            if self.run is None:
                self.run = Row(idx)
                rows.append(self.run)
            return self.run.start

        def split(self):
            self.run = None

    def walk_children(el, ctx):
        for child in el.children:
            idx = counter[0]
            counter[0] += 1
            if isinstance(child, Tag):
                visit(child, idx, ctx)
            elif isinstance(child, NavigableString) and not isinstance(child, PreformattedString):
                ctx.text(idx, str(child))
            # comments, CDATA, processing instructions, doctypes: ignored

    def visit(el, idx, ctx):
        name = local(el)
        if name in SKIP:
            return
        if name == "img":
            alt = collapse(el.get("alt"))
            if alt:
                ctx.split()
                note_id(el, idx)
                row = Row(idx)
                row.parts.append(alt)
                rows.append(row)
            else:
                note_id(el, ctx.owner(idx) if isinstance(ctx, RowCtx) else idx)
            return
        if name == "br":
            ctx.text(idx, " ")
            return
        if name in ROW:
            ctx.split()
            row = Row(idx)
            rows.append(row)
            note_id(el, idx)
            walk_children(el, RowCtx(row))
            return
        if name in CONTAINER:
            ctx.split()
            note_id(el, idx)
            walk_children(el, RunCtx())
            return
        # inline element
        note_id(el, ctx.owner(idx))
        walk_children(el, ctx)

    if root is not soup:
        visit(root, -1, RunCtx())
    else:
        walk_children(root, RunCtx())
    out = []
    for row in rows:
        text = collapse("".join(row.parts))
        if text:
            out.append((row.start, text))
    return out, targets, well_formed


def zip_name(base_dir, path):
    """A path relative to base_dir (a folder inside the zip) as a zip entry name."""
    return posixpath.normpath(posixpath.join(base_dir, path)).lstrip("/")


def split_href(href, base_dir):
    """'../Text/ch1.xhtml#s2' relative to base_dir 'OEBPS/nav' ->
    ('OEBPS/Text/ch1.xhtml', 's2'): path inside the zip, percent-decoded."""
    path, _, fragment = (href or "").partition("#")
    path = unquote(path)
    if path:
        path = zip_name(base_dir, path)
    return path or None, (unquote(fragment) or None)


def flatten_toc(toc, base_dir):
    out = []

    def add(title, href):
        if href:
            path, fragment = split_href(href, base_dir)
        else:
            path, fragment = None, None
        out.append({"title": collapse(title), "href": path, "fragment": fragment})

    def walk(entries):
        for entry in entries:
            if isinstance(entry, tuple):
                section, children = entry
                add(section.title, getattr(section, "href", "") or "")
                walk(children)
            elif isinstance(entry, list):
                walk(entry)
            else:
                add(entry.title, entry.href)

    walk(toc if isinstance(toc, (list, tuple)) else [toc])
    return out


class TolerantReader(epub.EpubReader):
    """ebooklib's reader, except that a manifest href with a '#fragment' is read
    without it, and a manifest file missing from the zip reads as empty bytes
    (plain ebooklib raises KeyError and gives up on the whole book). Each such
    case is recorded in self.warnings."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.warnings = []

    def read_file(self, name):
        try:
            return super().read_file(name)
        except KeyError:
            if name in ("META-INF/container.xml", self.opf_file):
                raise
        if "#" in name:
            try:
                data = super().read_file(name.split("#", 1)[0])
                self.warnings.append(f"manifest href with a fragment: {name}")
                return data
            except KeyError:
                pass
        self.warnings.append(f"manifest file missing from the zip: {name}")
        return b""


def read_book(path, rel):
    result = {"path": rel, "epub_version": None, "error": None, "warnings": [],
              "toc_source": None, "toc": [], "spine": [], "rows": []}
    reader = TolerantReader(str(path), {"ignore_ncx": True})
    book = reader.load()
    reader.process()
    result["warnings"] = reader.warnings
    version = (book.version or "").strip()
    result["epub_version"] = version[:1] if version[:1] in ("2", "3") else version or None

    nav = next((i for i in book.get_items() if isinstance(i, epub.EpubNav)), None)
    opf_dir = reader.opf_dir
    if nav is not None:
        # ebooklib already made nav hrefs relative to the OPF folder.
        result["toc_source"], base = "nav", opf_dir
    else:
        ncx = next((i for i in book.get_items() if isinstance(i, epub.EpubNcx)), None)
        result["toc_source"] = "ncx" if ncx is not None else None
        # NCX hrefs are relative to the NCX file; ebooklib leaves them as written.
        base = posixpath.dirname(posixpath.join(opf_dir, ncx.file_name)) if ncx is not None else opf_dir
    result["toc"] = flatten_toc(book.toc, base) if result["toc_source"] else []

    # Spine: reading order, positions of ids per document.
    spine_index, targets_by_doc, rows = {}, [], []
    for idref, linear in book.spine:
        item = book.get_item_with_id(idref)
        if item is None:
            continue
        href = zip_name(opf_dir, item.file_name.split("#", 1)[0])  # see TolerantReader
        media = getattr(item, "media_type", None)
        result["spine"].append({"href": href, "linear": (linear or "yes") != "no", "media_type": media})
        doc_rows, targets = [], {}
        if media in HTML_TYPES and href not in spine_index:
            doc_rows, targets, well_formed = extract(item.content)
            if not well_formed:
                result["warnings"].append(f"not well-formed XML, read as HTML: {href}")
        spine_index.setdefault(href, len(targets_by_doc))
        targets_by_doc.append(targets)
        rows.extend((len(targets_by_doc) - 1, start, href, text) for start, text in doc_rows)

    # TOC targets as reading-order positions; a fragment not found -> start of its document.
    marks = []
    for order, entry in enumerate(result["toc"]):
        doc = spine_index.get(entry["href"]) if entry["href"] else None
        if doc is None:
            if entry["href"]:
                result["warnings"].append(f"TOC entry not in the spine: {entry['href']}")
            continue
        pos = targets_by_doc[doc].get(entry["fragment"], -2) if entry["fragment"] else -2
        marks.append(((doc, pos), order, entry["title"]))
    marks.sort()

    m, label = 0, None
    for doc, start, href, text in rows:  # rows are already in reading order
        while m < len(marks) and marks[m][0] <= (doc, start):
            label = marks[m][2]
            m += 1
        result["rows"].append({"href": href, "text": text, "toc_title": label})
    return result


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python reference.py DIR")
    root = pathlib.Path(sys.argv[1]) / "books"
    books = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() == ".epub")
    results = []
    for path in books:
        rel = path.relative_to(root).as_posix()
        try:
            results.append(read_book(path, rel))
        except Exception as exc:  # noqa: BLE001 - recorded per book
            last = traceback.extract_tb(exc.__traceback__)[-1]
            results.append({"path": rel, "epub_version": None,
                            "error": f"{type(exc).__name__}: {exc} (at {pathlib.Path(last.filename).name}:{last.lineno})",
                            "warnings": [], "toc_source": None, "toc": [], "spine": [], "rows": []})
    out = root.parent / "expected.json"
    out.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for r in results:
        labelled = sum(1 for row in r["rows"] if row["toc_title"] is not None)
        print(f"{r['path']}: EPUB {r['epub_version']}, toc {len(r['toc'])} ({r['toc_source']}), "
              f"spine {len(r['spine'])}, rows {len(r['rows'])} ({labelled} labelled)"
              + (f", {len(r['warnings'])} warnings" if r["warnings"] else "")
              + (f", ERROR {r['error']}" if r["error"] else ""))
    print(f"{len(results)} books, {sum(len(r['rows']) for r in results)} rows -> {out}")


if __name__ == "__main__":
    main()
