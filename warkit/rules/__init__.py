"""Rule sets by name: ``find_rules("classic")``; SMART registers itself here too."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .classic import ClassicRules

RULESETS: dict[str, type[ClassicRules]] = {}


def register_rules(cls: type[ClassicRules]) -> type[ClassicRules]:
    """Make a rule set findable by its name and aliases."""
    for alias in (cls.name, *cls.aliases):
        RULESETS[alias.lower()] = cls
    return cls


def unregister_rules(cls: type[ClassicRules]) -> None:
    """Forget a rule set's name and aliases (only those that name ``cls``)."""
    for alias in (cls.name, *cls.aliases):
        if RULESETS.get(alias.lower()) is cls:
            del RULESETS[alias.lower()]


@contextmanager
def registered_rules(cls: type[ClassicRules]) -> Iterator[str]:
    """A rule set findable by name only inside a ``with`` block (a test's or a lesson's
    variant): yields its name; afterwards the registry is as it was (a name it had shadowed
    comes back)."""
    shadowed = {alias.lower(): RULESETS[alias.lower()] for alias in (cls.name, *cls.aliases)
                if alias.lower() in RULESETS}
    register_rules(cls)
    try:
        yield cls.name
    finally:
        unregister_rules(cls)
        RULESETS.update(shadowed)


def find_rules(rules: str | ClassicRules = "classic", **settings: Any) -> ClassicRules:
    """A rule set from its name (``"classic"``...) and settings, or an instance as is."""
    if isinstance(rules, ClassicRules):
        if settings:
            raise ValueError("give settings either in the rules object or as keywords, not both")
        return rules
    if not isinstance(rules, str) or rules.lower() not in RULESETS:
        raise ValueError(f"unknown rules {rules!r}; known: {', '.join(sorted(set(RULESETS)))}")
    cls = RULESETS[rules.lower()]
    try:
        return cls(**settings)
    except TypeError as exc:
        raise ValueError(f"unknown setting for {cls.name} rules: {exc}") from None


register_rules(ClassicRules)

from .smart import SmartRules  # noqa: E402  (SMART builds on the classic rules above)

register_rules(SmartRules)

__all__ = ["RULESETS", "ClassicRules", "SmartRules", "find_rules", "register_rules",
           "registered_rules", "unregister_rules"]
