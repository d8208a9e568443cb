"""The expert's plan policy (warkit.bots.plan_policy): off by default it plays exactly like the
hard level; its knobs guard the border facing a likely hunter and stop a turn's attacks."""

from __future__ import annotations

from collections.abc import Sequence

import warkit
from warkit.actions import Action, Place, Trade, card_index
from warkit.bots import HardBot
from warkit.bots.evaluate import INDEX
from warkit.bots.plan_policy import PlanPolicy
from warkit.bots.smart_play import trade_armies
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


def _hunted_state(turn: int = 10) -> warkit.GameState:
    """Seat 0 holds Brasil (next to seat 1's Argentina) and Alasca (next to seat 2's
    Vladivostok; seat 2 holds the rest of the map), 3 armies to place."""
    return warkit.position({"brasil": 0, "alasca": 0, "argentina": 1, "vladivostok": 2},
                           {"brasil": 3, "alasca": 3, "argentina": 6, "vladivostok": 6},
                           players=3, rest=(2,), current=0, phase="place", reserves=3,
                           turn=turn)


def _hunted_position(turn: int = 10) -> PlayerView:
    return view(_hunted_state(turn), 0)


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


def test_trade_all_trades_the_hand_for_the_most_armies():
    """S-TRADE-1..5: the hard level keeps two cards (a small trade is worth less than the
    cards' other uses); the kill plan's knob trades them for the most armies they bring."""
    state = warkit.position({"brasil": 0, "argentina": 0}, {"brasil": 3, "argentina": 3},
                            players=3, rules="smart", rest=(1, 2), current=0, phase="trade",
                            hands={0: ["brasil", "alasca"]}, round=6)
    seen = view(state, 0)
    legal = state.rules.legal_actions(state)
    assert not isinstance(PlanPolicy(seed=3).choose(seen, legal), Trade)
    policy = PlanPolicy(seed=3)
    policy.trade_all = 1.0
    action = policy.choose(seen, legal)
    assert isinstance(action, Trade)
    quotes = {t: trade_armies(seen, tuple(card_index(c) for c in t.cards))
              for t in legal if isinstance(t, Trade)}
    assert len(quotes) > 1 and quotes[action] == max(quotes.values())
    assert sorted(action.cards) == ["alasca", "brasil"]  # 1 + 2 (different shapes) + 2 (Brasil)


def test_front_puts_every_free_army_on_the_chosen_border():
    """The front plans: all the turn's free armies on the best, then the second best border
    territory by the attack they make possible; the hard level splits or picks by itself."""
    state = _hunted_state()
    seen, legal = view(state, 0), warkit.legal_actions(state)
    spots = []
    for k in (1, 2):
        policy = PlanPolicy(seed=1)
        policy.front = float(k)
        action = policy.choose(seen, legal)
        assert isinstance(action, Place) and action.armies == seen.reserves == 3
        board = policy.board(seen)
        potential = policy.attack_potential(board, INDEX[action.territory], 2 + 3)
        spots.append((action.territory, potential))
    assert spots[0][0] != spots[1][0] and spots[0][1] >= spots[1][1]
    policy = PlanPolicy(seed=1)
    policy.front = 3.0  # two borders only: the hard level's own placement
    assert policy.choose(seen, legal) == PlanPolicy(seed=1).choose(seen, legal)


def test_fortify_puts_every_free_army_where_it_saves_the_most():
    """The fortify plan: three free armies raise Alasca's chance to hold (3 armies, threatened
    from Vladivostok) more than Brasil's (2 armies facing 5), so all go to Alasca; the hard
    level puts them on Brasil."""
    state = warkit.position({"brasil": 0, "alasca": 0, "argentina": 1, "vladivostok": 2},
                            {"brasil": 2, "alasca": 3, "argentina": 5, "vladivostok": 1},
                            players=3, rest=(1, 2), current=0, phase="place", reserves=3,
                            turn=10)
    seen, legal = view(state, 0), warkit.legal_actions(state)
    policy = PlanPolicy(seed=1)
    policy.fortify = 1.0
    assert policy.choose(seen, legal) == Place("alasca", 3)
    board = policy.board(seen)
    gains = {t: policy.keep_value(board, INDEX[t])
             * (board.hold(INDEX[t], seen.armies[INDEX[t]] + 3) - board.hold(INDEX[t]))
             for t in ("alasca", "brasil")}
    assert gains["alasca"] > gains["brasil"] > 0
    assert PlanPolicy(seed=1).choose(seen, legal) == Place("brasil", 3)
