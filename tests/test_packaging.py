"""pyproject.toml lists every package of the engine, so ``pip install`` ships them all and prints
no setuptools warning about a package missing from ``packages`` (issue 13: ``warkit.data``)."""

from __future__ import annotations

from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_engine_folder_is_a_listed_package():
    listed = set(_config()["tool"]["setuptools"]["packages"])
    folders = {".".join(p.relative_to(ROOT).parts) for p in (ROOT / "warkit").rglob("*")
               if p.is_dir() and p.name != "__pycache__" and any(p.iterdir())}
    assert folders | {"warkit"} <= listed, sorted(folders - listed)
    assert "warkit_widgets" in listed


def test_the_license_is_an_spdx_string():
    """A TOML table is deprecated by setuptools >= 77 (a warning on every install)."""
    assert _config()["project"]["license"] == "MIT"


def test_the_map_data_is_package_data():
    data = _config()["tool"]["setuptools"]["package-data"]["warkit.data"]
    assert all(any(p.match(pattern) for pattern in data)
               for p in (ROOT / "warkit" / "data").iterdir() if p.is_file())


def test_the_rule_books_are_installed_with_the_package():
    """RULES.md and REGRAS.md (the kit's rule book) go to ``share/doc/warkit`` in a wheel."""
    books = _config()["tool"]["setuptools"]["data-files"]["share/doc/warkit"]
    assert sorted(books) == ["REGRAS.md", "RULES.md"]
    assert all((ROOT / book).is_file() for book in books)


def test_every_widgets_package_is_listed():
    """A wheel ships only the listed packages: ``warkit_widgets.rooms.server`` (what ``make play``
    runs) once went missing, unnoticed by the editable installs of the tests."""
    listed = set(_config()["tool"]["setuptools"]["packages"])
    widgets = ROOT / "widgets"
    packages = {".".join(("warkit_widgets", *p.parent.relative_to(widgets).parts))
                for p in widgets.rglob("__init__.py")}
    assert packages <= listed, sorted(packages - listed)


def test_every_voila_template_file_is_installed():
    """A wheel ships every file of the Voilà templates (the dashboard's, the lessons') to
    ``share/jupyter/voila/templates/<name>``, where Voilà looks for them."""
    data_files = _config()["tool"]["setuptools"]["data-files"]
    templates = ROOT / "notebooks" / "jupyter" / "voila" / "templates"
    for template in templates.iterdir():
        files = sorted(str(p.relative_to(ROOT)) for p in template.iterdir() if p.is_file())
        assert sorted(data_files.get(f"share/jupyter/voila/templates/{template.name}", [])) == files
