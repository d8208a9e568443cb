"""Fixtures for the widget tests: a fixed battle position and a recorder of canvas commands."""

from __future__ import annotations

import pytest
from warkit_widgets.lessons.examples import rule_book_position

import warkit


@pytest.fixture(scope="session")
def battle_state() -> warkit.GameState:
    """Red to attack: Brasil 4 vs Argentina 3 (rule book example a), Franca 10 vs Alemanha 4 (c)."""
    state = rule_book_position()
    assert state.phase is warkit.Phase.ATTACK and state.colors[state.current] == "red"
    assert [state.armies_at(t) for t in ("brasil", "argentina", "franca", "alemanha")] == [
        4, 3, 10, 4]
    return state


class Recorder:
    """A stand-in canvas layer: records method calls and style attributes, in order."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __setattr__(self, name: str, value: object) -> None:
        self.calls.append(("set", name, value))

    def __getattr__(self, name: str):
        def method(*args: object) -> None:
            self.calls.append(("call", name, args))

        return method

    def named(self, name: str) -> list[tuple]:
        return [c[2] for c in self.calls if c[0] == "call" and c[1] == name]

    def sets(self, name: str) -> list[object]:
        return [c[2] for c in self.calls if c[0] == "set" and c[1] == name]


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()
