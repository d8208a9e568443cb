"""Lab 09's leaderboard: an arena's standings and head-to-head table as HTML, in pt or en.

Both read a :class:`warkit.arena.ArenaResult`; every figure comes from it (standings, ratings,
head-to-head counts and their sign tests), the tables only format them.
"""

from __future__ import annotations

from html import escape

from warkit_widgets.i18n import fmt_number, fmt_percent

from warkit.arena import FAULTS, ArenaResult

from .messages import tr

STYLE = ("border-collapse:collapse;font-size:13px;margin:6px 0",
         "padding:3px 8px;border-bottom:1px solid #ddd;text-align:right")


def _interval(low: float, high: float, lang: str, percent: bool) -> str:
    def f(x: float) -> str:
        return fmt_percent(x, lang, 1) if percent else fmt_number(x, lang, 1)

    return f"[{f(low)}; {f(high)}]" if lang == "pt" else f"[{f(low)}, {f(high)}]"


def _table(header: list[str], rows: list[list[str]]) -> str:
    cell = STYLE[1]
    head = "".join(f'<th style="{cell}">{escape(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="{cell}">{c}</td>' for c in row) + "</tr>"
                   for row in rows)
    return f'<table style="{STYLE[0]}"><tr>{head}</tr>{body}</table>'


def leaderboard_html(result: ArenaResult, lang: str = "pt") -> str:
    """One row per bot, best rating first: games, win share with its 95% interval, the fair
    share and the binomial test against it, mean placing, rating with its interval, faults."""
    ratings = result.ratings()
    standings = {s.name: s for s in result.standings()}
    order = list(ratings) + [n for n in standings if n not in ratings]
    rows = []
    for rank, name in enumerate(order, 1):
        s, r = standings[name], ratings.get(name)
        faults = result.faults(name)
        rows.append([
            str(rank), f"<b>{escape(name)}</b>", str(s.games), fmt_number(s.wins, lang, 0),
            fmt_percent(s.share, lang, 1), _interval(*s.interval, lang, percent=True),
            fmt_percent(s.fair_share, lang, 1), fmt_number(s.p_value, lang, 3),
            fmt_number(s.mean_place, lang, 2),
            fmt_number(r.mu, lang, 1) if r else "", _interval(*r.interval, lang, False) if r
            else "", escape(" ".join(f"{k} {faults[k]}" for k in FAULTS if faults[k]) or "–")])
    keys = ("rank", "bot", "games", "wins", "share", "interval", "fair", "fair_p", "place",
            "rating", "interval", "faults")
    return _table([tr(f"arena.{key}", lang) for key in keys], rows)


def head_to_head_html(result: ArenaResult, lang: str = "pt", alpha: float = 0.05) -> str:
    """Row A, column B: how often A finished ahead of B – and B ahead of A – in the games both
    played, with the sign test's p-value; a pair whose p-value is below ``alpha`` is bold."""
    names = list(result.ratings()) or list(result.bots)
    rows = []
    for a in names:
        row = [f"<b>{escape(a)}</b>"]
        for b in names:
            if a == b:
                row.append("")
                continue
            h = result.head_to_head(a, b)
            text = (f"{h.a_ahead}–{h.b_ahead} (p {fmt_number(h.p_value, lang, 2)})"
                    if h.games else "·")
            row.append(f"<b>{text}</b>" if h.games and h.p_value < alpha else text)
        rows.append(row)
    return _table([tr("arena.ahead_of", lang), *names], rows)
