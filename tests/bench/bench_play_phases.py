"""Where the dashboard page's time to interactive goes, measured in the page (ms from
navigation, medians over fresh-context loads of a preheated page; the bench's own figure is
tests/bench/bench_play.py --parts tti).

Run: python tests/bench/bench_play_phases.py [--loads 5] [--ref REF]
(``--ref``: serve a git commit's dashboard instead of this tree's, e.g. ``--ref main``.)

Prints, per load and as medians: the HTML's end, DOMContentLoaded, the load event (Voilà's
front end starts only then), the kernel websocket's creation and opening, its first message,
the new-game form on screen, the click answered (the language toggle re-labels Start), the
scripts fetched (count, MB decoded, when the last one ended), the long tasks' total and the
page's main-thread time (Chrome's TaskDuration).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from bench_play import WAIT, new_page, snapshot
from browser_helpers import CHROMIUM, CHROMIUM_ARGS, serve

# Long tasks, and the kernel websocket's creation / open / first message, from the start.
OBSERVE_JS = r"""
window.__wk = {long: 0, marks: {}};
new PerformanceObserver(list => list.getEntries().forEach(e => { __wk.long += e.duration; }))
  .observe({type: 'longtask', buffered: true});
const Native = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const ws = new Native(url, protocols), mark = name => { __wk.marks[name] ??= performance.now(); };
  if (url.includes('/channels')) {
    mark('ws created');
    ws.addEventListener('open', () => mark('ws open'));
    ws.addEventListener('message', () => mark('ws first message'));
  }
  return ws;
};
window.WebSocket.prototype = Native.prototype;
Object.assign(window.WebSocket, Native);
"""
READ_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource')
    .filter(e => e.name.startsWith(location.origin) && /[.]js([?]|$)/.test(e.name));
  return {'HTML end': nav.responseEnd, 'DOMContentLoaded': nav.domContentLoadedEventEnd,
          'load event': nav.loadEventEnd, ...__wk.marks, 'long tasks (sum)': __wk.long,
          'scripts': scripts.length,
          'scripts MB': scripts.reduce((n, e) => n + e.decodedBodySize, 0) / 1e6,
          'last script end': Math.max(...scripts.map(e => e.responseEnd))};
}"""
ORDER = ("HTML end", "DOMContentLoaded", "last script end", "load event", "ws created",
         "ws open", "ws first message", "form on screen", "click answered", "long tasks (sum)",
         "page main thread", "scripts", "scripts MB")


async def phases(browser, url: str) -> dict[str, float]:
    ctx, page = await new_page(browser, url)
    cdp = await ctx.new_cdp_session(page)
    await cdp.send("Performance.enable")
    await page.add_init_script(OBSERVE_JS)
    await page.goto(url, timeout=WAIT)
    await page.locator("button.warkit-start").first.wait_for(timeout=WAIT)
    form = await page.evaluate("performance.now()")
    await page.locator(".warkit-lang").get_by_text("English").click()
    await page.locator("button.warkit-start").get_by_text("Start the game").wait_for(
        timeout=WAIT)
    found = {**await page.evaluate(READ_JS), "form on screen": form,
             "click answered": await page.evaluate("performance.now()")}
    metrics = {m["name"]: m["value"]
               for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
    found["page main thread"] = 1000 * metrics["TaskDuration"]
    await ctx.close()
    return found


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--ref", help="a git commit or branch to serve instead of this tree")
    args = parser.parse_args()
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="warkit-phases-"))
    notebook, env = snapshot(args.ref, folder / "tree",
                             {"WARKIT_AUTOSAVE_DIR": str(folder / "autosave")})
    print(f"== Page phases of {args.ref or 'this tree'}'s dashboard, preheated, ms from "
          f"navigation (load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
    runs = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with serve(notebook, folder / "voila.log", env) as url:
            await phases(browser, url)  # warm the server once
            for _ in range(args.loads):
                await asyncio.sleep(2.5)  # let the pool refill, as bench_play does
                runs.append(await phases(browser, url))
        await browser.close()
    for name in ORDER:
        values = [run[name] for run in runs if name in run]
        digits = 2 if name == "scripts MB" else 0
        print(f"  {name:18}: median {statistics.median(values):8.{digits}f}; all: "
              + ", ".join(f"{v:.{digits}f}" for v in values))
    print(f"  (load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())})")


if __name__ == "__main__":
    asyncio.run(main())
