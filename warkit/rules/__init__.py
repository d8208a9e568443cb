"""Rule sets by name: ``find_rules("classic")``; SMART registers itself here too."""

from __future__ import annotations

from typing import Any

from .classic import ClassicRules

RULESETS: dict[str, type[ClassicRules]] = {}


def register_rules(cls: type[ClassicRules]) -> type[ClassicRules]:
    """Make a rule set findable by its name and aliases."""
    for alias in (cls.name, *cls.aliases):
        RULESETS[alias.lower()] = cls
    return cls


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

__all__ = ["RULESETS", "ClassicRules", "SmartRules", "find_rules", "register_rules"]
