"""The SMART advantages of the moment, grouped, explained in words, the most useful first.

Each group (tactical regroup, terrain knowledge, intelligence...) is one row: its name,
a sentence saying what it does, its rule ID as a link (``on_rule_link(rule_id)``: the help
panel opens there), the offered choices in a list (a reaction's expected gain in armies
beside it, best first) and a button to use the chosen one. A reaction step also shows
Pass. Rows are rebuilt only when the offered actions change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from warkit import Action, PlayerView

from ..i18n import fmt_number
from .html import option_text
from .messages import tr
from .reactions import RankedReaction

GROUP_RULES: dict[str, str] = {
    "reroll": "S-REROLL-1", "terrain": "S-TERRAIN-1", "passage": "S-PASS-1",
    "intelligence": "S-INTEL-1", "alliance": "S-ALLY-1", "airlift": "S-AIRLIFT-1",
    "discard": "S-END-2",
}
"""Each group of options and the rule that explains it (``adv.<group>.*`` messages)."""


def group_of(action: Action, view: PlayerView) -> str:
    """The group of a SMART option: its keyword, except that a reveal is terrain knowledge
    during a battle and a hidden passage otherwise."""
    if action.keyword == "reveal":
        return "terrain" if view.battle is not None else "passage"
    return action.keyword


@dataclass(frozen=True)
class Choice:
    """One offered option: the action, its words, and (reactions) its expected gain."""

    action: Action
    group: str
    gain: float | None = None


def group_choices(actions: Sequence[Action], view: PlayerView,
                  ranked: Sequence[RankedReaction] = ()) -> dict[str, list[Choice]]:
    """The options by group, in :data:`GROUP_RULES` order: reactions as ``ranked`` (only the
    useful ones, best first), the others as the engine lists them."""
    groups: dict[str, list[Choice]] = {}
    for r in ranked:
        group = group_of(r.action, view)
        groups.setdefault(group, []).append(Choice(r.action, group, float(r.gain)))
    for action in actions:
        if action.keyword in ("reroll",) or (action.keyword == "reveal"
                                              and view.battle is not None):
            continue  # reactions come ranked
        group = group_of(action, view)
        groups.setdefault(group, []).append(Choice(action, group))
    return {g: groups[g] for g in GROUP_RULES if g in groups}


def choice_text(choice: Choice, view: PlayerView, lang: str) -> str:
    text = option_text(choice.action, view, lang)
    if choice.gain is not None:
        text += " · " + tr("adv.gain", lang,
                                   gain=fmt_number(choice.gain, lang, 2, signed=True))
    return text


class OptionsPanel(w.VBox):
    """The advantages' rows and the Pass button (see the module docstring).

    ``on_use(action)`` plays an option, ``on_pass()`` passes a reaction,
    ``on_rule_link(rule_id)`` opens the help at a rule.
    """

    def __init__(self, *, on_use: Callable[[Action], object], on_pass: Callable[[], object],
                 on_rule_link: Callable[[str], object], lang: str = "pt") -> None:
        self.on_use, self.on_pass, self.on_rule_link = on_use, on_pass, on_rule_link
        self.lang = lang
        self.title = w.HTML()
        self.title.add_class("warkit-options-label")
        self.rows = w.VBox()
        self.pass_button = w.Button(icon="forward")
        self.pass_button.add_class("warkit-pass")
        self.pass_button.on_click(lambda _: self.on_pass())
        self._key: tuple = ()
        self._groups: dict[str, list[Choice]] = {}
        self.lists: dict[str, w.Dropdown] = {}
        super().__init__([self.title, self.rows, self.pass_button])
        self.add_class("warkit-options-panel")

    def show(self, groups: dict[str, list[Choice]], view: PlayerView, reacting: bool,
             lang: str) -> None:
        """Show these groups (rebuilt only if they or the language changed)."""
        self.lang = lang
        self.title.value = f"<b>{escape(tr('play.advantages', lang))}</b>"
        self.pass_button.description = tr("play.btn.pass", lang)
        self.pass_button.layout.display = None if reacting else "none"
        key = (lang, reacting, tuple((g, tuple(c.action for c in cs))
                                     for g, cs in groups.items()))
        if key == self._key:
            return
        self._key, self._groups = key, groups
        rows, self.lists = [], {}
        for group, choices in groups.items():
            rows.append(self._row(group, choices, view, lang))
        if reacting and not groups:
            rows.append(w.HTML(escape(tr("adv.none_helps", lang))))
        self.rows.children = rows

    def _row(self, group: str, choices: list[Choice], view: PlayerView, lang: str) -> w.Box:
        rule = GROUP_RULES[group]
        about = w.HTML(f'<b>{escape(tr(f"adv.{group}.title", lang))}</b> — '
                       f'{escape(tr(f"adv.{group}.what", lang))}')
        about.add_class("wk-adv-about")
        link = w.Button(description=rule, tooltip=tr("adv.rule_link", lang, rule=rule),
                        layout=w.Layout(width="auto"))
        link.add_class("wk-rule-link")
        link.add_class(f"wk-rule-{rule}")
        link.on_click(lambda _, r=rule: self.on_rule_link(r))
        options = [(choice_text(c, view, lang), i) for i, c in enumerate(choices)]
        pick = w.Dropdown(options=options, value=0, layout=w.Layout(width="auto",
                                                                      max_width="100%"))
        pick.add_class(f"wk-adv-{group}")
        self.lists[group] = pick
        use = w.Button(description=tr("play.btn.use", lang), button_style="warning",
                       layout=w.Layout(width="auto"))
        use.add_class("warkit-use")
        use.on_click(lambda _, g=group: self.use(g))
        row = w.VBox([w.HBox([about, link], layout=w.Layout(align_items="center",
                                                             flex_flow="row wrap")),
                      w.HBox([pick, use], layout=w.Layout(flex_flow="row wrap"))])
        row.add_class("wk-adv-group")
        return row

    def use(self, group: str) -> None:
        """Play the option chosen in ``group``'s list."""
        choices, pick = self._groups.get(group), self.lists.get(group)
        if choices and pick is not None and pick.value is not None:
            self.on_use(choices[pick.value].action)
