"""Saving, loading and autosaving the dashboard's games: round trips, and every kind of bad
file refused with a message while the running game stays as it was."""

from __future__ import annotations

import json

import pytest
from conftest import new_game, play_to_the_end
from warkit_widgets.gamecontroller import Step
from warkit_widgets.saves import (
    MAX_UPLOAD,
    META_KEY,
    Autosave,
    LoadProblem,
    dump_game,
    file_name,
    load_game,
)

import warkit


@pytest.fixture
def midgame():
    game = new_game("human", "normal", "hard", seed=7)
    for n, _ in enumerate(play_to_the_end(game, seed=1)):
        if n == 40:
            break
    assert not game.state.is_terminal
    return game


def test_a_saved_game_loads_back_with_its_players(midgame):
    text = dump_game(midgame)
    loaded = load_game(text)
    assert loaded.state == midgame.state
    assert loaded.seats == midgame.seats and loaded.game_id == midgame.game_id
    assert loaded.actors == [] or len(loaded.actors) == len(loaded.match.actions)
    assert [e.key for e in loaded.log] == [e.key for e in midgame.log]  # the log is rebuilt
    assert file_name(midgame).startswith("war-classic-turn-")
    # the same luck from here on: the next roll does not depend on saving and loading
    for game in (midgame, loaded):
        game.run_computers()
    assert loaded.state == midgame.state


@pytest.mark.parametrize("bad, words", [
    (b"\xff\xfe\x00garbage", "not a text file"),
    (b"{not json", "not valid JSON"),
    (b"[1, 2, 3]", "JSON object"),
    (json.dumps({"format": "something.else", "version": 1}).encode(), "not a"),
    (b" " * (MAX_UPLOAD + 1), "too large"),
])
def test_wrong_corrupt_and_oversized_files_are_refused(bad, words):
    with pytest.raises(LoadProblem) as info:
        load_game(bad)
    assert words in info.value.text("en")
    assert info.value.text("pt") != info.value.text("en") or "JSON" in words


def test_a_tampered_file_is_refused(midgame):
    data = json.loads(dump_game(midgame))
    place = next(i for i, a in enumerate(data["actions"]) if a.startswith("place "))
    words = data["actions"][place].split()
    data["actions"][place] = " ".join([*words[:2], str(int(words[2]) + 50)])  # 50 more armies
    with pytest.raises(LoadProblem, match="cannot be replayed"):
        load_game(json.dumps(data))
    data = json.loads(dump_game(midgame))
    data["initial"]["hands"][data["initial"]["players"][1]] = ["brasil"]  # a card from nowhere
    with pytest.raises(LoadProblem):
        load_game(json.dumps(data))


def test_bad_player_settings_are_refused(midgame):
    data = json.loads(dump_game(midgame))
    data["meta"][META_KEY]["seats"][1]["kind"] = "superhuman"
    with pytest.raises(LoadProblem, match="player settings"):
        load_game(json.dumps(data))
    data["meta"][META_KEY]["seats"] = data["meta"][META_KEY]["seats"][:2]
    with pytest.raises(LoadProblem, match="2 seats for 3"):
        load_game(json.dumps(data))


def test_a_plain_engine_record_or_state_loads_with_default_seats():
    match = warkit.simulate(3, bots="random", seed=4, max_turns=5)
    game = load_game(warkit.dumps(match))
    assert game.seats[0].is_human and not game.seats[1].is_human
    state_game = load_game(warkit.dumps(match.state))
    assert state_game.state == match.state and state_game.match.seed is not None


def test_autosave_keeps_the_game_in_progress_and_resumes_it(tmp_path):
    autosave = Autosave(tmp_path)
    game = new_game("human", "normal", "normal", seed=9, autosave=autosave)
    for n, _ in enumerate(play_to_the_end(game, seed=3)):
        if n == 15:
            break
    assert autosave.writes > 0 and autosave.errors == []
    [saved] = autosave.games()
    assert saved.game_id == game.game_id and saved.players == ("P1", "P2", "P3")
    assert "P1, P2, P3" in saved.label("en") and "turno" in saved.label("pt")
    other = Autosave(tmp_path)  # a new kernel after a reload or a restart
    resumed = other.resume(saved)
    assert resumed.state == game.state and resumed.autosave is other
    before = (tmp_path / f"{game.game_id}.json").read_text()
    for g in play_to_the_end(game, seed=4):  # the old page plays on: it no longer writes
        if g.state.turn > resumed.state.turn + 2:
            break
    assert (tmp_path / f"{game.game_id}.json").read_text() == before
    for _ in play_to_the_end(resumed, seed=5):
        pass
    assert resumed.step is Step.OVER
    assert other.games() == []  # finished games are removed


def test_autosave_can_be_switched_off(monkeypatch, tmp_path):
    monkeypatch.setenv("WARKIT_AUTOSAVE_DIR", "")
    off = Autosave()
    assert not off.enabled and off.games() == []
    off(new_game("human", "easy", "easy", seed=1))  # no error, nothing written
    monkeypatch.setenv("WARKIT_AUTOSAVE_DIR", str(tmp_path / "here"))
    assert Autosave().folder == tmp_path / "here"
