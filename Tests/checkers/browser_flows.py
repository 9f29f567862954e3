#!/usr/bin/env python3
"""Drives `modelform serve` in headless Chromium with JavaScript disabled.

Flows: edit and save; an error, then the fix; open a relationship, save it, back to the
parent; add and remove a collection item (the removal confirmed); a map's entries added,
renamed, edited and removed (the removal confirmed); a conflict between two
tabs (a three-way merge: only the field both changed asks; its choices on screen at 390 px). Every page kind met on the way (form, form with errors, confirmation, conflict) is
saved and checked by the Nu HTML Checker (0 errors) and axe-core (0 violations).

Usage: browser_flows.py MODELFORM_BINARY PACKAGE_DIR. Prints one line per check and ends
with 'N passed, M failed'; exits 1 when anything failed.
"""
import html
import http.client
import os
import re
import urllib.parse
import urllib.request
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selenium.common.exceptions import WebDriverException  # noqa: E402  (StaleElementReferenceException is one)
import check_outputs  # noqa: E402  (record, check_nu, check_axe, chromium_binary)
import check_layout  # noqa: E402  (check_pages: widths, the dark theme, the primary action)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

record = check_outputs.record


class Served:
    """`modelform serve` on a free port in a folder of its own."""

    def __init__(self, binary, folder, arguments):
        self.process = subprocess.Popen([binary, "serve", "--port", "0", *arguments], cwd=folder,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise RuntimeError("serve printed no address: " + line + self.process.stderr.read())
        self.base = f"http://127.0.0.1:{match.group(1)}"

    def stop(self):
        self.process.send_signal(2)
        try:
            status = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = "killed"
        record("serve stops on SIGINT with exit 0", status == 0, f"status {status}")


def browser():
    options = Options()
    options.binary_location = check_outputs.chromium_binary()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-proxy-server"]:
        options.add_argument(arg)
    # JavaScript off: every flow must work with plain forms.
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def fill(driver, name, value):
    field = driver.find_element(By.NAME, name)
    field.clear()
    field.send_keys(value)


def press(driver, value):
    """Clicks a submit button and waits for the next page: a click can return before the
    navigation it starts is done."""
    page = driver.find_element(By.TAG_NAME, "html")
    quoted = "'" + value + "'" if '"' in value else '"' + value + '"'  # a map key's path has quotes
    driver.find_element(By.CSS_SELECTOR, f'button[name="_action"][value={quoted}]:not([hidden])').click()
    WebDriverWait(driver, 10).until(lambda _: gone(page))


def gone(element):
    """Whether the page that held `element` has been replaced. Mid-navigation Chromium may
    answer 'Node with given id does not belong to the document' instead of a stale element
    (Selenium's staleness_of lets that through): both mean the page is gone."""
    try:
        element.is_enabled()
        return False
    except WebDriverException:
        return True


def notice(driver):
    found = driver.find_elements(By.CSS_SELECTOR, ".mf-notice")
    return found[0].text if found else ""


def raw_pages(base, team_base, folder, package_base=None):
    """The served bytes of every page kind (the browser's page_source is its DOM, without
    the doctype): the form, the form with errors, a confirmation, a conflict, and a form of
    maps with an entry's removal asked."""
    def request(base, method, path, cookie=None, fields=None):
        host = base.split("//")[1]
        connection = http.client.HTTPConnection(host, timeout=10)
        headers = {"Host": host}
        if cookie:
            headers["Cookie"] = "mf_csrf=" + cookie
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        found = re.search(r"mf_csrf=([^;]+)", response.getheader("Set-Cookie") or "")
        return response.status, text, found.group(1) if found else cookie

    def hidden(page, name):
        return html.unescape(re.search(f'name="{re.escape(name)}" value="([^"]*)"', page).group(1))

    kinds = {}
    status, page, cookie = request(base, "GET", "/")
    kinds["form"] = (status, page)
    token, version = hidden(page, "_csrf"), hidden(page, "_version")
    fields = [("_csrf", token), ("_version", version), ("name", "Ada"), ("password", "one password"), ("repeatPassword", "another"),
              ("email", "ada@example.com"), ("gender", "female"), ("agreedToTerms", "true"), ("_action", "save")]
    kinds["form-with-errors"] = request(base, "POST", "/", cookie, fields)[:2]
    kinds["conflict"] = request(base, "POST", "/", cookie, [(n, "stale" if n == "_version" else v) for n, v in fields])[:2]
    status, page, team_cookie = request(team_base, "GET", "/")
    remove = [("_csrf", hidden(page, "_csrf")), ("_version", hidden(page, "_version")), ("name", "Engines"), ("_action", "remove:tags[0]")]
    kinds["confirmation"] = request(team_base, "POST", "/", team_cookie, remove)[:2]
    expected = {"form": 200, "form-with-errors": 422, "conflict": 409, "confirmation": 200, "maps": 200,
                "entry-confirmation": 200}
    if package_base:
        status, page, package_cookie = request(package_base, "GET", "/")
        kinds["maps"] = (status, page)
        remove = [("_csrf", hidden(page, "_csrf")), ("_version", hidden(page, "_version")),
                  ("_action", 'remove:services.db')]
        kinds["entry-confirmation"] = request(package_base, "POST", "/", package_cookie, remove)[:2]
    paths = []
    for kind, (status, page) in kinds.items():
        record(f"served {kind} page answers {expected[kind]}", status == expected[kind], f"{status}")
        path = os.path.join(folder, kind + ".html")
        with open(path, "w", encoding="utf-8") as file:
            file.write(page)
        paths.append(path)
    return paths


def main():
    binary, package = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="modelform-browser-")
    pages = os.path.join(work, "pages")
    os.makedirs(pages)
    for name in ["config", "Cells", "Themes"]:
        shutil.copytree(os.path.join(package, name), os.path.join(work, name))
    fixtures = os.path.join(package, "Tests/Golden/editor/fixtures")
    for name in os.listdir(fixtures):
        if name.startswith("team.") or name.startswith("package."):
            shutil.copy(os.path.join(fixtures, name), os.path.join(work, name))
    values = os.path.join(work, "config/registration.values.yaml")

    def keep(driver, kind):
        record(f"the browser shows the {kind} page", "<h1" in driver.page_source)

    served = Served(binary, work, [])
    team = Served(binary, work, ["team.types.yaml"])
    package_server = Served(binary, work, ["package.types.yaml"])
    driver = browser()
    try:
        base = served.base
        # Edit and save (the example's Register button saves, as in `modelform serve`).
        driver.get(base + "/")
        keep(driver, "form")
        # The Content-Security-Policy allows the page's own style sheet by its hash, nothing inline else.
        with urllib.request.urlopen(base + "/", timeout=10) as response:
            csp = response.headers.get("Content-Security-Policy", "")
        record("the CSP allows styles by hash only", "style-src 'sha256-" in csp and "unsafe-inline" not in csp, csp)
        accent = driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--mf-accent')")
        record("the served page's style sheet applies under that CSP", bool(accent.strip()), repr(accent))
        fill(driver, "name", "Ada King")
        press(driver, "submitRegistrationForm")
        record("edit and save: back on the form with what changed", driver.current_url.endswith("/?saved=name") and notice(driver) == "Saved: Name.", driver.current_url + " " + notice(driver))
        record("edit and save: the values file holds it", "name: Ada King" in open(values).read())

        # An error, then the fix.
        fill(driver, "password", "a new password")
        fill(driver, "repeatPassword", "another one")
        press(driver, "submitRegistrationForm")
        keep(driver, "form-with-errors")
        record("an error: the form again with the message", "Passwords do not match." in driver.page_source and "name: Ada King" in open(values).read())
        fill(driver, "password", "a new password")
        fill(driver, "repeatPassword", "a new password")
        press(driver, "submitRegistrationForm")
        record("then the fix: saved", "password: a new password" in open(values).read() and "Saved:" in notice(driver), notice(driver))

        # A relationship: its page, saved, back to the parent.
        driver.find_element(By.CSS_SELECTOR, 'a[href="/address"]').click()
        record("a relationship opens on its page with breadcrumbs", driver.current_url == base + "/address" and driver.find_elements(By.CSS_SELECTOR, "nav.mf-breadcrumbs a[href='/']"))
        fill(driver, "city", "Paris")
        press(driver, "save")
        record("saving it returns to the parent", driver.current_url == base + "/?saved=address.city" and notice(driver) == "Saved: City.", driver.current_url + " " + notice(driver))
        record("the relationship's value is saved", "city: Paris" in open(values).read())

        # A collection: add an item, then remove one after the question.
        driver.get(team.base + "/")
        fill(driver, "name", "Engines")
        press(driver, "add:tags")
        fill(driver, "tags[2]", "looms")
        record("add keeps the other edits", driver.find_element(By.NAME, "name").get_attribute("value") == "Engines")
        press(driver, "save")
        team_values = open(os.path.join(work, "team.values.yaml")).read()
        record("the added item is saved", "looms" in team_values and "name: Engines" in team_values, team_values)
        press(driver, "remove:tags[0]")
        keep(driver, "confirmation")
        record("removing asks first, naming what goes", driver.find_element(By.TAG_NAME, "h1").text == "Remove Tag 1 (math)?", driver.find_element(By.TAG_NAME, "h1").text)
        press(driver, "remove:tags[0]")
        press(driver, "save")
        team_values = open(os.path.join(work, "team.values.yaml")).read()
        record("the confirmed removal is saved", "math" not in team_values and "machines" in team_values, team_values)

        # A map: an entry added with its key, one renamed, a value edited, one removed.
        package_values = os.path.join(work, "package.values.yaml")
        driver.get(package_server.base + "/")
        keep(driver, "map")
        fill(driver, "_newkey:scripts", "lint")
        press(driver, "add:scripts")
        fill(driver, "scripts[lint]", "swiftlint")
        fill(driver, "_key:scripts.build", "compile")
        fill(driver, 'services[db][port]', "5432")
        press(driver, "save")
        saved = open(package_values).read()
        record("a map's new entry, rename and edit are saved", "  compile: swift build\n" in saved and "  lint: swiftlint\n" in saved and "    port: 5432\n" in saved, saved)
        press(driver, 'remove:scripts["test:all"]')
        record("removing an entry asks first, naming it", "test:all" in driver.find_element(By.TAG_NAME, "h1").text, driver.find_element(By.TAG_NAME, "h1").text)
        press(driver, 'remove:scripts["test:all"]')
        press(driver, "save")
        saved = open(package_values).read()
        record("the confirmed entry removal is saved", "test:all" not in saved and "compile" in saved, saved)
        fill(driver, "_newkey:scripts", "lint")
        press(driver, "add:scripts")
        record("a taken key is refused on the page", "is taken" in driver.page_source and open(package_values).read() == saved)

        # A conflict between two tabs.
        driver.get(base + "/")
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(base + "/")
        fill(driver, "name", "Grace Hopper")
        fill(driver, "homepageURL", "https://example.com/grace")
        press(driver, "submitRegistrationForm")
        driver.switch_to.window(first)
        fill(driver, "name", "Mary Somerville")
        press(driver, "submitRegistrationForm")
        keep(driver, "conflict")
        source = driver.page_source
        record("the stale tab gets the conflict page", "changed by someone else" in source and "Grace Hopper" in source and "Mary Somerville" in source)
        record("nothing was written over", "name: Grace Hopper" in open(values).read())
        stored_choice = driver.find_element(By.CSS_SELECTOR, 'input[name="_keep:name"][value="stored"]')
        record("a field both changed asks, the stored value chosen", stored_choice.is_selected())
        record("a field only the other tab changed is not asked", not driver.find_elements(By.CSS_SELECTOR, 'input[name="_keep:homepageURL"]'))
        # On a phone (390 px) every choice starts on screen.
        size = driver.get_window_size()
        driver.set_window_size(390, 844)
        right = driver.execute_script(
            "return Math.max(...[...document.querySelectorAll('.mf-conflicts input')].map(e => e.getBoundingClientRect().right)) - window.innerWidth")
        record("at 390 px the choices are on screen", right <= 0, f"{right} px past the right edge")
        driver.set_window_size(size["width"], size["height"])
        press(driver, "submitRegistrationForm")
        saved = open(values).read()
        record("sending the conflict page as drawn reverts nobody's work", "name: Grace Hopper" in saved and "https://example.com/grace" in saved and "Saved:" in notice(driver), notice(driver))
        files = raw_pages(served.base, team.base, pages, package_server.base)
    finally:
        driver.quit()
        served.stop()
        team.stop()
        package_server.stop()

    # The same page kinds in the dark theme.
    dark_pages = os.path.join(pages, "dark")
    os.makedirs(dark_pages)
    dark, dark_team = Served(binary, work, ["--theme", "dark"]), Served(binary, work, ["team.types.yaml", "--theme", "dark"])
    try:
        files += raw_pages(dark.base, dark_team.base, dark_pages)
    finally:
        dark.stop()
        dark_team.stop()

    check_outputs.check_nu(files)
    check_outputs.check_axe(files)
    check_layout.check_pages({path: "form" for path in files})
    passed = sum(1 for ok in check_outputs.results if ok)
    failed = len(check_outputs.results) - passed
    print(f"{passed} passed, {failed} failed")
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
