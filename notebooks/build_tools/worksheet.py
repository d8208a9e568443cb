"""Unplugged worksheets: printable A4 pages with no code and no buttons (``make handouts``).

- :func:`worksheet`: the sheet of one lesson or lab, made from its run student notebook: the
  title and BNCC skills, a few of the lesson's static pictures (the drawings and tables its cells
  showed, widgets as pictures without their buttons), then each exercise section's questions and
  pictures, with a box for the answer and lines for the working under every question.
  Sentences about cells and code (``answer =``, ``Fraction(1, 2)``) are left out: on paper the
  answer is written in the box.
- :func:`dice_sheet`: a data-collection sheet for 3 attack dice against 2 defence dice rolled at
  the table (each roll, who lost what, and the tallies a class types into a lab).
- :func:`cards`: the 44 territory cards (42 and 2 jokers) and the 14 objective cards of the board
  (``warkit/data/war-map.json``), to cut out.

Every page is HTML with ``@page { size: A4 }``: any browser prints it (or saves it as PDF) on A4.
No PDF library is used: WeasyPrint needs the Pango system libraries and a headless browser is not
part of a teacher's install, while every computer that opens the notebooks has a browser.

    PYTHONPATH=notebooks python -m build_tools.worksheet [--out DIR]   # the cards and dice sheets
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

from nbconvert.filters import markdown2html
from warkit_widgets.i18n import continent_name, shape_name

from warkit.cards import all_cards, card_shape, is_joker
from warkit.worldmap import world_map

OUT = Path("build") / "handouts"
PAGE_CSS = """
@page { size: A4; margin: 14mm 14mm 16mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; line-height: 1.35;
       color: #000; max-width: 182mm; margin: 0 auto; }
h1 { font-size: 16pt; margin: 0 0 2mm; } h2 { font-size: 13pt; margin: 5mm 0 2mm; }
h3 { font-size: 11pt; }
.who { display: flex; gap: 6mm; margin: 2mm 0 4mm; }
.who span { flex: 1; border-bottom: 1px solid #000; padding-top: 5mm; font-size: 9pt; }
.skills { font-size: 9pt; color: #333; }
.question { break-inside: avoid; margin: 3mm 0; }
.picture { break-inside: avoid; text-align: center; margin: 2mm 0; }
.picture svg, .picture img { max-width: 100%; max-height: 100mm; height: auto; }
figure.picture { margin: 2mm 0 4mm; } figcaption { font-size: 9pt; color: #333; }
table { border-collapse: collapse; margin: 2mm auto; }
td, th { border: 1px solid #777; padding: 1mm 2mm; text-align: center; }
.answer { break-inside: avoid; border: 1.5px solid #000; border-radius: 2mm; padding: 2mm 3mm;
          margin: 2mm 0 5mm; }
.answer .line { border-bottom: 1px dotted #666; height: 7.5mm; }
.answer b { display: block; margin-bottom: 1mm; }
.cards { display: grid; grid-template-columns: repeat(3, 58mm); grid-auto-rows: 62mm;
         gap: 3mm; justify-content: center; }
.card { border: 1px dashed #555; border-radius: 3mm; padding: 3mm; display: flex;
        flex-direction: column; justify-content: space-between; break-inside: avoid; }
.card .shape { font-size: 28pt; text-align: center; }
.card .name { font-size: 14pt; font-weight: bold; text-align: center; }
.card .small { font-size: 8.5pt; color: #333; text-align: center; }
.card.objective .name { font-size: 11pt; } .card.objective .text { font-size: 11pt; }
.break { break-before: page; }
.tally td { height: 8mm; min-width: 22mm; }
.rolls td { height: 6.6mm; }
"""
MATHJAX = ('<script>window.MathJax={tex:{inlineMath:[["$","$"],["\\\\(","\\\\)"]]}};</script>'
           '<script async src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml.js">'
           '</script>')
WORDS = {
    "en": {"name": "Name", "class": "Class", "date": "Date", "answer": "Answer",
           "working": "Working (show how you got it):", "bncc": "BNCC skills",
           "intro": "Answer on this sheet, without a computer, and show your working: a "
                    "probability as a fraction, a decimal or a percentage.",
           "exercise": "Exercises", "joker": "Joker", "any": "any shape",
           "objective": "Objective", "cards": "Territory and objective cards",
           "cut": "Cut along the dashed lines. Territory cards show the territory, its continent "
                  "and its shape; the two jokers count as any shape."},
    "pt": {"name": "Nome", "class": "Turma", "date": "Data", "answer": "Resposta",
           "working": "Desenvolvimento (mostre como chegou à resposta):",
           "bncc": "Habilidades da BNCC",
           "intro": "Responda nesta folha, sem computador, e mostre o desenvolvimento: uma "
                    "probabilidade como fração, decimal ou porcentagem.",
           "exercise": "Exercícios", "joker": "Coringa", "any": "qualquer figura",
           "objective": "Objetivo", "cards": "Cartas de território e de objetivo",
           "cut": "Recorte nas linhas tracejadas. As cartas de território mostram o território, "
                  "o continente e a figura; os dois coringas valem qualquer figura."},
}
EXERCISE_HEADING = re.compile(r"^## .*(Exerc|Challenge|Desafio)", re.M)
CODE_SPAN = re.compile(r"`([^`]*)`")
CODE_LIKE = re.compile(r"[()=_\[\]\"']|^\w+\.\w+")
ABOUT_CELLS = re.compile(r"\b(cells?|células?|run the|execute a|rode a|Voilà|dashboard|painel|"
                         r"answer key|gabarito)\b", re.I)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\"ÁÉÍÓÚÂÊÔÃÕÇ])")
BOLD_LABEL = re.compile(r"^\*\*[^*]+\*\*")
ANCHOR = re.compile(r'<a class="anchor-link"[^>]*>.*?</a>')
MINUTES = re.compile(r"\s*\(\d+ min\)\s*$", re.M)
SVG = re.compile(r"<svg\b.*?</svg>", re.S)
BOARD = re.compile(r'<div class="wk-static-board">\s*(<svg\b.*?</svg>)', re.S)
CONTROL = re.compile(r'<span class="wk-static-(?:control|note)[^"]*">.*?</span>', re.S)
TABLE = re.compile(r"<table\b.*?</table>", re.S)
SHAPES = {"triangle": "▲", "square": "■", "circle": "●"}


def page(title: str, body: str, lang: str) -> str:
    """A printable A4 page."""
    return (f'<!DOCTYPE html>\n<html lang="{"pt-BR" if lang == "pt" else "en"}"><head>'
            f'<meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{PAGE_CSS}</style>{MATHJAX}</head><body>\n{body}\n</body></html>\n")


def tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def text_of(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def paper_markdown(text: str) -> str:
    """A question's markdown for paper: without the sentences about cells, code or the page
    version (a question's bold label stays), and with the remaining code spans (names like
    ``easy``) as plain words."""
    kept = []
    for paragraph in re.split(r"\n\s*\n", text):
        structured = re.search(r"(?m)^\s*([|>]|[-*] |\d+\. )", paragraph)
        parts = [paragraph] if structured else SENTENCE.split(paragraph)
        left = []
        for part in parts:
            if not _about_code(part):
                left.append(part)
            elif label := BOLD_LABEL.match(part):
                left.append(label.group(0))
        if "".join(left).strip() and not re.fullmatch(r"#+\s*\d+\.\s*", " ".join(left)):
            kept.append(CODE_SPAN.sub(r"\1", " ".join(left)))
    return "\n\n".join(kept)


def _about_code(text: str) -> bool:
    return bool(ABOUT_CELLS.search(text)) or any(CODE_LIKE.search(s)
                                                 for s in CODE_SPAN.findall(text))


def pictures(cell: dict) -> list[str]:
    """The static pictures a code cell drew: SVG and PNG images, and HTML holding a drawing or a
    table (a widget's static picture, without its buttons, fields and notes)."""
    found = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "image/svg+xml" in data:
            found.append(text_of({"source": data["image/svg+xml"]}))
        elif "image/png" in data:
            found.append(f'<img alt="" src="data:image/png;base64,{data["image/png"]}">')
        elif "text/html" in data:
            shown = CONTROL.sub("", text_of({"source": data["text/html"]}))
            board = BOARD.search(shown)
            if board:  # a map widget: the board alone, not its prompts to click
                found.append(board.group(1))
            elif SVG.search(shown) or TABLE.search(shown):
                found.append(shown)
    return found


def figures(nb: dict, referred: set[str], most: int = 3) -> list[str]:
    """The lesson's figures for paper: the first picture of each section outside the exercises,
    those the exercises refer to ("section 3") first, at most ``most``, each with its heading
    as a caption."""
    chosen = []
    for group in sections(nb)[1:]:
        heading = text_of(group[0]).splitlines()[0]
        number = re.match(r"## (\d+)\.", heading)
        if EXERCISE_HEADING.search(heading) or not number:
            continue
        shown = [p for c in group if c["cell_type"] == "code"
                 and not {"check", "solution"} & tags(c) for p in pictures(c)]
        if shown:
            caption = html.escape(MINUTES.sub("", heading[3:]).strip())
            chosen.append((number.group(1) not in referred, int(number.group(1)),
                           f'<figure class="picture">{shown[0]}'
                           f"<figcaption>{caption}</figcaption></figure>"))
    return [f for _, _, f in sorted(chosen)[:most]]


def answer_box(number: int, lang: str, lines: int = 5) -> str:
    words = WORDS[lang]
    return (f'<div class="answer"><b>{number}. {words["answer"]}:</b><div class="line"></div>'
            f'<b>{words["working"]}</b>' + '<div class="line"></div>' * lines + "</div>")


def sections(nb: dict) -> list[list[dict]]:
    """The notebook's cells grouped by ``##`` heading (the first group: before any); a markdown
    cell with a heading inside is cut there, its two parts going to the two sections."""
    groups: list[list[dict]] = [[]]
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            groups[-1].append(cell)
            continue
        for k, part in enumerate(re.split(r"(?m)^(?=## )", text_of(cell))):
            if part.startswith("## ") or (k == 0 and not part.strip()):
                if part.strip():
                    groups.append([])
                else:
                    continue
            groups[-1].append({**cell, "source": part})
    return groups


def exercise_sections(nb: dict) -> list[list[dict]]:
    """The sections with an exercise: an exercise or challenge heading, or an answer cell."""
    return [g for g in sections(nb) if g and g[0]["cell_type"] == "markdown" and (
        EXERCISE_HEADING.search(text_of(g[0]).splitlines()[0])
        or any("answer" in tags(c) for c in g))]


def referred_sections(nb: dict) -> set[str]:
    """The numbers of the sections the exercise sections refer to ("the position of section
    3")."""
    text = " ".join(text_of(c) for g in exercise_sections(nb) for c in g
                    if c["cell_type"] == "markdown")
    return set(re.findall(r"\b(?:section|seção) (\d+)\b", text))


def worksheet(nb: dict, lang: str) -> str:
    """The A4 worksheet of a notebook (run or not: a run one also gives its pictures)."""
    words = WORDS[lang]
    first = text_of(nb["cells"][0]).splitlines()
    title = first[0].lstrip("# ").strip()
    codes = re.findall(r"\*\*(EM13MAT\d{3})\*\*", text_of(nb["cells"][0]))
    body = [f"<h1>{html.escape(title)}</h1>",
            '<div class="who">' + "".join(f"<span>{words[k]}:</span>"
                                          for k in ("name", "class", "date")) + "</div>"]
    if codes:
        body.append(f'<p class="skills">{words["bncc"]}: {", ".join(codes)}</p>')
    body.append(f"<p><i>{words['intro']}</i></p>")
    body += figures(nb, referred_sections(nb))
    number = 0
    for group in exercise_sections(nb):
        for i, cell in enumerate(group):
            following = group[i + 1] if i + 1 < len(group) else None
            if cell["cell_type"] == "markdown":
                if following is not None and "answer_box(" in text_of(following):
                    continue  # "in the page version, type your answer here"
                text = paper_markdown(text_of(cell))
                if all(line.startswith("### ") or not line.strip() for line in text.splitlines()):
                    text = ""  # a sub-heading whose content was all code (write a function)
                if text.strip():
                    shown = ANCHOR.sub("", markdown2html(MINUTES.sub("", text)))
                    body.append(f'<div class="question">{shown}</div>')
                if re.search(r"\*\*(Challenge|Desafio)", text):
                    number += 1
                    body.append(answer_box(number, lang, lines=6))
            elif "answer" in tags(cell):
                number += 1
                body.append(answer_box(number, lang))
            elif not {"check", "solution"} & tags(cell) and "answer_box(" not in text_of(cell):
                body += [f'<div class="picture">{p}</div>' for p in pictures(cell)]
    return page(title, "\n".join(body), lang)


def dice_sheet(lang: str, rolls: int = 25) -> str:
    """A data-collection sheet: 3 attack dice against 2 defence dice, rolled at the table, with
    lab 11's protocol (25 rolls a table) and its three outcomes, whose counts the lab reads."""
    t = {"en": ("Dice at the table: 3 attack dice against 2 defence dice",
                "Roll 3 red (attack) and 2 yellow (defence) dice. Write the dice, sort each side "
                "from highest to lowest, compare highest with highest and second with second; a "
                "tie goes to the defender (C-ATK-4). Write how many armies each side lost, "
                "then tally the results; lab 11 (the class's own dice) reads the three counts.",
                ("roll", "attack dice", "defence dice", "attack lost", "defence lost"),
                "Tally", ("result", "tally", "count"),
                ("attacker loses 2", "each loses 1", "defender loses 2"),
                "Total rolls:", "Group", "Table"),
         "pt": ("Dados na mesa: 3 dados de ataque contra 2 de defesa",
                "Role 3 dados vermelhos (ataque) e 2 amarelos (defesa). Anote os dados, ordene "
                "cada lado do maior para o menor, compare o maior com o maior e o segundo com o "
                "segundo; o empate é da defesa (C-ATK-4). Anote quantos exércitos cada lado "
                "perdeu e conte os resultados; o laboratório 11 (os dados da turma) lê as três "
                "contagens.",
                ("rolagem", "dados do ataque", "dados da defesa", "ataque perdeu",
                 "defesa perdeu"),
                "Contagem", ("resultado", "risquinhos", "total"),
                ("ataque perde 2", "cada um perde 1", "defesa perde 2"),
                "Total de rolagens:", "Grupo", "Mesa")}[lang]
    title, how, columns, tally, tally_columns, outcomes, total, group, table = t
    head = "".join(f"<th>{c}</th>" for c in columns)
    row = ("<td>{n}</td><td>☐ ☐ ☐</td><td>☐ ☐</td><td></td><td></td>")
    rows = "".join(f"<tr>{row.format(n=n)}</tr>" for n in range(1, rolls + 1))
    tallies = "".join(f"<tr><td>{o}</td><td></td><td></td></tr>" for o in outcomes)
    body = (f"<h1>{title}</h1>"
            f'<div class="who"><span>{WORDS[lang]["name"]}:</span><span>{group}:</span>'
            f'<span>{table}:</span><span>{WORDS[lang]["date"]}:</span></div>'
            f"<p>{how}</p><table class='rolls'><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table>"
            f"<h2>{tally}</h2><table class='tally'><thead><tr>"
            + "".join(f"<th>{c}</th>" for c in tally_columns)
            + f"</tr></thead><tbody>{tallies}</tbody></table><p>{total} ______</p>")
    return page(title, body, lang)


def cards(lang: str) -> str:
    """The territory cards, the jokers and the objective cards, to cut out."""
    words = WORDS[lang]
    board = world_map()
    items = []
    for card in all_cards():
        if is_joker(card):
            items.append(f'<div class="card"><div class="small">{words["any"]}</div>'
                         f'<div class="shape">★</div><div class="name">{words["joker"]}</div>'
                         f'<div class="small">▲ ■ ●</div></div>')
            continue
        territory = board.territories[card]
        shape = card_shape(card)
        items.append(f'<div class="card"><div class="small">'
                     f'{html.escape(continent_name(territory.continent, lang))}</div>'
                     f'<div class="shape">{SHAPES[shape or ""]}</div>'
                     f'<div class="name">{html.escape(territory.name(lang))}</div>'
                     f'<div class="small">{html.escape(shape_name(shape, lang))}</div></div>')
    objectives = [f'<div class="card objective"><div class="name">{words["objective"]}</div>'
                  f'<div class="text">{html.escape(o.text(lang))}</div>'
                  f'<div class="small">warkit</div></div>' for o in board.objectives]
    body = (f"<h1>{words['cards']}</h1><p>{words['cut']}</p>"
            f'<div class="cards">{"".join(items)}</div>'
            f'<div class="cards break">{"".join(objectives)}</div>')
    return page(words["cards"], body, lang)


PRINTABLES = {"en": {"dice-3-against-2-data-sheet.html": dice_sheet,
                     "territory-and-objective-cards.html": cards},
              "pt": {"folha-de-dados-3-contra-2.html": dice_sheet,
                     "cartas-de-territorio-e-objetivo.html": cards}}


def write_printables(out: Path) -> list[Path]:
    """The dice sheet and the cards in both languages, under ``out/printables/<lang>/``."""
    written = []
    for lang, files in PRINTABLES.items():
        for name, make in files.items():
            path = out / "printables" / lang / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(make(lang), encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the printable cards and dice sheets")
    parser.add_argument("--out", type=Path, default=OUT, help=f"default: {OUT} (here)")
    args = parser.parse_args(argv)
    for path in write_printables(args.out.resolve()):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
