"""Render the pages of the built docs site in headless Chromium, to PNGs under bench/results/screenshots/.

Usage: .venv/bin/python scripts/screenshots.py [--site site] [--out bench/results/screenshots]
                                               [--widths desktop,phone] [--height 2000] [--only TEXT]
Shoots key pages and every rules page in the three languages, at a desktop width (1280 px)
and a phone width (390 px).  Builds the site first when it is missing (`mkdocs build
--strict`); serves it on 127.0.0.1 with http.server so that the pages load their CSS and
fonts as a reader's would.  The PNGs are for looking at, never committed.
"""

from __future__ import annotations

import argparse
import functools
import html
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = {
    "home": "",
    "rules-atlas-carta-en": "rules/atlas-carta/",
    "rules-atlas-carta-ar": "ar/rules/atlas-carta/",
    "rules-atlas-carta-ar-bidding": "ar/rules/atlas-carta/#section-bidding",
    "rules-atlas-carta-ar-play": "ar/rules/atlas-carta/#section-play",
    "rules-atlas-carta-en-bidding": "rules/atlas-carta/#section-bidding",
    "rules-atlas-carta-en-play": "rules/atlas-carta/#section-play",
    "rules-touti-app-en-ghna": "rules/touti-app/#section-ghna",
    "compare-en-pairs": "compare/#pairs",
    "rules-touti-app-fr": "fr/rules/touti-app/",
    "rules-variant-en": "rules/atlas-partner-exemption/",
    "compare-en": "compare/",
    "compare-ar": "ar/compare/",
    "language-en": "language/",
}
WIDTHS = {"desktop": 1280, "phone": 390}
LANGUAGE_PREFIXES = {"en": "", "fr": "fr/", "ar": "ar/"}
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]


FRAME = "/__frame__"  # a page shown in a window-sized iframe, so that headless Chromium honours its #fragment


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site without logging every request, plus the iframe wrapper under FRAME."""

    def do_GET(self) -> None:
        if not self.path.startswith(FRAME):
            return super().do_GET()
        # the browser never sends a #fragment: the framed page travels in the query string
        target = html.escape("/" + urllib.parse.unquote(self.path[len(FRAME) + 1:]), quote=True)
        body = (f'<!doctype html><html><body style="margin:0"><iframe src="{target}" '
                f'style="width:100vw;height:100vh;border:0"></iframe></body></html>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def _serve(site: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _shoot(browser: str, url: str, png: Path, size: str) -> bool:
    with tempfile.TemporaryDirectory() as profile:
        command = [browser, *CHROMIUM_FLAGS, "--virtual-time-budget=5000", f"--user-data-dir={profile}",
                   f"--screenshot={png}", f"--window-size={size}", url]
        try:
            subprocess.run(command, capture_output=True, timeout=90, check=False)
        except subprocess.TimeoutExpired:
            return False
    return png.is_file()


def rules_pages(site: Path) -> dict[str, str]:
    """Every rules page of the built site (systems and variants), in each language."""
    pages = {}
    for folder in sorted(p for p in (site / "rules").iterdir() if (p / "index.html").is_file()):
        for lang, prefix in LANGUAGE_PREFIXES.items():
            pages[f"rules-{folder.name}-{lang}"] = f"{prefix}rules/{folder.name}/"
    return pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "screenshots"))
    parser.add_argument("--widths", default="desktop,phone", help="comma-separated: desktop, phone")
    parser.add_argument("--height", type=int, default=2000)
    parser.add_argument("--only", default="", help="shoot only the pages whose name contains this text")
    args = parser.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    site, out = Path(args.site), Path(args.out)
    if not (site / "index.html").is_file():
        subprocess.run([str(Path(sys.executable).with_name("mkdocs")), "build", "--strict", "--quiet", "--site-dir", str(site)],
                       cwd=ROOT, check=True)
    out.mkdir(parents=True, exist_ok=True)
    pages = {name: page for name, page in {**PAGES, **rules_pages(site)}.items() if args.only in name}
    widths = [w for w in args.widths.split(",") if w]
    unknown = [w for w in widths if w not in WIDTHS]
    if unknown:
        print(f"unknown width {unknown[0]!r}: choose among {', '.join(WIDTHS)}", file=sys.stderr)
        return 2
    server = _serve(site)
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        urls = {name: f"{base}{FRAME}?{urllib.parse.quote(page)}" if "#" in page else f"{base}/{page}"
                for name, page in pages.items()}
        shots = [(f"{name}-{width}", url, f"{WIDTHS[width]},{args.height}") for name, url in urls.items() for width in widths]
        failed = [name for name, url, size in shots if not _shoot(browser, url, out / f"{name}.png", size)]
    finally:
        server.shutdown()
    print(f"{len(shots) - len(failed)} screenshots in {out}" + (f"; failed: {failed}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
