"""The README's engine tour is executed, so what it shows is what the engine does."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10
    assert result.failed == 0


def test_engine_docstring_examples_run():
    import warkit
    import warkit.cards
    import warkit.dice

    for module in (warkit, warkit.cards, warkit.dice):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__


def binder_badges(text: str) -> list[tuple[str, str]]:
    """``(GitHub slug, urlpath)`` of every mybinder.org link of the README."""
    import re
    from urllib.parse import parse_qs, unquote, urlparse

    badges = []
    for url in re.findall(r"\((https://mybinder\.org/v2/gh/[^)\s]+)\)", text):
        parts = urlparse(url)
        slug = "/".join(parts.path.split("/")[3:5])
        badges.append((slug, unquote(parse_qs(parts.query)["urlpath"][0])))
    return badges


def test_binder_badges_open_files_of_this_repository():
    """Each Binder badge opens the dashboard (Voilà) or a folder (JupyterLab) that exists
    here, on the repository the README names."""
    import re

    text = README.read_text(encoding="utf-8")
    badges = binder_badges(text)
    assert {path.split("/")[0] for _, path in badges} == {"voila", "lab"}
    (named,) = {m.rstrip(".") for m in re.findall(
        r"the badges point at github\.com/([\w.-]+/[\w.-]+)", text)}
    root = README.parent
    for slug, path in badges:
        assert slug == named, f"a badge points at {slug}, the README says {named}"
        prefix = {"voila": "voila/render/", "lab": "lab/tree/"}[path.split("/")[0]]
        assert path.startswith(prefix), path
        target = root / path.removeprefix(prefix)
        assert target.exists(), f"{path}: {target} does not exist"
