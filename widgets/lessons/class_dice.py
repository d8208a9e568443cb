"""The class's own dice (probability lab 11): counts of 3-against-2 rolls made at the tables.

Each table rolls 3 attack dice against 2 defence dice many times and counts how each roll
ended: (attacker losses, defender losses) is (2, 0), (1, 1) or (0, 2), since two pairs are
compared (C-ATK-4). The counts come in as a CSV file, one row per table and outcome::

    table,attacker_lost,defender_lost,rolls        (or, in Portuguese,
    A,2,0,9                                         mesa,perdas_ataque,perdas_defesa,rolagens)

or through :func:`counts_form`, a form to type them in. :func:`sample_csv` makes the sample the
kit ships (``data/class-dice-3v2.csv``), rolled by the engine's seeded dice, for a class that
has not rolled yet. Bad data is refused with a :class:`ClassDataError` that says the line and
the rule, in the student's language.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from warkit_widgets.i18n import normalize_lang

from warkit.odds import roll_outcomes, simulate_rolls

from .messages import tr

ATTACK_DICE, DEFENCE_DICE = 3, 2
# (2, 0), (1, 1), (0, 2): the attacker loses 2, each side 1, the defender 2
OUTCOMES = tuple(sorted(roll_outcomes(ATTACK_DICE, DEFENCE_DICE), reverse=True))
HEADERS = {"en": ("table", "attacker_lost", "defender_lost", "rolls"),
           "pt": ("mesa", "perdas_ataque", "perdas_defesa", "rolagens")}
SAMPLE = "class-dice-3v2.csv"
SAMPLE_SEED, SAMPLE_TABLES, SAMPLE_ROLLS = 2026, 8, 30  # how the shipped sample was rolled

Outcome = tuple[int, int]


class ClassDataError(ValueError):
    """Counts that cannot be right: says the line and the rule in the student's language."""


@dataclass
class ClassCounts:
    """Rolls counted per table and outcome; ``total`` adds the tables up."""

    tables: dict[str, Counter] = field(default_factory=dict)

    @property
    def total(self) -> Counter:
        whole: Counter = Counter({o: 0 for o in OUTCOMES})
        for counts in self.tables.values():
            whole.update(counts)
        return whole

    @property
    def n(self) -> int:
        return sum(self.total.values())

    def add(self, table: str, outcome: Outcome, rolls: int, lang: str = "pt") -> None:
        """Add ``rolls`` rolls of ``outcome`` to ``table``; refuse an impossible outcome or a
        count that is not a whole number of rolls (nothing changes then)."""
        if outcome not in OUTCOMES:
            raise ClassDataError(tr("classdice.outcome", lang, outcome=outcome))
        if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 0:
            raise ClassDataError(tr("classdice.count", lang, value=rolls))
        self.tables.setdefault(table, Counter())[outcome] += rolls


def _whole(text: str, line: int, lang: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ClassDataError(tr("classdice.line", lang, line=line) + " "
                             + tr("classdice.count", lang, value=text)) from None


def read_counts(text: str, lang: str = "pt") -> ClassCounts:
    """The counts in a CSV text (English or Portuguese header, comma or semicolon)."""
    lang = normalize_lang(lang)
    delimiter = "," if text.count(",") >= text.count(";") else ";"  # a Brazilian spreadsheet: ;
    rows = list(csv.reader(io.StringIO(text.strip()), delimiter=delimiter))
    header = tuple(cell.strip().lower() for cell in rows[0]) if rows else ()
    if header not in HEADERS.values():
        raise ClassDataError(tr("classdice.header", lang, header=",".join(HEADERS[lang])))
    counts = ClassCounts()
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != 4:
            raise ClassDataError(tr("classdice.line", lang, line=line) + " "
                                 + tr("classdice.header", lang, header=",".join(HEADERS[lang])))
        table, lost_a, lost_d, rolls = row
        outcome = (_whole(lost_a, line, lang), _whole(lost_d, line, lang))
        try:
            counts.add(table.strip(), outcome, _whole(rolls, line, lang), lang)
        except ClassDataError as error:
            raise ClassDataError(tr("classdice.line", lang, line=line) + f" {error}") from None
    return counts


def write_counts(counts: ClassCounts, lang: str = "pt") -> str:
    """The counts as CSV text with the header in ``lang`` (the inverse of :func:`read_counts`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADERS[normalize_lang(lang)])
    for table, table_counts in counts.tables.items():
        for outcome in OUTCOMES:
            writer.writerow([table, *outcome, table_counts.get(outcome, 0)])
    return out.getvalue()


def sample_counts(seed: int = SAMPLE_SEED, tables: int = SAMPLE_TABLES,
                  rolls: int = SAMPLE_ROLLS) -> ClassCounts:
    """A class that rolled with the engine's seeded dice: ``tables`` tables of ``rolls`` rolls."""
    sample = simulate_rolls(ATTACK_DICE, DEFENCE_DICE, tables * rolls, seed=seed)
    counts = ClassCounts()
    pairs = list(zip(sample.attacker_losses.tolist(), sample.defender_losses.tolist()))
    for t in range(tables):
        table = Counter(pairs[t * rolls:(t + 1) * rolls])
        for outcome in OUTCOMES:
            counts.add(chr(ord("A") + t), outcome, table.get(outcome, 0))
    return counts


def sample_csv(lang: str = "en") -> str:
    """The text of the sample the kit ships (``data/class-dice-3v2.csv``, in English)."""
    return write_counts(sample_counts(), lang)


def shipped_sample() -> str:
    """The shipped sample file's text."""
    return files(__package__).joinpath("data").joinpath(SAMPLE).read_text(encoding="utf-8")


def counts_form(lang: str = "pt") -> Any:
    """A form for the tables' counts: a table's name and its three counts, added with a button,
    or a CSV file uploaded. Returns an ``ipywidgets.VBox`` whose ``.counts`` (a
    :class:`ClassCounts`) holds what was entered; bad input shows its reason and changes
    nothing."""
    import ipywidgets as w

    lang = normalize_lang(lang)
    table = w.Text(description=tr("classdice.table", lang), layout=w.Layout(width="14em"))
    boxes = {o: w.BoundedIntText(value=0, min=0, max=10_000, layout=w.Layout(width="16em"),
                                 description=tr("classdice.label", lang, a=o[0], d=o[1]),
                                 style={"description_width": "11em"}) for o in OUTCOMES}
    add = w.Button(description=tr("classdice.add", lang), icon="plus")
    upload = w.FileUpload(accept=".csv", multiple=False, description=tr("classdice.upload", lang))
    status = w.HTML()
    form = w.VBox([table, *boxes.values(), w.HBox([add, upload]), status])
    form.add_class("warkit-class-dice")
    form.counts = ClassCounts()

    def show(message: str = "") -> None:
        status.value = message or tr("classdice.status", lang, tables=len(form.counts.tables),
                                     rolls=form.counts.n)

    def on_add(_: object = None) -> None:
        name = table.value.strip() or chr(ord("A") + len(form.counts.tables))
        for outcome, box in boxes.items():
            form.counts.add(name, outcome, int(box.value), lang)
            box.value = 0
        table.value = ""
        show()

    def on_upload(change: dict) -> None:
        uploaded = change["new"]
        if not uploaded:
            return
        content = uploaded[0]["content"]
        try:
            form.counts = read_counts(bytes(content).decode("utf-8-sig"), lang)
        except (ClassDataError, UnicodeDecodeError) as error:
            show(f"<b>{error}</b>")
            return
        show()

    add.on_click(on_add)
    upload.observe(on_upload, "value")
    form.table, form.boxes, form.add_button, form.upload = table, boxes, add, upload
    show()
    return form
