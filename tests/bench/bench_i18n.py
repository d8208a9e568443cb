"""Benchmark of the gettext catalogues: prints figures, asserts nothing about time.

Run from the repository root:  python tests/bench/bench_i18n.py

What a page pays once per language (loading the game's catalogue chain, from the compiled .mo
that `make` writes or from the .po compiled in memory, as a wheel does) and per message
(``tr`` with placeholders, a plural, a number through Babel).
"""

from __future__ import annotations

import gettext
import io
import statistics
import subprocess
import sys
import time

import numpy as np
from warkit_widgets.html import heat_table_html
from warkit_widgets.i18n import LANGS, fmt_percent
from warkit_widgets.i18n.catalogue import catalogue_file, compile_po
from warkit_widgets.play.messages import PLAY, tr


def load_ms(use_mo: bool, repeat: int = 7) -> float:
    """Median time to read the game's chain (play + components) in both languages: the .mo
    files, or the .po files compiled in memory."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for lang in LANGS:
            for c in PLAY.chain:
                if use_mo:
                    data = catalogue_file(c.package, lang, ".mo").read_bytes()
                else:
                    data = compile_po(catalogue_file(c.package, lang).read_bytes(), lang)
                gettext.GNUTranslations(io.BytesIO(data))
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def per_call_us(fn, n: int = 20000) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return 1e6 * (time.perf_counter() - start) / n


def main() -> None:
    print(f"$ python {' '.join(sys.argv)}")
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    mo = all(catalogue_file(c.package, lang, ".mo").is_file() for c in PLAY.chain
             for lang in LANGS)
    if mo:
        print(f"game catalogues, both languages, from .mo: {load_ms(True):.1f} ms")
    else:
        print("no .mo files (run `make catalogues`): skipping the .mo figure")
    print(f"game catalogues, both languages, .po compiled in memory: {load_ms(False):.1f} ms")
    tr("play.save", "pt")
    print(f"tr, plain (play.save): {per_call_us(lambda: tr('play.save', 'pt')):.1f} µs")
    print(f"tr, fallback to the components (dice.attack): "
          f"{per_call_us(lambda: tr('dice.attack', 'pt')):.1f} µs")
    print(f"tr, plural with placeholders (log.turn): {per_call_us(lambda: tr('log.turn', 'pt', round=2, turn=3, seat='Ana', n=12, income=6)):.1f} µs")  # noqa: E501
    print(f"fmt_percent (CLDR symbols from Babel, pt_BR): "
          f"{per_call_us(lambda: fmt_percent(0.4167, 'pt')):.1f} µs")
    table = np.random.default_rng(1).random((31, 31))
    ms = per_call_us(lambda: heat_table_html(table, (3, 2), "pt"), 20) / 1000
    print(f"the odds panel's 30 × 30 heat table (900 percentages), pt: {ms:.1f} ms")


if __name__ == "__main__":
    main()
