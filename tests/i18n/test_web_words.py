"""The web pages' words are all in the table catalogue (issue 25): every text the HTML files show and
every ``t("…")`` of their scripts is listed in ``bot/web/page_words.py``, so extraction finds it and a
German page has no English left in its frame; a text written without ``t()`` would stay English."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from bot.web.files import static_bytes
from bot.web.page_words import PAGE_WORDS, SCRIPT_WORDS

SHOWN_ATTRIBUTES = {"alt", "aria-label", "title", "placeholder"}
CODE_WORDS = {"use strict", "badge on", "badge off", "lines signin", "Content-Type", "POST"}
"""The scripts' string literals that look like words but are code (a directive, classes, HTTP)."""


def is_prose(text: str) -> bool:
    """Words a reader sees: two words in a row, or a capitalised word (ids, classes, event names and
    paths are single lower-case tokens)."""
    return bool(re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", text) or re.match(r"[@#]?[A-Z][a-z]", text))


class _Words(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_script = tag in ("script", "style")
        self.found += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if not self._in_script and re.search(r"[A-Za-z]", data):
            self.found.append(data.strip())


def test_every_word_of_the_html_pages_is_translatable():
    for name in ("page.html", "seat.html"):
        parser = _Words()
        parser.feed(static_bytes(name).decode())
        assert parser.found, name
        assert set(parser.found) <= set(PAGE_WORDS), (name, sorted(set(parser.found) - set(PAGE_WORDS)))


def test_every_text_the_scripts_show_goes_through_t():
    for name in ("table.js", "activity.js"):
        script = static_bytes(name).decode()
        asked = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script))
        assert asked and asked <= set(SCRIPT_WORDS), (name, sorted(asked - set(SCRIPT_WORDS)))
        # Every string literal with words in it is a t() text, or one of the few words that are code.
        worded = {text for text in string_literals(script) if is_prose(text) or text.startswith(("@", "#"))}
        assert not worded - CODE_WORDS - asked, (name, sorted(worded - CODE_WORDS - asked))


def string_literals(script: str) -> list[str]:
    """The double-quoted string literals of a script (comments and other quotes skipped)."""
    found, i = [], 0
    while i < len(script):
        c = script[i]
        if script.startswith("//", i):
            i = script.find("\n", i) % (len(script) + 1)
        elif c in "\"'`":
            end = i + 1
            while script[end] != c:
                end += 2 if script[end] == "\\" else 1
            if c == '"':
                found.append(script[i + 1 : end])
            i = end
        i += 1
    return found
