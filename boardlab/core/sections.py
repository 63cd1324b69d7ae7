"""The numbered sections of a rulebook written as a module docstring: ``§2 Placement. …``.

A game whose rulebook is the docstring of its ``rules.py`` (the templates) writes it
in short numbered sections, each a paragraph that starts with ``§<n> <title>.``.
``sections`` reads them back: ``Rulebook.from_docstring`` makes a coverage entry of
each, and ``Game.rule_help``'s default shows the sections the legal actions cite.
"""

from __future__ import annotations

import re
import sys
from typing import NamedTuple

#: A section's first line: "§3 Movement. A counter moves …" (number, title, full stop).
HEAD = re.compile(r"§(\d+) ([^.]+)\.(?:\s+|$)")


class Section(NamedTuple):
    number: int
    title: str
    words: str  # the section's text after its title, whitespace collapsed

    @property
    def heading(self) -> str:
        """``"§3 Movement"``: what an ``IllegalAction`` cites."""
        return f"§{self.number} {self.title}"


def sections(text: str) -> list[Section]:
    """The sections of ``text``: each from a line starting ``§<n> <title>.`` to the next
    blank line or section (a doctest or a note after them is no part of any)."""
    parts: list[tuple[re.Match, list[str]]] = []  # each section's head and lines
    within = False  # in a section: until a blank line
    for line in text.splitlines():
        line = line.strip()
        head = HEAD.match(line)
        if head:
            parts.append((head, [line[head.end() :]]))
        elif within and line:
            parts[-1][1].append(line)
        within = bool(line) and (within or bool(head))
    return [
        Section(int(head.group(1)), head.group(2), " ".join(" ".join(lines).split()))
        for head, lines in parts
    ]


def cited_sections(game, state) -> str:
    """The rulebook's words for the decision ``state`` asks for: the sections of the
    game's rules docstring that the docstrings of its legal actions' classes cite
    (``Place``: "… (§2 Placement)"), ``""`` where they cite none."""
    found = {s.number: s for s in sections(sys.modules[type(game).__module__].__doc__ or "")}
    cited: dict[int, None] = {}
    for kind in dict.fromkeys(type(action) for action in state.legal_actions()):
        for number in re.findall(r"§(\d+)", kind.__doc__ or ""):
            if int(number) in found:
                cited[int(number)] = None
    text = " ".join(f"{found[n].heading}: {found[n].words}" for n in cited)
    return text.replace("``", "")
