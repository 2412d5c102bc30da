#!/usr/bin/env python3
"""Writes DIR/words.txt (one word a line) and DIR/codes.txt (the word's Double Metaphone codes on
the same line: primary, a tab, alternate; the alternate is empty when it is the primary, as the package gives it).

Run by fetch.sh inside its venv (metaphone 0.6, english-words 2.0.2). The words: every capitalized
entry of Webster's Second (given names, surnames, places: about 50,000), every fifth lowercase
word of it and of GCIDE (about 60,000), the names the algorithm's own rules are written for
(Caesar, Michael, Schmidt, Ghislane, ...) and a few with accents. Only letters: the package repeats
the step before for any character it has no rule for (a digit, a letter of another script), so
such words would test that slip, not the algorithm. Sorted, unique.
"""
import re
import sys

from english_words import get_english_words_set
from metaphone import doublemetaphone

SPECIAL = """Catherine Katherine Kathy Kathryn Cathy Pritchard Pritchart Schmidt Smith Schneider Snider
Xavier Caesar Thomas Thames Jose Gnome Wright Michael Ghislane Ghiradelli Knight Psychology
Bacher Macher Chianti Chemistry Chorus Chore Orchestra Architect Orchid McHugh Mchugh Czerny
Focaccia McClellan Accident Accede Succeed Bacci Bertucci Bellocchio Bacchus Mac Caffrey Edge
Edgar Hugh Bough Broughton Laugh McLaughlin Cough Gough Rough Tough Cagney Agnes Tagliaro
Gallegos Cabrillo Tortilla Dumb Thumb Campbell Raspberry Rogier Hochmeier Island Isle Carlisle
Carlysle Sugar Schlesinger School Schooner Schermerhorn Schenker Resnais Artois Nation Thompson
Wasserman Vasserman Uomo Womo Arnow Arnoff Filipowicz Breaux Zhao Zola Jankelowicz Yankelovich
Bajador Jacinto Danger Ranger Manger Biaggi Ghislaine Tichner Wachtler Wechsler Heinz Johannes
Kubernetes Neelesh Nilesh Whitehaven Goldpeak Szymanski Sczepanski Mueller Muller Hochschule
Knecht Wilkinson Gilbert Giovanni Gerald Geoffrey Jeffrey Yvonne Ivan Philip Filip Stephen Steven
Zoë José Müller François Ñuñez Nuñez Çelik Renée Björn Søren Łukasz Dvořák Gonçalves""".split()


def main(folder):
    web2 = get_english_words_set(["web2"], lower=False, alpha=True)
    lower = sorted(get_english_words_set(["web2", "gcide"], lower=True, alpha=True))
    words = set(SPECIAL)
    words.update(w for w in web2 if w[:1].isupper() and re.fullmatch(r"[A-Za-z]+", w))
    words.update(w for i, w in enumerate(lower) if i % 5 == 0 and re.fullmatch(r"[a-z]+", w))
    vocabulary = sorted(words)
    with open(f"{folder}/words.txt", "w", encoding="utf-8") as out_words, \
         open(f"{folder}/codes.txt", "w", encoding="utf-8") as out_codes:
        for word in vocabulary:
            primary, alternate = doublemetaphone(word)
            out_words.write(word + "\n")
            out_codes.write(f"{primary}\t{alternate}\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make.py DIR")
    main(sys.argv[1])
