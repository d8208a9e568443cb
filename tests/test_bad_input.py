"""Random junk thrown at every public function: a result or one of our errors, bounded, harmless.

The contract (``warkit.errors``): given anything at all - ``None``, the wrong type, negative,
huge, fractional or NaN numbers, unknown names, deep nesting, garbage text - a public function
of :mod:`warkit`, :mod:`warkit.odds`, :func:`warkit.bots.make` or the record loaders either
returns or raises a :class:`warkit.WarkitError` (a ``ValueError``; ``WrongTypeError`` is also a
``TypeError``). It never raises another exception, never changes its arguments, and never runs
away: each call runs under an alarm (:data:`SECONDS`, a hang or a minutes-long computation
fails the test) and an address-space cap (:data:`HEADROOM` above what the process already
maps, so a missing size guard fails with MemoryError instead of taking the machine's memory).
How fast errors come is measured by ``tests/bench/probe_bad_input.py``, not asserted here.
"""

from __future__ import annotations

import contextlib
import copy
import math
import os
import pickle
import resource
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warkit
import warkit.bots
import warkit.odds as odds
import warkit.seat_record

SECONDS = 60
HEADROOM = 2 * 2**30

NAMES = ("brasil", "argentina", "asia", "red", "white", "branco", "classic", "smart", "joker1",
         "joker3", "europe_oceania_plus_one", "attack brasil argentina 3", "end",
         "place brasil 2", "random", "hard", "attacker", "defender", "joker", "best", "lowest",
         "controlled", "attack", "game_over", "")

numbers_junk = st.one_of(
    st.integers(), st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([-1, 0, 10**9, 10**18, 2**63, -(2**63)]),
    st.floats(), st.sampled_from([math.nan, math.inf, -math.inf, 2.5, -0.0, 1e300]),
    st.fractions(max_denominator=7), st.complex_numbers(max_magnitude=10))
scalars = st.one_of(st.none(), st.booleans(), numbers_junk, st.text(max_size=12),
                    st.binary(max_size=6), st.sampled_from(NAMES))


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


junk = st.one_of(
    scalars,
    st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=6), st.integers(), st.sampled_from(NAMES)),
                        inner, max_size=4)), max_leaves=10),
    st.integers(min_value=1_000, max_value=5_000).map(lambda k: "[" * k + "]" * k),
    st.integers(min_value=1_000, max_value=5_000).map(lambda k: '{"a":' * k + "1" + "}" * k),
    st.integers(min_value=100, max_value=400).map(_nested),
)


# -- valid values, kept small so that a call with every argument valid stays quick ----------
def _states() -> list[warkit.GameState]:
    return [warkit.new_game(seed=1), warkit.new_game(5, "smart", seed=2),
            warkit.position({"brasil": 0, "argentina": 1}, {"brasil": 4}),
            warkit.initial_state(3)]


STATES = _states()
states = st.sampled_from(STATES)
actions = st.one_of(
    st.sampled_from([a for s in STATES for a in list(warkit.legal_actions(s))[:6]]),
    st.sampled_from(["end", "place alasca 1", "attack brasil argentina 3", "trade a b c"]))
seats = st.integers(min_value=-1, max_value=6)
armies = st.integers(min_value=0, max_value=12)
dice = st.integers(min_value=1, max_value=3)
card_names = st.sampled_from(["brasil", "joker1", "joker2", "alasca", "asia"])


@dataclass
class Target:
    """One public function and a valid value for each of its arguments (by keyword)."""

    name: str
    call: Callable[..., Any]
    valid: dict[str, st.SearchStrategy[Any]]
    mutates: tuple[str, ...] = ()  # arguments it changes on success, by design
    optional: tuple[str, ...] = field(default=())  # arguments that may be left out
    fixed: tuple[str, ...] = ()  # always valid (the object a method is called on)


def _match() -> warkit.Match:
    return warkit.Match.new(seed=3)


def _first_step() -> tuple[warkit.Match, dict[str, Any]]:
    """Seat 0's mirror of a game after its set-up, and that game's next step as seat 0 sees it."""
    real = _match()
    mirror = warkit.Match(warkit.mirror_state(warkit.view(real.state, 0)))
    action = warkit.legal_actions(real.state)[0]
    real.push(action)
    return mirror, warkit.seat_record.step_for(real.states[-2], action, real.state, 0)


VIEWS = [warkit.view(s, p) for s in (STATES[0], STATES[1], STATES[3]) for p in (0, None)]


TARGETS = [
    Target("apply", warkit.apply, {"state": states, "action": actions, "player": seats},
           optional=("player",)),
    Target("legal_actions", warkit.legal_actions, {"state": states}),
    Target("chance_outcomes", warkit.chance_outcomes, {"state": states}),
    Target("illegal_reason", warkit.illegal_reason, {"state": states, "action": actions}),
    Target("is_legal", warkit.is_legal, {"state": states, "action": actions}),
    Target("view", warkit.view, {"state": states, "player": seats}),
    Target("new_game", warkit.new_game, {
        "players": st.integers(3, 6), "rules": st.sampled_from(["classic", "smart"]),
        "seed": st.integers(0, 99), "attacks_in_first_round": st.booleans()},
        optional=("rules", "seed", "attacks_in_first_round")),
    Target("initial_state", warkit.initial_state, {
        "players": st.integers(3, 6), "rules": st.sampled_from(["classic", "smart"])}),
    Target("Sampler", warkit.Sampler, {"seed": st.integers(0, 99)}),
    Target("parse_action", warkit.parse_action, {"text": st.sampled_from(
        ["end", "attack brasil argentina 3", "roll 6,5 vs 4", "trade brasil joker1 asia"])}),
    Target("card_index", warkit.card_index, {"name": card_names}),
    Target("card_name", warkit.card_name, {"card": st.integers(0, 43)}),
    Target("position", warkit.position, {
        "owners": st.just({"brasil": 0, "argentina": 1}), "armies": st.just({"brasil": 3}),
        "players": st.integers(3, 6), "current": st.just(0), "rest": st.just((1, 2)),
        "phase": st.sampled_from(["attack", "move"]), "hands": st.just({0: ["brasil"]}),
        "discard": st.just(["joker1"]), "loot": st.just(()), "round": st.integers(2, 9),
        "turn": st.integers(5, 40), "trades": st.integers(0, 5), "reserves": st.just(0),
        "objectives": st.just({1: "asia_south_america"}),
        "continent_reserves": st.just({"asia": 0}), "settings": st.just({}),
        "check": st.booleans(), "eliminated_by": st.just(None), "alive": st.just(None)},
        optional=("armies", "players", "current", "rest", "phase", "hands", "discard", "loot",
                  "round", "turn", "trades", "reserves", "objectives", "continent_reserves",
                  "settings", "check", "eliminated_by", "alive")),
    Target("find_rules", warkit.find_rules, {
        "rules": st.sampled_from(["classic", "smart", "war"]),
        "attacks_in_first_round": st.booleans()}, optional=("attacks_in_first_round",)),
    Target("register_rules", warkit.register_rules, {"cls": st.nothing()}),
    Target("world_map().index", warkit.world_map().index, {"territory": card_names}),
    Target("world_map().neighbours", warkit.world_map().neighbours, {"territory": card_names}),
    Target("world_map().are_adjacent", warkit.world_map().are_adjacent,
           {"a": card_names, "b": card_names}),
    Target("world_map().continent", warkit.world_map().continent,
           {"continent": st.sampled_from(["asia", "europa", 0, 5])}),
    Target("world_map().objective", warkit.world_map().objective,
           {"objective_id": st.sampled_from(warkit.world_map().objective_ids)}),
    Target("world_map().color_index", warkit.world_map().color_index,
           {"color": st.sampled_from(["red", "white", "preto"])}),
    Target("loads", warkit.loads, {"text": st.sampled_from([warkit.dumps(STATES[0])])}),
    Target("dumps", warkit.dumps, {"obj": states, "indent": st.sampled_from([None, 0, 2])},
           optional=("indent",)),
    Target("state_from_dict", warkit.state_from_dict,
           {"data": st.sampled_from([warkit.state_to_dict(STATES[1])])}),
    Target("match_from_dict", warkit.match_from_dict,
           {"data": st.builds(lambda: warkit.match_to_dict(_match()))}),
    Target("state_to_dict", warkit.state_to_dict, {"state": states}),
    Target("match_to_dict", warkit.match_to_dict, {"match": st.builds(_match)}),
    Target("Match", warkit.Match, {"initial": states, "seed": st.integers(0, 9),
                                   "meta": st.just({"k": 1})}, optional=("seed", "meta")),
    Target("Match.push", lambda match, action: match.push(action),
           {"match": st.builds(_match), "action": actions}, mutates=("match",),
           fixed=("match",)),
    Target("Match.events", lambda match, index: match.events(index),
           {"match": st.builds(_match), "index": st.integers(-3, 3)}, fixed=("match",)),
    Target("mirror_state", warkit.mirror_state, {"v": st.sampled_from(VIEWS)}),
    Target("resolve_step", warkit.resolve_step, {
        "match": st.builds(lambda: _first_step()[0]), "step": st.just(_first_step()[1]),
        "seat": st.sampled_from([0, None, 1])}, mutates=("match",)),
    Target("simulate", warkit.simulate, {
        "players": st.integers(3, 6), "rules": st.sampled_from(["classic", "smart"]),
        "bots": st.sampled_from(["random", None]), "seed": st.integers(0, 9),
        "max_turns": st.integers(0, 3)}),
    Target("bots.make", warkit.bots.make, {
        "level": st.sampled_from(list(warkit.bots.BOTS)), "seed": st.integers(0, 9)}),
    # the odds
    Target("odds.roll_outcomes", odds.roll_outcomes, {
        "att_dice": dice, "def_dice": dice, "sides": st.integers(2, 8),
        "terrain": st.sampled_from([None, "attacker", "defender"]),
        "reroll": st.sampled_from([None, odds.Reroll("joker")]), "defenders": dice},
        optional=("sides", "terrain", "reroll", "defenders")),
    Target("odds.win_probability", odds.win_probability, {
        "attackers": armies, "defenders": armies, "stop_at": st.integers(0, 3),
        "exact": st.booleans(), "sides": st.integers(2, 8),
        "terrain": st.sampled_from([None, "attacker", "defender"]),
        "attacker_dice_max": dice, "defender_dice_max": dice,
        "lone_defender_shield": st.booleans(), "ties": st.sampled_from(["defender", None])},
        optional=("stop_at", "exact", "sides", "terrain", "attacker_dice_max",
                  "defender_dice_max", "lone_defender_shield", "ties")),
    Target("odds.win_table", odds.win_table, {
        "max_attackers": armies, "max_defenders": armies, "stop_at": st.integers(0, 3),
        "reroll": st.sampled_from([None, odds.Reroll("controlled", cards=2)])},
        optional=("stop_at", "reroll")),
    Target("odds.final_distribution", odds.final_distribution, {
        "attackers": armies, "defenders": armies, "exact": st.booleans(),
        "stop_at": st.integers(0, 3)}, optional=("exact", "stop_at")),
    Target("odds.expected_losses", odds.expected_losses, {
        "attackers": armies, "defenders": armies, "exact": st.booleans()},
        optional=("exact",)),
    Target("odds.simulate_rolls", odds.simulate_rolls, {
        "att_dice": dice, "def_dice": dice, "n": st.integers(0, 500), "seed": st.integers(0, 9),
        "sides": st.integers(2, 12), "terrain": st.sampled_from([None, "attacker"])},
        optional=("seed", "sides", "terrain")),
    Target("odds.simulate_battles", odds.simulate_battles, {
        "attackers": armies, "defenders": armies, "n": st.integers(0, 500),
        "seed": st.integers(0, 9), "stop_at": st.integers(0, 3),
        "confidence": st.sampled_from([0.9, 0.95]),
        "reroll": st.sampled_from([None, odds.Reroll("joker", cards=1)])},
        optional=("seed", "stop_at", "confidence", "reroll")),
    Target("odds.choose_reroll", odds.choose_reroll, {
        "own": st.lists(st.integers(1, 6), min_size=1, max_size=3),
        "enemy": st.lists(st.integers(1, 6), min_size=1, max_size=3),
        "card": st.sampled_from(["joker", "controlled", "non_controlled"]),
        "side": st.sampled_from(["attacker", "defender"])}, optional=("side",)),
    Target("odds.Reroll", odds.Reroll, {
        "card": st.sampled_from(["joker", "controlled"]), "side": st.just("attacker"),
        "policy": st.sampled_from(["best", "lowest"]), "cards": st.integers(1, 5)},
        optional=("side", "policy", "cards")),
]


@contextlib.contextmanager
def bounded() -> Iterator[None]:
    """Fail a call that runs past :data:`SECONDS` or maps :data:`HEADROOM` more memory."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        mapped = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    cap = mapped + HEADROOM if hard == resource.RLIM_INFINITY else min(hard, mapped + HEADROOM)

    def timeout(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {SECONDS} s")

    previous = signal.signal(signal.SIGALRM, timeout)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    signal.alarm(SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def snapshot(value: Any) -> Any:
    """Something to compare ``value`` with after the call (states by value, the rest pickled)."""
    if isinstance(value, warkit.GameState):
        return copy.copy(value)
    if isinstance(value, warkit.Match):
        return (list(value.states), list(value.actions), value.seed, dict(value.meta))
    try:
        return pickle.dumps(value)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_junk_gives_a_result_or_our_error(target: Target, data: st.DataObject) -> None:
    kwargs: dict[str, Any] = {}
    for name, valid in target.valid.items():
        if name in target.optional and data.draw(st.booleans(), label=f"leave {name} out"):
            continue
        use_junk = valid.is_empty or (name not in target.fixed
                                      and data.draw(st.booleans(), label=f"junk {name}"))
        kwargs[name] = data.draw(junk if use_junk else valid, label=name)
    if data.draw(st.integers(0, 9), label="unknown keyword") == 0:
        kwargs["no_such_option"] = data.draw(junk, label="no_such_option")
    before = {name: snapshot(value) for name, value in kwargs.items()}
    try:
        with bounded():
            target.call(**kwargs)
    except warkit.WarkitError as exc:
        assert str(exc), "an error says what was wrong"
        changeable: tuple[str, ...] = ()
    except TypeError as exc:
        # Python's own refusal of a keyword the function does not take is the language's
        # message, not ours; any other TypeError is a bug.
        assert "unexpected keyword argument" in str(exc), repr(exc)
        changeable = ()
    else:
        changeable = target.mutates
    for name, value in kwargs.items():
        if name not in changeable and before[name] is not None:
            assert snapshot(value) == before[name], f"{target.name} changed its {name}"


def test_the_error_classes_keep_the_builtin_families() -> None:
    """WrongTypeError is a TypeError and UnknownNameError a KeyError, both ValueErrors."""
    from warkit.errors import InvalidArgumentError, UnknownNameError, WrongTypeError

    assert issubclass(InvalidArgumentError, warkit.WarkitError)
    assert issubclass(WrongTypeError, TypeError) and issubclass(WrongTypeError, ValueError)
    assert issubclass(UnknownNameError, KeyError) and issubclass(UnknownNameError, ValueError)
    assert str(UnknownNameError("unknown territory 'x'")) == "unknown territory 'x'"
    with pytest.raises(WrongTypeError, match="game state"):
        warkit.apply(cast(Any, None), "end")


P0 = {"brasil": 0}  # seat 0 owns a territory: the player to act is in the game
DEEP = "[" * 100_000 + "]" * 100_000
NAMED_CASES = [
    # the cases issue 21 found, each now a refusal that says what was wrong
    (lambda: warkit.loads(DEEP), "SaveFileError", "nested too deep"),
    (lambda: warkit.loads(None), "WrongTypeError", "JSON text"),
    (lambda: warkit.loads("1" * 5000), "SaveFileError", "not valid JSON"),
    (lambda: warkit.apply(cast(Any, None), "end"), "WrongTypeError", "must be a game state"),
    (lambda: warkit.legal_actions(cast(Any, "state")), "WrongTypeError", "game state"),
    (lambda: warkit.position(P0, current=-3), "InvalidArgumentError",
     "current must be from 0 to 3"),
    (lambda: warkit.position(P0, current=2.5), "WrongTypeError", "current must be a whole"),
    (lambda: warkit.position(P0, armies={"brasil": 2.5}), "WrongTypeError",
     r"armies\['brasil'\] must be a whole number, got 2.5"),
    (lambda: warkit.position(P0, armies={"brasil": 10**100}), "InvalidArgumentError",
     "at most|from 0 to 10000"),
    (lambda: warkit.position(P0, round=-1), "InvalidArgumentError", "round must be from 1"),
    (lambda: warkit.position(P0, bogus=1), "InvalidArgumentError",
     "position.. has no argument 'bogus'"),
    (lambda: warkit.position(P0, rest=()), "InvalidArgumentError", "rest must name"),
    (lambda: warkit.position(P0, objectives={0: "bogus"}), "UnknownNameError",
     "unknown objective 'bogus'"),
    (lambda: warkit.position(P0, eliminated_by={9: 0}), "InvalidArgumentError",
     "each seat of eliminated_by"),
    (lambda: warkit.position(P0, phase="bogus"), "InvalidArgumentError", "no step 'bogus'"),
    (lambda: warkit.position({"brasil": "red"}), "WrongTypeError", "owners"),
    (lambda: warkit.card_name(-1), "InvalidArgumentError", "card must be from 0 to 43"),
    (lambda: warkit.card_index(cast(Any, 5)), "InvalidActionError", "a card name is text"),
    (lambda: warkit.world_map().index(cast(Any, None)), "UnknownNameError",
     "unknown territory None"),
    (lambda: warkit.find_rules("classic", bogus=1), "InvalidArgumentError",
     "unknown setting for classic rules: bogus"),
    (lambda: warkit.simulate(max_turns=-1), "InvalidArgumentError", "max_turns"),
    (lambda: warkit.simulate(bots=cast(Any, [1, 2, 3, 4])), "WrongTypeError", "each bot"),
    (lambda: warkit.bots.make(seed=cast(Any, "x")), "WrongTypeError", "seed"),
    (lambda: warkit.Match.new(seed=1).events(999), "InvalidArgumentError", "index must be"),
]


@pytest.mark.parametrize(("call", "kind", "message"), NAMED_CASES)
def test_the_cases_issue_21_found_are_refused_with_a_reason(call: Callable[[], object],
                                                           kind: str, message: str) -> None:
    with pytest.raises(warkit.WarkitError, match=message) as caught:
        call()
    assert type(caught.value).__name__ == kind
