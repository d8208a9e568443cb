"""The expert level: legal whole games, views only, reproducible, a sane belief, and the
determinized worlds it searches (warkit.bots.expert, .belief, .determinize)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import warkit
from warkit.actions import Action
from warkit.bots import ExpertBot, HardBot, make
from warkit.bots.belief import ObjectiveBelief
from warkit.bots.determinize import can_determinize, determinize
from warkit.bots.evaluate import Board
from warkit.bots.expert import PLANS, position_value
from warkit.state import CHANCE, GameState, evolve
from warkit.validate import state_problems
from warkit.view import PlayerView, view
from warkit.worldmap import world_map

SMALL = len(PLANS)
"""The smallest budget: one world, every plan played once in it."""


class Checked:
    """Wraps a bot: every call must get a view (never a state) and return a legal action."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot = bot
        self.level = bot.level
        self.calls = 0

    def choose(self, seen: PlayerView, legal: Sequence[Action]) -> Action:
        assert isinstance(seen, PlayerView) and not isinstance(seen, GameState)
        assert seen.player == seen.current_player
        action = self.bot.choose(seen, legal)
        assert action in legal, f"{action} is not legal here"
        self.calls += 1
        return action


@pytest.mark.parametrize("rules,players", [("classic", 3), ("classic", 6), ("smart", 4),
                                           ("smart", 5)])
def test_expert_plays_whole_games_legally_from_views(rules, players):
    expert = Checked(ExpertBot(seed=players, iterations=SMALL))
    match = warkit.simulate(players, rules, bots=[expert] + ["hard"] * (players - 1),
                            seed=10 + players)
    assert match.state.is_terminal and match.state.winners
    assert expert.calls > 0
    assert expert.bot.searches > 0 and expert.bot.rollouts == expert.bot.searches * len(PLANS)


def test_same_seed_and_budget_replay_the_same_game():
    def game() -> list[str]:
        bots = [ExpertBot(seed=3, iterations=SMALL), "hard", "hard"]
        return [str(a) for a in warkit.simulate(3, "smart", bots=bots, seed=8).actions]

    assert game() == game()


def test_make_builds_the_expert_at_the_standard_budget():
    bot = make("expert", seed=1)
    assert isinstance(bot, ExpertBot) and bot.level == "expert"
    with pytest.raises(ValueError, match="iterations"):
        ExpertBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        ExpertBot(seconds=-1)


def _turn_start(rules: str, players: int, seed: int) -> GameState:
    """The first state where seat 0 starts its own turn after some play."""
    match = warkit.simulate(players, rules, bots="hard", seed=seed, max_turns=3 * players)
    for state in match.states:
        if state.turn > players and state.current == 0 and can_determinize(view(state, 0)):
            return state
    raise AssertionError("no turn start found")


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_a_determinized_world_looks_like_the_view_and_is_a_valid_state(rules):
    real = _turn_start(rules, 5, seed=4)
    seen = view(real, 0)
    belief = ObjectiveBelief()
    belief.observe(seen)
    rng = random.Random(1)
    for _ in range(5):
        world = determinize(seen, belief.sample(seen, rng), rng)
        assert state_problems(world) == []
        assert view(world, 0) == seen  # the viewer cannot tell the world from the real game
        assert len(set(world.objective_cards)) == 5
        warkit.legal_actions(world)  # the engine plays it


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_smart_world_deals_only_smart_objectives(players):
    """S-SETUP-1: in SMART every objective is "destroy colour X" of a colour in the game and
    nobody hunts their own colour; the guessed worlds and the belief know it (until session
    10 they dealt continents and territory counts too, which no SMART player can hold)."""
    real = _turn_start("smart", players, seed=7)
    seen = view(real, 0)
    belief = ObjectiveBelief()
    belief.observe(seen)
    deck = set(real.rules.objective_deck(real.colors))
    assert deck == {f"destroy_{c}" for c in real.colors}
    for seat in range(1, players):
        assert set(belief.posterior(seen, seat)) <= deck - {seen.objective,
                                                           f"destroy_{real.colors[seat]}"}
    rng = random.Random(3)
    for _ in range(30):
        cards = belief.sample(seen, rng)
        assert sorted(cards) == sorted(deck)  # one card per colour, each dealt once
        assert all(card != f"destroy_{color}" for card, color in zip(cards, real.colors))
        world = determinize(seen, cards, rng)
        assert state_problems(world) == []


def test_a_state_holding_an_objective_outside_its_games_deck_is_invalid():
    real = _turn_start("smart", 4, seed=7)
    wrong = evolve(real, objective_cards=("asia_africa", *real.objective_cards[1:]))
    assert any("deck" in problem for problem in state_problems(wrong))
    assert state_problems(real) == []


def test_only_a_turn_start_is_determinized():
    real = _turn_start("classic", 4, seed=2)
    assert not can_determinize(view(real, 1))  # not seat 1's turn
    with pytest.raises(ValueError):
        determinize(view(real, 1), real.objective_cards, random.Random(0))


def test_conquering_a_continent_raises_the_belief_in_its_objective():
    ids = world_map().ids
    south_america = [t.id for t in world_map().territories if t.continent == "america_do_sul"]
    asia = [t.id for t in world_map().territories if t.continent == "asia"]
    europe = [t.id for t in world_map().territories if t.continent == "europa"]
    before = warkit.position({t: 1 for t in south_america[:2] + europe[:4]}, players=4,
                             current=0, rest=(0, 2, 3), phase="place", reserves=3)
    after = warkit.position({**{t: 1 for t in south_america}, **{t: 1 for t in asia}},
                            players=4, current=0, rest=(0, 2, 3), phase="place",
                            reserves=3, turn=before.turn + 4)
    assert sum(1 for o in after.owner if o == 1) == len(south_america) + len(asia) < len(ids)
    belief = ObjectiveBelief()
    seen_before, seen_after = view(before, 0), view(after, 0)
    belief.observe(seen_before)
    prior = belief.posterior(seen_before, 1)
    belief.observe(seen_after)
    posterior = belief.posterior(seen_after, 1)
    assert abs(sum(posterior.values()) - 1) < 1e-9
    assert posterior["asia_south_america"] > prior["asia_south_america"]
    assert posterior["asia_south_america"] == max(posterior.values())
    assert seen_after.objective not in posterior  # nobody else holds the viewer's card


def test_a_won_world_is_worth_more_than_any_other():
    real = _turn_start("classic", 4, seed=2)
    assert position_value(real, 0) < 100.0
    won = warkit.state.evolve(real, phase=warkit.Phase.GAME_OVER, winners=(0,))
    assert position_value(won, 0) == 100.0 and position_value(won, 1) == -100.0


def test_a_fork_plays_like_its_bot_and_leaves_it_untouched():
    """HardBot.fork (the search's copies): the same choices, its own memory and dice."""
    bot = HardBot(seed=5)
    match = warkit.simulate(4, "smart", bots=[bot, "hard", "hard", "hard"], seed=6,
                            max_turns=12)
    state = next(s for s in reversed(match.states) if s.current_player == 0)
    seat = 0
    seen = view(state, seat)
    rng_before, taken_before = bot.rng.getstate(), dict(bot.opponents.taken)
    fork = bot.fork()
    fork.opponents.observe(warkit.view(warkit.state.evolve(state, turn=state.turn + 9),
                                       seat))
    assert fork.opponents.taken is not bot.opponents.taken
    assert bot.opponents.taken == taken_before and bot.rng.getstate() == rng_before
    again = bot.fork()
    legal = warkit.legal_actions(state)
    assert again.choose(seen, legal) == bot.fork().choose(seen, legal)


def test_the_opponent_models_memo_gives_what_fresh_work_gives():
    bot = HardBot(seed=2)
    match = warkit.simulate(5, "classic", bots=[bot] + ["hard"] * 4, seed=3, max_turns=30)
    seen = view(match.state, 0)
    board = Board(seen)
    model = bot.opponents
    memoised = [model.suspect(board, s) for s in range(1, 5)]
    fresh = model.copy()
    fresh._suspects, fresh._terms, fresh._hunts = {}, {}, {}  # the same memory, no work
    hunts = [fresh.hunt_odds(board, s) for s in range(1, 5)]  # guesses made, no danger yet
    assert [fresh.suspect(board, s) for s in range(1, 5)] == memoised
    assert [model.suspect(board, s) for s in range(1, 5)] == memoised  # from the memo
    assert hunts == [tuple(p for g, p in m.goals if g.kind == "destroy" and g.target == 0)
                     for m in memoised]
    assert any(hunts)  # a seat's card may be to destroy seat 0's colour


def test_a_seat_that_may_be_wiped_out_before_it_plays_again_is_worth_less():
    """position_value counts the chance of losing every territory (wipe_out): one territory
    with one army beside a big stack is nearly a lost game; with three armies, less so."""
    from warkit.bots.expert import wipe_out

    def seat_zero(armies: int) -> GameState:
        return warkit.position({"brasil": 0, "argentina": 1}, {"brasil": armies, "argentina": 20},
                               players=3, rest=(1, 2), current=1, phase="attack")

    weak, stronger = seat_zero(1), seat_zero(3)
    chance_weak = wipe_out(Board(view(weak, 0)))
    chance_stronger = wipe_out(Board(view(stronger, 0)))
    assert 0.9 < chance_weak <= 1.0 and 0 < chance_stronger < chance_weak
    assert position_value(weak, 0) < position_value(stronger, 0) < 0
    assert position_value(weak, 0) < -0.9 * 100.0
    assert wipe_out(Board(view(weak, 1))) == 0.0  # seat 1 holds too many territories


def test_a_plan_whose_turn_went_the_same_way_is_not_played_out_again():
    """With a horizon, two plans whose own turn went the same way in a world share the
    opponents' turns played after it (ExpertBot.rollout's ``ends``): same value, played once."""
    from warkit.bots.expert import PlanStyle

    real = _turn_start("classic", 4, seed=2)
    twins = (PLANS[0], PlanStyle("twin"))
    bot = ExpertBot(seed=1, iterations=2 * 3, horizon=None, plans=twins)
    bot.player.tune(view(real, 0))
    bot.search(view(real, 0))
    assert bot.rollouts == 6 and bot.reused == 3  # one per world
    assert bot.last_scores["hard"] == bot.last_scores["twin"]
    short = ExpertBot(seed=1, iterations=2 * 3, horizon=0, plans=twins)
    short.search(view(real, 0))
    assert short.reused == 0  # nothing after its own turn to share


def test_a_plan_is_played_over_the_hard_levels_only_when_it_wins_clearly():
    """ExpertBot.pick with a confidence: the best mean is played when its paired margin over
    the first plan is clear, the first plan (the hard level's own) when it is noise."""
    clear = [[1.0, 2.0, 3.0, 4.0], [2.0, 3.1, 3.9, 5.0]]     # better in every world
    noisy = [[1.0, 2.0, 3.0, 4.0], [9.0, -4.0, 8.0, -1.0]]   # a better mean, by luck
    plain, careful = ExpertBot(seed=0), ExpertBot(seed=0, confidence=1.0)
    assert plain.pick(clear) == plain.pick(noisy) == 1
    assert careful.pick(clear) == 1 and careful.pick(noisy) == 0
    assert careful.pick([[1.0, 1.0], [1.0, 1.0]]) == 0  # a tie goes to the first plan


def test_a_smart_game_takes_the_smart_budget_and_an_explicit_budget_stays():
    from warkit.bots.expert import (
        SMART_HORIZON,
        SMART_ITERATIONS,
        SMART_PLANS,
        STANDARD_HORIZON,
        STANDARD_ITERATIONS,
    )

    smart = _turn_start("smart", 4, seed=2)
    classic = _turn_start("classic", 4, seed=2)
    standard, explicit, in_classic = ExpertBot(seed=1), ExpertBot(seed=1, horizon=None), \
        ExpertBot(seed=1)
    for bot, state in ((standard, smart), (explicit, smart), (in_classic, classic)):
        bot.choose(view(state, 0), warkit.legal_actions(state))
    assert (standard.iterations, standard.horizon, standard.plans) == \
        (SMART_ITERATIONS, SMART_HORIZON, SMART_PLANS)
    assert standard.rollouts == SMART_ITERATIONS  # its first search used the SMART budget
    assert explicit.horizon is None and explicit.plans == PLANS
    assert (in_classic.iterations, in_classic.horizon, in_classic.plans) == \
        (STANDARD_ITERATIONS, STANDARD_HORIZON, PLANS)


def _chance_after(state: GameState) -> GameState:
    """The first state from ``state`` (hard bots playing) with a chance step pending."""
    bots = {s: HardBot(seed=s) for s in range(len(state.colors))}
    while state.rules.current_player(state) != CHANCE:
        seat = state.rules.current_player(state)
        state = warkit.apply(state, bots[seat].choose(view(state, seat),
                                                      warkit.legal_actions(state)))
    return state


def test_a_simulated_turn_rolls_the_same_dice_whatever_earlier_turns_rolled():
    """TurnDice: each turn's chance outcomes come from its own stream, so two simulations
    that reach a turn alike roll it alike (common random numbers for the plans), however
    many dice they rolled before; another seed rolls otherwise."""
    from warkit.bots.expert import TurnDice

    early = _chance_after(_turn_start("classic", 4, seed=2))
    later = _chance_after(_turn_start("classic", 4, seed=5))
    assert later.turn != early.turn
    fresh, used = TurnDice(11), TurnDice(11)
    for _ in range(7):  # some other turn's dice first
        used.sample(early)
    rolls = [fresh.sample(later) for _ in range(20)]
    assert [used.sample(later) for _ in range(20)] == rolls
    assert [TurnDice(12).sample(later) for _ in range(20)] != rolls


def test_simulated_opponents_learn_only_from_the_real_games_boards():
    """The opponents of a simulation are copies of watchers that saw the real boards: after
    a search with the whole round played out, no watcher remembers a board of a later turn
    than the real one (the simulations' opponents learned from imagined boards on copies)."""
    real = _turn_start("classic", 4, seed=2)
    bot = ExpertBot(seed=1, iterations=SMALL, horizon=None)
    bot.choose(view(real, 0), warkit.legal_actions(real))
    assert bot.rollouts == SMALL
    assert sorted(bot._watchers) == [1, 2, 3]
    assert {w.opponents.last_turn for w in bot._watchers.values()} == {real.turn}


def test_policy_knobs_start_every_plan_and_unknown_ones_are_refused():
    """ExpertBot(knobs=...): set on its policy after the rule set's own tuning (SMART's
    min_odds would otherwise win), so every plan starts from them."""
    with pytest.raises(ValueError, match="unknown policy settings: nope"):
        ExpertBot(knobs={"nope": 1.0})
    smart = _turn_start("smart", 4, seed=2)
    bot = ExpertBot(seed=1, knobs={"min_odds": 0.2, "guard": 1.0})
    bot.choose(view(smart, 0), warkit.legal_actions(smart))
    assert bot._base is not None and bot._base["min_odds"] == 0.2
    assert bot._base["guard"] == 1.0 and HardBot.smart_tuning["min_odds"] != 0.2


def test_a_seat_whose_next_turn_can_win_at_once_is_worth_more():
    """ready_chance: hunting red, with red down to one territory beside seat 0's stack, the
    next turn likely wins (the hard level's sweep estimate); with red out of reach it cannot
    (no territory of seat 0 borders it);
    position_value adds the chance times ``ready`` times a won game (if it plays again)."""
    from warkit.bots.expert import ready_chance, wipe_out

    def hunting_red(brasil: int) -> GameState:
        owners = {"brasil": brasil, "argentina": 2, "peru": 1, "venezuela": 1, "china": 0}
        return warkit.position(owners, {"brasil": 9, "argentina": 1}, players=3, rest=1,
                               objectives={0: "destroy_red", 1: "asia_africa",
                                           2: "asia_south_america"})

    near, far = hunting_red(0), hunting_red(1)  # brasil is argentina's only way in
    assert near.colors[2] == "red"
    chance = ready_chance(Board(view(near, 0)), near, 0)
    assert 0.9 < chance <= 1.0
    assert ready_chance(Board(view(far, 0)), far, 0) == 0.0
    kept = 1.0 - wipe_out(Board(view(near, 0)))  # the chance it plays again at all
    assert position_value(near, 0, ready=0.5) == pytest.approx(
        position_value(near, 0, ready=0.0) + kept * 0.5 * 100.0 * chance)


TRIANGLES = ("alasca", "vancouver", "nova_york", "venezuela", "peru")


@pytest.mark.parametrize("rules,hand,armies", [
    ("classic", ("alasca", "vancouver", "mackenzie"), 0),  # no set: no trade (C-CARD-2)
    ("classic", ("alasca", "mackenzie", "vancouver", "peru"), 6),  # 4, +2 on peru (C-CARD-4, 5)
    ("smart", ("joker1",), 11),  # a joker alone is 11 (S-TRADE-5)
    ("smart", ("joker1", "joker2"), 29),  # two jokers alone are 29
    ("smart", ("peru",), 3),  # a group of one is 1, +2 on the own peru (S-TRADE-2, 4)
    ("smart", ("alasca", "vancouver", "nova_york", "venezuela"), 16),  # four alike: 16
    ("smart", ("alasca", "vancouver", "mackenzie", "labrador"), 7),  # 6 + 1 (S-TRADE-2)
])
def test_the_best_trade_of_a_hand_is_the_rule_sets_best_quote(rules, hand, armies):
    """best_trade (ready_chance's armies from cards): the best trade the hand allows."""
    from warkit.bots.expert import best_trade

    state = warkit.position({"peru": 0}, {}, players=3, rules=rules, rest=(1, 2),
                            hands={0: hand})
    assert best_trade(view(state, 0)) == armies


def test_a_search_deals_no_world_that_would_pass_its_decision_cap():
    """most_decisions: with a cap of one simulated decision only the first world is dealt
    (every plan played once in it); without a cap every world of the budget is."""
    state = _turn_start("classic", 4, seed=2)
    seen = view(state, state.current_player)
    capped = ExpertBot(seed=1, iterations=3 * SMALL, most_decisions=1)
    capped.search(seen)
    free = ExpertBot(seed=1, iterations=3 * SMALL, most_decisions=None)
    free.search(seen)
    assert capped.rollouts == SMALL and free.rollouts == 3 * SMALL
    assert 0 < capped.simulated_decisions < free.simulated_decisions
    with pytest.raises(ValueError, match="most_decisions"):
        ExpertBot(most_decisions=0)
