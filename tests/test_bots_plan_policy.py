"""The expert's plan policy (warkit.bots.plan_policy): off by default it plays exactly like the
hard level; its knobs guard the border facing a likely hunter and stop a turn's attacks."""

from __future__ import annotations

from collections.abc import Sequence

import warkit
from warkit.actions import Action
from warkit.bots import HardBot
from warkit.bots.evaluate import INDEX
from warkit.bots.plan_policy import PlanPolicy
from warkit.view import PlayerView, view


def test_with_its_knobs_off_it_plays_like_the_hard_level():
    def actions(bot: HardBot) -> list[str]:
        match = warkit.simulate(4, "classic", bots=[bot, "hard", "hard", "hard"], seed=21)
        return [str(a) for a in match.actions]

    assert actions(PlanPolicy(seed=4)) == actions(HardBot(seed=4))


class ConquestCounter:
    """Wraps a policy: the most territories it gained within one of its turns."""

    def __init__(self, bot: PlanPolicy) -> None:
        self.bot = bot
        self.level = bot.level
        self.start: dict[int, int] = {}
        self.most = 0

    def choose(self, seen: PlayerView, legal: Sequence[Action]) -> Action:
        if seen.current == seen.player:
            held = seen.owner.count(seen.player)
            start = self.start.setdefault(seen.turn, held)
            self.most = max(self.most, held - start)
        return self.bot.choose(seen, legal)


def test_most_conquests_stops_the_turns_attacks():
    free, capped = PlanPolicy(seed=2), PlanPolicy(seed=2)
    capped.most_conquests = 1
    counters = [ConquestCounter(free), ConquestCounter(capped)]
    for counter in counters:
        warkit.simulate(3, "classic", bots=[counter, "hard", "hard"], seed=5, max_turns=60)
    assert counters[0].most > 1  # the hard level takes several territories a turn
    assert counters[1].most == 1


def _hunted_position(turn: int = 10) -> PlayerView:
    """Seat 0 holds Brasil (next to seat 1's Argentina) and Alasca (next to seat 2's
    Vladivostok; seat 2 holds the rest of the map)."""
    state = warkit.position({"brasil": 0, "alasca": 0, "argentina": 1, "vladivostok": 2},
                            {"brasil": 3, "alasca": 3, "argentina": 6, "vladivostok": 6},
                            players=3, rest=(2,), current=0, phase="place", reserves=3,
                            turn=turn)
    return view(state, 0)


def test_guard_values_the_border_facing_the_likely_hunter():
    policy = PlanPolicy(seed=1)
    policy.opponents.observe(_hunted_position(turn=7))
    policy.opponents.taken[1, 0] = policy.opponents.total[1] = 10  # seat 1 took seat 0's land
    seen = _hunted_position(turn=10)
    policy.opponents.observe(seen)  # a new turn: the model's memo starts afresh
    board = policy.board(seen)
    hunters = policy.hunters(board)
    assert hunters[1] > 2 * hunters[2] > 0 and hunters[0] == 0.0
    brasil, alasca = INDEX["brasil"], INDEX["alasca"]
    plain = policy.keep_value(board, brasil), policy.keep_value(board, alasca)
    policy.guard = 4.0
    guarded = policy.board(seen)
    assert policy.keep_value(guarded, brasil) / plain[0] > \
        policy.keep_value(guarded, alasca) / plain[1] > 1.0
