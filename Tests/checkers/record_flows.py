#!/usr/bin/env python3
"""Drives `modelform serve TYPES --database FILE.sqlite` (the admin pages) in headless Chromium
with JavaScript disabled.

Flows: a record made from the change list's Add link; another record whose lookup is chosen
among the first type's records by name; a lookup's New link that makes a record and comes back
with it chosen; a search of the change list; a lookup followed to its record's page; a delete
refused while a record refers to it, then allowed once none does. Every page kind met on the
way (index, list, record, new record, delete question, refusal) is saved and checked by the Nu
HTML Checker (0 errors) and axe-core (0 violations).

Usage: record_flows.py MODELFORM_BINARY. Prints one line per check and ends with 'N passed, M
failed'; exits 1 when anything failed.
"""
import os
import shutil
import sqlite3
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_outputs  # noqa: E402  (record, check_nu, check_axe)
from browser_flows import Served, browser, fill, gone, notice  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

record = check_outputs.record

TYPES = """root: Employee
types:
  Employee:
    name: String
    department: Int?
  Department:
    name: String
"""
FORMS = "Employee:\n  overrides:\n    department: {lookup: Department}\n"


def click(driver, selector):
    """Clicks what `selector` finds and waits for the next page."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, selector).click()
    WebDriverWait(driver, 10).until(lambda _: gone(page))


def rows(database, sql):
    with sqlite3.connect(database) as connection:
        return connection.execute(sql).fetchall()


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="modelform-records-browser-")
    pages = os.path.join(work, "pages")
    os.makedirs(pages)
    with open(os.path.join(work, "staff.types.yaml"), "w") as file:
        file.write(TYPES)
    with open(os.path.join(work, "staff.forms.yaml"), "w") as file:
        file.write(FORMS)
    database = os.path.join(work, "staff.sqlite")
    files = []

    def keep(driver, kind):
        """Checks the page the browser shows, and keeps the server's own bytes for it (the
        same GET again, with the browser's cookie) for the checkers."""
        record(f"the browser shows the {kind} page", "<h1" in driver.page_source)
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
        request = urllib.request.Request(driver.current_url, headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        path = os.path.join(pages, kind + ".html")
        with open(path, "wb") as file:
            file.write(body)
        files.append(path)

    served = Served(binary, work, ["staff.types.yaml", "--database", "staff.sqlite"])
    driver = browser()
    try:
        base = served.base
        # Create: from the index to the list, its Add link, the form, saved.
        driver.get(base + "/")
        keep(driver, "index")
        click(driver, 'a[href="/Department/"]')
        keep(driver, "empty-list")
        click(driver, 'a[href="/Department/new"]')
        keep(driver, "new-record")
        fill(driver, "name", "Research")
        click(driver, 'button[name="_action"][value="save"]:not([hidden])')
        record("create: the first save goes to the record's page", driver.current_url.startswith(base + "/Department/1"), driver.current_url)
        record("create: the row is in the database", rows(database, "SELECT name FROM Department") == [("Research",)])

        # A lookup chosen by name.
        driver.get(base + "/Employee/new")
        fill(driver, "name", "Ada Lovelace")
        Select(driver.find_element(By.NAME, "department")).select_by_visible_text("Research")
        click(driver, 'button[name="_action"][value="save"]:not([hidden])')
        record("a lookup is chosen by name and stored as the id", rows(database, "SELECT name, department FROM Employee") == [("Ada Lovelace", 1)], str(rows(database, "SELECT * FROM Employee")))
        keep(driver, "record")

        # New from the lookup: made, then back with it chosen; saved there.
        click(driver, "a.mf-new-record")
        record("New opens the other type's new record page", driver.current_url.startswith(base + "/Department/new?back="), driver.current_url)
        keep(driver, "new-from-lookup")
        fill(driver, "name", "Sales")
        click(driver, 'button[name="_action"][value="save"]:not([hidden])')
        chosen = Select(driver.find_element(By.NAME, "department")).first_selected_option.text
        record("New comes back with the new record chosen", chosen == "Sales" and "is chosen as Department" in notice(driver), f"{chosen}; {notice(driver)}")
        record("New: nothing saved on the way back", rows(database, "SELECT department FROM Employee") == [(1,)])
        keep(driver, "returned")
        click(driver, 'button[name="_action"][value="save"]:not([hidden])')
        record("New: kept once saved", rows(database, "SELECT department FROM Employee") == [(2,)])

        # Find by search.
        driver.get(base + "/Employee/")
        fill(driver, "q", "love")
        click(driver, 'form[role="search"] button')
        found = [link.text for link in driver.find_elements(By.CSS_SELECTOR, "tbody a[href='/Employee/1']")]
        record("search finds the record by part of its name", found == ["Ada Lovelace"] and "q=love" in driver.current_url, f"{found} {driver.current_url}")
        keep(driver, "search")

        # Follow a lookup to its record.
        driver.get(base + "/Employee/1")
        click(driver, 'a[href="/Department/2"]')
        record("a lookup's link opens its record", driver.current_url == base + "/Department/2" and "Sales" in driver.page_source, driver.current_url)

        # Delete refused while Ada refers to Sales, then allowed.
        driver.get(base + "/Department/delete/2")
        keep(driver, "delete-refused")
        record("a delete is refused while a record refers to it", "cannot be deleted" in driver.page_source and not driver.find_elements(By.CSS_SELECTOR, "main button"))
        driver.get(base + "/Employee/1")
        Select(driver.find_element(By.NAME, "department")).select_by_visible_text("None")
        click(driver, 'button[name="_action"][value="save"]:not([hidden])')
        driver.get(base + "/Department/delete/2")
        keep(driver, "delete-question")
        click(driver, "main form button.mf-danger")
        record("then allowed: back to the list, with a notice", driver.current_url == base + "/Department/?deleted=2" and notice(driver) != "", f"{driver.current_url} {notice(driver)}")
        record("then allowed: the row is gone", rows(database, "SELECT name FROM Department") == [("Research",)])
        keep(driver, "list")
    finally:
        driver.quit()
        served.stop()

    check_outputs.check_nu(files)
    check_outputs.check_axe(files)
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(check_outputs.summary())


if __name__ == "__main__":
    main()
