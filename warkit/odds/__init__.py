"""Exact battle odds for War and SMART, and Monte Carlo to set beside them.

Built on the shared dice model (:mod:`warkit.dice`): one battle is exact
enumeration (:func:`roll_outcomes`), a whole attack is a Markov chain over
(attackers, defenders) solved with numpy (:func:`win_probability`,
:func:`win_table`, :func:`final_distribution`, :func:`expected_losses`), and
:func:`simulate_rolls` / :func:`simulate_battles` sample the same model.

Convention: ``attackers`` = armies that may attack (the territory holds
``attackers + 1``), ``defenders`` = armies on the target. SMART modifiers:
``terrain="attacker"|"defender"`` (S-TERRAIN-2/3), ``reroll=Reroll(...)``
(S-REROLL-1) and ``lone_defender_shield`` (the SMART rule setting: ``False``,
the default, never saves the target's last army, as RULES.md's revised
S-TERRAIN-3 says; ``True`` is the literal reading, where a lone defender
showing its card never falls).
"""

from ..rules.smart.tables import CARD_KINDS
from .battle import expected_losses, final_distribution, win_probability, win_table
from .options import BattleRules, Reroll
from .roll import RerollChoice, choose_reroll, roll_outcomes
from .simulate import BattleSample, RollSample, simulate_battles, simulate_rolls

__all__ = [
    "CARD_KINDS",
    "BattleRules",
    "BattleSample",
    "Reroll",
    "RerollChoice",
    "RollSample",
    "choose_reroll",
    "expected_losses",
    "final_distribution",
    "roll_outcomes",
    "simulate_battles",
    "simulate_rolls",
    "win_probability",
    "win_table",
]
