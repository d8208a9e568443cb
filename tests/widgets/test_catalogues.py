"""The gettext catalogues and their check (issue 21): the project's catalogues pass it, and a
missing translation, a missing plural form, a hedge, an unknown key or an unused entry make it
fail with a line that names the problem."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from warkit_widgets.i18n import COMPONENTS, Catalogue, MessageError
from warkit_widgets.i18n.catalogue import load_translations
from warkit_widgets.i18n.check import Domain, check, main, project_domains

HEADER = {"en": "nplurals=2; plural=(n != 1);", "pt_BR": "nplurals=2; plural=(n > 1);"}


def po(lang: str, body: str) -> str:
    return (f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Plural-Forms: {HEADER[lang]}\\n"\n'
            f'"Content-Type: text/plain; charset=utf-8\\n"\n\n' + body)


GOOD = {
    "en": """
        msgid "box.title"
        msgstr "Title"

        msgid "box.cards"
        msgid_plural "box.cards"
        msgstr[0] "{n} card"
        msgstr[1] "{n} cards"
        """,
    "pt_BR": """
        msgid "box.title"
        msgstr "Título"

        msgid "box.cards"
        msgid_plural "box.cards"
        msgstr[0] "{n} carta"
        msgstr[1] "{n} cartas"
        """,
}
GOOD = {lang: textwrap.dedent(body) for lang, body in GOOD.items()}
CODE = 'tr("box.title", "pt")\ntr("box.cards", "pt", n=2)\n'


def make_domain(tmp_path: Path, en: str = GOOD["en"], pt: str = GOOD["pt_BR"],
                code: str = CODE) -> Domain:
    (tmp_path / "locale").mkdir(exist_ok=True)
    (tmp_path / "locale" / "en.po").write_text(po("en", en), encoding="utf-8")
    (tmp_path / "locale" / "pt_BR.po").write_text(po("pt_BR", pt), encoding="utf-8")
    (tmp_path / "box.py").write_text(code, encoding="utf-8")
    return Domain("box", tmp_path)


def problems(tmp_path: Path, **kwargs: str) -> list[str]:
    return check([make_domain(tmp_path, **kwargs)], tmp_path).problems


def test_the_project_catalogues_pass_the_check(capsys):
    assert main([]) == 0, capsys.readouterr().out
    names = {d.name for d in project_domains()}
    assert names == {"warkit_widgets", "warkit_widgets.play", "warkit_widgets.rooms",
                     "warkit_widgets.lessons"}


def test_a_clean_toy_domain_passes(tmp_path):
    assert problems(tmp_path) == []


def test_a_missing_translation_fails(tmp_path):
    found = problems(tmp_path, pt=GOOD["pt_BR"].replace('msgstr "Título"', 'msgstr ""'))
    assert found == ["box: 'box.title' has no pt_BR text"]


def test_an_entry_in_one_language_only_fails(tmp_path):
    en = GOOD["en"] + '\nmsgid "box.extra"\nmsgstr "Extra"\n'
    found = problems(tmp_path, en=en, code=CODE + 'tr("box.extra", "en")\n')
    assert found == ["box: 'box.extra' has no pt_BR text"]


def test_a_missing_plural_form_fails(tmp_path):
    found = problems(tmp_path, pt=GOOD["pt_BR"].replace('"{n} cartas"', '""'))
    assert found == ["box: 'box.cards' has no pt_BR text for every plural form"]


def test_a_plural_in_one_language_only_fails(tmp_path):
    pt = GOOD["pt_BR"].replace('msgid_plural "box.cards"\n', "").replace(
        'msgstr[0] "{n} carta"\nmsgstr[1] "{n} cartas"', 'msgstr "{n} carta(s)"')
    found = problems(tmp_path, pt=pt)
    assert "box: 'box.cards' is plural in one language only" in found
    assert any("hedges a plural in pt_BR" in p for p in found)


def test_different_placeholders_fail(tmp_path):
    found = problems(tmp_path, pt=GOOD["pt_BR"].replace('"Título"', '"Título {x}"'))
    assert found == ["box: 'box.title' has placeholders [] in en, ['x'] in pt_BR"]


def test_an_unused_entry_fails(tmp_path):
    found = problems(tmp_path, code='tr("box.cards", "pt", n=1)\n')
    assert found == ["box: 'box.title' is used by no code"]


def test_a_key_the_catalogue_lacks_fails_and_is_listed_for_update(tmp_path):
    domain = make_domain(tmp_path, code=CODE + 'tr("box.new", "en")\n')
    report = check([domain], tmp_path)
    assert report.problems == ["box.py:3: no message box.new in box"]
    assert report.missing == {"box": {"box.new"}}


def test_a_plural_called_without_its_count_fails(tmp_path):
    found = problems(tmp_path, code='tr("box.title", "pt")\ntr("box.cards", "pt")\n')
    assert found == ["box.py:2: 'box.cards' is plural: pass n="]
    found = problems(tmp_path, code=CODE + 'tr(f"box.car{x}", "pt")\n')  # only plurals match
    assert found == [r"box.py:3: pattern 'box\\.car.+' is plural: pass n="]
    assert problems(tmp_path, code=CODE + 'tr(f"box.{x}", "pt")\n') == []  # a mixed family


def test_an_f_string_key_uses_what_it_matches_and_must_match_something(tmp_path):
    assert problems(tmp_path, code='tr(f"box.{kind}", "pt", n=1)\n') == []
    found = problems(tmp_path, code=CODE + 'tr(f"nothing.{kind}", "pt")\n')
    assert found == ["box.py:3: no message pattern 'nothing\\\\..+' in box"]


def test_the_fallback_chain_finds_shared_words_one_way_only():
    from warkit_widgets.play.messages import PLAY

    assert "dice.attack" in PLAY and "play.save" in PLAY
    assert "play.save" not in COMPONENTS
    with pytest.raises(MessageError, match=r"play\.save"):
        COMPONENTS.tr("play.save", "en")


def test_a_stale_or_missing_mo_is_never_read(tmp_path, monkeypatch):
    """A .po edited after `make` compiled it is read itself (no stale text)."""
    package = tmp_path / "toypkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    make_domain(package)
    monkeypatch.syspath_prepend(str(tmp_path))
    toy = Catalogue("toypkg")
    assert toy.tr("box.cards", "pt", n=1) == "1 carta"
    assert load_translations("toypkg", "en").gettext("box.title") == "Title"
    from warkit_widgets.i18n.compile import compile_file

    mo = compile_file(package / "locale" / "en.po")
    po_file = package / "locale" / "en.po"
    po_file.write_text(po_file.read_text().replace('"Title"', '"New title"'))
    import os

    os.utime(mo, (1, 1))  # the .mo is older than the edited .po
    assert load_translations("toypkg", "en").gettext("box.title") == "New title"


def test_update_adds_the_missing_key_empty_to_both_catalogues(tmp_path):
    """`make strings`: the new key lands in both .po files, empty, and the check then asks
    for its two texts."""
    from warkit_widgets.i18n.check import add_keys, read

    domain = make_domain(tmp_path, code=CODE + 'tr("box.new", "en")\n')
    add_keys(domain, check([domain], tmp_path).missing["box"])
    assert read(domain, "en")[1]["box.new"] == "" == read(domain, "pt")[1]["box.new"]
    assert check([domain], tmp_path).problems == ["box: 'box.new' has no pt_BR text",
                                                  "box: 'box.new' has no en text"]
