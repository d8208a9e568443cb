"""Verifiable dice: a room's seed, its public commitment, and the check of a finished game.

An online room's seed is 256 random bits from :mod:`secrets` (:func:`new_seed`), never
typed by a person. It deals the set-up (:meth:`warkit.Match.new`) and every later roll and
draw (:func:`~warkit_widgets.play.controller.chance_sampler`), so whoever knows it knows the
game's future: no page shows it before the end. At the room's creation every page shows its
**commitment** instead, ``sha256`` of the seed's 32 bytes (big-endian), as 64 hex digits
(:func:`commitment`; :func:`short_commitment` for the eye). When the game ends the seed is
revealed, and :func:`verify_room` checks a full record against the commitment noted at the
start: the seed hashes to it, the set-up is the one it deals, and every roll and draw after
it is the one it gives at that step. A changed roll, a changed seed or a changed
commitment fails, naming the first step that does not match.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

import warkit
from warkit import CHANCE, Match, SaveFileError

from ..play.controller import chance_sampler

SEED_BITS = 256
ROOM_META = "warkit_room"
"""Where a room's full record keeps its code and commitment (``match.meta``)."""


class UnfairRecord(ValueError):
    """A record whose rolls or draws did not all come from the committed seed."""


def new_seed() -> int:
    """A fresh room seed: :data:`SEED_BITS` random bits from the operating system."""
    return secrets.randbits(SEED_BITS)


def commitment(seed: int) -> str:
    """The public commitment to ``seed``: sha256 of its 32 big-endian bytes, in hex."""
    if not 0 <= seed < 2 ** SEED_BITS:
        raise ValueError(f"a room seed is a whole number below 2**{SEED_BITS}, got {seed!r}")
    return hashlib.sha256(seed.to_bytes(SEED_BITS // 8, "big")).hexdigest()


def short_commitment(full: str) -> str:
    """The first 16 hex digits of a commitment in groups of four (``3f2a 9c01 …``): enough
    to compare two screens by eye; the full value is what :func:`verify_room` checks."""
    return " ".join(full[i:i + 4] for i in range(0, 16, 4))


def seed_hex(seed: int) -> str:
    """The revealed seed as 64 hex digits (what the page shows after the game)."""
    return f"{seed:064x}"


def verify_room(record: Match | str | bytes | dict[str, Any],
                expected: str | None = None) -> int:
    """Check a room's full record (a :class:`warkit.Match`, its JSON text or dict): its seed
    hashes to its commitment (and to ``expected``, the one noted at the start, if given), the
    dealt set-up is the seed's, and every chance step (roll, draw) after it is the one the
    seed gives there. Returns the number of chance steps checked; raises
    :class:`UnfairRecord` saying which step fails."""
    match = _match(record)
    noted = match.meta.get(ROOM_META, {}).get("commitment")
    if match.seed is None:
        raise UnfairRecord("the record has no seed (a game still running keeps it secret)")
    try:
        actual = commitment(match.seed)
    except ValueError as exc:
        raise UnfairRecord(str(exc)) from None
    for claimed in (noted, expected):
        if claimed is not None and claimed.lower() != actual:
            raise UnfairRecord(f"the seed hashes to {actual}, not to the commitment {claimed}")
    first = match.states[0]
    dealt = Match.new(players=list(first.colors), rules=first.rules, seed=match.seed)
    base = len(dealt.actions)
    if [str(a) for a in match.actions[:base]] != [str(a) for a in dealt.actions]:
        raise UnfairRecord("the set-up (objectives, dealer, territories) is not the one "
                           "this seed deals")
    checked = 0
    for index in range(base, len(match.actions)):
        state = match.states[index]
        if state.current_player != CHANCE:
            continue
        given = chance_sampler(match.seed, index).sample(state)
        if str(given) != str(match.actions[index]):
            raise UnfairRecord(f"step {index}: the seed gives {given}, the record says "
                               f"{match.actions[index]}")
        checked += 1
    return checked


def _match(record: Match | str | bytes | dict[str, Any]) -> Match:
    if isinstance(record, Match):
        return record
    try:
        text = json.dumps(record) if isinstance(record, dict) else record
        loaded = warkit.loads(text)
    except SaveFileError as exc:
        raise UnfairRecord(f"not a readable match record: {exc}") from None
    if not isinstance(loaded, Match):
        raise UnfairRecord("a room's record is a whole match, not one state")
    return loaded


__all__ = ["ROOM_META", "SEED_BITS", "UnfairRecord", "commitment", "new_seed", "seed_hex",
           "short_commitment", "verify_room"]
