"""The rules panel's contents: the sections of the kit's rule book (``RULES.md``, ``REGRAS.md``)
and the rule IDs each one explains, in the book's order; read by
:mod:`warkit_widgets.play.help_panel`.

The words are in the game's catalogue (``widgets/play/locale/``): ``help.section.<id>`` is a
section's title, ``help.rule.<rule ID>`` what the rule means for a player, in the project's own
words (its decisions included), short enough to read during a game.
"""

from __future__ import annotations

from .messages import tr

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("components", ("C-COMP-1", "C-COMP-2", "C-COMP-3", "C-COMP-4")),
    ("setup", ("C-SETUP-1", "C-SETUP-2", "C-SETUP-3", "C-SETUP-4")),
    ("turn", ("C-TURN-1", "C-TURN-2")),
    ("reinforce", ("C-REINF-1", "C-REINF-2", "C-REINF-3")),
    ("cards", ("C-CARD-1", "C-CARD-2", "C-CARD-3", "C-CARD-4", "C-CARD-5", "C-CARD-6")),
    ("attack", ("C-ATK-1", "C-ATK-2", "C-ATK-3", "C-ATK-4", "C-ATK-5")),
    ("conquest", ("C-CONQ-1", "C-CONQ-2")),
    ("move", ("C-MOVE-1", "C-MOVE-2", "C-MOVE-3")),
    ("end", ("C-ELIM-1", "C-ELIM-2", "C-WIN-1", "C-WIN-2")),
    ("smart-setup", ("S-SETUP-1", "S-SETUP-2", "S-SETUP-3", "S-TERM-1", "S-TERM-2")),
    ("smart-reinforce", ("S-REINF-1", "S-REINF-2", "S-REINF-3", "S-INTEL-1", "S-INTEL-2",
     "S-SUPPLY-1")),
    ("smart-combat", ("S-LIMIT-1", "S-AIR-1", "S-TERRAIN-1", "S-TERRAIN-2", "S-TERRAIN-3",
     "S-REROLL-1")),
    ("smart-conquest", ("S-CONQ-1", "S-CONQ-2", "S-CONQ-3")),
    ("smart-move", ("S-MOVE-1", "S-ALLY-1", "S-PASS-1", "S-AIRLIFT-1")),
    ("smart-end-turn", ("S-END-1", "S-END-2")),
    ("smart-trade", ("S-TRADE-1", "S-TRADE-2", "S-TRADE-3", "S-TRADE-4", "S-TRADE-5", "S-TRADE-6")),
    ("smart-end", ("S-WIN-1", "S-WIN-2", "S-WIN-3")),
)
"""(section id, rule IDs in order)."""

RULES: tuple[str, ...] = tuple(rule for _, rules in SECTIONS for rule in rules)
"""Every rule ID the panel explains, in the book's order."""


def section_title(section: str, lang: str) -> str:
    """A section's title in ``lang`` ("Ataque", "Attacking")."""
    return tr(f"help.section.{section}", lang)


def rule_text(rule: str, lang: str) -> str:
    """What rule ``rule`` says, in ``lang``."""
    return tr(f"help.rule.{rule}", lang)
