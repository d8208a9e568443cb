"""Where the dashboard's time to interactive goes, measured in the page (issue 13 item 7).

Run: python tests/bench/bench_play_timeline.py [--loads 6] [--cold] [--compare REF] [--show]

Opens notebooks/play.ipynb in Voilà with Debian's chromium, like ``bench_play.py --parts tti``
(page load until the language toggle re-labels the Start button), and records in the page,
in ms from navigation: the load event, the kernel's websocket opening, the first widget state
arriving (its size), the form on the screen (intervals taken per load), then from the
English click's mousedown: the Start button re-labelled and the last update the click
caused, with how many widget messages the kernel sent back. ``--compare REF`` alternates
loads between REF's dashboard and this tree's (the same machine load for both); ``--show``
prints the last page's messages. Prints medians and maxima: measurements, never assertions
(the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from bench_play import new_page, snapshot
from browser_helpers import CHROMIUM, CHROMIUM_ARGS, serve

WAIT = 60_000

# Wraps the page's WebSocket to note each kernel message (the v1 binary protocol: offsets, then
# channel, header, parent, metadata, content), and notes the page's milestones.
RECORD_JS = r"""
(() => {
  const T = window.__wkTimeline = {msgs: [], marks: {}};
  const text = new TextDecoder();
  const mark = name => { if (!(name in T.marks)) T.marks[name] = performance.now(); };
  function parse(data) {
    if (typeof data === 'string') { const m = JSON.parse(data); return [m.header, m.content]; }
    const view = new DataView(data), n = Number(view.getBigUint64(0, true)), at = [];
    for (let i = 0; i < n; i++) at.push(Number(view.getBigUint64(8 + 8 * i, true)));
    const part = i => JSON.parse(text.decode(
      new Uint8Array(data, at[i], (at[i + 1] ?? data.byteLength) - at[i])));
    return [part(1), part(4)];
  }
  function note(way, data) {
    try {
      const [header, content] = parse(data);
      const d = content.data || {};
      T.msgs.push([performance.now(), way, header.msg_type, data.byteLength ?? data.length,
                   header.msg_type === 'comm_msg' ? `${d.method} ${Object.keys(d.state || {})}`
                   + ('description' in (d.state || {}) ? ` =${d.state.description}` : '') : '']);
    } catch (e) { /* not a kernel message */ }
  }
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    if (String(args[0]).includes('/channels')) {
      socket.addEventListener('open', () => mark('ws open'));
      socket.addEventListener('message', e => note('in', e.data));
      const send = socket.send.bind(socket);
      socket.send = data => { note('out', data); send(data); };
    }
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
  addEventListener('load', () => mark('load'));
  document.addEventListener('mousedown', () => mark('mousedown'), true);
  new MutationObserver(() => {
    const start = document.querySelector('button.warkit-start');
    if (start) mark('form');
    if (start && start.textContent.includes('Start the game')) mark('answered');
  }).observe(document, {subtree: true, childList: true, characterData: true});
})();
"""


async def timeline(browser, url: str, show: bool = False) -> dict[str, float]:
    """One page load and English click; the milestones (ms)."""
    ctx, page = await new_page(browser, url)
    await page.add_init_script(RECORD_JS)
    await page.goto(url, timeout=WAIT)
    await page.locator("button.warkit-start").first.wait_for(timeout=WAIT)
    await page.locator(".warkit-lang").get_by_text("English").click()
    await page.locator("button.warkit-start").get_by_text("Start the game").wait_for(
        timeout=WAIT)
    await asyncio.sleep(0.5)  # the click's last updates
    record = await page.evaluate("window.__wkTimeline")
    await ctx.close()
    marks, msgs = record["marks"], record["msgs"]
    state = max((m for m in msgs if m[1] == "in"), key=lambda m: m[3])
    click = marks["mousedown"]
    replies = [m for m in msgs if m[0] >= click and m[1] == "in" and m[2] == "comm_msg"]
    if show:
        for m in msgs:
            print(f"    {m[0]:8.1f} {m[1]:3} {m[2]:18} {m[3]:7} {m[4][:90]}")
    return {"load": marks["load"], "ws open": marks["ws open"],
            "ws->first state": state[0] - marks["ws open"], "state kB": state[3] / 1000,
            "state->form": marks["form"] - state[0], "form": marks["form"],
            "click->Start": marks["answered"] - click,
            "click->last update": replies[-1][0] - click, "click messages": len(replies)}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=6)
    parser.add_argument("--cold", action="store_true", help="a kernel started per page")
    parser.add_argument("--compare", metavar="REF", help="alternate with REF's dashboard")
    parser.add_argument("--show", action="store_true", help="print the last page's messages")
    args = parser.parse_args()
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="warkit-timeline-"))
    env = {"WARKIT_AUTOSAVE_DIR": str(folder / "autosave")}
    trees = {"this tree": snapshot(None, folder / "tree", env)}
    if args.compare:
        trees = {args.compare: snapshot(args.compare, folder / "base", env), **trees}
    extra = ("--VoilaConfiguration.preheat_kernel=False",) if args.cold else ()
    print(f"== The page's timeline, {'cold' if args.cold else 'preheated'}, ms from navigation "
          f"(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with contextlib.ExitStack() as stack:
            urls = {name: stack.enter_context(serve(nb, folder / f"voila-{i}.log", tree_env,
                                                    extra))
                    for i, (name, (nb, tree_env)) in enumerate(trees.items())}
            for url in urls.values():
                await timeline(browser, url)  # warm the browser's cache once
            for i in range(args.loads):
                for name in (list(urls) if i % 2 == 0 else list(reversed(urls))):
                    await asyncio.sleep(2.5)  # let the pool refill, as bench_play does
                    last = args.show and i == args.loads - 1
                    rows[name].append(await timeline(browser, urls[name], last))
        await browser.close()
    for name, values in rows.items():
        for how, pick in (("median", statistics.median), ("max", max)):
            print(f"  {name:10} {how:6}: " + ", ".join(
                f"{key} {pick(v[key] for v in values):.0f}" for key in values[0]))
    print(f"  (load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())})")


if __name__ == "__main__":
    asyncio.run(main())
