#!/usr/bin/env python3
"""Measures `tsearch export --format html --all-rows` over N one-hour meetings in headless Chromium:

    python3 Scripts/html/measure.py [--meetings 200] [--query budget] [--presses 20]
                                    [--tsearch .build/release/tsearch] [--screenshots DIR]

1. Writes the meetings with Scripts/pager/make-meetings.py into a temporary folder and exports
   the page from there (`-o page.html`), timing the export.
2. Size: the page's bytes over the rows' text (the sum of every row's text in UTF-8, from
   `tsearch rows --json`), the ratio the page must keep under 2.
3. Opens the page in headless Chromium, driven over the DevTools protocol on
   `--remote-debugging-pipe` (file descriptors 3 and 4, JSON messages ended by NUL: no websocket,
   stdlib only). First paint: the browser's first-contentful-paint, and the moment the current
   hit's row was on screen and painted (seen by a requestAnimationFrame loop installed before the
   page loads; one frame more for the paint), both from navigation start.
4. Each `n`: a key event sent through the protocol; in the page, a capturing keydown listener
   notes the time before the page's own handler runs, then two requestAnimationFrames later (the
   hit scrolled into view and painted) the time again, and whether the new current hit is inside
   the viewport and is the one `hit k of N` names. Prints the median and worst over the presses.
5. A jump through the address (`#hit-K`) to the middle, 90 % and 10 % of the hits: the hit must
   be current and on screen 300 ms after (the chunks drawn around it must not push it away).
6. With --screenshots DIR: PNGs of the opened page, light at desktop width and light and dark at a
   phone's width (390 px), after stepping to a hit.

Chromium is not a dependency of the package: `apt-get install chromium` to run this.
"""
import argparse
import base64
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WATCH_FIRST_HIT = """
(function(){var start=performance.now();function look(){var b=document.body;
if(b&&b.dataset.count){var at=+b.dataset.current||0,m=document.getElementById("hit-"+(at+1));
if(+b.dataset.count===0||m){var r=m?m.getBoundingClientRect():null;
if(!m||(r.height>0&&r.top>=0&&r.bottom<=innerHeight)){requestAnimationFrame(function(){window.__firstHit=performance.now();});return;}}}
requestAnimationFrame(look);}requestAnimationFrame(look);})();
"""

MEASURE_ONE_PRESS = """
window.__press=new Promise(function(done){document.addEventListener("keydown",function once(){
document.removeEventListener("keydown",once,true);var t0=performance.now();
requestAnimationFrame(function(){requestAnimationFrame(function(){
var m=document.querySelector("mark.current[data-hit]"),r=m&&m.getBoundingClientRect();
done({ms:performance.now()-t0,shown:document.getElementById("position").textContent,
hit:m?+m.dataset.hit+1:0,visible:!!r&&r.height>0&&r.top>=0&&r.bottom<=innerHeight});});});},true);});0
"""

JUMP = """
new Promise(function(done){var count=+document.body.dataset.count,k=Math.max(1,Math.floor(count*%f)),t0=performance.now();
location.hash="#hit-"+k;requestAnimationFrame(function(){requestAnimationFrame(function(){var ms=performance.now()-t0;setTimeout(function(){
var m=document.getElementById("hit-"+k),r=m&&m.getBoundingClientRect();
done({ms:ms,hit:k,visible:!!r&&r.height>0&&r.top>=0&&r.bottom<=innerHeight&&m.classList.contains("current")});},300);});});})
"""


class Browser:
    """Headless Chromium over --remote-debugging-pipe: requests in, replies and events out."""

    def __init__(self, binary, width, height):
        self.to_browser_read, self.to_browser = os.pipe()
        self.from_browser, self.from_browser_write = os.pipe()
        self.profile = tempfile.mkdtemp(prefix="tsearch-chromium-")

        def plumbing():
            # Copies first: a pipe may already be fd 3 or 4, and dup2 onto itself keeps close-on-exec.
            reading, writing = os.dup(self.to_browser_read), os.dup(self.from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [binary, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            close_fds=False, preexec_fn=plumbing,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(self.to_browser_read)
        os.close(self.from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        wanted = self.send(method, params, session)
        while True:
            message = self.receive()
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for_event(self, method, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for number, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(number)
            self.events.append(self.receive())
        raise RuntimeError(f"no {method} within {timeout} s")

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    """One page of the browser, attached with a flat session."""

    def __init__(self, browser):
        self.browser = browser
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")

    def call(self, method, params=None):
        return self.browser.call(method, params, self.session)

    def evaluate(self, expression, wait=False):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": wait, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url):
        self.browser.events.clear()
        self.call("Page.navigate", {"url": url})
        self.browser.wait_for_event("Page.loadEventFired")

    def press(self, key):
        code = {"n": ("KeyN", 78), "N": ("KeyN", 78)}[key]
        modifiers = 8 if key.isupper() else 0
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code[0], "text": key if kind == "keyDown" else "",
                                                 "windowsVirtualKeyCode": code[1], "modifiers": modifiers})

    def screenshot(self, path, width, height, scheme, where):
        """A PNG at `width` × `height` in `scheme`, at the top of the page or with the next hit centred."""
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        self.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        if where == "top":
            self.evaluate("scrollTo(0,0)")
        else:
            self.press("n")
        self.evaluate("new Promise(function(r){requestAnimationFrame(function(){requestAnimationFrame(r);});})", wait=True)
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))


def rows_text_bytes(tsearch, folder):
    listing = subprocess.run([tsearch, "rows", "--json", "m"], cwd=folder, capture_output=True, check=True).stdout
    total = 0
    for line in listing.splitlines():
        record = json.loads(line)
        if record.get("type") == "row":
            total += len(record["text"].encode("utf-8"))
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--meetings", type=int, default=200)
    parser.add_argument("--query", default="budget")
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--tsearch", default=os.path.join(ROOT, ".build/release/tsearch"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--screenshots", help="folder for PNGs of the page")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and say where it is")
    options = parser.parse_args()
    options.tsearch = os.path.abspath(options.tsearch)

    folder = tempfile.mkdtemp(prefix="tsearch-html-")
    state = {**os.environ, "TSEARCH_STATE": os.path.join(folder, "session.json"), "XDG_CACHE_HOME": os.path.join(folder, "cache")}
    subprocess.run([sys.executable, os.path.join(ROOT, "Scripts/pager/make-meetings.py"), os.path.join(folder, "m"), str(options.meetings)], check=True)
    began = time.time()
    subprocess.run([options.tsearch, "export", "--format", "html", "--all-rows", "-o", "page.html", options.query, "m"],
                   cwd=folder, check=True, env=state)
    export_seconds = time.time() - began
    page = os.path.join(folder, "page.html")
    size = os.path.getsize(page)
    text = rows_text_bytes(options.tsearch, folder)
    print(f"{options.meetings} meetings, query {options.query!r}, --all-rows: export {export_seconds:.2f} s")
    print(f"page {size / 1e6:.1f} MB, rows' text {text / 1e6:.1f} MB, ratio {size / text:.2f}")

    browser = Browser(options.chromium, 1280, 900)
    try:
        tab = Tab(browser)
        tab.call("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_FIRST_HIT})
        tab.open("file://" + page)
        tab.evaluate("new Promise(function(r){(function w(){window.__firstHit?r():requestAnimationFrame(w);})();})", wait=True)
        paint = tab.evaluate("(performance.getEntriesByName('first-contentful-paint')[0]||{}).startTime||-1")
        first_hit = tab.evaluate("window.__firstHit")
        loaded = tab.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        print(f"first contentful paint {paint:.0f} ms, current hit's row on screen and painted {first_hit:.0f} ms, load event {loaded:.0f} ms")

        times, wrong = [], 0
        for number in range(options.presses + 1):
            tab.evaluate(MEASURE_ONE_PRESS)
            tab.press("n")
            result = tab.evaluate("window.__press", wait=True)
            if number == 0:
                continue  # the first press also warms the script's paths up
            times.append(result["ms"])
            if not result["visible"] or str(result["hit"]) != result["shown"]:
                wrong += 1
        print(f"n: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms over {len(times)} presses"
              + (f"; {wrong} left the current hit off screen or misnamed" if wrong else "; every current hit on screen and named"))
        back = []
        for _ in range(5):
            tab.evaluate(MEASURE_ONE_PRESS)
            tab.press("N")
            back.append(tab.evaluate("window.__press", wait=True)["ms"])
        print(f"N: median {statistics.median(back):.1f} ms over {len(back)} presses")

        jumps, lost = [], []
        for fraction in (0.5, 0.9, 0.1):
            result = tab.evaluate(JUMP % fraction, wait=True)
            jumps.append(result["ms"])
            if not result["visible"]:
                lost.append(str(result["hit"]))
        print(f"#hit-K far away (the middle, 90 %, 10 %): {', '.join(f'{ms:.0f}' for ms in jumps)} ms to painted; "
              + (f"off screen 300 ms later: hit {', '.join(lost)}" if lost else "each still on screen 300 ms later"))

        if options.screenshots:
            os.makedirs(options.screenshots, exist_ok=True)
            for name, width, height, scheme, where in [("light-wide", 1280, 900, "light", "hit"), ("light-narrow-top", 390, 844, "light", "top"),
                                                       ("light-narrow", 390, 844, "light", "hit"), ("dark-narrow", 390, 844, "dark", "hit")]:
                path = os.path.join(options.screenshots, f"page-{name}.png")
                tab.screenshot(path, width, height, scheme, where)
                print(f"screenshot {path}")
    finally:
        browser.close()
        if options.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
