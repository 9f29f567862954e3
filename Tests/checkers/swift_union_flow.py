#!/usr/bin/env python3
"""A Swift model with an enum of associated values (`FormAlternatives`) served by type on
Hummingbird, in headless Chromium with JavaScript off: the union is a <select> and a Switch
button; switching draws the chosen case's inputs, nothing saved; the case's values are
typed and saved.

Usage: swift_union_flow.py BASE_URL   (the test that starts the server passes it)
Prints PASS / FAIL lines and ends with `N passed, M failed`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_flows  # noqa: E402  (browser, fill, press, notice)
import check_outputs  # noqa: E402  (record, summary)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

record = check_outputs.record


def main():
    base = sys.argv[1]
    driver = browser_flows.browser()
    try:
        driver.get(base + "/order")
        choice = Select(driver.find_element(By.NAME, "_choice:payment"))
        record("the union is a choice of its cases, the current one selected",
               [o.text for o in choice.options] == ["Cash", "Amount", "Transfer"]
               and choice.first_selected_option.text == "Cash",
               [o.text for o in choice.options])
        choice.select_by_visible_text("Transfer")
        browser_flows.press(driver, "update")
        names = [e.get_attribute("name") for e in driver.find_elements(By.CSS_SELECTOR, "input")]
        record("Switch draws the chosen case's inputs, nothing saved",
               "payment[transfer][_0][iban]" in names and "payment[transfer][note]" in names
               and browser_flows.notice(driver) == "", names)
        browser_flows.fill(driver, "payment[transfer][_0][iban]", "NO93 8601 1117 947")
        browser_flows.fill(driver, "payment[transfer][note]", "rent")
        browser_flows.press(driver, "save")
        record("the case's values save", "Saved" in browser_flows.notice(driver), browser_flows.notice(driver))
        chosen = Select(driver.find_element(By.NAME, "_choice:payment")).first_selected_option.text
        record("the saved case is drawn again", chosen == "Transfer", chosen)
    finally:
        driver.quit()
    return check_outputs.summary()


if __name__ == "__main__":
    sys.exit(main())
