"""Saving, loading and autosaving the dashboard's games: round trips, and every kind of bad
file refused with a message while the running game stays as it was."""

from __future__ import annotations

import json

import pytest
from conftest import FakeLoop, new_game, play_to_the_end
from warkit_widgets.play.config import Step
from warkit_widgets.play.saves import (
    MAX_UPLOAD,
    META_KEY,
    Autosave,
    LoadProblem,
    SavedGame,
    distinct_labels,
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
    assert info.value.text("pt").startswith("Este arquivo não pode ser carregado: ")


ENGLISH = ("file", "the ", "not ", "must", "JSON object", "valid", "version", "action")


@pytest.mark.parametrize("bad", [
    b"\xff\xfe\x00garbage", b"{not json", b"[1, 2, 3]",
    b'{"format": "warkit.match", "version": 99}',
    json.dumps({"format": "something.else", "version": 1}).encode(), b" " * (MAX_UPLOAD + 1),
    json.dumps({"format": "warkit.match", "version": 1}).encode(),
])
def test_a_bad_file_is_explained_wholly_in_portuguese(bad):
    """No English word of the engine's reason reaches a Portuguese notice (issue 13)."""
    with pytest.raises(LoadProblem) as info:
        load_game(bad)
    text = info.value.text("pt")
    assert not [w for w in ENGLISH if w in text.replace("warkit", "")], text


def test_a_tampered_file_is_refused(midgame):
    data = json.loads(dump_game(midgame))
    place = next(i for i, a in enumerate(data["actions"]) if a.startswith("place "))
    words = data["actions"][place].split()
    data["actions"][place] = " ".join([*words[:2], str(int(words[2]) + 50)])  # 50 more armies
    with pytest.raises(LoadProblem, match="cannot be replayed") as info:
        load_game(json.dumps(data))
    assert "quebram as regras" in info.value.text("pt")
    data = json.loads(dump_game(midgame))
    data["initial"]["hands"][data["initial"]["players"][1]] = ["brasil"]  # a card from nowhere
    with pytest.raises(LoadProblem):
        load_game(json.dumps(data))


def test_bad_player_settings_are_refused(midgame):
    data = json.loads(dump_game(midgame))
    data["meta"][META_KEY]["seats"][1]["kind"] = "superhuman"
    with pytest.raises(LoadProblem, match="player 2 is neither a person nor a computer") as info:
        load_game(json.dumps(data))
    assert "jogador 2 não é pessoa" in info.value.text("pt")
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
    autosave = Autosave(tmp_path, browser="test-browser")
    game = new_game("human", "normal", "normal", seed=9, autosave=autosave)
    for n, _ in enumerate(play_to_the_end(game, seed=3)):
        if n == 15:
            break
    assert autosave.writes > 0 and autosave.errors == []
    [saved] = autosave.games()
    assert saved.game_id == game.game_id and saved.players == ("P1", "P2", "P3")
    assert "P1, P2, P3" in saved.label("en") and "jogada" in saved.label("pt")
    other = Autosave(tmp_path, browser="test-browser")  # a new kernel after a reload
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


def test_the_list_of_games_in_progress_is_complete_and_honest(tmp_path, monkeypatch):
    """Every unfinished game (more than the 5 the form used to show), none that is over, each
    with its pace, and labels told apart even for the same players at the same minute."""
    autosave = Autosave(tmp_path, browser="test-browser")
    games = []
    for k in range(7):
        game = new_game("human", "normal", "normal", seed=20 + k, autosave=autosave,
                        pace="slow" if k == 3 else "fast")
        autosave(game)
        games.append(game)
    over = new_game("easy", "easy", "easy", seed=2, autosave=autosave)
    over.run_computers()
    assert over.state.is_terminal
    autosave(over)
    listed = autosave.games()
    assert sorted(g.game_id for g in listed) == sorted(g.game_id for g in games)
    assert {g.game_id: g.pace for g in listed}[games[3].game_id] == "slow"
    same = [SavedGame(g.game_id, g.path, g.players, g.rules, g.turn, 1_700_000_000.0, g.pace)
            for g in listed]
    labels = distinct_labels(same, "pt")
    assert len(set(labels)) == len(labels) == 7 and "#" in labels[0]
    assert autosave.resume(listed[0]).pace == listed[0].pace


def test_a_finished_file_says_it_is_over(tmp_path):
    """A file written when the game was over (an old autosave) is not offered."""
    autosave = Autosave(tmp_path, browser="test-browser")
    game = new_game("easy", "easy", "easy", seed=2)
    game.run_computers()
    text = json.loads(dump_game(game))
    assert text["meta"][META_KEY]["over"] is True
    (tmp_path / "old.json").write_text(json.dumps(text))
    assert autosave.games() == []


def test_each_browser_is_offered_only_its_own_games_in_progress(tmp_path):
    """A shared server: two browsers' games in one folder; each browser lists and resumes only
    its own, an older file without an owner is offered to nobody, and a kernel that does not
    know its browser offers nothing."""
    ana, bia = Autosave(tmp_path, browser="ana"), Autosave(tmp_path, browser="bia")
    ana_game = new_game("human", "normal", "normal", seed=31, autosave=ana)
    bia_game = new_game("human", "easy", "easy", seed=32, autosave=bia)
    ana(ana_game)
    bia(bia_game)
    older = json.loads(dump_game(new_game("human", "easy", "easy", seed=33)))
    assert "browser" not in older["meta"][META_KEY]
    (tmp_path / "older.json").write_text(json.dumps(older))
    assert [g.game_id for g in ana.games()] == [ana_game.game_id]
    assert [g.game_id for g in bia.games()] == [bia_game.game_id]
    assert Autosave(tmp_path).games() == []  # who asks is unknown: nothing
    with pytest.raises(LoadProblem, match="not one of this browser's") as refused:
        ana.resume(bia_game.game_id)
    assert "não está entre os jogos em andamento deste navegador" in refused.value.text("pt")
    assert ana.resume(ana_game.game_id).state == ana_game.state
    assert "browser" not in json.loads(dump_game(ana_game))["meta"][META_KEY]  # a download


def test_the_page_offers_the_games_of_the_browser_that_says_who_it_is(tmp_path):
    """The page's identity widget: a browser's secret (only its hash is kept) decides the
    list; a value that is not a secret is ignored."""
    from warkit_widgets.play.app import PlayApp
    from warkit_widgets.play.page.browser_identity import owner_of

    secret = "0123456789abcdef" * 2
    mine = Autosave(tmp_path, browser=owner_of(secret))
    mine(new_game("human", "normal", "normal", seed=41, autosave=mine))
    theirs = Autosave(tmp_path, browser=owner_of("f" * 32))
    theirs(new_game("human", "easy", "easy", seed=42, autosave=theirs))
    app = PlayApp(lang="en", autosave=Autosave(tmp_path), schedule=FakeLoop(), animate=False)
    shown = [b for b in app.setup.resume_box.children if b.layout.display is None]
    assert shown == []  # nobody said who they are yet
    app.browser.secret = "not a secret"
    assert app.autosave.browser is None
    app.browser.secret = secret
    assert app.autosave.browser == owner_of(secret) and secret not in app.autosave.browser
    [button] = [b for b in app.setup.resume_box.children if b.layout.display is None]
    button.click()
    assert app.game.state == mine.resume(mine.games()[0].game_id).state


def test_autosaved_files_are_readable_by_their_owner_only(tmp_path, midgame):
    """An autosave holds every hand and objective: 0600 files in a 0700 folder, whatever the
    umask, and a file left wider by an older version is narrowed when written again."""
    import os
    import stat

    folder = tmp_path / "autosave"
    folder.mkdir(mode=0o755)
    (folder / f"{midgame.game_id}.json").write_text("{}")
    os.chmod(folder / f"{midgame.game_id}.json", 0o644)
    old = os.umask(0o022)
    try:
        saver = Autosave(tmp_path / "fresh" / "autosave", browser="b")
        saver(midgame)
        Autosave(folder, browser="b")(midgame)
    finally:
        os.umask(old)
    written = [*(tmp_path / "fresh" / "autosave").iterdir(), *folder.iterdir()]
    assert {p.suffix for p in written} == {".json", ".owner"}
    for path in written:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE((tmp_path / "fresh" / "autosave").stat().st_mode) == 0o700
