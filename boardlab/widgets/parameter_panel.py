"""``ParameterPanel``: change a game's rules, checked as you type.

Controls are built from the game's own parameter declarations
(``game.parameter_specs()``), so one panel serves every game: an ``int``
becomes a slider over its range, ``bool`` a checkbox, ``choice`` a
drop-down, ``ints`` a text box ("20, 40, 60, 80") and ``datafile`` a path
box with an upload button. Every change is checked by ``boardlab.load``;
a value the game refuses is shown as a message, never raised, naming the
parameter you changed (and the one the game blames, when another).

Each row is a control of fixed width (its label ``LABEL_STYLE`` wide, so no
name is cut; a slider never narrower than ``CONTROL_WIDTH``) and its help
beside it, which wraps onto its own line where the row is narrow; the help
is also the control's tooltip.

``for_players=True`` is the app's panel (``make app``): a parameter is shown by its
label in words, never its name, its values in words, under "Printed rules" and
"Variants", with the advanced settings (data files, caps, seats) folded away in an
accordion, each with its one-sentence explanation (all from the declarations,
``Param.title``, ``section``, ``explanation``, ``say``); no code line, no rule citation.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import boardlab
from boardlab.core import DataFile, Game, InvalidParameter, Param
from boardlab.core.data import decode
from boardlab.core.params import GROUPS

from .serial import make_lock, serialized

#: Parameter kinds edited as text ("20, 40, 60, 80").
TEXT_KINDS = ("ints", "per_player")
#: Wide enough for a parameter name of 16 letters; a panel widens its labels for longer ones.
LABEL_STYLE = {"description_width": "10em"}
#: Every control's width (label included): a slider's track keeps ~12em at least.
CONTROL_WIDTH = "26em"
#: The headings of the players' panel, by ``Param.section``.
GROUP_TITLES = {"printed": "Printed rules", "variant": "Variants", "advanced": "Advanced settings"}


def parse_ints(spec: Param, text: str) -> tuple[int, ...]:
    """``"20, 40, 60, 80"`` → ``(20, 40, 60, 80)``; anything else is an ``InvalidParameter``."""
    parts = [part for part in text.replace(",", " ").split() if part]
    try:
        return tuple(int(part) for part in parts)
    except ValueError:
        raise InvalidParameter(
            spec.name, text, f'{spec.allowed}, written like "20, 40, 60, 80"'
        ) from None


def _show(value: Any) -> str:
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return str(value)


class ParameterPanel(widgets.VBox):
    """One control per declared parameter of ``game_name``; ``.game`` is the loaded game.

    While the values are invalid ``.game`` is ``None`` and ``.error`` holds the
    ``InvalidParameter`` (also shown in the message line); ``on_change(game)``
    is called after every change that gives a valid game different from the
    one before (coming back from invalid values counts as a change).
    ``values`` set the starting values (defaults: the rulebook's). ``for_players``
    shows the panel in players' words (the app's; see the module's docstring).
    """

    def __init__(
        self,
        game_name: str,
        on_change: Callable[[Game], Any] | None = None,
        *,
        for_players: bool = False,
        **values: Any,
    ) -> None:
        self._serial_lock = make_lock()  # changes may be handled on two threads at once
        self.game_name = game_name
        self.on_change = on_change
        self.for_players = for_players
        self.specs: tuple[Param, ...] = boardlab.load(game_name).parameter_specs()
        self.controls: dict[str, widgets.Widget] = {}
        self._uploads: dict[str, widgets.FileUpload] = {}
        # labels as wide as this game's longest name (Tembo's double_matriarch_penalty)
        longest = max((len(spec.name) for spec in self.specs), default=0)
        extra = max(0.0, 0.62 * longest - 10)
        self._label_style = {"description_width": f"{10 + extra:g}em"}
        self._control_width = f"{26 + extra:g}em"
        rows = []
        #: The players' panel's rows by group (``for_players`` only).
        self._grouped: dict[str, list[widgets.Widget]] = {group: [] for group in GROUPS}
        for spec in self.specs:
            control = self._control(spec)
            if for_players:
                self.controls[spec.name] = control
                self._grouped[spec.section].append(self._player_row(spec, control))
                continue
            self.controls[spec.name] = control
            rule = f" (rule: {spec.rule})" if spec.rule else ""
            control.tooltip = f"{spec.doc}{rule} Allowed: {spec.allowed}."
            printed = f"; printed rules: {_show(spec.printed[0])}" if len(spec.printed) == 1 else ""
            help_html = widgets.HTML(
                f'<div style="color:#555; font-size:90%; line-height:1.3">'
                f"{html.escape(spec.doc)}<i>{html.escape(rule + printed)}</i></div>",
                layout=widgets.Layout(flex="1 1 18em", min_width="14em", margin="0 0 0 8px"),
            )
            parts = [control]
            if spec.name in self._uploads:
                parts.append(self._uploads[spec.name])
            rows.append(
                widgets.HBox(
                    [*parts, help_html],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                )
            )
        self.message = widgets.HTML(layout=widgets.Layout(flex="1 1 20em", min_width="0"))
        self.reset_button = widgets.Button(
            description="Rulebook defaults",
            icon="undo",
            tooltip="every parameter as printed",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        self.reset_button.on_click(lambda _: self.reset())
        footer = widgets.HBox(
            [self.reset_button, self.message],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        if for_players:
            self.reset_button.description = "Back to the printed rules"
            self.reset_button.tooltip = "every rule back as printed"
            rows = self._player_groups()
        super().__init__([*rows, footer])
        # stable CSS classes: the browser tests (tests/browser/) find the parts by them
        self.add_class("boardlab-params")
        for name, control in self.controls.items():
            control.add_class("boardlab-param")
            control.add_class(f"boardlab-param-{name}")
            if getattr(control, "disabled", False):
                control.add_class("boardlab-param-fixed")
        self.message.add_class("boardlab-params-message")
        self.reset_button.add_class("boardlab-params-reset")

        self.game: Game | None = None
        self.error: InvalidParameter | None = None
        #: The parameter the user changed last (``None`` after a reset): errors name it.
        self.changed: str | None = None
        self._owner = {id(c): n for n, c in self.controls.items()}
        self._owner |= {id(u): n for n, u in self._uploads.items()}
        self._last: Game | None = None
        self._quiet = False
        self._assign(values)
        self._check(notify=False)
        for control in self.controls.values():
            control.observe(self._on_value, names="value")
        for upload in self._uploads.values():
            upload.observe(self._on_value, names="value")

    def _player_row(self, spec: Param, control: widgets.Widget) -> widgets.Widget:
        """A row of the players' panel: the label in words, the control, the explanation
        (and, for a variant, what the printed rules say)."""
        label = widgets.HTML(
            f"<b>{html.escape(spec.title)}</b>",
            layout=widgets.Layout(width="16em", min_width="12em", flex="0 1 16em"),
        )
        printed = ""
        if spec.section == "variant" and len(spec.printed) == 1:
            printed = f" Printed rules: {spec.say(spec.printed[0])}."
        text = spec.explanation + printed
        control.tooltip = text
        help_html = widgets.HTML(
            f'<div style="color:#555; font-size:90%; line-height:1.3">{html.escape(text)}</div>',
            layout=widgets.Layout(flex="1 1 18em", min_width="14em", margin="0 0 0 8px"),
        )
        parts = [label, control]
        if spec.name in self._uploads:
            parts.append(self._uploads[spec.name])
        return widgets.HBox(
            [*parts, help_html],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )

    def _player_groups(self) -> list[widgets.Widget]:
        """The players' panel's groups: printed rules and variants open, each under its
        heading; the advanced settings in a closed accordion."""
        parts: list[widgets.Widget] = []
        for group in ("printed", "variant"):
            if self._grouped[group]:
                heading = widgets.HTML(f"<h4 style='margin:8px 0 4px'>{GROUP_TITLES[group]}</h4>")
                parts += [heading, *self._grouped[group]]
        if self._grouped["advanced"]:
            self.advanced = widgets.Accordion(
                [widgets.VBox(self._grouped["advanced"])], selected_index=None
            )
            self.advanced.set_title(0, GROUP_TITLES["advanced"])
            self.advanced.add_class("boardlab-params-advanced")
            parts.append(self.advanced)
        return parts

    def _control(self, spec: Param) -> widgets.Widget:
        width = self._control_width
        layout = widgets.Layout(width=width, min_width=width, flex="0 0 auto")
        common = {"description": spec.name, "style": self._label_style, "layout": layout}
        if self.for_players:
            layout = widgets.Layout(width="16em", min_width="12em", flex="0 0 auto")
            common = {"description": "", "layout": layout}
        if spec.kind == "int":
            # a rule with one allowed value (Jambo's two players) is shown, not offered
            fixed = spec.low is not None and spec.low == spec.high
            return widgets.IntSlider(
                value=spec.default,
                min=spec.low,
                max=spec.high,
                continuous_update=False,
                disabled=fixed,
                **common,
            )
        if spec.kind == "bool":
            return widgets.Checkbox(value=spec.default, indent=not self.for_players, **common)
        if spec.kind == "choice":
            options = [(spec.say(c), c) for c in spec.choices] if self.for_players else spec.choices
            return widgets.Dropdown(options=list(options), value=spec.default, **common)
        if spec.kind in TEXT_KINDS:
            return widgets.Text(value=_show(spec.default), continuous_update=False, **common)
        # datafile: a path (empty: the game's own file) or an uploaded file
        self._uploads[spec.name] = widgets.FileUpload(
            accept="",
            multiple=False,
            description="Upload",
            tooltip=f"a {spec.title.lower() if self.for_players else spec.name} file "
            "from your computer",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        placeholder = "the game's own file" if self.for_players else "default file"
        return widgets.Text(value="", placeholder=placeholder, continuous_update=False, **common)

    # -- values ----------------------------------------------------------------------
    @property
    def params(self) -> dict[str, Any]:
        """The values the controls hold now (an unreadable ``ints`` text stays text)."""
        out: dict[str, Any] = {}
        for spec in self.specs:
            value = self.controls[spec.name].value
            if spec.kind in TEXT_KINDS:
                with contextlib.suppress(InvalidParameter):
                    value = parse_ints(spec, value)
            elif spec.kind == "datafile":
                upload = self._uploads[spec.name].value
                if upload:
                    item = upload[0]
                    text = decode(bytes(item["content"]), param=spec.name, source=item["name"])
                    value = DataFile(item["name"], text)
                elif not value:
                    continue  # the game's default file
            out[spec.name] = value
        return out

    @serialized
    def set(self, **values: Any) -> None:
        """Set controls by parameter name (e.g. ``panel.set(players=2)``), then check once."""
        self._quiet = True
        try:
            self._assign(values)
        finally:
            self._quiet = False
        self.changed = next(reversed(values), None) if len(values) == 1 else None
        self._check()

    def _assign(self, values: dict[str, Any]) -> None:
        for name, value in values.items():
            if name not in self.controls:
                raise InvalidParameter(name, value, "one of " + ", ".join(self.controls))
            spec = next(s for s in self.specs if s.name == name)
            control = self.controls[name]
            control.value = _show(value) if spec.kind in TEXT_KINDS else value

    def reset(self) -> None:
        """Every control back to the rulebook's value."""
        self.set(**{s.name: s.default for s in self.specs if s.kind != "datafile"})

    @serialized
    def _on_value(self, change: dict) -> None:
        if not self._quiet:
            self.changed = self._owner.get(id(change["owner"]))
            self._check()

    @serialized
    def _check(self, notify: bool = True) -> None:
        """Load the game with the current values; show what is wrong, or call on_change."""
        try:
            values = self.params
            for spec in self.specs:
                if spec.kind in TEXT_KINDS and isinstance(values[spec.name], str):
                    parse_ints(spec, values[spec.name])  # raises: say what is wrong
            game = boardlab.load(self.game_name, **values)
        except InvalidParameter as error:
            self.game, self.error = None, error
            self._last = None  # the next valid values are a change, even if as before
            self.message.value = (
                f'<span style="color:#b00020">⚠ {html.escape(self.blame(error))}</span>'
            )
            return
        self.game, self.error = game, None
        said = self.in_words(game) if self.for_players else repr(game)
        self.message.value = f'<span style="color:#1b7f3b">✓ {html.escape(said)}</span>'
        if game != self._last:
            self._last = game
            if notify and self.on_change is not None:
                self.on_change(game)

    def blame(self, error: InvalidParameter) -> str:
        """The error in words, starting with the parameter the user changed: when the game
        blames another one (a deck too small for ``colours=1``), both are named."""
        if self.for_players:
            return self._blame_in_words(error)
        changed = self.changed
        if changed is None or changed == error.name or changed not in self.controls:
            return str(error)
        value = self.controls[changed].value
        if changed in self._uploads and self._uploads[changed].value:
            value = self._uploads[changed].value[0]["name"]
        return f"{changed}={_show(value)} does not fit the other rules: {error}"

    def in_words(self, game: Game) -> str:
        """The rules of ``game`` in words: as printed, or what differs from the printed."""
        changed = [
            f"{spec.title}: {spec.say(game.params[spec.name])}"
            for spec in self.specs
            if game.params[spec.name] != spec.default
        ]
        if not changed:
            return "The printed rules."
        return "Changed from the printed rules: " + "; ".join(changed) + "."

    def _blame_in_words(self, error: InvalidParameter) -> str:
        """``blame`` for players: the parameters by their labels, no names, no code."""
        spec = next((s for s in self.specs if s.name == error.name), None)
        title = spec.title if spec else error.name
        value = spec.say(error.value) if spec else str(error.value)
        reason = self._words(error.allowed)
        changed = next((s for s in self.specs if s.name == self.changed), None)
        if changed is not None and changed is not spec:
            shown = changed.say(self.params.get(changed.name, ""))
            return (
                f"With {changed.title.lower()} at {shown}: {title} cannot be {value}; "
                f"it must be {reason}."
            )
        return f"{title} cannot be {value}; it must be {reason}."

    def _words(self, text: str) -> str:
        """``text`` with each parameter name replaced by its label and choices in words."""
        for spec in sorted(self.specs, key=lambda s: -len(s.name)):
            text = re.sub(rf"\b{spec.name}\b", spec.title.lower(), text)
            for choice in spec.choices:
                text = text.replace(repr(choice), spec.say(choice))
        return text.replace("_", " ")

    def __repr__(self) -> str:
        return f"ParameterPanel({self.game_name!r})"
