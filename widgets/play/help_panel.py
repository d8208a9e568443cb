"""The rules panel of the dashboard: the rule book in short, in the player's language, opened
at any rule ID (``open_help("C-ATK-4")``) and closed with a button.

:func:`help_html` is a pure function (a section of :mod:`.help_texts` as HTML, one rule
highlighted); :class:`HelpPanel` shows it with a section list; :class:`RuleLinks` turns the
rule IDs found in a text (a refusal, an advantage's explanation) into buttons that open the
panel at that rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from ..i18n import normalize_lang
from .help_texts import RULES, SECTIONS, rule_text, section_title
from .messages import tr

RULE_ID = re.compile(r"\b[CS]-[A-Z]+-\d+\b")
"""What a rule ID looks like (``C-ATK-4``, ``S-TERRAIN-3``)."""
RULE_BOOK = {"en": "RULES.md", "pt": "REGRAS.md"}
"""The kit's rule book in each language, at the root of the repository (and installed with the
package under ``share/doc/warkit``): every rule, every decision and its reason, the sources."""
RULE_BOOK_URL = "https://github.com/warkit/warkit/blob/HEAD/{book}"
"""Where a page links to the book (the repository the README's badges point at)."""

HELP_STYLE = """<style>
.wk-help{border:2px solid #6b5d48;border-radius:8px;padding:8px 12px;background:#fffdf7;
 max-height:60vh;overflow-y:auto}
.wk-help .wk-rule{display:block;margin:6px 0;line-height:1.4;padding:2px 4px}
.wk-help .wk-rule-id{font-weight:bold;font-family:monospace;margin-right:6px}
.wk-help .wk-focus{background:#fff3c4;outline:2px solid #e0a800;border-radius:4px}
.warkit-rule-links button{min-width:0;padding:0 6px;font-family:monospace}
</style>"""


def rule_ids(text: str) -> list[str]:
    """The known rule IDs in a text, in order, each once."""
    found: list[str] = []
    for rule in RULE_ID.findall(text):
        if rule in RULES and rule not in found:
            found.append(rule)
    return found


def section_of(rule: str) -> str | None:
    """The help section that explains a rule ID (``None`` for an unknown ID)."""
    for section, rules in SECTIONS:
        if rule in rules:
            return section
    return None


def help_html(section: str, lang: str = "pt", focus: str | None = None) -> str:
    """One section of the rules as HTML, ``focus`` (a rule ID) highlighted."""
    lang = normalize_lang(lang)
    found = [rules for sid, rules in SECTIONS if sid == section]
    if not found:
        raise ValueError(f"no help section {section!r}")
    rules, sid = found[0], section
    items = "".join(
        f'<div class="wk-rule{" wk-focus" if r == focus else ""}" data-rule="{r}">'
        f'<span class="wk-rule-id">{r}</span> '
        f'<span class="wk-rule-text">{escape(rule_text(r, lang))}</span></div>' for r in rules)
    return (f'<div class="wk-help-body" data-section="{sid}">'
            f"<h4>{escape(section_title(sid, lang))}</h4>"
            f"{items}{book_html(lang)}</div>")


def book_html(lang: str = "pt") -> str:
    """A line linking to the whole rule book in ``lang`` (the panel explains each rule in
    short; the book adds the decisions, their reasons and the sources)."""
    book = RULE_BOOK[normalize_lang(lang)]
    link = (f'<a href="{RULE_BOOK_URL.format(book=book)}" target="_blank" '
            f'rel="noopener">{book}</a>')
    return f'<p class="wk-help-book">{escape(tr("help.book", lang))} {link}</p>'



class HelpPanel(w.VBox):
    """The rules panel (hidden until opened): a section list, the section, a close button."""

    def __init__(self, lang: str = "pt") -> None:
        self._lang = normalize_lang(lang)
        self.focus: str | None = None
        self.title = w.HTML()
        self.sections = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"))
        self.sections.add_class("warkit-help-sections")
        self.sections.observe(lambda _: self._show(), "value")
        self.close_button = w.Button(icon="times", layout=w.Layout(width="auto"))
        self.close_button.add_class("warkit-help-close")
        self.close_button.on_click(lambda _: self.close_help())
        self.body = w.HTML()
        self.body.add_class("warkit-help-text")
        head = w.HBox([self.title, self.sections, self.close_button],
                      layout=w.Layout(flex_flow="row wrap", align_items="center",
                                      grid_gap="6px"))
        super().__init__([w.HTML(HELP_STYLE), head, self.body],
                         layout=w.Layout(display="none"))
        self.add_class("warkit-help")
        self.add_class("wk-help")
        self._relabel()

    @property
    def is_open(self) -> bool:
        return self.layout.display != "none"

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        self._relabel()

    def open_help(self, rule: str | None = None) -> None:
        """Open the panel at a rule ID (``None`` or an unknown ID: the section shown last)."""
        section = section_of(rule) if rule else None
        self.focus = rule if section else None
        if section is not None and self.sections.value != section:
            self.sections.value = section  # redraws
        else:
            self._show()
        self.layout.display = None

    def close_help(self) -> None:
        self.layout.display = "none"

    def toggle(self) -> None:
        """Open (at the section shown last) or close the panel."""
        if self.is_open:
            self.close_help()
        else:
            self.open_help()

    def _relabel(self) -> None:
        lang = self._lang
        self.title.value = f"<b>{escape(tr('help.title', lang))}</b>"
        self.close_button.description = tr("help.close", lang)
        value = self.sections.value or SECTIONS[0][0]
        self.sections.options = [(section_title(sid, lang), sid) for sid, _ in SECTIONS]
        self.sections.value = value
        self._show()

    def _show(self) -> None:
        section = self.sections.value or SECTIONS[0][0]
        focus = self.focus if section_of(self.focus or "") == section else None
        self.body.value = help_html(section, self._lang, focus)


class RuleLinks(w.HBox):
    """Buttons for the rule IDs of a text (``show(text)``); each opens the help at its rule."""

    children: Sequence[w.Button]  # ipywidgets' trait (untyped library), as this class fills it

    def __init__(self, open_help: Callable[[str], object], lang: str = "pt") -> None:
        self.open_help = open_help
        self._lang = normalize_lang(lang)
        self.rules: list[str] = []
        super().__init__(layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.add_class("warkit-rule-links")

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        for button in self.children:
            button.tooltip = tr("help.open_rule", self._lang, rule=button.description[2:])

    def show(self, text: str) -> None:
        """One button per rule ID in ``text`` (buttons are reused, never closed)."""
        rules = rule_ids(text)
        if rules == self.rules:
            return
        self.rules = rules
        buttons = list(self.children)
        while len(buttons) < len(rules):
            buttons.append(self._button(len(buttons)))
        if len(buttons) != len(self.children):
            self.children = buttons
        for i, button in enumerate(buttons):
            shown = i < len(rules)
            button.layout.display = None if shown else "none"
            if shown:
                button.description = f"? {rules[i]}"
                button.tooltip = tr("help.open_rule", self._lang, rule=rules[i])

    def _button(self, i: int) -> w.Button:
        button = w.Button(layout=w.Layout(width="auto"))
        button.add_class("warkit-rule-link")
        button.on_click(lambda _: i < len(self.rules) and self.open_help(self.rules[i]))
        return button
