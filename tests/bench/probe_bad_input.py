"""Probe the public API with bad input, from outside, each call in its own capped process.

Prints one row per probe: what the call raised (or returned), how long it took and the
peak memory, under an address-space cap (``--mem``, default 2 GB) and a time cap (``--timeout``,
default 20 s), so a call that would take minutes or tens of GB is stopped, not run.
A row is "ok" when the call raised a :class:`warkit.WarkitError` (a ValueError) within a second
or returned; anything else (another exception, a timeout, a MemoryError) is "BAD".

    nice -n 10 .venv/bin/python tests/bench/probe_bad_input.py [--only SUBSTRING]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

PRELUDE = """
import warkit, warkit.odds as odds, warkit.bots as bots
from warkit import *
S = warkit.new_game(seed=1)
M = warkit.Match.new(seed=1)
P0 = {'brasil': 0}
DEEP = '[' * 100000 + ']' * 100000
DEEPOBJ = '{"a":' * 100000 + '1' + '}' * 100000
"""

POSITION_KEYWORDS = (
    "armies={'argentina': 2.5}", "current=-3", "current=99", "current=2.5",
    "armies={'brasil': 2.5}", "armies={'brasil': -1}", "armies={'brasil': 10**100}", "round=-1",
    "round=0", "round=2.5", "bogus=1", "players=2", "rest=()", "rest=99", "hands={9: []}",
    "hands={0: ['nowhere']}", "hands={0: [99]}", "hands={0: 5}", "objectives={0: 'bogus'}",
    "objectives={9: 'europe_oceania_3rd'}", "phase='bogus'", "eliminated_by={9: 0}",
    "eliminated_by=5", "continent_reserves={'asia': -1}", "continent_reserves={'asia': 2.5}",
    "trades=-1", "reserves=2.5", "alive=[True]", "turn=-5", "armies=5", "settings=5",
    "deck=[1, 1]", "discard=None", "players=None", "rules='bogus'",
)

PROBES: list[str] = [
    # saving and loading
    "loads(DEEP)", "loads(DEEPOBJ)", "loads(None)", "loads(123)", "loads(b'\\xff\\xfe')",
    "loads('null')", "loads('{\"format\": \"warkit.match\"}')", "loads('[1, 2]')",
    "loads('{\"format\": \"warkit.state\", \"version\": 1}')", "loads('1' * 4_000_000)",
    "state_from_dict(None)", "match_from_dict([])", "match_from_dict({'format': 'warkit.match'})",
    "state_to_dict(None)", "match_to_dict(None)", "dumps(None)", "dumps('text')",
    "dumps(S, indent='x')",
    # the front door
    "apply(None, 'end')", "apply(S, None)", "apply(S, 123)", "apply(S, 'garbage words')",
    "apply(S, Attack(None, None, None))", "apply(S, Place('brasil', 2.5))",
    "apply(S, Place('brasil', float('nan')))", "apply(S, Place('brasil', 10**100))",
    "apply(S, Place(['brasil'], 1))", "apply(S, 'end', player=99)", "apply(S, 'end', player='a')",
    "apply(S, Trade(None))", "apply(S, Roll((7, 0), ('a',)))",
    "legal_actions(None)", "legal_actions('state')", "chance_outcomes(None)",
    "illegal_reason(None, 'end')", "illegal_reason(S, None)", "is_legal(S, 42)",
    "view(None, 0)", "view(S, 99)", "view(S, -1)", "view(S, 'red')", "view(S, 2.5)",
    "new_game(None)", "new_game(2)", "new_game(10**100)", "new_game(4.0)", "new_game(['x'] * 4)",
    "new_game(rules=None)", "new_game(rules='bogus')", "new_game(seed=2.5)", "new_game(seed='x')",
    "new_game(bogus_setting=1)", "new_game(attacks_in_first_round='yes')",
    "initial_state(players=[None] * 4)", "Sampler('x')", "Sampler(2.5)",
    # actions
    "parse_action(None)", "parse_action('')", "parse_action('x' * 1_000_000)",
    "parse_action('place brasil 1' + '0' * 5000)", "parse_action('roll 1,2,3,4,5,6,7 vs 1')",
    "card_index(None)", "card_index(5)", "card_name(None)", "card_name(-1)", "card_name(100)",
    "card_name(2.5)", "card_name('brasil')",
    # positions (seat 0 owns brasil, P0: position() alone gives the player to act nothing)
    "position(P0)", "position({'brasil': 9})", "position({'brasil': -1})",
    "position({'brasil': 'red'})", "position(owners=5)",
    *(f"position(P0, {kw})" for kw in POSITION_KEYWORDS),
    # rule sets, map, matches, simulations
    "find_rules(None)", "find_rules('bogus')", "find_rules('classic', bogus=1)",
    "find_rules('classic', attacks_in_first_round=[])", "register_rules(None)",
    "register_rules('x')", "world_map().index(None)", "world_map().index(99)",
    "world_map().territory([])", "world_map().neighbours(None)", "world_map().continent(None)",
    "world_map().objective(None)", "world_map().color_index(None)",
    "Match(None)", "Match.new(players=None)", "M.push(None)", "M.push(42)", "M.events(999)",
    "M.events('x')", "simulate(players=2)", "simulate(bots='bogus')", "simulate(bots=[1, 2, 3, 4])",
    "simulate(bots=['random'] * 3)", "simulate(max_turns=-1)", "simulate(max_turns=2.5)",
    "simulate(seed='x')", "simulate(rules=5)",
    "bots.make('bogus')", "bots.make(None)", "bots.make(seed='x')", "bots.make(seed=2.5)",
    "bots.make('hard', seed=-1)",
    # odds
    "odds.simulate_battles(10**9, 10**9, n=1)", "odds.simulate_battles(3, 2, n=10**10)",
    "odds.simulate_battles(3, 2, n=10**8)", "odds.simulate_battles(3, 2, n=2.5)",
    "odds.simulate_battles(3, 2, n=-1)", "odds.simulate_battles(3, 2, n=10, seed=2.5)",
    "odds.simulate_battles(3, 2, n=10, confidence=float('nan'))",
    "odds.simulate_battles(3, 2, n=10, confidence='x')",
    "odds.simulate_battles(3, 2, n=10, stop_at=-1)",
    "odds.simulate_battles(None, 2, n=10)", "odds.simulate_battles(3, 2, n=10, rng=5)",
    "odds.simulate_rolls(3, 3, n=10**10)", "odds.simulate_rolls(3, 3, n=10**8)",
    "odds.simulate_rolls(6, 6, n=10**7, sides=12, attacker_dice_max=6, defender_dice_max=6)",
    "odds.roll_outcomes(6, 6, sides=12, attacker_dice_max=6, defender_dice_max=6)",
    "odds.roll_outcomes(4, 4, sides=12, attacker_dice_max=4, defender_dice_max=4)",
    "odds.win_probability(20, 20, sides=12, attacker_dice_max=6, defender_dice_max=6)",
    "odds.win_table(30, 30, sides=12, attacker_dice_max=6, defender_dice_max=6)",
    "odds.win_probability(500, 500)", "odds.win_table(500, 500)",
    "odds.win_probability(10**9, 1)", "odds.win_probability(float('nan'), 1)",
    "odds.win_probability(3, 2, sides=2.5)", "odds.win_probability(3, 2, terrain='x')",
    "odds.win_probability(3, 2, reroll='x')", "odds.win_probability(3, 2, ties=[])",
    "odds.final_distribution(200, 200, exact=True)", "odds.final_distribution(500, 500)",
    "odds.expected_losses(200, 200, exact=True)", "odds.expected_losses(None, 1)",
    "odds.final_distribution(3, 2, exact='yes')",
    "odds.choose_reroll(None, None, 'joker')", "odds.choose_reroll((3, 1), (2,), 'bogus')",
    "odds.choose_reroll((7,), (2,), 'joker')", "odds.choose_reroll((3,), (2,), 'joker', side='x')",
    "odds.Reroll('bogus')", "odds.Reroll('joker', cards=0)", "odds.Reroll('joker', policy=5)",
    "odds.BattleRules(sides=10**6)", "odds.roll_outcomes(3, 2, reroll=odds.Reroll('joker', "
    "policy=lambda own, enemy: 'x'))",
]

CHILD = """
import json, sys, time, resource, traceback
probe = sys.argv[1]
exec(compile(PRELUDE, "<prelude>", "exec"))
start = time.perf_counter()
try:
    result = eval(probe)
    outcome = {"kind": "returned", "type": type(result).__name__, "message": repr(result)[:80]}
except BaseException as exc:
    import warkit
    outcome = {"kind": "raised", "type": type(exc).__name__, "message": str(exc)[:160],
               "ours": isinstance(exc, warkit.WarkitError)}
outcome["seconds"] = time.perf_counter() - start
outcome["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(outcome))
"""


def run(probe: str, mem_gb: float, timeout: float) -> dict[str, Any]:
    def limits() -> None:
        cap = int(mem_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    code = f"PRELUDE = {PRELUDE!r}\n{CHILD}"
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", code, probe], capture_output=True, text=True,
                              timeout=timeout, preexec_fn=limits)
    except subprocess.TimeoutExpired:
        return {"kind": "timeout", "type": f"> {timeout:.0f} s", "message": "", "seconds": timeout}
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        return {"kind": "crashed", "type": f"exit {done.returncode}",
                "message": done.stderr.strip().splitlines()[-1:] or "",
                "seconds": time.perf_counter() - start}
    return json.loads(lines[-1])


def verdict(row: dict[str, Any]) -> str:
    if row["kind"] == "returned":
        return "returned"
    if row["kind"] == "raised" and row.get("ours") and float(row["seconds"]) < 1:
        return "ok"
    return "BAD"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="probes containing this text")
    parser.add_argument("--mem", type=float, default=2.0, help="address-space cap, GB")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per probe")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args()
    print(f"# {' '.join(sys.argv)}; load {os.getloadavg()[0]:.2f}; cap {args.mem} GB, "
          f"{args.timeout:.0f} s")
    rows = []
    for probe in PROBES:
        if args.only not in probe:
            continue
        row = run(probe, args.mem, args.timeout)
        row["probe"] = probe
        rows.append(row)
        print(f"| `{probe}` | {verdict(row)} | {row['type']} | {float(row['seconds']):.2f} s "
              f"| {str(row['message'])[:110]} |", flush=True)
    bad = sum(verdict(r) == "BAD" for r in rows)
    print(f"# {len(rows)} probes, {bad} bad")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
