"""The rule sets a new game may use (the engine's registry) and their names in words.

The dashboard never lists rule sets by hand: :func:`rule_set_names` reads
:data:`warkit.rules.RULESETS`, so a rule set registered there (a variant)
can be chosen, played, saved and named without an edit here.
"""

from __future__ import annotations

from warkit import RULESETS

from .messages import PLAY, tr


def rule_set_names() -> tuple[str, ...]:
    """The names of the registered rule sets, in the order they were registered (classic
    War first); aliases are left out."""
    return tuple(dict.fromkeys(cls.name for cls in RULESETS.values()))


def rules_label(name: str, lang: str) -> str:
    """A rule set's name in words (``play.rules.<name>``, e.g. "War clássico"); a rule set
    without a translated label is shown by its own name."""
    key = f"play.rules.{name}"
    return tr(key, lang) if key in PLAY else name
