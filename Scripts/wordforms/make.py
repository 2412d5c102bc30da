#!/usr/bin/env python3
"""Writes DIR/voc.txt (one word a line) and DIR/output.txt (each word's Porter2 stem, same line).

Run by fetch.sh inside its venv (snowballstemmer 2.2.0, english-words 2.0.2). The vocabulary:
every word of the english-words lists `web2` and `gcide` (lowercased; entries of several words are
split at anything but a-z and '), each word once more with one ending chosen by its place in the
sorted list (s, es, ed, ing, ly, 's, ness, ment, er, ation, ...), so every rule of the algorithm
meets many words; the algorithm's own exceptional words with their endings, and a few words with letters outside
ASCII (the reference reads each scalar as a non-vowel letter). Sorted, unique.
"""
import re
import sys

import snowballstemmer
from english_words import get_english_words_set

ENDINGS = ["s", "es", "ed", "ing", "ly", "'s", "ness", "ment", "er", "ation", "ies", "ied", "ingly",
           "edly", "ful", "ive", "ize", "able", "al", "ic", "ent", "ism", "ous", "ity", "'", "s'"]
SPECIAL = """skis skies sky dying lying tying idly gently ugly early only singly news howe atlas
cosmos bias andes inning innings outing outings canning cannings herring herrings earring earrings
proceed proceeds proceeded proceeding exceed exceeds exceeded exceeding succeed succeeds succeeded
succeeding generate generously communication communism arsenal arsenic 'tis team's teams' ' '' 's
a' yes y yy ayy yyy sayyid café cafés naïve naïvely résumé résumés façade façades über
éies éy ñy añy""".split()


def main(folder):
    words = set(SPECIAL)
    for entry in get_english_words_set(["web2", "gcide"], lower=True, alpha=False):
        words.update(w for w in re.split(r"[^a-z']+", entry) if w)
    base = sorted(words)
    for index, word in enumerate(base):
        words.add(word + ENDINGS[index % len(ENDINGS)])
    vocabulary = sorted(words)
    stemmer = snowballstemmer.stemmer("english")
    with open(f"{folder}/voc.txt", "w", encoding="utf-8") as voc, \
         open(f"{folder}/output.txt", "w", encoding="utf-8") as out:
        for word in vocabulary:
            voc.write(word + "\n")
            out.write(stemmer.stemWord(word) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make.py DIR")
    main(sys.argv[1])
