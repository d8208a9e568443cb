"""The rules panel (warkit_widgets.play.help_panel): every rule ID of the rule book explained in
both
languages, opened at any rule ID, and rule IDs in a message turned into links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from warkit_widgets.i18n.check import project_domains, read
from warkit_widgets.play.help_panel import HelpPanel, RuleLinks, help_html, rule_ids, section_of
from warkit_widgets.play.help_texts import RULES, SECTIONS, rule_text

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"\b[CS]-[A-Z]+-\d+\b")


def test_each_rule_is_in_exactly_one_section_in_both_languages():
    listed = [r for _, rules in SECTIONS for r in rules]
    assert sorted(listed) == sorted(RULES) and len(set(listed)) == len(listed)
    for rule in RULES:
        en, pt = rule_text(rule, "en"), rule_text(rule, "pt")
        assert en and pt and en != pt, rule


def test_every_rule_the_code_cites_can_be_opened():
    """A refusal or a lesson message citing a rule ID can open the panel at it."""
    cited = set()
    for folder in ("warkit", "widgets"):
        for path in (ROOT / folder).rglob("*.py"):
            cited |= set(RULE.findall(path.read_text(encoding="utf-8")))
    for domain in project_domains():
        for lang in ("en", "pt"):
            for text in read(domain, lang)[1].values():
                cited |= set(RULE.findall(" ".join(text) if isinstance(text, tuple) else text))
    assert cited - set(RULES) == set()


@pytest.mark.parametrize("book", ["RULES.md", "REGRAS.md"])
def test_the_panel_covers_the_whole_rule_book(book):
    """The kit's own rule book (tests/test_rule_book.py checks it; no sentence of the panel is
    copied from the sources either, checked there)."""
    text = (ROOT / book).read_text(encoding="utf-8")
    assert set(re.findall(r"\*\*([CS]-[A-Z]+-\d+)", text)) == set(RULES)


def test_rule_ids_in_a_message():
    text = "Brasil has 1 army (C-ATK-1, C-ATK-2); see C-ATK-1 and X-FOO-1"
    assert rule_ids(text) == ["C-ATK-1", "C-ATK-2"]
    assert section_of("S-TERRAIN-3") == "smart-combat" and section_of("C-NOPE-1") is None


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_help_html_highlights_the_rule(lang):
    html = help_html("attack", lang, "C-ATK-4")
    assert html.count("wk-focus") == 1
    assert '<div class="wk-rule wk-focus" data-rule="C-ATK-4">' in html
    assert "C-ATK-1" in html and "C-CONQ-1" not in html
    assert rule_text("C-ATK-4", lang) in html.replace("&#x27;", "'")
    with pytest.raises(ValueError):
        help_html("nowhere", lang)


def test_the_panel_opens_at_a_rule_and_closes():
    panel = HelpPanel("en")
    assert not panel.is_open
    panel.open_help("S-REROLL-1")
    assert panel.is_open and panel.sections.value == "smart-combat"
    assert 'class="wk-rule wk-focus" data-rule="S-REROLL-1"' in panel.body.value
    assert "Tactical regroup" in panel.body.value
    panel.lang = "pt"
    assert "Reagrupamento tático" in panel.body.value and panel.close_button.description == "Fechar"
    panel.sections.value = "cards"  # browsing: no highlight in another section
    assert "wk-focus" not in panel.body.value.replace("wk-focus{", "")
    panel.close_help()
    assert not panel.is_open
    panel.open_help("NOT-A-RULE")  # an unknown ID opens where the panel was
    assert panel.is_open and panel.sections.value == "cards"
    panel.toggle()
    assert not panel.is_open


def test_rule_links_open_the_help_at_their_rule():
    opened = []
    links = RuleLinks(opened.append, "en")
    links.show("Refused: Brasil keeps 1 army (C-ATK-2).")
    shown = [b for b in links.children if b.layout.display != "none"]
    assert [b.description for b in shown] == ["? C-ATK-2"]
    shown[0].click()
    assert opened == ["C-ATK-2"]
    links.show("No rule here.")
    assert all(b.layout.display == "none" for b in links.children)
