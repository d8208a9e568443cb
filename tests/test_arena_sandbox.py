"""Students' bots in the sandbox: broken bots are contained and counted, well-behaved ones play
whole games, peeking finds nothing (the child process never holds a state)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from warkit import new_game
from warkit.arena import Entrant, Limits, run_arena, template
from warkit.arena.sandbox import SandboxedBot, close_sandboxes
from warkit.game import legal_actions
from warkit.view import view

BOTS = Path(__file__).resolve().parent / "arena_bots"
LIMITS = Limits(seconds=1.0, memory_mb=400, max_faults=3)


def test_broken_bots_are_contained_counted_and_the_games_finish(monkeypatch):
    monkeypatch.setenv("ARENA_TEST_SECRET", "only the arena may see this")
    names = ["sleeper", "raiser", "garbage", "crasher", "memory_hog", "quiet"]
    result = run_arena([BOTS / f"{n}.py" for n in names], players=6, games=2, processes=1,
                       progress=False, anchor=None, limits=LIMITS, key="ab" * 16)
    assert len(result.games) == 2 and not any(g.capped for g in result.games)
    assert all(len(g.winners) >= 1 for g in result.games)
    faults = {n: result.faults(n) for n in names}
    # each broken bot faults 3 times per game (max_faults), then is benched for the rest
    assert faults["sleeper"]["timeout"] == 6 and faults["sleeper"]["benched"] > 0
    assert faults["raiser"]["error"] == 6
    assert "ZeroDivisionError: a student's bug" in result.errors("raiser")[0]
    assert faults["garbage"]["garbage"] + faults["garbage"]["illegal"] == 6
    assert faults["garbage"]["garbage"] >= 1 and faults["garbage"]["error"] == 0
    assert faults["crasher"]["crash"] == 6
    assert "exit code 3" in result.errors("crasher")[0]
    assert faults["memory_hog"]["error"] + faults["memory_hog"]["crash"] == 6
    assert "MemoryError" in result.errors("memory_hog")[0]
    assert faults["quiet"] == {} and result.errors("quiet") == []
    report = result.report()
    assert "timeout=6" in report and "crash=6" in report


def test_a_bot_may_not_read_files_open_sockets_or_find_the_state(monkeypatch):
    """The guard (warkit.arena.guard): each attempt is refused, the decision counted as
    ``forbidden`` and played by the fallback (even when the bot caught the refusal and
    answered), 3 per game before the bot is benched; the games go on. The bots raise
    "LEAK ..." if anything they must not see is found: they never do."""
    monkeypatch.setenv("ARENA_TEST_SECRET", "only the arena may see this")
    names = ["file_reader", "socket_opener", "cheater"]
    result = run_arena([BOTS / f"{n}.py" for n in names] + ["easy"], players=4, games=2,
                       processes=1, progress=False, anchor=None, limits=LIMITS, key="ef" * 16)
    assert len(result.games) == 2 and all(g.winners for g in result.games)
    for name in names:
        faults = result.faults(name)
        assert faults["forbidden"] == 6 and set(faults) == {"forbidden", "benched"}, name
        assert not any("LEAK" in e for e in result.errors(name))
    errors = {n: " ".join(result.errors(n)) for n in names}
    assert "reading '/etc/passwd'" in errors["file_reader"]
    assert "writing a file ('/tmp/arena_file_reader_was_here')" in errors["file_reader"]
    assert "socket.__new__" in errors["socket_opener"]
    assert "socket.getaddrinfo" in errors["socket_opener"]
    assert "reading '/proc'" in errors["cheater"]
    assert not Path("/tmp/arena_file_reader_was_here").exists()
    assert "forbidden=6" in result.report()


def test_the_guard_allows_reading_code_and_nothing_else():
    """The guard's policy (warkit.arena.guard.refusal), checked here without setting the
    hook (which would stay for the rest of the test session)."""
    import warkit
    from warkit.arena.guard import readable_roots, refusal

    roots = readable_roots()
    code = str(Path(warkit.__file__).parent / "bots" / "student.py")
    assert refusal("open", (code, "r", 0), roots) is None  # importing needs it
    assert refusal("open", (importlib.__file__, "rb", 0), roots) is None
    assert refusal("os.listdir", (str(Path(code).parent),), roots) is None
    assert refusal("import", ("heapq", None, [], [], []), roots) is None
    assert refusal("open", (code, "w", 0), roots) == f"writing a file ({code!r})"
    assert refusal("open", (code, None, os.O_RDWR), roots) is not None
    assert refusal("open", (str(BOTS / "quiet.py"), "r", 0), roots) is not None  # a bot
    assert refusal("open", (3, "rb", 0), roots) is not None  # a descriptor
    assert refusal("open", (str(Path(code).parent / ".." / ".." / "tests"), "r", 0), roots)
    assert refusal("os.listdir", (None,), roots) is not None
    for event in ("socket.__new__", "socket.connect", "subprocess.Popen", "os.system",
                  "ctypes.dlopen", "os.remove", "os.putenv", "resource.setrlimit"):
        assert refusal(event, (), roots) == event


def test_the_cheaters_search_does_find_a_state_where_one_exists():
    """The control: in the arena's own process (which holds the game) the same search finds
    the state, so an empty result in the sandbox means something."""
    spec = importlib.util.spec_from_file_location("cheater", BOTS / "cheater.py")
    assert spec is not None and spec.loader is not None
    cheater = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cheater)
    state = new_game(3, seed=1)
    assert "a GameState in memory" in cheater.leaks()
    del state


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_templates_play_whole_games_without_a_fault(lang, tmp_path):
    path = tmp_path / f"template_{lang}.py"
    path.write_text(template(lang), encoding="utf-8")
    result = run_arena([path, "easy"], players=3, games=3, processes=1, progress=False,
                       limits=LIMITS)
    name = Entrant.from_file(path).name
    assert name == {"en": "my_bot", "pt": "meu_robo"}[lang]
    assert result.faults(name) == {} and result.decisions(name)[0] > 50
    assert not any(g.capped for g in result.games)


def test_a_bot_from_a_notebook_cell_and_a_bot_that_is_a_function():
    cell = ("from warkit.bots.student import StudentBot\n\n"
            "class Bot(StudentBot):\n"
            "    def attack(self, view, legal):\n"
            "        return self.strongest_attack(view, legal) or self.end(legal)\n")
    function = ("import random\n"
                "def choose(view, legal):\n"
                "    return random.choice(list(legal))\n")
    bots = [Entrant.from_source(cell, name="cell_bot"), Entrant.from_source(function, "fn_bot")]
    result = run_arena(bots, players=3, games=3, processes=1, progress=False, limits=LIMITS,
                       max_turns=60)
    for name in ("cell_bot", "fn_bot"):
        assert result.faults(name) == {} and result.decisions(name)[0] > 0


def test_printing_does_not_disturb_the_sandbox():
    result = run_arena([BOTS / "quiet.py", "easy", "random"], players=3, games=2, processes=1,
                       progress=False, limits=LIMITS)
    assert result.faults("quiet") == {}


def test_a_game_with_sandboxed_bots_replays_exactly():
    bots = [BOTS / "quiet.py", "easy", "normal"]
    runs = [run_arena(bots, players=3, games=2, processes=1, progress=False, anchor=None,
                      limits=LIMITS, key="cd" * 16) for _ in range(2)]
    assert [(g.winners, g.turns, g.actions) for g in runs[0].games] == \
        [(g.winners, g.turns, g.actions) for g in runs[1].games]


def test_a_sandboxed_bot_answers_only_with_a_legal_action():
    entrant = Entrant.from_file(BOTS / "garbage.py")
    state = new_game(3, seed=4)
    bot = SandboxedBot(entrant, seed=1, limits=LIMITS, key="test#garbage")
    try:
        legal = legal_actions(state)
        action = bot.choose(view(state, state.current_player), legal)
        assert action in legal and bot.faults["garbage"] == 1  # the fallback played
    finally:
        close_sandboxes()


def test_bad_sources_get_clear_errors():
    with pytest.raises(ValueError, match="does not compile: line 1"):
        Entrant.from_source("class Bot(:\n", "broken")
    with pytest.raises(ValueError, match="defines no class Bot"):
        Entrant.from_source("x = 1\n", "empty")
    with pytest.raises(ValueError, match="short name"):
        Entrant.from_source("class Bot: pass\n", "a name with spaces")
    with pytest.raises(ValueError, match="limits"):
        Limits(seconds=0)
    with pytest.raises(ValueError, match="two bots are named"):
        run_arena([Entrant.from_source("class Bot: pass\n", "x"),
                   Entrant.from_source("class Bot:\n    pass\n", "x")], progress=False)


def test_a_bot_class_becomes_an_entrant_with_its_files_source(tmp_path):
    path = tmp_path / "cls_bot.py"
    path.write_text(template("en"), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("cls_bot", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    entrant = Entrant.from_class(module.Bot)
    assert entrant.source == template("en") and entrant.name == "my_bot"  # NAME wins
    with pytest.raises(ValueError, match="method of its own"):
        Entrant.from_class(type("Empty", (), {}))


def test_a_bot_may_import_the_usual_modules():
    """Started by root, the bot's process runs as nobody: the modules a bot commonly uses are
    loaded before (PRELOAD), even where the Python installation is not readable by nobody."""
    source = ("import statistics, heapq, fractions, itertools, numpy\n"
              "from warkit.actions import Place\n"
              "from warkit.bots.student import StudentBot\n\n\n"
              "class Bot(StudentBot):\n"
              "    def place(self, view, legal):\n"
              "        return self.options(legal, Place)[0]\n")
    result = run_arena([Entrant.from_source(source, "importer"), "easy"], players=3, games=1,
                       processes=1, progress=False, anchor=None, limits=LIMITS)
    assert result.faults("importer") == {} and result.decisions("importer")[0] > 20


def test_a_bot_can_start_no_thread_and_no_process():
    """Nothing of a bot runs between its decisions or outlives it: a thread fails
    (RLIMIT_NPROC, an error), a fork is refused by the guard (forbidden)."""
    result = run_arena([BOTS / "spawner.py", "easy", "random"], players=3, games=1, processes=1,
                       progress=False, anchor=None, limits=LIMITS)
    errors = " ".join(result.errors("spawner"))
    faults = result.faults("spawner")
    assert faults["error"] + faults["forbidden"] == 3 and faults["error"] >= 1
    assert "can't start new thread" in errors or "Resource temporarily unavailable" in errors
    assert faults["forbidden"] == 0 or "os.fork" in errors


def test_a_csv_row_with_a_students_bot_replays_with_the_runs_key(tmp_path):
    from warkit.arena import entrants, read_csv, replay

    result = run_arena([BOTS / "quiet.py", "easy"], players=3, games=2, processes=1,
                       progress=False, limits=LIMITS)
    rows = read_csv(result.to_csv(tmp_path / "games.csv"))
    assert rows[0]["key"] == result.games[0].key and len(rows[0]["key"]) == 32
    for row, game in zip(rows, result.games):
        again = replay(row, entrants([BOTS / "quiet.py"]), LIMITS)
        assert (again.winner, again.turns, again.actions) == (game.winner, game.turns,
                                                              game.actions)
    with pytest.raises(ValueError, match="pass its Entrant"):
        replay(rows[0])


def test_the_command_line_takes_a_folder_of_bots(tmp_path, capsys):
    from warkit.arena.__main__ import main

    (tmp_path / "quiet.py").write_text((BOTS / "quiet.py").read_text(), encoding="utf-8")
    (tmp_path / "_helper.py").write_text("x = 1\n", encoding="utf-8")  # skipped: starts with _
    main([str(tmp_path), "easy", "--players", "3", "--games", "3", "--processes", "1",
          "--quiet", "--seconds", "1"])
    out = capsys.readouterr().out
    assert "quiet" in out and "easy" in out and "random" in out and "_helper" not in out
