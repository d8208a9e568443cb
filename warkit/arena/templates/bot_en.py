"""My War bot: a template (warkit's arena). Copy this file, rename it, fill in the methods.

Rules of the arena:
- your bot sees only what your seat may know (``view``) and the legal actions (``legal``);
- each method must return ONE of the legal actions, within 1 second;
- a method you delete plays like the ``easy`` bot, so the bot always plays a whole game;
- if your bot is too slow, raises an error or returns something that is not legal, the
  ``easy`` bot plays that decision instead and the leaderboard counts a fault; after 3 faults
  in one game, ``easy`` plays the rest of that game for you.

Test it at home before handing it in::

    from warkit.arena import run_arena
    print(run_arena(["my_bot.py", "easy", "normal"], players=3, games=30).report())
"""

from warkit.actions import Action, Attack, EndPhase, Move, Place, Trade  # noqa: F401 (handy types)
from warkit.bots.student import StudentBot
from warkit.legal import LegalActions
from warkit.view import PlayerView

NAME = "my_bot"  # your bot's name on the leaderboard (letters, digits, _ . -)


class Bot(StudentBot):
    """My bot. ``self.rng`` is a seeded random generator: use it instead of ``random``."""

    def place(self, view: PlayerView, legal: LegalActions) -> Action:
        """Reinforcement: put armies on one of my territories (``Place`` actions).

        Here: the territory with the most armies that borders an enemy."""
        options = self.options(legal, Place)  # each one with all the armies I may place
        if not options:
            return self.end(legal)
        mine = self.mine(view)
        border = [p for p in options
                  if any(n not in mine for n in self.neighbours(p.territory))]
        return max(border or options, key=lambda p: self.armies_on(view, p.territory))

    def attack(self, view: PlayerView, legal: LegalActions) -> Action:
        """Attack or stop (``Attack`` actions, or ``EndPhase``).

        Here: the attack with the best chance to conquer, if that chance is at least 60%."""
        best = self.strongest_attack(view, legal, at_least=0.6)
        return best if best is not None else self.end(legal)

    # Other decisions you may write (each gets ``view`` and ``legal``):
    # trade (cards), occupy (armies that move in after a conquest), regroup (moves at the end
    # of the turn) and, in SMART, react, discard, alliance, airlift.
    # Useful: view.owner, view.armies, view.hand, view.objective, view.player,
    # self.options(legal, Kind), self.win_chance(view, attack), self.neighbours(territory).
