#!/usr/bin/env python3
"""A Swift model served by type (`FormServer(Recipe.self, sample:store:)` on Hummingbird) in
headless Chromium with JavaScript off: the one-value types are drawn with their encoded
values, a value the type's own decoder refuses comes back with its message and nothing
saved, the fix saves, and a list item of such a type is edited in place.

Usage: swift_model_flow.py BASE_URL   (the test that starts the server passes it)
Prints PASS / FAIL lines and ends with `N passed, M failed`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_flows  # noqa: E402  (browser, fill, press, notice)
import check_outputs  # noqa: E402  (record, summary)

from selenium.webdriver.common.by import By  # noqa: E402

record = check_outputs.record


def value(driver, name):
    return driver.find_element(By.NAME, name).get_attribute("value")


def main():
    base = sys.argv[1]
    driver = browser_flows.browser()
    try:
        driver.get(base + "/recipe")
        record("the one-value types are drawn with their encoded values",
               value(driver, "ovenTemperature") == "180 C" and value(driver, "steps[1]") == "200 C"
               and value(driver, "colour") == "#c08040", value(driver, "ovenTemperature"))
        browser_flows.fill(driver, "ovenTemperature", "hot")
        browser_flows.press(driver, "save")
        source = driver.page_source
        record("a value the type's decoder refuses is the field's error",
               "is not a temperature such as 180 C" in source and value(driver, "ovenTemperature") == "hot",
               source[:300])
        browser_flows.fill(driver, "ovenTemperature", "200 C")
        browser_flows.fill(driver, "steps[1]", "190 C")
        browser_flows.press(driver, "save")
        record("the fix saves", "Saved" in browser_flows.notice(driver), browser_flows.notice(driver))
        record("the saved values are drawn again",
               value(driver, "ovenTemperature") == "200 C" and value(driver, "steps[1]") == "190 C",
               value(driver, "steps[1]"))
    finally:
        driver.quit()
    return check_outputs.summary()


if __name__ == "__main__":
    sys.exit(main())
