"""Views: what one player may know (the only way secrets leave the engine)."""

import dataclasses

import pytest

import warkit
from warkit.view import PlayerView


def test_view_has_exactly_the_declared_fields():
    """view() builds PlayerView without its __init__ (for speed): keep the two in step."""
    state = warkit.new_game(4, seed=3)
    v = warkit.view(state, 1)
    assert set(v.__dict__) == {f.name for f in dataclasses.fields(PlayerView)}
    assert v == warkit.view(state, 1) and hash(v.armies) == hash(state.armies)
    bare = warkit.loads(warkit.dumps(state))  # no derived index built yet: nothing to drop
    assert "_holdings" not in bare.__dict__ and "_holdings" in state.__dict__
    assert warkit.view(bare, 1).__dict__ == v.__dict__


def test_spectator_sees_no_hand_and_no_objective():
    state = warkit.new_game(4, seed=3)
    spectator = warkit.view(state, None)
    assert spectator.hand == () and spectator.objective is None
    assert spectator.owner == state.owner and spectator.armies == state.armies


@pytest.mark.parametrize("bad", [-1, 4, "red", True, 1.0])
def test_view_refuses_a_seat_that_does_not_exist(bad):
    with pytest.raises(ValueError, match="seat"):
        warkit.view(warkit.new_game(4, seed=3), bad)


def test_objectives_are_revealed_when_the_game_is_over():
    """The victory screen shows every objective (C-WIN-1)."""
    final = warkit.simulate(4, seed=2).state
    v = warkit.view(final, 0)
    assert v.revealed_objectives == tuple(final.objective(s) for s in range(4))
