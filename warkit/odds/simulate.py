"""Monte Carlo battles with numpy, seeded, to put simulation beside the exact odds.

Many rolls (or whole battles) are simulated at once: dice are drawn as int8
arrays, sorted by a small compare-and-swap network, compared pair by pair
with the same rules as :mod:`warkit.odds.roll` (ties, terrain knowledge,
tactical regroup with the same policy decisions). Results carry the raw
arrays, so a lesson can histogram them, and a Wilson confidence interval.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

import numpy as np

from ..dice import SIDES
from ..errors import InvalidArgumentError, WrongTypeError, describe
from ..stats import wilson
from .battle import MAX_ARMIES
from .options import BattleRules, Reroll, Side, battle_rules, check_whole
from .roll import check_attackers, check_dice, reroll_analysis

_CHUNK = 1 << 20           # rolls per vectorised step in simulate_rolls
MAX_SAMPLES = 10_000_000
"""The most rolls or battles one call simulates (10 million 3-against-3 rolls: about 2 s and
100 MB; 6 against 6: 150 MB)."""
MAX_BATTLE_WORK = 200_000_000
"""The most ``n x (attackers + defenders)`` of :func:`simulate_battles` (each battle rolls at
most about that many times): 30 against 30 allows 3.3 million battles, 500 against 500
(:data:`~warkit.odds.battle.MAX_ARMIES`) 200,000; a few seconds at most."""
_BASE = 7                  # roll codes for the reroll tables: sum(die * 7**i), unused dice 0


def _generator(seed: int | None, rng: np.random.Generator | None) -> np.random.Generator:
    if rng is not None:
        if seed is not None:
            raise InvalidArgumentError("give seed or rng, not both")
        if not isinstance(rng, np.random.Generator):
            raise WrongTypeError(f"rng must be a numpy.random.Generator, got {describe(rng)}")
        return rng
    if seed is not None:
        check_whole("seed", seed)
    return np.random.default_rng(seed)


def _sort_desc(cols: list[np.ndarray]) -> list[np.ndarray]:
    """Sort dice columns from highest to lowest, element-wise (a bubble network)."""
    cols = list(cols)
    for i in range(len(cols) - 1):
        for j in range(len(cols) - 1 - i):
            high, low = cols[j], cols[j + 1]
            cols[j], cols[j + 1] = np.maximum(high, low), np.minimum(high, low)
    return cols


def _draw(rng: np.random.Generator, dice: int | np.ndarray, most: int, m: int,
          sides: int) -> list[np.ndarray]:
    """Sorted columns of ``dice`` dice per roll (an int, or an array up to ``most``); unused 0."""
    width = dice if isinstance(dice, int) else most
    raw = rng.integers(1, sides + 1, size=(width, m), dtype=np.int8)
    if not isinstance(dice, int):
        for i in range(width):
            raw[i] *= i < dice
    return _sort_desc(list(raw))


def _compare(att: list[np.ndarray], dfn: list[np.ndarray], pairs: int | np.ndarray,
             ties: str) -> tuple[np.ndarray, np.ndarray]:
    """Losses by the dice (C-ATK-4): ``pairs`` comparisons per roll."""
    m = att[0].shape[0]
    lost_att = np.zeros(m, dtype=np.int8)
    lost_def = np.zeros(m, dtype=np.int8)
    for i in range(min(len(att), len(dfn))):
        wins = att[i] >= dfn[i] if ties == "attacker" else att[i] > dfn[i]
        if isinstance(pairs, int):
            lost_def += wins
            lost_att += ~wins
        else:
            valid = i < pairs
            lost_def += wins & valid
            lost_att += valid & ~wins
    return lost_att, lost_def


def _code(cols: list[np.ndarray]) -> np.ndarray:
    code = np.zeros(cols[0].shape[0], dtype=np.intp)
    for i, col in enumerate(cols):
        code += col.astype(np.intp) * _BASE ** i
    return code


@lru_cache(maxsize=64)
def _mask_table(rules: BattleRules, na: int, nd: int, cap: int, all_in: bool) -> np.ndarray:
    """``mask[own code, enemy code]``: bit i set = reroll the i-th highest own die."""
    table = np.zeros((_BASE ** 3, _BASE ** 3), dtype=np.int8)
    for (own, enemy), chosen in reroll_analysis(rules, na, nd, cap, all_in)[1].items():
        bits, free = 0, list(own)
        for value in chosen:
            i = len(free) - 1 - free[::-1].index(value)    # the lowest position with that value
            free[i] = 0
            bits |= 1 << i
        table[sum(v * _BASE ** i for i, v in enumerate(own)),
              sum(v * _BASE ** i for i, v in enumerate(enemy))] = bits
    return table


class _Battler:
    """One vectorised battle step for a batch of states (dice counts per state)."""

    def __init__(self, rules: BattleRules) -> None:
        self.rules = rules
        self.tables: dict[int, np.ndarray] = {}

    def table(self, na: np.ndarray, nd: np.ndarray, cap: np.ndarray,
              all_in: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Stacked mask tables for the classes present, and each state's index into them."""
        key = ((na.astype(np.intp) * 8 + nd) * 8 + cap) * 2 + all_in
        classes, index = np.unique(key, return_inverse=True)
        stacked = np.stack([_mask_table(self.rules, int(k) // 128, int(k) // 16 % 8,
                                        int(k) // 2 % 8, bool(k % 2)) for k in classes])
        return stacked, index

    def step(self, rng: np.random.Generator, na: int | np.ndarray, nd: int | np.ndarray,
             cap: int | np.ndarray, m: int, may_reroll: np.ndarray | None = None,
             all_in: bool | np.ndarray = False
             ) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray, np.ndarray, np.ndarray]:
        """Roll once for ``m`` states; ``all_in`` as in :meth:`BattleRules.all_in`.

        Returns (attack columns, defence columns, attacker losses, defender losses, card spent).
        """
        rules = self.rules
        att = _draw(rng, na, rules.attacker_dice_max, m, rules.sides)
        dfn = _draw(rng, nd, rules.defender_dice_max, m, rules.sides)
        spent = np.zeros(m, dtype=bool)
        reroll = rules.reroll
        if reroll is not None:
            own, enemy = (att, dfn) if reroll.side == "attacker" else (dfn, att)
            arrays = [np.broadcast_to(np.asarray(x, dtype=np.intp), (m,))
                      for x in (na, nd, cap, all_in)]
            stacked, index = self.table(*arrays)
            mask = stacked[index, _code(own), _code(enemy)]
            if may_reroll is not None:
                mask = np.where(may_reroll, mask, 0)
            spent = mask != 0
            for i in range(len(own)):
                new = rng.integers(reroll.minimum, rules.sides + 1, size=m, dtype=np.int8)
                own[i] = np.where((mask >> i) & 1 == 1, new, own[i])
            own[:] = _sort_desc(own)
        pairs = min(na, nd) if isinstance(na, int) and isinstance(nd, int) else np.minimum(na, nd)
        lost_att, lost_def = _compare(att, dfn, pairs, rules.ties)
        if rules.terrain == "attacker":   # as warkit.dice.terrain_losses
            lost_def = np.minimum(lost_def + 1, cap).astype(np.int8)
            nobody_left = np.asarray(all_in) & (lost_att >= na) & (lost_def >= cap)
            lost_def = np.where(nobody_left, lost_def - 1, lost_def).astype(np.int8)
        elif rules.terrain == "defender":   # never saves a lone defender unless shielded
            saved = np.maximum(lost_def - 1, 0).astype(np.int8)
            lost_def = saved if rules.lone_defender_shield else np.where(
                np.asarray(cap) > 1, saved, lost_def).astype(np.int8)
        return att, dfn, lost_att, lost_def, spent


def _wilson(successes: int, n: int, confidence: float) -> tuple[float, float]:
    """Wilson score interval at ``confidence`` (:func:`warkit.stats.wilson`)."""
    return wilson(successes, n, NormalDist().inv_cdf(0.5 + confidence / 2))


@dataclass(frozen=True)
class RollSample:
    """``n`` simulated single battles (rolls).

    ``attack`` ``(n, att_dice)`` and ``defence`` ``(n, def_dice)``: the final
    dice, sorted high to low (after any reroll); ``attacker_losses`` and
    ``defender_losses``: the armies each side lost; ``card_spent``: whether
    the rerolling side used its card.
    """

    attack: np.ndarray
    defence: np.ndarray
    attacker_losses: np.ndarray
    defender_losses: np.ndarray
    card_spent: np.ndarray

    @property
    def n(self) -> int:
        return int(self.attacker_losses.shape[0])

    def frequencies(self) -> dict[tuple[int, int], float]:
        """Observed ``{(attacker losses, defender losses): share}``, to set beside roll_outcomes."""
        key = self.attacker_losses.astype(np.intp) * 16 + self.defender_losses
        values, counts = np.unique(key, return_counts=True)
        pairs = zip(values.tolist(), counts.tolist(), strict=True)
        return {(v // 16, v % 16): c / self.n for v, c in pairs}


@dataclass(frozen=True)
class BattleSample:
    """``n`` simulated whole battles from (``attackers``, ``defenders``).

    ``attackers`` = armies that may attack (the territory holds one more),
    ``defenders`` = armies on the target. Arrays per battle: armies left on
    each side at the end, number of rolls, cards spent. ``win_rate`` is the
    share of battles that emptied the target; ``ci`` its Wilson interval at
    ``confidence``.
    """

    attackers: int
    defenders: int
    attackers_left: np.ndarray
    defenders_left: np.ndarray
    rolls: np.ndarray
    cards_spent: np.ndarray
    confidence: float = 0.95

    @property
    def n(self) -> int:
        return int(self.attackers_left.shape[0])

    @property
    def wins(self) -> np.ndarray:
        wins: np.ndarray = self.defenders_left == 0
        return wins

    @property
    def win_rate(self) -> float:
        return float(self.wins.mean()) if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return _wilson(int(self.wins.sum()), self.n, self.confidence)

    @property
    def mean_losses(self) -> tuple[float, float]:
        """Average (attacker losses, defender losses), to set beside expected_losses."""
        return (float(self.attackers - self.attackers_left.mean()),
                float(self.defenders - self.defenders_left.mean()))


def simulate_rolls(att_dice: int, def_dice: int, n: int, *, seed: int | None = None,
                   rng: np.random.Generator | None = None, defenders: int | None = None,
                   attackers: int | None = None, sides: int = SIDES, ties: Side | None = None,
                   attacker_dice_max: int = 3, defender_dice_max: int = 3,
                   terrain: Side | None = None, reroll: Reroll | None = None,
                   lone_defender_shield: bool = False) -> RollSample:
    """Simulate ``n`` single battles of ``att_dice`` against ``def_dice`` dice.

    Options as in :func:`warkit.odds.roll_outcomes`; ``seed`` or ``rng`` (a
    ``numpy.random.Generator``) makes the sample reproducible. ``n`` is at most
    :data:`MAX_SAMPLES`.
    """
    rules = battle_rules(sides=sides, ties=ties, attacker_dice_max=attacker_dice_max,
                         defender_dice_max=defender_dice_max, terrain=terrain, reroll=reroll,
                         lone_defender_shield=lone_defender_shield)
    na, nd, present = check_dice(rules, att_dice, def_dice, defenders)
    all_in = check_attackers(rules, na, attackers)
    n = check_whole("n", n, 0, MAX_SAMPLES)
    gen = _generator(seed, rng)
    cap = rules.cap(nd, present)
    attack = np.empty((na, n), dtype=np.int8)
    defence = np.empty((nd, n), dtype=np.int8)
    lost_att = np.empty(n, dtype=np.int8)
    lost_def = np.empty(n, dtype=np.int8)
    spent = np.empty(n, dtype=bool)
    battler = _Battler(rules)
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        att, dfn, la, ld, sp = battler.step(gen, na, nd, cap, stop - start, all_in=all_in)
        attack[:, start:stop] = att
        defence[:, start:stop] = dfn
        lost_att[start:stop], lost_def[start:stop], spent[start:stop] = la, ld, sp
    return RollSample(attack.T, defence.T, lost_att, lost_def, spent)


def simulate_battles(attackers: int, defenders: int, n: int, *, seed: int | None = None,
                     rng: np.random.Generator | None = None, stop_at: int = 0,
                     confidence: float = 0.95, sides: int = SIDES, ties: Side | None = None,
                     attacker_dice_max: int = 3, defender_dice_max: int = 3,
                     terrain: Side | None = None, reroll: Reroll | None = None,
                     lone_defender_shield: bool = False) -> BattleSample:
    """Simulate ``n`` whole battles at once (C-ATK-5), all with the most dice allowed.

    ``attackers`` = armies that may attack (the territory holds ``attackers + 1``),
    ``defenders`` = armies on the target; the attacker goes on while it has
    more than ``stop_at`` attacking armies and the target is not empty.
    Options as in :func:`warkit.odds.win_probability`. Limits, checked before anything is
    drawn: at most :data:`~warkit.odds.battle.MAX_ARMIES` a side, ``n`` at most
    :data:`MAX_SAMPLES` and ``n x (attackers + defenders)`` at most :data:`MAX_BATTLE_WORK`.
    """
    rules = battle_rules(sides=sides, ties=ties, attacker_dice_max=attacker_dice_max,
                         defender_dice_max=defender_dice_max, terrain=terrain, reroll=reroll,
                         lone_defender_shield=lone_defender_shield)
    a0 = check_whole("attackers", attackers, 0, MAX_ARMIES)
    d0 = check_whole("defenders", defenders, 0, MAX_ARMIES)
    stop_at, n = check_whole("stop_at", stop_at), check_whole("n", n, 0, MAX_SAMPLES)
    if n * (a0 + d0) > MAX_BATTLE_WORK:
        raise InvalidArgumentError(
            f"{n:,} battles of {a0} against {d0} is too much work for one call: n x (attackers "
            f"+ defenders) must be at most {MAX_BATTLE_WORK:,}, so at most "
            f"{MAX_BATTLE_WORK // (a0 + d0):,} battles of this size")
    if (isinstance(confidence, bool) or not isinstance(confidence, numbers.Real)
            or not 0 < confidence < 1):
        raise InvalidArgumentError("confidence must be a number between 0 and 1, got "
                                   f"{describe(confidence)}")
    gen = _generator(seed, rng)
    a = np.full(n, a0, dtype=np.int32)
    d = np.full(n, d0, dtype=np.int32)
    rolls = np.zeros(n, dtype=np.int32)
    spent = np.zeros(n, dtype=np.int32)
    limit = None if rules.reroll is None else rules.reroll.cards
    battler = _Battler(rules)
    active = np.flatnonzero((d > 0) & (a > stop_at))
    while active.size:
        aa, dd = a[active], d[active]
        na = np.minimum(aa, rules.attacker_dice_max).astype(np.int8)
        nd = np.minimum(dd, rules.defender_dice_max).astype(np.int8)
        cap = np.minimum(dd, nd + 1) if rules.counts_defenders else nd
        may = None if limit is None else spent[active] < limit
        all_in = (aa <= rules.attacker_dice_max) if rules.terrain == "attacker" else False
        _, _, la, ld, sp = battler.step(gen, na, nd, cap, active.size, may, all_in)
        a[active] = aa - la
        d[active] = dd - ld
        rolls[active] += 1
        spent[active] += sp
        active = active[(d[active] > 0) & (a[active] > stop_at)]
    return BattleSample(a0, d0, a, d, rolls, spent, confidence)
