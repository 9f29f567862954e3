#!/usr/bin/env python3
"""Checks the look of ModelForm's HTML pages in headless Chromium, for every page kind in
both shipped themes, and runs the Nu HTML Checker and axe-core on every page.

Pages: the bundled registration form with errors (render --validate), the team fixture
(relationships and a sortable collection) as a form, as a read-only export (every document
and the index) and as an editable export, and the kinds fixture (every cell), each in the
default and the dark theme, and the order fixture (unions: a choice and its alternative's
inputs) as a form.

- no horizontal scrolling at 360, 390 and 1280 CSS pixels (scrollWidth <= clientWidth);
- no empty help paragraph; the default theme turns dark under prefers-color-scheme: dark;
- dark theme: the page background is dark, <meta name="color-scheme"> says dark, and an
  unstyled native control gets the dark colour scheme;
- the first submit control of every form is its primary action;
- read-only exports: no form controls, and every page links to the index; editable
  exports: forms, and every page links to the index.

Usage: check_layout.py MODELFORM_BINARY PACKAGE_DIR. Prints PASS / FAIL lines and ends with
'N passed, M failed'; exits 1 when anything failed.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_outputs  # noqa: E402
from check_outputs import record  # noqa: E402

WIDTHS = [360, 390, 1280]


def generate(binary, package, scratch):
    """Writes every page kind into scratch/THEME/ and returns {path: kind}."""
    pages = {}
    fixtures = os.path.join(package, "Tests/Golden/editor/fixtures")
    with open(os.path.join(package, "config/registration.values.yaml"), encoding="utf-8") as f:
        bad = f.read().replace("ada@example.com", "ada at example").replace("name: Ada Lovelace", "name: ''")
    bad_values = os.path.join(scratch, "bad.values.yaml")
    with open(bad_values, "w", encoding="utf-8") as f:
        f.write(bad)

    def run(*arguments, status=0):
        proc = subprocess.run([binary, *arguments], cwd=package, capture_output=True, text=True, timeout=120)
        if proc.returncode != status:
            record(f"modelform {' '.join(arguments)}", False, proc.stderr[-500:])
        return proc

    for theme in ["default", "dark"]:
        folder = os.path.join(scratch, theme)
        os.makedirs(folder)
        form = os.path.join(folder, "registration-errors.html")
        run("render", "--format", "html", "--theme", theme, "--data", bad_values, "--validate", "--output", form, status=1)
        pages[form] = "form"
        for fixture in ["team", "kinds", "order"]:
            out = os.path.join(folder, f"{fixture}-form.html")
            run("render", os.path.join(fixtures, f"{fixture}.types.yaml"), "--format", "html", "--theme", theme, "--output", out)
            pages[out] = "form"
        for kind, extra in [("document", []), ("editable", ["--editable"])]:
            site = os.path.join(folder, f"team-{kind}")
            run("export", os.path.join(fixtures, "team.types.yaml"), "--format", "html", "--theme", theme, "--output", site, *extra)
            for path in glob.glob(os.path.join(site, "*.html")):
                pages[path] = "index" if os.path.basename(path) == "index.html" else kind
    return pages


def luminance(rgb):
    parts = [float(p) for p in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    return sum(parts) / (3 * 255)


def check_pages(pages):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = check_outputs.chromium_binary()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        for path, kind in sorted(pages.items()):
            name = "/".join(path.split("/")[-3:])
            dark = "/dark/" in path
            driver.get("file://" + path)
            overflow = []
            for width in WIDTHS:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
                scroll, client = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                if scroll > client:
                    culprit = driver.execute_script(
                        "const w = document.documentElement.clientWidth; const e = [...document.querySelectorAll('body *')].find(e => e.getBoundingClientRect().right > w + 0.5); return e ? e.outerHTML.slice(0, 160) : ''")
                    overflow.append(f"{width}px: scrollWidth {scroll} > {client} ({culprit})")
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            record(f"{name}: no horizontal scrolling at 360, 390 and 1280 px", not overflow, "; ".join(overflow))
            empty = driver.execute_script("return [...document.querySelectorAll('.mf-help')].filter(p => !p.textContent.trim()).length")
            record(f"{name}: no empty help paragraphs", empty == 0, f"{empty}")
            if not dark:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
                background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
                if "mf-theme-default" in driver.page_source:
                    record(f"{name}: the default theme follows prefers-color-scheme: dark", luminance(background) < 0.15, background)
            if dark:
                background, scheme, control = driver.execute_script(
                    "const s = document.createElement('select'); document.body.appendChild(s);"
                    "const c = getComputedStyle(s).backgroundColor; s.remove();"
                    "const m = document.querySelector('meta[name=color-scheme]');"
                    "return [getComputedStyle(document.body).backgroundColor, m ? m.content : '', c]")
                record(f"{name}: dark page, color-scheme dark, native controls dark",
                       luminance(background) < 0.15 and scheme == "dark" and luminance(control) < 0.5, f"{background}, {scheme!r}, {control}")
            forms = driver.execute_script(
                "return [...document.forms].map(f => { const s = f.querySelector('button[type=submit],input[type=submit]');"
                "const p = f.querySelector('.mf-actions .mf-primary'); return [s ? s.outerHTML.slice(0, 200) : '', p ? p.value : null, s ? s.value : null, s ? s.className : ''] })")
            for first, primary, value, classes in forms:
                if primary is None:
                    continue
                record(f"{name}: the first submit control is the primary action", value == primary and ("mf-primary" in classes or "mf-default-action" in classes), first)
            if kind in ("document", "editable", "index"):
                controls = driver.execute_script("return document.querySelectorAll('form, input, select, textarea, button').length")
                if kind == "editable":
                    record(f"{name}: an editable export is a form", controls > 0)
                else:
                    record(f"{name}: no form controls in a read-only export", controls == 0, f"{controls} controls")
                if kind != "index":
                    links = driver.execute_script("return [...document.querySelectorAll('a')].map(a => a.getAttribute('href'))")
                    record(f"{name}: links to the index", "index.html" in links, str(links[:10]))
    finally:
        driver.quit()


def main():
    binary, package = sys.argv[1], sys.argv[2]
    scratch = tempfile.mkdtemp(prefix="modelform-layout-")
    try:
        pages = generate(binary, package, scratch)
        record(f"{len(pages)} pages generated", len(pages) >= 16, str(len(pages)))
        files = sorted(pages)
        check_outputs.check_nu(files)
        check_outputs.check_axe(files)
        check_pages(pages)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return check_outputs.summary()


if __name__ == "__main__":
    sys.exit(main())
