"""The language of a notebook or the dashboard: ``?lang=`` first, then ``WARKIT_LANG`` (set once
for a whole JupyterHub class), then the notebook's default."""

from __future__ import annotations

import pytest
from warkit_widgets import lang_from_env


@pytest.mark.parametrize(("query", "env", "default", "lang"), [
    (None, None, "en", "en"),            # nothing asked: the default
    (None, None, "pt", "pt"),
    (None, "pt", "en", "pt"),            # the server's language for every notebook
    (None, "pt_BR", "en", "pt"),
    (None, "en", "pt", "en"),
    ("lang=en", "pt", "pt", "en"),       # one address overrides the server
    ("lang=pt-BR&x=1", "en", "en", "pt"),
    ("lang=xx", "pt", "en", "pt"),       # an unknown ?lang= is skipped, not fatal
    ("x=1", "pt", "en", "pt"),
    (None, "klingon", "en", "en"),       # an unknown WARKIT_LANG too
    ("lang=xx", "  ", "pt", "pt"),
])
def test_query_then_environment_then_default(monkeypatch, query, env, default, lang):
    for name, value in (("QUERY_STRING", query), ("WARKIT_LANG", env)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert lang_from_env(default) == lang
