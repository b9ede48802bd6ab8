#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Loads every page of the built site in headless Chromium and checks it.

    browser_check.py HTML_DIR SCREENSHOT_DIR

Exit status 77 (ctest: skipped) with a message when selenium, chromium or
chromedriver is absent (apt-get install -y chromium chromium-driver
python3-selenium); MBC_CHROMIUM and MBC_CHROMEDRIVER override the paths
of the two programs. The site is served from a local HTTP server on 127.0.0.1
(as a reader's browser would get it; no network). For each page:

* MathJax (local, _static/mathjax) has finished; every math element is
  rendered; no MathJax error or "Undefined control sequence";
* every image has loaded (naturalWidth > 0);
* every internal link points to an existing page and, with a #fragment, to an
  existing id on that page;
* the browser console has no error;
* no code block is wider than its box (text cut off at the right edge), at
  the screenshot width of 1280 pixels.

Full-page screenshots of the index, the physics, solver, mbc, simulate,
validation, performance and LAMMPS pages, every connector type page (items/*.html)
and API page (api/*.html) go to SCREENSHOT_DIR.
"""
import functools
import html.parser
import http.server
import os
import shutil
import sys
import threading
import urllib.parse

SKIP = 77
site, shots = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
CHROMIUM = os.environ.get("MBC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = os.environ.get("MBC_CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    print("SKIPPED: python3-selenium is not installed (apt-get install -y python3-selenium)")
    sys.exit(SKIP)
for path, pkg in ((CHROMIUM, "chromium"), (DRIVER, "chromium-driver")):
    if not os.access(path, os.X_OK):
        print("SKIPPED: %s not found (apt-get install -y %s)" % (path, pkg))
        sys.exit(SKIP)
if not os.path.isfile(os.path.join(site, "index.html")):
    sys.exit("no site at %s (build the 'docs' target first)" % site)


class Ids(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("id", "name") and v:
                self.ids.add(v)


@functools.lru_cache(maxsize=None)
def ids_of(path):
    p = Ids()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p.ids


pages = sorted(os.path.relpath(os.path.join(d, f), site)
               for d, _, fs in os.walk(site) for f in fs
               if f.endswith(".html") and "/_" not in "/" + os.path.relpath(d, site))


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=server.serve_forever, daemon=True).start()
base = "http://127.0.0.1:%d/" % server.server_address[1]

opts = webdriver.ChromeOptions()
opts.binary_location = CHROMIUM
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
          "--window-size=1280,1000", "--hide-scrollbars"):
    opts.add_argument(a)
opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
driver.set_script_timeout(60)
driver.set_page_load_timeout(60)
os.makedirs(shots, exist_ok=True)

PAGE_STATE = """
const done = arguments[arguments.length - 1];
const report = () => {
  const math = Array.from(document.querySelectorAll('.math'));
  const unrendered = math.filter(m => !m.querySelector('.mjx-chtml, .MathJax_CHTML'))
                         .map(m => m.textContent.slice(0, 80));
  const errors = Array.from(document.querySelectorAll('.mjx-merror, .MathJax_Error, merror'))
                      .map(e => e.textContent.slice(0, 120));
  const text = document.body.innerText;
  for (const s of ['Undefined control sequence', 'Math Processing Error', 'Missing or unrecognized'])
    if (text.includes(s)) errors.push('page text contains: ' + s);
  const images = Array.from(document.images)
      .filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src'));
  const links = Array.from(document.querySelectorAll('a[href]')).map(a => a.href);
  const overflowing = Array.from(document.querySelectorAll('pre'))
      .filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.textContent.slice(0, 60));
  done({mathCount: math.length, hasMathJax: !!(window.MathJax && window.MathJax.Hub),
        unrendered, errors, images, links, overflowing,
        height: Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)});
};
if (window.MathJax && window.MathJax.Hub) MathJax.Hub.Queue(report); else report();
"""

failures = []
checked_links = 0
for page in pages:
    driver.get(base + page)
    st = driver.execute_async_script(PAGE_STATE)
    where = page
    if st["mathCount"] and not st["hasMathJax"]:
        failures.append("%s: %d math elements but MathJax did not load" % (where, st["mathCount"]))
    for m in st["unrendered"]:
        failures.append("%s: math not rendered: %r" % (where, m))
    for e in st["errors"]:
        failures.append("%s: MathJax error: %s" % (where, e))
    for src in st["images"]:
        failures.append("%s: image not loaded (naturalWidth 0): %s" % (where, src))
    for text in st["overflowing"]:
        failures.append("%s: code block wider than the page: %r" % (where, text))
    for href in st["links"]:
        if not href.startswith(base):
            continue  # external (http(s) to other hosts, mailto): not followed, no network
        checked_links += 1
        url = urllib.parse.urlsplit(href)
        rel = urllib.parse.unquote(url.path[len(urllib.parse.urlsplit(base).path):]) or "index.html"
        target = os.path.join(site, rel)
        if os.path.isdir(target):
            target = os.path.join(target, "index.html")
        if not os.path.isfile(target):
            failures.append("%s: link to a missing page: %s" % (where, href))
        elif url.fragment and target.endswith(".html") and urllib.parse.unquote(url.fragment) not in ids_of(target):
            failures.append("%s: link to a missing anchor: %s" % (where, href))
    for entry in driver.get_log("browser"):
        if entry.get("level") == "SEVERE":
            failures.append("%s: console error: %s" % (where, entry.get("message")))
    if page in ("index.html", "physics.html", "solver-integration.html", "mbc.html", "simulate.html",
                "validation.html", "performance.html", "lammps.html") or page.startswith(("items/", "api/")):
        driver.set_window_size(1280, min(int(st["height"]) + 40, 30000))
        name = page[:-5].replace("/", "_") + ".png"
        driver.save_screenshot(os.path.join(shots, name))
        driver.set_window_size(1280, 1000)
    print("ok  %-45s math %4d, links %4d" % (page, st["mathCount"], len(st["links"])) if not any(
        f.startswith(where + ":") for f in failures) else "BAD %s" % page)

driver.quit()
server.shutdown()
for f in failures:
    print(f)
print("%d pages, %d internal links checked, %d failures; screenshots in %s"
      % (len(pages), checked_links, len(failures), shots))
sys.exit(1 if failures else 0)
