"""Rule sets by name: ``find_rules("classic")``; SMART registers itself here too."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import InvalidArgumentError, WrongTypeError, describe
from .classic import ClassicRules

RULESETS: dict[str, type[ClassicRules]] = {}


def register_rules(cls: type[ClassicRules]) -> type[ClassicRules]:
    """Make a rule set findable by its name and aliases."""
    if not (isinstance(cls, type) and issubclass(cls, ClassicRules)):
        raise WrongTypeError(f"a rule set is a subclass of ClassicRules, got {describe(cls)}")
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
            raise InvalidArgumentError("give settings either in the rules object or as keywords, "
                                       "not both")
        return rules
    if not isinstance(rules, str) or rules.lower() not in RULESETS:
        raise InvalidArgumentError(f"unknown rules {describe(rules)}; known: "
                                   f"{', '.join(sorted(set(RULESETS)))}")
    cls = RULESETS[rules.lower()]
    try:
        return cls(**settings)
    except TypeError:
        known = ", ".join(f.name for f in dataclasses.fields(cls))
        unknown = ", ".join(sorted(set(settings) - {f.name for f in dataclasses.fields(cls)}))
        raise InvalidArgumentError(f"unknown setting for {cls.name} rules: {unknown}; the "
                                   f"settings are {known}") from None


register_rules(ClassicRules)

from .smart import SmartRules  # noqa: E402  (SMART builds on the classic rules above)

register_rules(SmartRules)

__all__ = ["RULESETS", "ClassicRules", "SmartRules", "find_rules", "register_rules",
           "registered_rules", "unregister_rules"]
