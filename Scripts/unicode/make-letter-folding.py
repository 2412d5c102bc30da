#!/usr/bin/env python3
"""Writes Sources/TranscriptSearch/Folding/LatinLetterFolding+Table.swift from Unicode's own data.

Accents-off search removes the marks of a letter's canonical decomposition (é = e + U+0301 → e).
Letters that Unicode gives no decomposition (ł, ø, đ, ħ, ı, ŀ, æ, œ, ß …) would keep their
diacritic; this script lists them with their base letters, read from their character names:

  LATIN SMALL LETTER L WITH STROKE           → l     (any "<letter> WITH …": stroke, bar, middle
  LATIN CAPITAL LETTER O WITH STROKE         → O      dot, hook, tail, curl, flourish, …)
  LATIN SMALL LETTER DOTLESS I               → i
  LATIN SMALL LETTER LONG S                  → s
  LATIN SMALL LETTER SHARP S                 → ss
  LATIN SMALL LETTER AE, LATIN SMALL LIGATURE OE, LATIN SMALL LIGATURE FI … → ae, oe, fi
  LATIN CAPITAL LETTER DZ WITH CARON, LATIN SMALL LETTER LJ … → their compatibility letters (DZ, lj)
  LATIN CAPITAL LETTER U BAR, LATIN SMALL LETTER BARRED O, LATIN SMALL LETTER DB DIGRAPH → U, o, db

Letters that are letters of their own, not a letter with a diacritic, are left alone: eth (ð),
thorn (þ), eng (ŋ), kra (ĸ), schwa (ə), esh, ezh, yogh, wynn, turned and reversed letters, small
capitals. Case is kept (Ł → L). Only letters without a canonical decomposition are listed: the
search decomposes the others first (ǿ = ø + U+0301 → ø → o).

Run it with the Python whose Unicode version you want (`python3 Scripts/unicode/make-letter-folding.py`);
the output names that version. The table is checked over all of Latin-1 Supplement and Latin
Extended-A and -B by LatinLetterFoldingTests.
"""
import os
import re
import sys
import unicodedata

BLOCKS = [
    (0x00C0, 0x024F),  # Latin-1 Supplement letters, Latin Extended-A and -B
    (0x0250, 0x02AF),  # IPA Extensions (ɨ, ɗ … letters with a stroke or hook)
    (0x1D00, 0x1DBF),  # Phonetic Extensions (ᵬ, ᶀ …)
    (0x1E00, 0x1EFF),  # Latin Extended Additional
    (0x2C60, 0x2C7F),  # Latin Extended-C
    (0xA720, 0xA7FF),  # Latin Extended-D
    (0xAB30, 0xAB6F),  # Latin Extended-E
    (0xFB00, 0xFB06),  # Latin ligatures (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ)
]

# Letters named by what they are, not "<letter> WITH …".
NAMED = {
    "DOTLESS I": "i", "DOTLESS J": "j", "LONG S": "s", "SHARP S": "ss",
    "AE": "ae", "OE": "oe",
}
LETTER = re.compile(r"^LATIN (SMALL|CAPITAL) (?:LETTER|LIGATURE) (.+?)(?: WITH (.+))?$")


def without_marks(text):
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


def fold(char, depth=0):
    """The base letters of `char`, or None when it is not a Latin letter with a diacritic."""
    name = unicodedata.name(char, "")
    match = LETTER.match(name)
    if not match:
        return None
    case, letter, attachment = match.groups()
    if letter.startswith("DOTLESS ") and attachment:
        return None  # dotless j with stroke (ɟ): a letter of its own
    if attachment and "LETTER" in attachment:
        attachment = None  # "D WITH SMALL LETTER Z": a digraph, below
        letter = None
    base = None
    if letter is not None and case == "CAPITAL" and letter.startswith("SMALL "):
        letter = letter[len("SMALL "):]  # Ɋ, the capital of ɋ: "CAPITAL LETTER SMALL Q WITH HOOK TAIL"
    barred = re.fullmatch(r"(?:BARRED ([A-Z]))|(?:([A-Z]) BAR)", letter or "")
    digraph = re.fullmatch(r"([A-Z]{2}) DIGRAPH", letter or "")
    if barred:
        base = barred.group(1) or barred.group(2)  # ɵ BARRED O, Ʉ U BAR: a letter with a bar
    elif digraph:
        base = digraph.group(1)  # ȸ DB DIGRAPH, ʣ DZ DIGRAPH
    elif letter is not None and re.fullmatch(r"[A-Z]", letter) and attachment:
        base = letter
    elif letter is not None and letter in NAMED and not attachment:
        base = NAMED[letter]
    if base is None:
        # Ligatures and digraphs: their compatibility decomposition, when that is Latin letters.
        compatibility = without_marks(unicodedata.normalize("NFKD", char))
        if compatibility != char and len(compatibility) > 1 and depth == 0:
            parts = [fold(c, 1) or c for c in compatibility]
            joined = "".join(parts)
            if re.fullmatch(r"[A-Za-z]+", joined):
                return joined
        return None
    if case == "SMALL":
        return base.lower()
    # A capital keeps its case; the capital sharp s is SS.
    return base.upper()


def main():
    rows = []
    for low, high in BLOCKS:
        for value in range(low, high + 1):
            char = chr(value)
            if unicodedata.category(char) not in ("Lu", "Ll", "Lt"):
                continue
            if unicodedata.normalize("NFD", char) != char:
                continue  # decomposed by the search itself
            folded = fold(char)
            if folded is None or folded == char:
                continue
            rows.append((value, folded, unicodedata.name(char)))
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, "..", "..", "Sources", "TranscriptSearch", "Folding",
                          "LatinLetterFolding+Table.swift")
    lines = [
        "// Generated by Scripts/unicode/make-letter-folding.py from the Unicode Character Database",
        f"// {unicodedata.unidata_version} (character names); do not edit by hand: run the script again.",
        "",
        "extension LatinLetterFolding {",
        "    /// Each Latin letter with a diacritic that has no canonical decomposition, and its base",
        f"    /// letters, case kept ({len(rows)} letters).",
        "    static let baseLetters: [UInt32: String] = [",
    ]
    for value, folded, name in rows:
        lines.append(f'        0x{value:04X}: "{folded}",  // {chr(value)} {name}')
    lines += ["    ]", "}", ""]
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))
    print(f"wrote {len(rows)} letters to {os.path.relpath(target)}", file=sys.stderr)


if __name__ == "__main__":
    main()
