"""Expert profile: where the expert loses against hard bots, and how often its plans differ.

Run: python tests/bench/expert_profile.py [--games 200] [--players 6] [--rules classic]
     [--seed 70000] [--hard] [--horizon N|round]

Plays ``--games`` seat-rotated games of one ``expert`` (``--hard``: a hard bot in its seat, the
comparison) against hard bots, game ``g`` seeded ``seed + g``, and prints, with the machine's
load beside it:

- its wins with the 95 % Wilson interval;
- how often it was eliminated, and how often a hard seat was (per seat);
- in the games it lost, the winner's kind of objective (destroy a colour, continents, a count
  of territories), and whether its eliminator held the card to destroy its colour;
- in SMART, how each game ended (the first elimination, S-WIN-1: by the hunter of that
  colour, S-WIN-2, or otherwise, the most territories winning, S-WIN-3) and the expert's part
  in it (the eliminator, the eliminated, or neither), with its wins in each;
- for the expert, its searches: how many found every plan worth the same (the plans played
  the turn the same way in every world) and how many chose the hard level's own plan.

Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit import simulate
from warkit.arena.schedule import seating
from warkit.bots import ExpertBot, HardBot, seeded
from warkit.bots.expert import PlanStyle
from warkit.state import GameState
from warkit.stats import wilson
from warkit.view import PlayerView


def kind(objective: str | None) -> str:
    """An objective card's kind: destroy, territories or continents."""
    card = objective or ""
    return "destroy" if card.startswith("destroy") else \
        "territories" if "territories" in card else "continents"


class PlanCounter:
    """Counts the expert's searches: every plan worth the same, the hard plan chosen."""

    def __init__(self, bot: ExpertBot) -> None:
        self.searches = self.all_equal = self.hard_plan = 0
        self._search = bot.search
        self.bot = bot
        bot.search = self.search  # type: ignore[method-assign]  # a counting spy

    def search(self, view: PlayerView) -> PlanStyle:
        chosen = self._search(view)
        self.searches += 1
        self.all_equal += len(set(self.bot.last_scores.values())) <= 1
        self.hard_plan += chosen.name == "hard"
        return chosen


def smart_ending(state: GameState, seat: int) -> tuple[str, str]:
    """How a SMART game ended (S-WIN-2: its hunter eliminated a colour; S-WIN-3: anyone else
    did, the most territories win; or no elimination) and ``seat``'s part in it."""
    dead = [s for s in range(len(state.colors)) if not state.alive[s]]
    if not dead:
        return "without an elimination", "-"
    killer = state.eliminated_by[dead[0]]
    hunted = killer is not None and \
        state.rules.effective_objective(state, killer) == f"destroy_{state.colors[dead[0]]}"
    how = "by a hunter (S-WIN-2)" if hunted else "by most territories (S-WIN-3)"
    part = "eliminator" if killer == seat else "eliminated" if dead[0] == seat else "bystander"
    return how, part


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--hard", action="store_true", help="a hard bot in the expert's seat")
    parser.add_argument("--horizon", default=None,
                        help="N or round (default: the expert's own)")
    args = parser.parse_args(argv)
    horizon: int | Literal["standard"] | None = "standard" if args.horizon is None else \
        None if args.horizon == "round" else int(args.horizon)
    wins = 0.0
    eliminated = hard_eliminated = 0.0
    lost_to: Counter[str] = Counter()
    by_hunter = 0
    plans = Counter[str]()
    endings: Counter[tuple[str, str]] = Counter()
    ending_wins: Counter[tuple[str, str]] = Counter()
    for g in range(args.games):
        levels = seating(["expert"] + ["hard"] * (args.players - 1), args.players, g)
        bots = seeded(levels, args.seed + g)
        seat = levels.index("expert")
        counter = None
        if args.hard:
            bots[seat] = HardBot(seed=args.seed + g)
        else:
            expert = ExpertBot(seed=args.seed + g, horizon=horizon)
            counter = PlanCounter(expert)
            bots[seat] = expert
        state = simulate(args.players, args.rules, bots=bots, seed=args.seed + g).state
        winners = state.winners
        if seat in winners:
            wins += 1 / len(winners)
        elif winners:
            lost_to[kind(state.objective_cards[winners[0]])] += 1
        if not state.alive[seat]:
            eliminated += 1
            killer = state.eliminated_by[seat]
            by_hunter += killer is not None and \
                (state.objective_cards[killer] or "").endswith(state.colors[seat])
        if state.rules.ends_at_first_elimination:
            ending = smart_ending(state, seat)
            endings[ending] += 1
            ending_wins[ending] += seat in winners
        hard_eliminated += sum(1 for s in range(args.players)
                               if s != seat and not state.alive[s]) / (args.players - 1)
        if counter is not None:
            plans.update(searches=counter.searches, all_equal=counter.all_equal,
                         hard_plan=counter.hard_plan)
    n = args.games
    low, high = wilson(wins, n)
    reach = "round" if horizon is None else horizon
    who = "hard (in the expert's seat)" if args.hard else f"expert (horizon {reach})"
    print(f"{who} vs {args.players - 1} hard, {args.rules}, {n} games (seeds {args.seed}.."
          f"{args.seed + n - 1}, seats rotated); load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"won {wins:.1f} = {wins / n:.1%} [{low:.1%}, {high:.1%}] (fair share "
          f"{1 / args.players:.1%})")
    print(f"eliminated in {eliminated:.0f} games ({eliminated / n:.1%}; by the player hunting "
          f"its colour: {by_hunter}); a hard seat: {hard_eliminated / n:.1%}")
    print("games lost, by the winner's objective: "
          + ", ".join(f"{k} {v}" for k, v in lost_to.most_common()))
    for (how, part), count in sorted(endings.items()):
        print(f"ended {how}, the {'hard seat' if args.hard else 'expert'} {part}: {count} games, "
              f"won {ending_wins[how, part]}")
    if plans:
        print(f"searches: {plans['searches']}, every plan worth the same in "
              f"{plans['all_equal']}, the hard plan chosen in {plans['hard_plan']}")


if __name__ == "__main__":
    main()
