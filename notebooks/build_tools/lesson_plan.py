"""The opening box of every lesson and lab: its BNCC skills, what goes beyond the BNCC core
(*aprofundamento*), and the plan for the class period (``make notebooks``).

A source's header metadata holds the facts, once::

    warkit: {"lab": "probability/06", "bncc": ["EM13MAT511", "EM13MAT316"],
             "further": {"clt": 5, "convolution": 2}, "optional": [4, 5]}

- ``bncc``: the EM13MAT codes of :data:`SKILLS` the notebook serves;
- ``further``: topics of :data:`FURTHER` beyond the BNCC core, each with the section that
  teaches it (``null``: all along);
- ``optional``: sections a class short of time may skip;
- ``periods`` (default 1) and ``split``: a notebook taught over two periods, the first one
  ending after section ``split``.

:func:`apply` writes the box into the notebook's first cell (after the line with its duration)
and a one-line note under each optional, *aprofundamento* or second-period heading, so the
sources carry header lines and the build writes the boxes: no hand-copied box can drift. The
plan must leave :data:`SLACK` minutes of each period free (logging in, opening Jupyter,
questions): :func:`check` says when it does not, and the tests run it on every source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

PERIOD = 50  # minutes of one hora-aula
SLACK = 10  # minutes a plan leaves free in its periods, at least
HEADING = re.compile(r"^## (\d+)\. .*\((\d+) min\)\s*$")
MINUTES = re.compile(r"^## .*\((\d+) min\)\s*$")

# The BNCC (Ensino Médio, Matemática e suas Tecnologias) skills the notebooks serve, each with a
# short description in both languages (the skill's own text is longer; the code finds it).
SKILLS: dict[str, dict[str, str]] = {
    "EM13MAT102": {"pt": "analisar tabelas, gráficos e amostras de pesquisas e as conclusões "
                         "tiradas delas",
                   "en": "analyse the tables, charts and samples of surveys, and the "
                         "conclusions drawn from them"},
    "EM13MAT106": {"pt": "fazer escolhas levando em conta riscos probabilísticos",
                   "en": "make choices that weigh probabilistic risks"},
    "EM13MAT202": {"pt": "planejar e executar uma pesquisa amostral e comunicar os resultados",
                   "en": "plan and run a sample survey and report its results"},
    "EM13MAT310": {"pt": "problemas de contagem pelos princípios multiplicativo e aditivo",
                   "en": "counting problems with the multiplication and addition principles"},
    "EM13MAT311": {"pt": "descrever o espaço amostral e contar as possibilidades para calcular "
                         "probabilidades",
                   "en": "describe the sample space and count the possibilities to compute "
                         "probabilities"},
    "EM13MAT312": {"pt": "probabilidade de eventos em experimentos aleatórios sucessivos",
                   "en": "probability of events in successive random experiments"},
    "EM13MAT315": {"pt": "investigar e registrar um algoritmo que resolve um problema",
                   "en": "work out and write down an algorithm that solves a problem"},
    "EM13MAT316": {"pt": "medidas de tendência central e de dispersão (média, variância, "
                         "desvio-padrão)",
                   "en": "measures of centre and spread (mean, variance, standard deviation)"},
    "EM13MAT404": {"pt": "funções definidas por uma ou mais sentenças",
                   "en": "functions defined piecewise"},
    "EM13MAT405": {"pt": "conceitos iniciais de uma linguagem de programação para implementar "
                         "algoritmos",
                   "en": "first ideas of a programming language, to implement algorithms"},
    "EM13MAT406": {"pt": "construir e interpretar tabelas e gráficos de frequências",
                   "en": "build and read frequency tables and charts"},
    "EM13MAT407": {"pt": "interpretar e comparar dados por diferentes gráficos (histograma, "
                         "entre outros)",
                   "en": "read and compare data through different charts (histograms and "
                         "others)"},
    "EM13MAT507": {"pt": "progressões aritméticas como funções afins de domínio discreto",
                   "en": "arithmetic progressions as linear functions on whole numbers"},
    "EM13MAT511": {"pt": "espaços amostrais e eventos, equiprováveis ou não",
                   "en": "sample spaces and events, equally likely or not"},
}

# Topics beyond the BNCC core (aprofundamento: itinerário formativo, eletiva, OBMEP).
FURTHER: dict[str, dict[str, str]] = {
    "graph-degree": {"en": "graphs: the degree of a territory",
                     "pt": "grafos: o grau de um território"},
    "inclusion-exclusion": {"en": "inclusion–exclusion", "pt": "inclusão–exclusão"},
    "pigeonhole": {"en": "the pigeonhole principle", "pt": "o princípio da casa dos pombos"},
    "derangements": {"en": "derangements and 1/e",
                     "pt": "permutações caóticas (desarranjos) e 1/e"},
    "expected-value": {"en": "expected value", "pt": "valor esperado (esperança)"},
    "graphs-bfs": {"en": "graphs and breadth-first search", "pt": "grafos e busca em largura"},
    "order-statistics": {"en": "order statistics", "pt": "estatísticas de ordem"},
    "markov-chains": {"en": "Markov chains", "pt": "cadeias de Markov"},
    "fundamental-matrix": {"en": "the fundamental matrix N = (I − Q)⁻¹",
                           "pt": "a matriz fundamental N = (I − Q)⁻¹"},
    "wilson": {"en": "Wald and Wilson confidence intervals",
               "pt": "intervalos de confiança de Wald e de Wilson"},
    "convolution": {"en": "convolution of distributions", "pt": "convolução de distribuições"},
    "clt": {"en": "the central limit theorem", "pt": "o teorema central do limite"},
    "binomial-test": {"en": "hypothesis tests: exact binomial and sign tests, p-values",
                      "pt": "testes de hipóteses: testes binomial e do sinal exatos, valor-p"},
    "multiple-testing": {"en": "many tests at once", "pt": "muitos testes ao mesmo tempo"},
    "bayes": {"en": "Bayes' rule with a likelihood taken from a model of play",
              "pt": "a regra de Bayes com uma verossimilhança tirada de um modelo de jogo"},
    "chi-square": {"en": "the χ² statistic and a test by simulation",
                   "pt": "a estatística χ² e um teste por simulação"},
}

WORDS: dict[str, dict[str, Any]] = {  # per language: the box's words ("the": articles)
    "en": {"bncc": "BNCC skills (Ensino Médio)", "further": "Going further",
           "further_note": "*aprofundamento*, beyond the BNCC core", "plan": "Plan",
           "section": "section", "sections": "sections", "and": "and", "throughout": "all along",
           "one": "one 50-minute period", "two": "two 50-minute periods",
           "periods": "{first} in the first period ({a} min), {second} in the second ({b} min)",
           "total": "the sections add up to {total} minutes",
           "optional": "{which} ({minutes} min) {verb} optional",
           "is": "is", "are": "are", "the": ("", ""),
           "slack": "which leaves {slack} minutes for logging in, questions and wrap-up",
           "note_optional": "*Optional: if time is short, skip this section or show it on the "
                            "projector.*",
           "note_further": "*Going further (aprofundamento, beyond the BNCC core): {topics}.*",
           "note_second": "*The second period starts here.*"},
    "pt": {"bncc": "Habilidades da BNCC (Ensino Médio)", "further": "Aprofundamento",
           "further_note": "além do núcleo da BNCC", "plan": "Planejamento",
           "section": "seção", "sections": "seções", "and": "e", "throughout": "ao longo do "
           "caderno", "one": "uma aula de 50 minutos", "two": "duas aulas de 50 minutos",
           "periods": "{first} na primeira aula ({a} min), {second} na segunda ({b} min)",
           "total": "as seções somam {total} minutos",
           "optional": "{which} ({minutes} min) {verb} {adjective}",
           "is": "é", "are": "são", "the": ("a ", "as "),
           "slack": "o que deixa {slack} minutos para entrar no sistema, tirar dúvidas e "
                    "fechar a aula",
           "note_optional": "*Opcional: se faltar tempo, pule esta seção ou mostre-a no "
                            "projetor.*",
           "note_further": "*Aprofundamento (além do núcleo da BNCC): {topics}.*",
           "note_second": "*Aqui começa a segunda aula.*"},
}


class PlanError(ValueError):
    """Header metadata the box cannot be made from: says the notebook and what is wrong."""


@dataclass(frozen=True)
class Plan:
    """A notebook's skills, topics beyond the core and periods, with its sections' minutes."""

    bncc: tuple[str, ...]
    further: dict[str, int | None]
    optional: frozenset[int]
    periods: int
    split: int | None
    minutes: dict[int, int]  # numbered section -> minutes
    total: int  # every ## section, the summary included

    @property
    def slack(self) -> int:
        """Minutes the periods leave free when the optional sections are skipped."""
        return self.periods * PERIOD - (self.total - sum(self.minutes[s] for s in self.optional))


def sections(cells: list[dict], lang: str = "en") -> tuple[dict[int, int], int]:
    """The numbered ``##`` sections of built cells with their minutes, and the minutes of all
    ``##`` sections (the summary too)."""
    numbered, total = {}, 0
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if match := HEADING.match(line):
                numbered[int(match.group(1))] = int(match.group(2))
            if match := MINUTES.match(line):
                total += int(match.group(1))
    return numbered, total


def plan(metadata: dict, cells: list[dict], name: str = "notebook") -> Plan:
    """The plan of a notebook from its header metadata and its (built) cells; raises
    :class:`PlanError` for an unknown code or topic, or a section the notebook lacks."""
    minutes, total = sections(cells)
    bncc = tuple(metadata.get("bncc", ()))
    further = dict(metadata.get("further", {}))
    optional = frozenset(metadata.get("optional", ()))
    periods = int(metadata.get("periods", 1))
    split = metadata.get("split")
    unknown = [c for c in bncc if c not in SKILLS] + [t for t in further if t not in FURTHER]
    if unknown:
        raise PlanError(f"{name}: unknown BNCC code or topic {unknown} "
                        "(build_tools/lesson_plan.py lists them)")
    named = set(optional) | {s for s in further.values() if s is not None} | \
        ({split, split + 1} if split else set())
    if missing := sorted(s for s in named if s not in minutes):
        raise PlanError(f"{name}: the header names sections {missing}, which it does not have")
    if periods not in (1, 2) or (periods == 2) != (split is not None):
        raise PlanError(f"{name}: one period, or two with 'split' (the first period's last "
                        "section)")
    return Plan(bncc, further, optional, periods, split, minutes, total)


def _listing(numbers: list[int], lang: str) -> str:
    words = WORDS[lang]
    names = [str(n) for n in sorted(numbers)]
    joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {words['and']} {names[-1]}"
    return f"{words['section' if len(names) == 1 else 'sections']} {joined}"


def _span(first: int, last: int, lang: str) -> str:
    words = WORDS[lang]
    return f"{words['section']} {first}" if first == last else \
        f"{words['sections']} {first}–{last}"


def box(p: Plan, lang: str) -> str:
    """The opening box (a markdown quote): skills, topics beyond the core, the period plan."""
    words = WORDS[lang]
    lines = []
    if p.bncc:
        skills = "; ".join(f"**{code}** — {SKILLS[code][lang]}" for code in p.bncc)
        lines.append(f"**{words['bncc']}:** {skills}.")
    if p.further:
        topics = "; ".join(
            FURTHER[t][lang] + (f" ({words['section']} {s})" if s is not None
                                else f" ({words['throughout']})")
            for t, s in p.further.items())
        lines.append(f"**{words['further']}** ({words['further_note']}): {topics}.")
    period = words["one" if p.periods == 1 else "two"]
    if p.split is not None:
        first_minutes = sum(m for s, m in p.minutes.items() if s <= p.split)
        period += ": " + words["periods"].format(
            first=_span(1, p.split, lang), second=_span(p.split + 1, max(p.minutes), lang),
            a=first_minutes, b=p.total - first_minutes)
    rest = words["total"].format(total=p.total)
    if p.optional:
        chosen = sorted(p.optional)
        rest += "; " + words["optional"].format(
            which=words["the"][len(chosen) > 1] + _listing(chosen, lang),
            minutes=sum(p.minutes[s] for s in chosen),
            verb=words["is" if len(chosen) == 1 else "are"],
            adjective="opcional" if len(chosen) == 1 else "opcionais")
    rest += ", " + words["slack"].format(slack=p.slack)
    lines.append(f"**{words['plan']}:** {period}. {rest[0].upper()}{rest[1:]}.")
    return "\n>\n".join(f"> {line}" for line in lines)


def notes(p: Plan, number: int, lang: str) -> list[str]:
    """The lines written under the heading of section ``number``."""
    words = WORDS[lang]
    found = []
    if p.split is not None and number == p.split + 1:
        found.append(words["note_second"])
    topics = [FURTHER[t][lang] for t, s in p.further.items() if s == number]
    if topics:
        found.append(words["note_further"].format(topics="; ".join(topics)))
    if number in p.optional:
        found.append(words["note_optional"])
    return found


def apply(nb: dict, metadata: dict, lang: str, name: str = "notebook") -> dict:
    """``nb`` (built JSON, sources as lists of lines) with the box in its first cell, after the
    paragraph that gives its duration, and the notes under its section headings. A notebook
    whose header has none of these keys is returned unchanged."""
    if not {"bncc", "further", "optional", "periods"} & set(metadata):
        return nb
    p = plan(metadata, nb["cells"], name)
    cells = [dict(c) for c in nb["cells"]]
    first = "".join(cells[0]["source"]).split("\n\n")
    at = next((i + 1 for i, para in enumerate(first) if re.search(r"\b\d+ min", para)), 1)
    cells[0]["source"] = _lines("\n\n".join([*first[:at], box(p, lang), *first[at:]]))
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        out = []
        for line in "".join(cell["source"]).splitlines():
            out.append(line)
            extra = notes(p, int(match.group(1)), lang) if (match := HEADING.match(line)) else []
            for note in extra:
                out += ["", note]
            if extra:
                out.append("")
        cell["source"] = _lines("\n".join(out))
    return {**nb, "cells": cells}


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def check(p: Plan) -> str | None:
    """Why the plan leaves too little time free, or ``None``."""
    if p.slack < SLACK:
        return (f"the plan leaves {p.slack} minutes free (at least {SLACK}): mark sections "
                "optional or plan two periods")
    return None


TABLE_HEAD = {"en": "| notebook | BNCC skills | going further (*aprofundamento*) | plan |",
              "pt": "| caderno | habilidades da BNCC | aprofundamento | planejamento |"}
PLAN_CELL = {"en": ("1 period", "2 periods", "optional: §{s}", "{m} min free"),
             "pt": ("1 aula", "2 aulas", "opcionais: §{s}", "{m} min livres")}


def table_row(label: str, p: Plan, lang: str) -> str:
    """One line of the BNCC table of TEACHERS.md."""
    one, two, optional, free = PLAN_CELL[lang]
    plan_cell = [one if p.periods == 1 else
                 f"{two} (§1–{p.split} → §{p.split + 1}–{max(p.minutes)})"]
    if p.optional:
        plan_cell.append(optional.format(s=", ".join(str(s) for s in sorted(p.optional))))
    plan_cell.append(free.format(m=p.slack))
    further = "; ".join(FURTHER[t][lang] for t in p.further) or "—"
    return f"| {label} | {', '.join(p.bncc)} | {further} | {' · '.join(plan_cell)} |"


def skills_table(lang: str) -> str:
    """Every code the notebooks use with its description, for the guide."""
    head = {"en": "| code | skill (short) |", "pt": "| código | habilidade (resumo) |"}[lang]
    return "\n".join([head, "| --- | --- |"] +
                     [f"| {code} | {SKILLS[code][lang]} |" for code in sorted(SKILLS)])
