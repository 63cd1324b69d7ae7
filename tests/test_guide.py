"""The guided first game (``boardlab.guide``, ``boardlab.widgets.GuidedGame``).

A toy scenario of the template game (Waterhole) written to ``tmp_path`` is the
subject of the unit tests: every mistake a teacher can make in the file is an
error naming its line and step (checked exactly), a move the rules refuse is
answered with its rule, a legal move the step does not ask for with the step's
words, and neither changes anything; questions, Next and the end summary. Then
every scenario the package ships (``boardlab/games/<game>/guided.toml``) is
played to its end, with the first and with the last move each step accepts,
and through the widget, as a learner would click it.
"""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest

import boardlab
from boardlab.core import View
from boardlab.games._template.actions import Chase, PlayCard
from boardlab.guide import (
    Lesson,
    Reply,
    Scenario,
    ScenarioError,
    play_scenario,
    rule_mark,
    scenario_path,
)
from boardlab.render import highlight_places, png_size, release

GAMES_DIR = Path(boardlab.__file__).parent / "games"
#: Every game folder that ships a scenario, the two templates included.
SHIPPED = sorted(path.parent.name.lstrip("_") for path in GAMES_DIR.glob("*/guided.toml"))

# The toy: Waterhole for two on a track of 10, seed 0. Player 0 holds lion 3, zebra 2
# and lion 2; player 1 zebra 4, zebra 3 and zebra 2. Line numbers are counted below.
TOY = """\
title = "Toy race"
goal = "Reach space 10 first."
seed = 0
learner = 0
bots = "heuristic"

[parameters]
players = 2
track_length = 10

[[step]]
say = "Play a zebra."
rule = "turn"
accept = ["zebra"]
wrong = "A zebra, please."

[[step]]
seat = 1
accept = ["zebra 4"]
say = "Your rival runs ahead."

[[step]]
say = "Read this. Then go on."
next = true
highlight = ["space 4"]

[[step]]
ask = "How far does a lion 2 take you?"
options = ["1", "2", "3"]
answer = "2"
why = "A card moves you by its value."

[[step]]
say = "Play on."
repeat = "end"

[end]
know = ["You move by your card's value."]
"""


def edit(text: str, line: int, new: str) -> str:
    """``text`` with its line ``line`` (from 1) replaced by ``new`` (may be lines)."""
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "guided.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path: Path, text: str = TOY) -> Scenario:
    return Scenario.load(write(tmp_path, text), game_name="template")


def test_the_toy_loads_with_its_steps_kinds_and_lines(tmp_path):
    scenario = load(tmp_path)
    assert scenario.game == "template" and scenario.seed == 0 and scenario.learner == 0
    assert scenario.parameters == {"players": 2, "track_length": 10}
    assert [s.kind for s in scenario.steps] == ["move", "seat", "next", "ask", "move"]
    assert [s.line for s in scenario.steps] == [11, 17, 22, 27, 33]
    assert [s.number for s in scenario.steps] == [1, 2, 3, 4, 5]
    first = scenario.steps[0]
    assert first.accept == ("zebra",) and first.line_of("wrong") == 15
    assert scenario.steps[4].repeat == "end"
    assert scenario.steps[2].highlight == ("space 4",)
    assert scenario.know == ("You move by your card's value.",)


def test_a_game_name_reads_the_file_beside_the_game():
    path = scenario_path("template")
    assert path == GAMES_DIR / "_template" / "guided.toml"
    assert Scenario.load("template").path == path
    assert Scenario.load(path).game == "template"  # the folder names the game


#: (line replaced, its new text, the line and step the error names, words it says)
MISTAKES = {
    "unknown top key": (5, 'bots = "heuristic"\ncolour = "red"', 6, None, "unknown key 'colour'"),
    "unknown step key": (15, 'wrong = "A zebra, please."\nsya = "x"', 16, 1, "'sya'"),
    "seed not a number": (3, 'seed = "3"', 3, None, "seed = '3': a whole number"),
    "bots unknown": (5, 'bots = "smart"', 5, None, "bots = 'smart'"),
    "learner out of range": (4, "learner = 2", 4, None, "learner = 2"),
    "bad parameter": (8, "players = 9", 8, None, "players=9"),
    "unknown parameter": (9, "track = 10", 9, None, "track"),
    "do and accept": (14, 'accept = ["zebra"]\ndo = "play zebra 2"', 14, 1, "not both"),
    "say missing": (12, "", 11, 1, 'needs say = "…"'),
    "say not words": (12, "say = 3", 12, 1, "say: words in quotes"),
    "accept not a list": (14, 'accept = "zebra"', 14, 1, "accept: a list of words"),
    "unknown rule": (13, 'rule = "turns"', 13, 1, "did you mean turn"),
    "rule of another game": (13, 'rule = "kilimanjaro:turn"', 13, 1, "no entry"),
    "seat is the learner": (18, "seat = 0", 18, 2, "another seat than the learner's"),
    "seat out of range": (18, "seat = 5", 18, 2, "seat = 5"),
    "repeat on a seat": (19, 'accept = ["zebra 4"]\nrepeat = 2', 20, 2, "'repeat'"),
    "next not true": (24, "next = false", 24, 3, "next = true"),
    "ask without options": (29, "", 28, 4, "needs options"),
    "answer not an option": (30, 'answer = "5"', 30, 4, "not among the options"),
    "options repeated": (29, 'options = ["2", "2"]', 29, 4, "two or more different"),
    "repeat zero": (35, "repeat = 0", 35, 5, "repeat = 0"),
    "a move after the end": (35, 'repeat = "end"\n\n[[step]]\nsay = "More."', 37, 6, "lasts until"),
    "know empty": (38, "know = []", 38, None, "know: a list"),
    "not TOML": (20, 'say = "Your rival', 20, None, "not valid TOML"),
}


@pytest.mark.parametrize("mistake", MISTAKES)
def test_every_mistake_in_a_scenario_names_its_line_and_step(tmp_path, mistake):
    line, new, at, step, words = MISTAKES[mistake]
    with pytest.raises(ScenarioError) as caught:
        load(tmp_path, edit(TOY, line, new))
    error = caught.value
    assert (error.line, error.step) == (at, step), str(error)
    assert words in str(error)
    where = f"guided.toml line {at}" if at else "guided.toml"
    assert where in str(error) and (step is None or f"(step {step})" in str(error))


def test_a_scenario_without_its_end_is_an_error(tmp_path):
    with pytest.raises(ScenarioError, match="ends with an \\[end\\] table") as caught:
        load(tmp_path, TOY.split("[end]")[0])
    assert (caught.value.line, caught.value.step) == (0, None)


def test_an_arranged_start_and_a_start_that_cannot_be_arranged(tmp_path):
    arranged = TOY.replace("\n[[step]]", "\n[arrange]\npositions = [3, 8]\n\n[[step]]", 1)
    scenario = load(tmp_path, arranged)
    assert scenario.arrange == {"positions": [3, 8]}
    assert scenario.start().positions == [3, 8]
    assert Lesson(scenario).state.positions == [3, 8]
    with pytest.raises(ScenarioError, match=r"\[arrange\]: template cannot set this up") as e:
        load(tmp_path, arranged.replace("positions = [3, 8]", "lanes = 3"))
    assert (e.value.line, e.value.step) == (11, None)  # the [arrange] header


def test_a_missing_file_is_an_error_naming_it(tmp_path):
    with pytest.raises(ScenarioError, match=r"guided\.toml: no such file"):
        Scenario.load(tmp_path / "guided.toml", game_name="template")


def test_no_steps_at_all_is_an_error(tmp_path):
    text = TOY.split("[[step]]")[0] + '[end]\nknow = ["x"]\n'
    with pytest.raises(ScenarioError, match="needs its steps"):
        load(tmp_path, text)


def test_a_move_that_no_step_can_play_names_the_moves_on_offer(tmp_path):
    scenario = load(tmp_path, edit(TOY, 14, 'do = "play lion 5"'))
    with pytest.raises(ScenarioError) as caught:
        Lesson(scenario)
    error = caught.value
    assert (error.line, error.step) == (14, 1)
    assert "'do' names no legal move; the moves on offer (player 0) are: " in str(error)
    assert "play zebra 2" in str(error) and "play lion 3" in str(error)


def test_a_scripted_move_that_cannot_be_played_names_its_line(tmp_path):
    scenario = load(tmp_path, edit(TOY, 19, 'accept = ["lion 5"]'))
    with pytest.raises(ScenarioError, match="'accept' = \\['lion 5'\\] matches no legal") as e:
        Lesson(scenario).try_move(PlayCard.of("zebra 2"))
    assert (e.value.line, e.value.step) == (19, 2)


def test_steps_used_up_before_the_game_ends_fail_the_scenario(tmp_path):
    scenario = load(tmp_path, edit(TOY, 35, ""))  # the last step: one move, not to the end
    with pytest.raises(ScenarioError, match="steps are used up and the game is not over") as e:
        play_scenario(scenario)
    assert (e.value.line, e.value.step) == (33, 5)


def snapshot(lesson: Lesson) -> tuple:
    return lesson.state.to_json(), lesson.index, lesson.moves_in_step


def test_a_refused_move_is_answered_with_its_rule_and_changes_nothing(tmp_path):
    lesson = Lesson(load(tmp_path))
    before = snapshot(lesson)
    reply = lesson.try_move(PlayCard.of("zebra 5"))  # not in hand
    assert reply == Reply(False, "player 0 holds no zebra 5 (rule: §2 Turn)")
    reply = lesson.try_move(Chase(1))  # a chase when a card must be played
    assert reply.text == "player 0 must play a card (rule: §2 Turn)"
    assert not lesson.try_move("play zebra 2").accepted  # not an action at all
    assert snapshot(lesson) == before


def test_a_legal_move_the_step_does_not_ask_for_gets_the_steps_words(tmp_path):
    lesson = Lesson(load(tmp_path))
    before = snapshot(lesson)
    assert PlayCard.of("lion 2") in lesson.state.legal_actions()
    assert lesson.try_move(PlayCard.of("lion 2")) == Reply(False, "A zebra, please.")
    assert snapshot(lesson) == before
    assert lesson.accepted() == [PlayCard.of("zebra 2")]


def test_without_wrong_words_the_coach_names_what_the_step_asks(tmp_path):
    lesson = Lesson(load(tmp_path, edit(TOY, 15, "")))
    assert lesson.try_move(PlayCard.of("lion 2")).text == (
        "The rules allow that, but this step asks for a move about zebra."
    )


def test_an_accepted_move_is_played_and_the_scripted_reply_follows(tmp_path):
    lesson = Lesson(load(tmp_path))
    assert lesson.try_move(PlayCard.of("zebra 2")) == Reply(True)
    state = lesson.state
    assert [str(a) for a in state.history] == ["play zebra 2", "play zebra 4"]
    assert state.positions == [2, 4]
    assert lesson.notes == ["Your rival runs ahead."]
    assert lesson.step.kind == "next" and lesson.progress == (3, 5)


def test_words_wait_for_next_and_refuse_moves(tmp_path):
    lesson = Lesson(load(tmp_path))
    lesson.try_move(PlayCard.of("zebra 2"))
    before = snapshot(lesson)
    assert lesson.accepted() == []
    assert lesson.try_move(lesson.state.legal_actions()[0]) == Reply(
        False, "Read this step, then press Next."
    )
    assert lesson.answer("2") == Reply(False, "There is no question to answer now.")
    assert snapshot(lesson) == before
    assert lesson.highlights(["space 4", "space 7"]) == ["space 4"]  # as written
    assert lesson.next() == Reply(True)
    assert lesson.step.kind == "ask" and lesson.notes == []


def test_a_question_takes_only_its_answer(tmp_path):
    lesson = Lesson(load(tmp_path))
    lesson.try_move(PlayCard.of("zebra 2"))
    lesson.next()
    before = snapshot(lesson)
    assert lesson.answer("3") == Reply(False, "Not “3”: look again, and try another answer.")
    with pytest.raises(ValueError, match="not one of the options"):
        lesson.answer("two")
    assert lesson.next() == Reply(False, "There is nothing to go on to: this step asks you to act.")
    assert snapshot(lesson) == before
    assert lesson.answer("2") == Reply(True, "Right: A card moves you by its value.")
    assert lesson.step.repeat == "end"
    assert lesson.accepted() == lesson.state.legal_actions()


def test_the_last_step_plays_to_the_end_and_the_summary_says_how_you_did(tmp_path):
    lesson = play_scenario(load(tmp_path))
    assert lesson.finished and lesson.state.outcome is not None and lesson.step is None
    summary = lesson.summary()
    outcome = lesson.state.outcome
    assert summary.startswith(outcome.describe() + ".")
    me = {(0,): "You won", (1,): "You came 2nd of 2"}.get(outcome.winners, "You share the win")
    scores = lesson.state.scores
    assert f"{me} (you are player 0). Scores: you {scores[0]}, player 1 {scores[1]}." in summary
    assert summary.endswith("What you now know:\n- You move by your card's value.")
    assert lesson.try_move(PlayCard.of("zebra 2")) == Reply(False, "The game is over.")


def test_the_summary_before_the_end_says_where_the_lesson_is(tmp_path):
    assert Lesson(load(tmp_path)).summary() == "The game is not over yet: step 1 of 5."


def test_a_lesson_is_the_same_every_time(tmp_path):
    scenario = load(tmp_path)
    first, again = play_scenario(scenario), play_scenario(scenario)
    assert first.state.record().to_json() == again.state.record().to_json()
    last = play_scenario(scenario, choose="last")
    assert last.finished
    with pytest.raises(ValueError, match="'first' or 'last'"):
        play_scenario(scenario, choose="best")


def test_bots_see_only_their_view(tmp_path, monkeypatch):
    seen = []

    class Spy:
        def act(self, view):
            seen.append(type(view))
            return view.legal_actions()[0]

    monkeypatch.setattr("boardlab.guide.heuristic_agent", lambda game: Spy())
    play_scenario(load(tmp_path))
    assert seen and set(seen) == {View}


def test_random_bots_when_the_scenario_says_so(tmp_path):
    lesson = Lesson(load(tmp_path, edit(TOY, 5, 'bots = "random"')))
    assert type(lesson.bots[1]).__name__ == "RandomAgent" and lesson.bots[0] is None


def test_default_highlights_are_the_places_the_accepted_moves_mention(tmp_path):
    lesson = Lesson(load(tmp_path))
    # the accepted move: zebra 2 → moves 2, to space 2
    assert lesson.highlights(["space 2", "space 3", "zebra 2", "camp"]) == ["space 2", "zebra 2"]
    assert lesson.highlights() == []


def test_highlight_places_marks_with_a_dashed_outline_and_a_pattern():
    state = boardlab.load("template").new_game(0)
    render = state.game.renderer()
    fig = render.draw(state)
    places = [("space 3", (1.0, 1.0, 2.0, 2.0)), ("camp", (0.0, 0.0, 1.0, 1.0))]
    try:
        marked = highlight_places(fig, places, ["Space 3", "nowhere"])
        assert marked == ["space 3"]
        patches = [p for p in fig.axes[0].patches if (p.get_gid() or "").endswith("space 3")]
        assert any(p.get_linestyle() not in ("-", "solid") for p in patches)
        assert any(p.get_hatch() for p in patches)
        assert not any((p.get_gid() or "").endswith("camp") for p in fig.axes[0].patches)
    finally:
        release(fig)


def test_a_kilimanjaro_step_by_its_choice_path_with_a_decision_marked(tmp_path):
    text = """\
title = "A climb"
goal = "Reach the base camp."
seed = 3

[parameters]
players = 2

[[step]]
say = "Place your banana counter on space 7."
rule = "decision-0"
do = "your banana counter · space 7"

[[step]]
say = "Play on."
rule = "prep-figures"
repeat = "end"

[end]
know = ["Counters go on the track before the climb."]
"""
    scenario = Scenario.load(write(tmp_path, text), game_name="kilimanjaro")
    lesson = Lesson(scenario)
    assert [str(a) for a in lesson.accepted()] == ["place your banana counter on space 7"]
    assert rule_mark(lesson.rule()) == "decision"
    assert lesson.highlights(["space 7", "space 17", "pile A"]) == ["space 7"]
    lesson.try_move(lesson.accepted()[0])
    assert lesson.step.number == 2 and rule_mark(lesson.rule()) == "printed rule"
    assert play_scenario(scenario).finished


# -- every scenario the package ships ------------------------------------------------------

SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z\"“(]|\s*$)")


def sentences(text: str) -> int:
    return len(SENTENCE_END.findall(text.strip())) or 1


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_scenario_is_written_for_a_learner(game):
    scenario = Scenario.load(game)
    assert scenario.title and scenario.goal and scenario.know
    assert sentences(scenario.goal) == 1, f"{game}: the goal is one sentence: {scenario.goal}"
    facing = [s for s in scenario.steps if s.kind != "seat"]
    first_move = next(i for i, s in enumerate(facing) if s.kind == "move")
    assert first_move <= 1, f"{game}: the learner's first move comes at step {first_move + 1}"
    for step in scenario.steps:
        where = f"{game} step {step.number} (line {step.line})"
        assert sentences(step.say) <= 2 if step.say else True, f"{where}: say ≤ 2 sentences"
        assert len(step.text) <= 280, f"{where}: {len(step.text)} characters (two sentences)"
    assert any(s.kind == "ask" for s in scenario.steps), f"{game}: no check question"
    assert sum(1 for s in scenario.steps if s.rule) >= 2, f"{game}: teaches fewer than 2 rules"


@pytest.mark.parametrize("choose", ["first", "last"])
@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_scenario_is_played_to_the_end_of_the_game(game, choose):
    render = boardlab.load(game).renderer()
    places = getattr(render, "places", None)
    met = []

    def check(lesson: Lesson) -> None:
        step = lesson.step
        met.append(step.number)
        if places is None or step.highlight is None:
            return
        names = {name for name, _ in places(lesson.state, viewer=lesson.learner)}
        missing = [h for h in step.highlight if h not in names]
        assert not missing, f"{game} step {step.number} (line {step.line}): no place {missing}"

    lesson = play_scenario(Scenario.load(game), choose=choose, on_step=check)
    assert lesson.finished and lesson.state.outcome is not None
    facing = {s.number for s in lesson.scenario.steps if s.kind != "seat"}
    assert facing <= set(met), f"{game}: steps never met: {sorted(facing - set(met))}"
    assert "What you now know:" in lesson.summary()


# -- the widget -----------------------------------------------------------------------------


def plain(text: str) -> str:
    return re.sub(r"<[^>]+>", "", text)


def labels_of(panel, action) -> tuple[str, ...]:
    """The labels the panel offers ``action`` under (its ``Choice``'s path)."""
    return next(c.path for c in panel._choices if c.action == action)


def click_through(panel, action) -> Reply:
    """Choose ``action``'s labels one by one, as clicks would, then press Play."""
    for k, label in enumerate(labels_of(panel, action)):
        if len(panel.path) > k and panel.path[k] == label:
            continue  # chosen already (or by the panel itself: the only option of its step)
        assert label in panel.levels[k].options
        panel.levels[k].value = label  # a click on it
    assert panel.selected == action and not panel.play_button.disabled
    before = panel.reply
    panel.play_button.click()
    assert panel.reply is not before
    return panel.reply


#: The moves of a step that lasts until the game ends played by clicks (then the lesson
#: plays on alone: a board drawn for each of a long free play costs minutes).
CLICKED_IN_FREE_PLAY = 3


@pytest.mark.parametrize("game", SHIPPED)
def test_the_widget_plays_a_shipped_scenario_to_its_end_by_clicks(game):
    from boardlab.widgets import GuidedGame

    panel = GuidedGame(game)
    lesson = panel.lesson
    classes = set(panel._dom_classes)
    assert "boardlab-guided" in classes and "boardlab-play" not in classes
    assert "boardlab-guided-coach" in panel.coach_box._dom_classes
    assert 'role="status"' in panel.coach.value and 'aria-live="polite"' in panel.coach.value
    n = len(lesson.scenario.steps)
    for _ in range(lesson.game.max_length + n + 2):
        if lesson.finished:
            break
        step = lesson.step
        k = lesson.progress[0]
        assert f"step {k} of {n}" in plain(panel.progress.value)
        assert plain(html_text(step.text)) in plain(panel.coach.value)
        assert panel.choices.layout.display == (None if step.kind == "move" else "none")
        if step.kind == "next":
            assert panel.next_button.layout.display is None
            panel.next_button.click()
        elif step.kind == "ask":
            assert panel.asking.layout.display is None
            assert tuple(panel.question.options) == step.options
            wrong = next(o for o in step.options if o != step.answer)
            assert panel.question.value is None and panel.check_button.disabled
            panel.question.value = wrong
            assert not panel.check_button.disabled
            panel.check_button.click()
            assert not panel.reply.accepted and lesson.step is step
            assert panel.question.value is None and panel.check_button.disabled  # again
            panel.question.value = step.answer
            panel.check_button.click()
            assert panel.reply.accepted
        elif step.repeat == "end" and lesson.moves_in_step >= CLICKED_IN_FREE_PLAY:
            # free play to the end: the lesson plays on, the panel shows where it ends
            while lesson.step is step:
                assert lesson.try_move(lesson.accepted()[0]).accepted
            panel._refresh()
        else:
            assert panel.next_button.layout.display == "none"
            reply = click_through(panel, lesson.accepted()[0])
            assert reply.accepted, reply.text
    assert lesson.finished
    coach = plain(panel.coach.value)
    assert "What you now know" in coach and lesson.state.outcome.describe() in coach
    assert panel.legal_actions == []
    assert re.search("Game over|Game cut short", plain(panel.status.value))


def html_text(text: str) -> str:
    import html

    return html.escape(text)


def test_the_widget_answers_a_refused_move_with_its_rule_and_changes_nothing(tmp_path):
    from boardlab.widgets import GuidedGame

    scenario = load(tmp_path)
    panel = GuidedGame(scenario)
    picture, before = panel.image.value, snapshot(panel.lesson)
    # the lion 2 is legal but not this step's; a chase is refused by the rules
    reply = click_through(panel, PlayCard.of("lion 2"))
    assert reply == Reply(False, "A zebra, please.")
    assert "✗ A zebra, please." in plain(panel.coach.value)
    assert snapshot(panel.lesson) == before and panel.image.value == picture
    assert not panel.play_button.disabled  # the move chosen is still chosen
    reply = panel.choose(Chase(1))  # a chase when a card must be played
    assert reply.text == "player 0 must play a card (rule: §2 Turn)"
    assert snapshot(panel.lesson) == before
    assert click_through(panel, PlayCard.of("zebra 2")).accepted
    assert "Your rival runs ahead." in plain(panel.coach.value)


def test_a_move_the_rules_refuse_is_on_offer_and_answered_with_its_rule():
    """Achi: after b2 and a2, placing on b2 again is refused by §2, and choosable."""
    from boardlab.widgets import GuidedGame

    panel = GuidedGame("board_template")
    lesson = panel.lesson
    assert click_through(panel, lesson.accepted()[0]).accepted  # b2; player 1 takes a2
    taken = next(c for c in panel._choices if not c.legal and c.path == ("place on b2",))
    assert "place on b2" in [o for level in panel.levels for o in level.options]
    before, picture = snapshot(lesson), panel.image.value
    reply = click_through(panel, taken.action)
    assert not reply.accepted and reply.text.endswith("(rule: §2 Placement)")
    assert reply.text == taken.why()
    assert snapshot(lesson) == before and panel.image.value == picture
    assert "✗" in plain(panel.coach.value)


def test_words_and_questions_change_the_text_not_the_board(tmp_path):
    from boardlab.widgets import GuidedGame

    panel = GuidedGame(load(tmp_path))
    click_through(panel, PlayCard.of("zebra 2"))
    board = panel._board
    assert panel.status.value == "<b>Read, then press Next.</b>"
    places = getattr(panel._renderer, "places", None)
    assert panel.marked == ([] if places is None else ["space 4"])  # the step's highlight
    panel.next_button.click()
    assert panel._board is board  # the same position: the board is not drawn again
    assert "How far does a lion 2 take you?" in plain(panel.coach.value)
    assert panel.answer() == Reply(False, "Choose an answer first.")


def test_start_again_begins_the_lesson_anew(tmp_path):
    from boardlab.widgets import GuidedGame

    panel = GuidedGame(load(tmp_path))
    first = panel.lesson
    click_through(panel, PlayCard.of("zebra 2"))
    panel.new_game_button.click()
    assert panel.lesson is not first and panel.lesson.index == 0
    assert panel.state is panel.lesson.state and panel.state.history == []
    assert "step 1 of 5" in plain(panel.progress.value)


def test_the_saved_picture_is_the_board_with_the_steps_words(tmp_path):
    from boardlab.widgets import GuidedGame

    panel = GuidedGame(load(tmp_path))
    assert panel.caption() == "Toy race, step 1 of 5: Play a zebra."
    bundle = panel._repr_mimebundle_()
    assert "image/png" in bundle and "application/vnd.jupyter.widget-view+json" in bundle
    board, picture = png_size(panel.image.value), png_size(panel.picture())
    assert picture[0] == board[0] and picture[1] > board[1]
    assert repr(panel) == "GuidedGame('template')"


def test_the_storyboard_is_one_picture_of_every_step():
    from boardlab.widgets import storyboard

    png = storyboard("board_template")
    width, height = png_size(png)
    steps = [s for s in Scenario.load("board_template").steps if s.kind != "seat"]
    assert height > width * len(steps) / 3, (width, height)


def test_a_plain_play_panel_still_offers_only_legal_moves():
    from boardlab.widgets import PlayPanel

    panel = PlayPanel("board_template", [None, None])
    assert panel.offers_refused is False
    assert "boardlab-play" in panel._dom_classes
    first = panel.state.legal_actions()[0]
    panel.choose(first)
    taken = next(c for c in panel._choices if not c.legal)
    with pytest.raises(boardlab.IllegalAction):
        panel.choose(taken.action)
