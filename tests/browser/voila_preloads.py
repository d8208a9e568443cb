"""The scripts the dashboard's page runs before its new-game form answers a click, recorded
in a real browser, and the preload list of the dashboard's Voilà template written from them
(notebooks/jupyter/voila/templates/warkit/preloads.html.j2).

Run after upgrading Voilà or a widget extension (ipycanvas, anywidget, jupyterlab_widgets):
    .venv/bin/python tests/browser/voila_preloads.py
and commit the file.
The browser test ``test_the_page_preloads_exactly_the_scripts_it_runs`` fails while the list is
stale; until then the template simply gives fewer hints (it checks the versions it was
recorded with), so a page never asks for a file that is not there.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, PLAY, serve

MANIFEST = PLAY.parent / "jupyter" / "voila" / "templates" / "warkit" / "preloads.html.j2"
WAIT = 120_000

# Every <script src> put into the document, by the parser or by a script (webpack removes
# its chunks' elements once they ran, so the DOM alone does not tell).
RECORD_SCRIPTS_JS = """
window.__wkScripts = [];
new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(node => {
  if (node.tagName === 'SCRIPT' && node.src) window.__wkScripts.push(node.src);
}))).observe(document, {childList: true, subtree: true});
"""
SCRIPTS_JS = """() => ({
  requested: window.__wkScripts,
  preloaded: [...document.querySelectorAll('link[rel=preload][as=script]')].map(l => l.href),
  config: JSON.parse(document.getElementById('jupyter-config-data').textContent)})"""


def scripts_until_interactive(browser, url: str) -> dict:
    """A fresh tab at ``url`` until the form answers a click (the language toggle re-labels
    Start, as tests/bench/bench_play.py times it); returns ``requested`` (the same-origin
    script addresses, in order), ``preloaded`` (the preload hints of the page) and the
    page's ``config`` (Voilà's page config)."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
        page.add_init_script(RECORD_SCRIPTS_JS)
        page.goto(url, timeout=WAIT)
        page.locator("button.warkit-start").first.wait_for(timeout=WAIT)
        page.locator(".warkit-lang").get_by_text("English").click()
        page.locator("button.warkit-start").get_by_text("Start the game").wait_for(timeout=WAIT)
        found = page.evaluate(SCRIPTS_JS)
    finally:
        ctx.close()
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    found["requested"] = list(dict.fromkeys(
        u for u in found["requested"] if u.startswith(origin) and "/templates/" not in u))
    return found


def manifest(requested: list[str], config: dict) -> str:
    """The Jinja file the template imports: Voilà's version and chunks, and per extension its
    remoteEntry file and chunks (paths as the page asked for them)."""
    static = config["fullStaticUrl"].rstrip("/") + "/"
    labextensions = config["fullLabextensionsUrl"].rstrip("/") + "/"
    voila_chunks: list[str] = []
    extensions = {e["name"]: {"load": e["load"].removeprefix("./"), "chunks": []}
                  for e in config["federated_extensions"]}
    for url in requested:
        path = urlsplit(url).path + (f"?{urlsplit(url).query}" if urlsplit(url).query else "")
        if path.startswith(static):
            if path != static + "voila.js":
                voila_chunks.append(path.removeprefix(static))
            continue
        rest = path.removeprefix(labextensions)
        name = next((n for n in extensions if rest.startswith(n + "/")), None)
        if rest == path or name is None:
            raise ValueError(f"a script from neither Voilà nor a known extension: {url}")
        chunk = rest.removeprefix(name + "/")
        if chunk != extensions[name]["load"]:
            extensions[name]["chunks"].append(chunk)
    lines = [
        "{#- Written by tests/browser/voila_preloads.py (do not edit): the scripts the page of",
        "    notebooks/play.ipynb runs before its form answers a click, for these versions. -#}",
        f"{{%- set voila_version = {json.dumps(config['appVersion'])} -%}}",
        "{%- set voila_chunks = [",
        *(f"  {json.dumps(c)}," for c in voila_chunks),
        "] -%}",
        "{%- set extension_chunks = {",
        *(f"  {json.dumps(n)}: {json.dumps(e)}," for n, e in extensions.items()),
        "} -%}",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="warkit-preloads-"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with serve(PLAY, folder / "voila.log", {"WARKIT_AUTOSAVE_DIR": str(folder)}) as url:
            found = scripts_until_interactive(browser, url)
        browser.close()
    MANIFEST.write_text(manifest(found["requested"], found["config"]), encoding="utf-8")
    print(f"{MANIFEST}: {len(found['requested'])} scripts", file=sys.stderr)


if __name__ == "__main__":
    main()
