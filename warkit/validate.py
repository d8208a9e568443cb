"""Consistency checks of a game state: the invariants every legal game keeps.

Used to refuse corrupt or tampered save files (a state that no legal game
could reach, e.g. 45 cards or a live player without territories) and by the
property tests after every action.
"""

from __future__ import annotations

from collections import Counter

from .state import CARD_COUNT, GameState, Phase
from .worldmap import world_map


def state_problems(state: GameState) -> list[str]:
    """Everything inconsistent in ``state`` (an empty list when it is sound)."""
    m = world_map()
    problems: list[str] = []
    n, t = state.num_players, len(m.territories)
    report = problems.append
    if not 3 <= n <= 6:
        report(f"{n} players (War is for 3 to 6)")
    for name in ("objective_cards", "hands", "alive", "eliminated_by"):
        if len(getattr(state, name)) != n:
            report(f"{name} has {len(getattr(state, name))} entries for {n} players")
    for name in ("owner", "armies", "moved_in"):
        if len(getattr(state, name)) != t:
            report(f"{name} has {len(getattr(state, name))} entries for {t} territories")
    if len(state.continent_reserves) != len(m.continents):
        report("continent_reserves does not have one entry per continent")
    if problems:
        return problems

    cards = Counter(state.deck) + Counter(state.discard) + Counter(state.loot)
    for hand in state.hands:
        cards.update(hand)
    if state.phase is not Phase.SETUP and sorted(cards.elements()) != list(range(CARD_COUNT)):
        extra = sorted(c for c, k in cards.items() if k > 1 or not 0 <= c < CARD_COUNT)
        report(f"the 44 cards are not each in exactly one place (deck, discards, hands); "
               f"{sum(cards.values())} found, repeated or unknown: {extra}")

    setup = state.phase is Phase.SETUP
    for i, (o, a) in enumerate(zip(state.owner, state.armies)):
        if o == -1 and setup:
            continue
        if not 0 <= o < n:
            report(f"{m.ids[i]} has no valid owner ({o})")
        elif not state.alive[o]:
            report(f"{m.ids[i]} belongs to {state.colors[o]}, who is out of the game")
        conquering = state.battle is not None and state.battle.dst == i \
            and state.rules.conquest_pending(state)
        if a < (0 if conquering else 1):
            report(f"{m.ids[i]} has {a} armies (at least 1 must stay)")
        if not 0 <= state.moved_in[i] <= max(a, 0):
            report(f"{m.ids[i]}: {state.moved_in[i]} armies moved in but {a} there")
    if not setup:
        for s in range(n):
            owns = s in state.owner
            if state.alive[s] != owns:
                report(f"{state.colors[s]} is {'alive' if state.alive[s] else 'out'} "
                       f"but owns {state.owner.count(s)} territories")
            if not state.alive[s] and state.hands[s]:
                report(f"{state.colors[s]} is out of the game but holds cards")
            if (state.eliminated_by[s] is None) != state.alive[s]:
                report(f"{state.colors[s]}: eliminated_by does not match being out")
        if not state.alive[state.current] and state.phase is not Phase.GAME_OVER:
            report("the player to act is out of the game")
    dealt = [o for o in state.objective_cards if o is not None]
    if len(set(dealt)) != len(dealt):
        report("an objective card was dealt twice")
    if any(o not in m.objective_ids for o in dealt):
        report("unknown objective card")
    elif not set(dealt) <= set(state.rules.objective_deck(state.colors)):
        report("an objective card that is not in this game's deck (C-SETUP-1, S-SETUP-1)")
    if state.reserves < 0 or min(state.continent_reserves) < 0 or state.trades < 0:
        report("negative reserves or trade counter")
    if (state.battle is not None) != state.rules.battle_expected(state):
        report(f"a pending battle does not match the {state.phase.value} step")
    if bool(state.winners) != (state.phase is Phase.GAME_OVER):
        report("winners are set only when the game is over")
    over = state.phase is Phase.GAME_OVER
    if ((not over and (state.loot_draws > 0) != (state.phase is Phase.LOOT))
            or state.loot_draws > len(state.loot)):
        report("blind draws from an eliminated player do not match the loot step")
    if state.phase is Phase.PLACE and state.reserves + sum(state.continent_reserves) == 0:
        report("the place step has no armies to place")
    problems.extend(state.rules.extra_problems(state))
    return problems
