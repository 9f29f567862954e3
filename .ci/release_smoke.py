#!/usr/bin/env python3
"""Exercises an optimized `modelform` on the bundled example, as a deployment would use it:
an optimizer bug can miscompile as well as crash, so the release build is run, not only built.

- `render` in each format (text, Markdown, HTML), each checked for the example's title and a value;
- `serve` on a free loopback port: GET the form, one saving POST with its CSRF token (303, the
  values file changed on disk), a POST without the token (403, nothing written), then Ctrl-C
  (exit 0).

Usage: python3 .ci/release_smoke.py BINARY   (standard library only; prints what it checked)
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 60
sys.path.insert(0, os.path.join(PACKAGE, "Benchmarks"))
from http_form import hidden, request  # noqa: E402


def fail(message):
    print(f"release smoke test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def render(binary, folder, form):
    result = subprocess.run([binary, "render", "--format", form], cwd=folder, capture_output=True, text=True, timeout=TIMEOUT)
    if result.returncode != 0:
        fail(f"render --format {form} exited {result.returncode}: {result.stderr}")
    for expected in ["Create Your Account", "Ada Lovelace"]:
        if expected not in result.stdout:
            fail(f"render --format {form} does not show {expected!r}")
    print(f"render --format {form}: {len(result.stdout.encode())} bytes, title and values drawn")


def hidden_field(page, name):
    value = hidden(page, name)
    if value is None:
        fail(f"the served page has no {name} input")
    return value


def serve(binary, folder):
    values_path = os.path.join(folder, "config", "registration.values.yaml")
    process = subprocess.Popen([binary, "serve", "--port", "0"], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)/", line)
        if not found:
            fail(f"serve printed no address: {line!r} {process.stderr.read() if process.poll() is not None else ''}")
        port = int(found.group(1))
        status, page, set_cookie = request(port, "GET", "/")
        if status != 200 or "Create Your Account" not in page:
            fail(f"GET / answered {status}")
        cookie = re.search(r"mf_csrf=[^;]+", set_cookie)
        if not cookie:
            fail("GET / set no CSRF cookie")
        before = open(values_path, "rb").read()
        fields = [("_csrf", hidden_field(page, "_csrf")), ("_version", hidden_field(page, "_version")),
                  ("email", "grace@example.com"), ("name", "Grace Hopper"), ("gender", "female"), ("age", "37"),
                  ("language", "english"), ("about", "Rear admiral."), ("agreedToTerms", "true"),
                  ("_action", "submitRegistrationForm")]
        status, body, _ = request(port, "POST", "/", None, fields)
        if status != 403 or open(values_path, "rb").read() != before:
            fail(f"a POST without the CSRF cookie answered {status} or changed the file")
        status, body, _ = request(port, "POST", "/", cookie.group(0), fields)
        if status != 303:
            fail(f"the saving POST answered {status}: {body[:400]}")
        after = open(values_path, encoding="utf-8").read()
        if "Grace Hopper" not in after or "grace@example.com" not in after:
            fail("the saving POST answered 303 but the values file does not hold the new values")
        status, page, _ = request(port, "GET", "/")
        if status != 200 or "Grace Hopper" not in page:
            fail("the page drawn after the save does not show the saved name")
        print(f"serve on port {port}: GET 200, POST without token 403 (file unchanged), saving POST 303 (file written), GET shows it")
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            code = process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            fail("serve did not stop on Ctrl-C")
    if code != 0:
        fail(f"serve exited {code} on Ctrl-C: {process.stderr.read()}")
    print("serve stopped on Ctrl-C with exit 0")


def main():
    if len(sys.argv) != 2:
        fail("usage: release_smoke.py BINARY")
    binary = os.path.abspath(sys.argv[1])
    folder = tempfile.mkdtemp(prefix="modelform-release-smoke-")
    try:
        for name in ["config", "Cells", "Themes"]:
            shutil.copytree(os.path.join(PACKAGE, name), os.path.join(folder, name))
        for form in ["text", "markdown", "html"]:
            render(binary, folder, form)
        serve(binary, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("release smoke test: passed")


if __name__ == "__main__":
    main()
