"""SMART tables set by hand for the SMART lessons 06 to 09 (tactics: rerolls, conquest,
movement, the end of the turn and of the game).

:func:`arranged_smart_table` describes a table the way a player would set it up — owners,
armies, hands, the round, whose turn and which step — and builds it with the engine's one
checked builder, :func:`warkit.position` (the 44 cards each in one place, every player in the
game owning a territory, at least 1 army everywhere); a seeded SMART game
(``warkit.new_game(rules="smart")``) only tells who dealt and so who played first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import warkit

JOKER_NAMES = tuple(warkit.card_name(j) for j in warkit.JOKERS)
"""The jokers' card names ("joker1", "joker2")."""


def arranged_smart_table(*, players: int = 3, seed: int = 0, current: str = "white",
                owners: Mapping[str, str] | None = None, rest: Iterable[str] | None = None,
                armies: Mapping[str, int] | None = None,
                hands: Mapping[str, Iterable[str]] | None = None,
                discard: Iterable[str] = (), deck: Iterable[str] | None = None,
                objectives: Mapping[str, str] | None = None, round: int = 5,
                phase: str = "attack", **settings: object) -> warkit.GameState:
    """A SMART position set by hand (:func:`warkit.position`, which checks it); ``current``
    plays, in ``phase`` of ``round``.

    Territories not in ``owners`` go round-robin, in map order, to the colours in ``rest``
    (default: every colour but ``current``), so ``current`` owns exactly what ``owners``
    gives it. Unlisted territories hold 1 army. Cards not in a hand, the discard pile or
    ``deck`` (when given) stay out of play only if ``deck`` is given — otherwise they are
    the deck. Objectives are "destroy colour X" cards: by default each colour hunts the next
    one (S-SETUP-1). The seeded game gives the dealer and so who played first (the turn
    number counts from them). Extra keywords are SMART rule settings (e.g.
    ``lone_defender_shield=True``, the literal reading of S-TERRAIN-3 that SMART 07
    discusses).
    """
    dealt = warkit.new_game(players=players, seed=seed, rules="smart", **settings)
    colors = list(dealt.colors)
    if current not in colors:
        raise ValueError(f"{current} does not play in a {players}-player game: {colors}")
    m = warkit.world_map()
    owners = dict(owners or {})
    others = list(rest) if rest is not None else [c for c in colors if c != current]
    free = [t for t in m.ids if t not in owners]
    for k, tid in enumerate(free):
        owners[tid] = others[k % len(others)]
    held = {colors.index(c): tuple(cards) for c, cards in (hands or {}).items()}
    discard = tuple(discard)
    if deck is not None:  # cards in no hand, pile or deck are out of play: in the discards
        deck = tuple(deck)
        used = {card for cards in held.values() for card in cards} | {*discard, *deck}
        discard += tuple(c for c in (*m.ids, *JOKER_NAMES) if c not in used)
    hunted = {c: f"destroy_{colors[(k + 1) % players]}" for k, c in enumerate(colors)}
    hunted.update(objectives or {})
    seat, first = colors.index(current), dealt.first_player
    assert first is not None  # the seeded game has dealt: someone played first
    return warkit.position(
        {t: colors.index(c) for t, c in owners.items()}, armies, players=players,
        rules="smart", settings=settings, current=seat, phase=phase, hands=held,
        discard=discard, deck=deck, objectives={colors.index(c): o for c, o in hunted.items()},
        round=round, turn=players * (round - 1) + (seat - first) % players + 1,
        dealer=dealt.dealer, first_player=first)

