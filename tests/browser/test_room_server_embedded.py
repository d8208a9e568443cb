"""The room server inside the Voilà server (``make play``, issue 19): its API answers on
Voilà's own port, and a notebook kernel of that server - a student with a terminal - that
knows a room's code but no key reads only the room's public side; the kernel's environment
holds no database location, though the server was given one."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import nbformat
import pytest
from browser_helpers import serve
from warkit_widgets.rooms.server.client import RoomClient, new_room

STUDENT = """\
import json, os
from urllib.parse import parse_qs
from warkit_widgets.rooms.server.client import RoomClient
code = parse_qs(os.environ.get("QUERY_STRING", ""))["room"][0]
leaks = sorted(k for k, v in os.environ.items()
               if k == "WARKIT_STORE" or "sqlite" in v.lower() or "postgres" in v.lower())
answer = RoomClient(code=code).state()
print("STUDENT" + json.dumps({"leaks": leaks, "url": os.environ["WARKIT_ROOMS_URL"],
                              "answer": answer}) + "END")
"""


@pytest.fixture(scope="module")
def embedded(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """Voilà with the room server (its store named by ``$WARKIT_STORE``, as a teacher sets
    it) serving a student's notebook."""
    folder = tmp_path_factory.mktemp("embedded")
    notebook = folder / "student.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(STUDENT)])
    nbformat.write(nb, notebook)
    store = folder / "data" / "rooms.sqlite3"
    store.parent.mkdir(mode=0o700)
    env = {"XDG_DATA_HOME": str(folder / "data"), "WARKIT_STORE": str(store)}
    with serve(notebook, folder / "voila.log", env,
               launcher="warkit_widgets.rooms.server.embedded") as url:
        yield url, store


def test_a_kernel_with_the_room_code_and_no_key_reads_public_information_only(embedded):
    url, store = embedded
    api = url + "warkit-rooms"
    made = new_room({"rules": "classic", "lang": "en", "seats": [
        {"name": "Ana", "color": "red"}, {"name": "Bia", "color": "blue"},
        {"name": "Caio", "color": "green", "kind": "easy"}]}, api)
    assert RoomClient(api, key=made["keys"][0]).state()["seat"] == 0
    assert store.exists() and store.stat().st_mode & 0o077 == 0  # opened by the server, 0600
    with urllib.request.urlopen(f"{url}?room={made['code']}", timeout=120) as page:
        html = page.read().decode()
    found = re.search(r"STUDENT(.*?)END", html, re.S)
    assert found, html[-2000:]
    said = json.loads(unescape(found.group(1)))
    assert said["leaks"] == [] and said["url"].startswith("http://127.0.0.1:")
    answer = said["answer"]
    assert answer["seat"] is None and answer["view"]["hand"] == []
    assert answer["view"]["objective"] is None and answer["legal"] == []
    assert "seed" not in answer and answer["commitment"]
    for key in made["keys"]:
        assert key not in html  # no seat's key reaches the student
