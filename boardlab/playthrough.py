"""Golden playthroughs: one seeded game per (game, variant), written out as text.

``python -m boardlab.playthrough [--check] [GAME ...]`` writes
``tests/playthroughs/<game>__<variant>.txt`` for every registered game (and
the template game) in every entry of its ``variants()``; ``--check`` only
compares. ``tests/test_playthroughs.py`` diffs them, so any change in what a
game does — the legal actions offered, their order, the narration each
player reads, the observations, the outcome — shows up as a diff. A
deliberate rule change regenerates them in the commit that says so.

Modelled on OpenSpiel's ``integration_tests/playthroughs``: every action,
the narration each player sees, each player's observation at a few steps,
and the outcome. Moves are drawn from a generator seeded by the file's own
seed, by index into ``legal_actions()``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from boardlab.core import Game, State, game_class, game_names, load

#: Where the golden files live, relative to the repository root.
FOLDER = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"
#: The seed every playthrough is dealt and played from.
SEED = 1
#: Games played besides the listed ones (loadable by name, never listed): the templates.
EXTRA_GAMES: tuple[str, ...] = ("template", "board_template")


def game_classes() -> dict[str, type[Game]]:
    """Every game with golden playthroughs: the registered ones and the template."""
    return {name: game_class(name) for name in (*game_names(), *EXTRA_GAMES)}


def variant_slug(variant: dict) -> str:
    """A file-name-safe name for a variant: ``defaults``, ``players=2``, ``...``."""
    if not variant:
        return "defaults"
    parts = []
    for key, value in sorted(variant.items()):
        text = "-".join(map(str, value)) if isinstance(value, (tuple, list)) else str(value)
        parts.append(f"{key}={text}")
    slug = re.sub(r"[^A-Za-z0-9_=.,-]", "_", ",".join(parts))
    if len(slug) > 80:
        slug = slug[:60] + "." + hashlib.sha256(slug.encode()).hexdigest()[:12]
    return slug


def path_for(name: str, variant: dict) -> Path:
    return FOLDER / f"{name}__{variant_slug(variant)}.txt"


def expected_files() -> dict[Path, tuple[type[Game], dict]]:
    """Every golden file there should be, with the game class and variant it plays."""
    out = {}
    for name, cls in game_classes().items():
        for variant in cls.variants():
            out[path_for(name, variant)] = (cls, variant)
    return out


def problems(folder: Path = FOLDER) -> list[str]:
    """What is wrong with ``folder``'s golden files: a game or variant without one, or a
    file no game plays any more (it would silently stop being checked)."""
    expected = {folder / p.name: cls.name for p, (cls, _) in expected_files().items()}
    out = [f"{name} has no playthrough {p.name}" for p, name in expected.items() if not p.exists()]
    out += [f"stale: {p.name}" for p in sorted(folder.glob("*.txt")) if p not in expected]
    return out


def _json(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]


def _narration(game: Game, state: State, start: int) -> Iterator[str]:
    """The events from ``start`` on, as each player (and a spectator) reads them."""
    readers: list[int | None] = [*range(game.num_players), None]
    for event in state.events[start:]:
        seen = []
        for p in readers:
            if event.visible(p):
                seen.append(event.text)
            else:
                public = game.redact(event.kind, event.args)
                seen.append(None if public is None else game.describe_event(*public))
        if len(set(seen)) == 1:
            yield f"    all: {seen[0]}" if seen[0] is not None else "    (nobody)"
            continue
        for p, text in zip(readers, seen, strict=True):
            who = "spectator" if p is None else f"p{p}"
            yield f"    {who}: {'—' if text is None else text}"


def _snapshot(game: Game, state: State, legal: list) -> Iterator[str]:
    """The full picture at a checkpoint: legal actions, scores, every observation."""
    yield f"  legal actions ({len(legal)}):"
    for action in legal:
        yield f"    {action}  {_json(state.action_to_json(action))}"
    yield f"  scores: {_json(list(state.scores))}"
    for p in [*range(game.num_players), None]:
        who = "spectator" if p is None else f"player {p}"
        yield f"  observation of {who}: {_json(state.observation(p))}"


def playthrough(game: Game, seed: int = SEED) -> str:
    """The text of one seeded random game of ``game``."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    actions = []
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state.apply(action)
    total = len(actions)
    checkpoints = {0, total // 3, (2 * total) // 3, total}

    state = game.new_game(seed)
    lines = [
        f"game: {game.name}",
        f"params: {_json(game.params.to_json())}",
        f"seed: {seed}",
        f"actions: {total}",
        "",
        "setup:",
        *_narration(game, state, 0),
    ]
    seen = len(state.events)
    for step, action in enumerate(actions):
        legal = state.legal_actions()
        lines.append("")
        lines.append(f"step {step}: player {state.current_player} to move")
        if step in checkpoints:
            lines += _snapshot(game, state, legal)
        else:
            digest = _digest([_json(state.action_to_json(a)) for a in legal])
            lines.append(f"  legal actions: {len(legal)} (sha256 {digest})")
        lines.append(f"  chosen: {action}  {_json(state.action_to_json(action))}")
        state.apply(action)
        lines += _narration(game, state, seen)
        seen = len(state.events)
    lines += ["", "final:"]
    lines += _snapshot(game, state, state.legal_actions())
    lines.append(f"outcome: {state.outcome!r}")
    lines.append(f"describe: {state.outcome.describe()}")
    lines.append(f"returns: {_json(state.returns())}")
    return "\n".join(lines) + "\n"


def render(cls: type[Game], variant: dict) -> str:
    return playthrough(load(cls.name, **variant))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="only these games (default: all)")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    FOLDER.mkdir(parents=True, exist_ok=True)
    expected = expected_files()
    differ = 0
    for path, (cls, variant) in expected.items():
        if args.games and cls.name not in args.games:
            continue
        text = render(cls, variant)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        differ += 1
        print(f"{'differs' if old else 'missing'}: {path.name}")
        if not args.check:
            path.write_text(text, encoding="utf-8")
    stale = [p for p in FOLDER.glob("*.txt") if p not in expected]
    for path in stale:
        print(f"stale (no such game or variant): {path.name}")
        if not args.check and not args.games:
            path.unlink()
    print(f"{len(expected)} playthroughs, {differ} {'differ' if args.check else 'written'}")
    return 1 if args.check and (differ or stale) else 0


if __name__ == "__main__":
    sys.exit(main())
