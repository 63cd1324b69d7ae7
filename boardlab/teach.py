"""Exercises a notebook can check, and rules shown as a reader should read them.

The answer to an exercise is computed by the engine (never typed in by hand), so
an exercise can't disagree with the rules it teaches. ``rule_card(game, *ids)``
shows rulebook entries above the cell that plays them, each marked as the printed
rule, a reconstruction or a decision, with the reasoning beside it;
``decisions_table(game)`` lists every parameter in words a player reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from boardlab.core import State
from boardlab.core.coverage import Rule, players_words, rulebook


@dataclass(frozen=True)
class Exercise:
    """A question whose answer the reader types into a cell; ``check`` says if it's right."""

    question: str
    answer: Any
    explanation: str

    def check(self, guess: Any) -> str:
        """'Correct' or a hint — returned as text so nbval can check the cell."""
        if guess is None or guess is ...:
            return f"Your turn: {self.question}"
        if guess == self.answer:
            return f"Correct! {self.explanation}"
        return f"Not quite ({guess!r}). {self.explanation}"

    def __repr__(self) -> str:
        return f"Exercise: {self.question}"


def narrate(state: State, action: Any) -> str:
    """Apply ``action`` and return what a spectator is told happened, one event a line.

    A notebook's scenarios show one rule at a time: "do it, then read the
    narration", with others' secret draws redacted as at the table. An
    illegal action raises ``IllegalAction`` and changes nothing.
    """
    seen = len(state.visible_events(None))
    state.apply(action)
    return "\n".join(event.text for event in state.visible_events(None)[seen:])


# -- rule cards: a rule as a notebook shows it above the cell that plays it ---------------------

#: The badge of each mark, as a reader sees it above the quote.
BADGES = {
    "printed rule": "Printed rule",
    "reconstruction": "Reconstruction",
    "decision": "Decision",
}


@dataclass(frozen=True)
class RuleCard:
    """Rulebook entries of one game as a reader sees them: the badge (printed rule,
    reconstruction or decision), the section, the quote (and its English translation),
    and the reasoning. Shows itself as Markdown in a notebook (``_repr_markdown_``) and as
    plain text in an export or a terminal (``str``)."""

    game: str
    rules: tuple[Rule, ...]

    def _entries(self) -> list[tuple[str, str, str, str, str]]:
        """Per rule: badge, section, quote, translation, and the labelled note ("Why: …")."""
        out = []
        for rule in self.rules:

            def said(text: str, mark: str = rule.mark) -> str:
                return players_words(" ".join(text.split()), mark)

            label = "Note" if rule.mark == "printed rule" else "Why"
            note = said(rule.note)
            out.append(
                (
                    BADGES[rule.mark],
                    said(rule.section),
                    said(rule.quote),  # our own notes' words too are a player's
                    said(rule.translation),
                    f"{label}: {note}" if note else "",
                )
            )
        return out

    def _repr_markdown_(self) -> str:
        parts = []
        for badge, section, quote, translation, note in self._entries():
            lines = [f"**{badge}** · {section}", "", f"> {quote}"]
            if translation:
                lines += [">", f"> *In English:* {translation}"]
            if note:
                lines += ["", f"*{note}*" if "*" not in note else note]
            parts.append("\n".join(lines))
        return "\n\n".join(parts)

    def __str__(self) -> str:
        parts = []
        for badge, section, quote, translation, note in self._entries():
            lines = [f"{badge} · {section}", f"  “{_plain(quote)}”"]
            if translation:
                lines.append(f"  In English: “{_plain(translation)}”")
            if note:
                lines.append(f"  {_plain(note)}")
            parts.append("\n".join(lines))
        return "\n\n".join(parts)

    __repr__ = __str__


def _plain(text: str) -> str:
    """``text`` without Markdown's marks (code quotes, bold), for plain-text exports."""
    return text.replace("``", "").replace("**", "").replace("`", "")


def rule_card(game: str, *ids: str) -> RuleCard:
    """The rulebook entries ``ids`` of ``game`` (``"course-a"`` or ``"kilimanjaro:course-a"``),
    to show above the cell that plays them: each marked as a printed rule, a reconstruction
    or a decision, so a reader never has to open another file to tell which."""
    if not ids:
        raise ValueError(f"rule_card({game!r}) names no rule: give one id or more, e.g. 'setup'")
    book = rulebook(game)
    rules = []
    for rule_id in ids:
        named, _, local = rule_id.rpartition(":")
        if named and named != game:
            raise KeyError(f"{rule_id!r} is a rule of {named}, not of {game}")
        try:
            rules.append(book[local])
        except KeyError:
            known = ", ".join(r.id for r in book.rules[:8])
            raise KeyError(
                f"{game} has no rule {rule_id!r} (its rulebook's ids: {known}, …; "
                f"boardlab.coverage({game!r}) lists them all)"
            ) from None
    return RuleCard(game, tuple(rules))


# -- the rule decisions: every parameter in a player's words ----------------------------------

#: The columns of ``decisions_table``, in order.
DECISION_COLUMNS = ("name", "value", "default", "allowed", "rule", "doc")


def in_words(value: Any, doc: str = "") -> str:
    """A parameter's value as a reader reads it, never a Python repr: yes / no, a list as
    "20, 40, 60, 80", a data file by its name, nothing given as what the parameter's
    ``doc`` says that means ("Empty: everybody starts at 0.") or "none"; a value the
    ``doc`` explains ("0: unlimited") keeps its explanation beside it."""
    if isinstance(value, bool):
        said = "yes" if value else "no"
    elif value is None:
        return "none"
    elif hasattr(value, "text") and hasattr(value, "name"):  # a data file
        return str(value.name)
    elif isinstance(value, (tuple, list, set, frozenset)):
        if not value:
            meant = re.search(r"\b[Ee]mpty: ([^;.)]+)", doc)
            return meant.group(1).strip() if meant else "none"
        return ", ".join(in_words(v) for v in value)
    else:
        said = str(value)
    meant = re.search(rf"(?:^|\(|; ){re.escape(str(value))}: ([^,;.)]+)", doc)
    return f"{said} ({meant.group(1).strip()})" if meant else said


def _allowed_in_words(allowed: str) -> str:
    """A spec's ``allowed`` as a player reads it: "yes or no", choices without quotes, a
    data file in words."""
    said = allowed.replace("True or False", "yes or no").replace("a DataFile", "a data file")
    return re.sub(r"'(\w+)'", r"\1", said)


def decisions_table(game):
    """Every parameter of ``game`` (a loaded game) as a table a reader reads: its name, its
    value and default in words (``in_words``), what it may be, the rule it changes and
    what it does, in players' words (``players_words``: "our decision 3", "the rulebook"). A
    ``pandas.DataFrame`` with the columns ``DECISION_COLUMNS``: pick the ones to show."""
    import pandas as pd  # only notebooks ask for tables; the engines never import pandas

    rows = []
    for row in game.rule_decisions():
        doc = players_words(row["doc"])
        rows.append(
            {
                "name": row["name"],
                "value": in_words(row["value"], doc),
                "default": in_words(row["default"], doc),
                "allowed": _allowed_in_words(str(row["allowed"])),
                "rule": players_words(row["rule"]),
                "doc": doc,
            }
        )
    return pd.DataFrame(rows, columns=list(DECISION_COLUMNS))
