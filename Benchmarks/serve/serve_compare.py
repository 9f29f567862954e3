#!/usr/bin/env python3
"""`modelform serve` side by side with Django 5.2 on gunicorn, in one run, with wrk.

Both serve the bundled registration example on loopback with CSRF protection on:
ModelForm from its values file (`modelform serve`, release build), Django from a ModelForm
over a SQLite model with the same fields and validators, under gunicorn with as many sync
workers as cores. For each, wrk (2 threads, 16 connections) measures `GET /` and a valid
`POST /` that saves (303 / 302) the values already stored: requests per second and p99 latency.
Then a saving POST that changes the stored data on both sides (one client, the text of `about`
alternating between two values, so that every request writes the file or the row; ModelForm's
posts carry the version the other value leaves, and any 409 is counted). Then the 1,000-field
form under `modelform serve`: GET and POST p50. Then memory: the server's resident size
after 1,000 requests and after 100,000.

Usage: serve_compare.py MODELFORM_RELEASE_BINARY [--runs 3] [--seconds 5] [--memory-requests 1000,100000]
Creates .build/serve-venv (Django, gunicorn) on first use. Prints a table and JSON.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.join(PACKAGE, "Benchmarks", ".build", "serve-venv")


sys.path.insert(0, os.path.dirname(HERE))
from http_form import hidden, request  # noqa: E402


def ensure_venv():
    import python_env
    python_env.enter(VENV, ["Django>=5.2,<5.3", "gunicorn"])


def wait_for(port):
    for _ in range(200):
        try:
            request(port, "GET", "/")
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing answers on port {port}")


def wrk(port, seconds, script=None, connections=16):
    arguments = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if script:
        arguments += ["-s", script]
    out = subprocess.run(arguments + [f"http://127.0.0.1:{port}/"], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def percentile(p):
        value, unit = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", out).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p50_ms": percentile(50), "p99_ms": percentile(99), "errors": int(non2xx.group(1)) if non2xx else 0}


def alternating_script(folder, name, bodies, cookie):
    """A wrk script that posts `bodies` in turn, the first first (one connection keeps them in
    order): each post changes what the one before it saved. The turn moves when a save is
    answered (a redirect), not when a request is made: wrk makes one request more than it
    sends, to check the script."""
    path = os.path.join(folder, name + "-alternating.lua")
    with open(path, "w") as script:
        script.write(f"local bodies = {{{json.dumps(bodies[0])}, {json.dumps(bodies[1])}}}\n")
        script.write('local headers = {["Content-Type"] = "application/x-www-form-urlencoded"}\n')
        script.write(f'headers["Cookie"] = {json.dumps(cookie)}\n')
        script.write("local turn = 1\n")
        script.write('request = function()\n  return wrk.format("POST", "/", headers, bodies[turn])\nend\n')
        script.write("response = function(status)\n  if status >= 300 and status < 400 then turn = 3 - turn end\nend\n")
    return path


def changed(fields, name, value):
    """`fields` with `name`'s value replaced."""
    return [(key, value if key == name else old) for key, old in fields]


ABOUT = ("Mathematician and writer.", "Mathematician, writer and poet.")


def post_script(folder, name, body, cookie):
    path = os.path.join(folder, name + ".lua")
    with open(path, "w") as script:
        script.write('wrk.method = "POST"\n')
        script.write(f"wrk.body = {json.dumps(body)}\n")
        script.write('wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n')
        script.write(f'wrk.headers["Cookie"] = {json.dumps(cookie)}\n')
    return path


REGISTRATION = [
    ("email", "ada@example.com"), ("name", "Ada Lovelace"), ("gender", "female"), ("age", "36"), ("dateOfBirth", "1815-12-10"),
    ("language", "english"), ("interests", "computers"), ("interests", "socializing"), ("notifications", "Email"),
    ("about", "Mathematician and writer."), ("homepageURL", "https://example.com/ada"),
    ("rememberMe", "true"), ("agreedToTerms", "true"),
]  # the address has a page of its own: the root page draws no input for it (a POST naming one is refused)


def registration_folder(work):
    """A copy of the bundled registration example (config, cells, themes) in `work`."""
    registration = os.path.join(work, "registration")
    shutil.copytree(os.path.join(PACKAGE, "config"), os.path.join(registration, "config"))
    for name in ["Cells", "Themes"]:
        shutil.copytree(os.path.join(PACKAGE, name), os.path.join(registration, name))
    return registration


class ModelFormServer:
    def __init__(self, binary, folder, arguments=(), runner=()):
        """`modelform serve` in `folder`; `runner` goes before the command (valgrind's)."""
        self.process = subprocess.Popen([*runner, binary, "serve", "--port", "0", *arguments], cwd=folder,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r":(\d+)/", line)
        if not found:
            raise RuntimeError(f"serve printed no address: {line}{self.process.stderr.read()}")
        self.port = int(found.group(1))
        wait_for(self.port)

    def post_body(self, fields):
        """A save's body and cookie, after one save that writes the file in its own layout
        (then every identical save leaves the file, and so its version, as it is)."""
        for _ in range(2):
            status, page, set_cookie = request(self.port, "GET", "/")
            cookie = re.search(r"mf_csrf=[^;]+", set_cookie).group(0)
            pairs = [("_csrf", hidden(page, "_csrf")), ("_version", hidden(page, "_version"))] + fields
            status, _, _ = request(self.port, "POST", "/", cookie, pairs)
            assert status == 303, f"ModelForm save answered {status}"
        return urllib.parse.urlencode(pairs), cookie

    def alternating_bodies(self, fields):
        """Two save bodies that each change `about` from what the other saved, each with the
        version the other leaves; and the cookie. Saved twice each first, so that the file is
        in the layout those saves write and each value's version is fixed."""
        status, page, set_cookie = request(self.port, "GET", "/")
        cookie = re.search(r"mf_csrf=[^;]+", set_cookie).group(0)
        token = hidden(page, "_csrf")
        versions = {}
        for about in ABOUT * 2:
            version = hidden(request(self.port, "GET", "/", cookie)[1], "_version")
            pairs = [("_csrf", token), ("_version", version)] + changed(fields, "about", about)
            status, _, _ = request(self.port, "POST", "/", cookie, pairs)
            assert status == 303, f"ModelForm save answered {status}"
            versions[about] = hidden(request(self.port, "GET", "/", cookie)[1], "_version")
        bodies = [
            urllib.parse.urlencode([("_csrf", token), ("_version", versions[ABOUT[1 - index]])] + changed(fields, "about", about))
            for index, about in enumerate(ABOUT)
        ]
        return bodies, cookie

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1)) / 1024

    def stop(self, timeout=10):
        self.process.send_signal(2)
        self.process.wait(timeout=timeout)


DJANGO_FILES = {
    "settings.py": """
SECRET_KEY = "benchmark"
DEBUG = False
ALLOWED_HOSTS = ["*"]
INSTALLED_APPS = ["django.contrib.contenttypes", "regapp"]
MIDDLEWARE = ["django.middleware.csrf.CsrfViewMiddleware"]
ROOT_URLCONF = "urls"
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": "db.sqlite3"}}
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "DIRS": ["."], "OPTIONS": {}}]
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
""",
    "urls.py": """
from django.urls import path
from regapp.views import registration
urlpatterns = [path("", registration)]
""",
    "page.html": """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Create Your Account</title></head>
<body><main><h1>Create Your Account</h1><form method="post">{% csrf_token %}{{ form.as_div }}<button type="submit">Register</button></form></main></body></html>""",
    "regapp/__init__.py": "",
    "regapp/models.py": """
from django.db import models
GENDERS = [("male", "Male"), ("female", "Female"), ("other", "Other")]
LANGUAGES = [("english", "English"), ("spanish", "Spanish"), ("french", "French"), ("german", "German")]
class Registration(models.Model):
    email = models.EmailField()
    password = models.CharField(max_length=128, blank=True)
    name = models.CharField(max_length=200)
    gender = models.CharField(max_length=10, choices=GENDERS)
    otherGender = models.CharField(max_length=200, blank=True)
    age = models.PositiveIntegerField()
    dateOfBirth = models.DateField(null=True, blank=True)
    language = models.CharField(max_length=10, choices=LANGUAGES, blank=True)
    interests = models.JSONField(default=list)
    notifications = models.JSONField(default=list)
    about = models.TextField()
    homepageURL = models.URLField(blank=True)
    phoneNumber = models.CharField(max_length=40, blank=True)
    street = models.CharField(max_length=200)
    city = models.CharField(max_length=200)
    postcode = models.CharField(max_length=20)
    country = models.CharField(max_length=100, blank=True)
    rememberMe = models.BooleanField(default=False)
    agreedToTerms = models.BooleanField(default=False)
""",
    "regapp/views.py": """
from django import forms
from django.core.validators import MinValueValidator, MaxValueValidator
from django.shortcuts import render, redirect
from .models import Registration
INTERESTS = [("videoGames", "Video Games"), ("computers", "Computers"), ("socializing", "Socializing"), ("sports", "Sports")]
NOTIFICATIONS = [("Email", "Email"), ("SMS", "SMS"), ("Push", "Push")]
class RegistrationForm(forms.ModelForm):
    interests = forms.MultipleChoiceField(choices=INTERESTS, widget=forms.CheckboxSelectMultiple, required=False)
    notifications = forms.MultipleChoiceField(choices=NOTIFICATIONS, widget=forms.CheckboxSelectMultiple, required=False)
    age = forms.IntegerField(validators=[MinValueValidator(13), MaxValueValidator(130)])
    agreedToTerms = forms.BooleanField(required=True)
    class Meta:
        model = Registration
        exclude = ["password"]
def registration(request):
    record, _ = Registration.objects.get_or_create(pk=1, defaults=dict(
        email="ada@example.com", name="Ada Lovelace", gender="female", age=36, about="Mathematician and writer.",
        street="12 St James's Square", city="London", postcode="SW1Y 4JH", agreedToTerms=True))
    form = RegistrationForm(request.POST or None, instance=record)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect("/")
    return render(request, "page.html", {"form": form}, status=422 if request.method == "POST" else 200)
""",
}

DJANGO_FIELDS = [
    ("email", "ada@example.com"), ("name", "Ada Lovelace"), ("gender", "female"), ("age", "36"), ("dateOfBirth", "1815-12-10"),
    ("language", "english"), ("interests", "computers"), ("interests", "socializing"), ("notifications", "Email"),
    ("about", "Mathematician and writer."), ("homepageURL", "https://example.com/ada"), ("street", "12 St James's Square"),
    ("city", "London"), ("postcode", "SW1Y 4JH"), ("rememberMe", "on"), ("agreedToTerms", "on"),
]


class DjangoServer:
    def __init__(self, folder, port):
        for name, text in DJANGO_FILES.items():
            os.makedirs(os.path.dirname(os.path.join(folder, name)) or folder, exist_ok=True)
            with open(os.path.join(folder, name), "w") as file:
                file.write(text)
        environment = dict(os.environ, DJANGO_SETTINGS_MODULE="settings", PYTHONPATH=folder)
        subprocess.run([sys.executable, "-m", "django", "migrate", "--run-syncdb", "-v", "0"], cwd=folder, env=environment, check=True)
        workers = str(os.cpu_count() or 2)
        self.process = subprocess.Popen(
            [os.path.join(VENV, "bin", "gunicorn"), "-w", workers, "-b", f"127.0.0.1:{port}", "--log-level", "warning", "django.core.wsgi:get_wsgi_application()"],
            cwd=folder, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.port = port
        wait_for(port)

    def post_body(self):
        status, page, set_cookie = request(self.port, "GET", "/")
        cookie = re.search(r"csrftoken=[^;]+", set_cookie).group(0)
        pairs = [("csrfmiddlewaretoken", hidden(page, "csrfmiddlewaretoken"))] + DJANGO_FIELDS
        status, body, _ = request(self.port, "POST", "/", cookie, pairs)
        assert status == 302, f"Django save answered {status}: {body[:500]}"
        return urllib.parse.urlencode(pairs), cookie

    def alternating_bodies(self):
        """Two save bodies that each change `about` from what the other saved; and the cookie."""
        status, page, set_cookie = request(self.port, "GET", "/")
        cookie = re.search(r"csrftoken=[^;]+", set_cookie).group(0)
        token = hidden(page, "csrfmiddlewaretoken")
        bodies = [urllib.parse.urlencode([("csrfmiddlewaretoken", token)] + changed(DJANGO_FIELDS, "about", about)) for about in ABOUT]
        return bodies, cookie

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def wide_folder(base, fields):
    folder = os.path.join(base, "wide")
    os.makedirs(folder)
    lines = ["root: Wide", "types:", "  Wide:"] + [f"    f{i}: {'Int' if i % 3 == 1 else 'Bool' if i % 3 == 2 else 'String'}" for i in range(fields)]
    open(os.path.join(folder, "wide.types.yaml"), "w").write("\n".join(lines) + "\n")
    values = [f"f{i}: {i if i % 3 == 1 else 'true' if i % 3 == 2 else 'text ' + str(i)}" for i in range(fields)]
    open(os.path.join(folder, "wide.values.yaml"), "w").write("\n".join(values) + "\n")
    pairs = [(f"f{i}", str(i) if i % 3 == 1 else "true" if i % 3 == 2 else f"text {i}") for i in range(fields)] + [("_action", "save")]
    return folder, pairs


WRITING = "ModelForm POST / (save that writes, 1 client)"


def one_run(args, work):
    results = {}
    binary = os.path.abspath(args.binary)
    registration = registration_folder(work)
    served = ModelFormServer(binary, registration)
    body, cookie = served.post_body(REGISTRATION + [("_action", "submitRegistrationForm")])
    results["ModelForm GET /"] = wrk(served.port, args.seconds)
    results["ModelForm POST / (save)"] = wrk(served.port, args.seconds, post_script(work, "modelform", body, cookie))
    bodies, cookie = served.alternating_bodies(REGISTRATION + [("_action", "submitRegistrationForm")])
    results[WRITING] = wrk(served.port, args.seconds, alternating_script(work, "modelform", bodies, cookie), connections=1)
    served.stop()

    django_server = DjangoServer(os.path.join(work, "django"), 18787)
    body, cookie = django_server.post_body()
    results["Django GET /"] = wrk(django_server.port, args.seconds)
    results["Django POST / (save)"] = wrk(django_server.port, args.seconds, post_script(work, "django", body, cookie))
    bodies, cookie = django_server.alternating_bodies()
    results[WRITING.replace("ModelForm", "Django")] = wrk(django_server.port, args.seconds, alternating_script(work, "django", bodies, cookie), connections=1)
    django_server.stop()

    folder, pairs = wide_folder(work, 1000)
    wide = ModelFormServer(binary, folder, ["wide.types.yaml"])
    body, cookie = wide.post_body(pairs)
    # One client at a time: the latency of a request, not of a queue.
    results["ModelForm 1,000 fields GET / (1 client)"] = wrk(wide.port, args.seconds, connections=1)
    results["ModelForm 1,000 fields POST / (save, 1 client)"] = wrk(wide.port, args.seconds, post_script(work, "wide", body, cookie), connections=1)
    wide.stop()
    return results


def memory(binary, work, targets):
    """Resident size of `modelform serve` after about each of `targets` GETs (by default 1,000
    and 100,000; wrk, keep-alive connections; the counts are wrk's)."""
    folder = os.path.join(work, "memory")
    for name in ["config", "Cells", "Themes"]:
        shutil.copytree(os.path.join(PACKAGE, name), os.path.join(folder, name))
    served = ModelFormServer(binary, folder)
    counts = {}
    sent = 0
    for target in targets:
        while sent < target:
            out = subprocess.run(["wrk", "-t1", "-c4", "-d1s", f"http://127.0.0.1:{served.port}/"], capture_output=True, text=True).stdout
            sent += int(re.search(r"(\d+) requests in", out).group(1))
        counts[target] = (sent, served.rss_mb())
    served.stop()
    return counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--memory-requests", default="1000,100000", help="the request counts memory is read after (two, comma-separated)")
    args = parser.parse_args()
    ensure_venv()
    runs = []
    for number in range(args.runs):
        work = tempfile.mkdtemp(prefix="modelform-serve-bench-")
        try:
            runs.append(one_run(args, work))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(f"run {number + 1}: " + json.dumps(runs[-1]), file=sys.stderr)
    names = list(runs[0].keys()) if runs else []
    print(f"{'':48} {'req/s (median)':>16} {'p50 ms':>8} {'p99 ms':>8}  non-2xx/3xx")
    for name in names:
        rps = statistics.median(run[name]["rps"] for run in runs)
        p50 = statistics.median(run[name]["p50_ms"] for run in runs)
        p99 = statistics.median(run[name]["p99_ms"] for run in runs)
        errors = sum(run[name]["errors"] for run in runs)
        print(f"{name:48} {rps:16.0f} {p50:8.2f} {p99:8.2f}  {errors}")
    for kind in ["GET /", "POST / (save)", WRITING.removeprefix("ModelForm ")] if runs else []:
        ratios = [run[f"ModelForm {kind}"]["rps"] / run[f"Django {kind}"]["rps"] for run in runs]
        print(f"ModelForm / Django requests per second, {kind}: median {statistics.median(ratios):.1f}x (runs: {', '.join(f'{r:.1f}' for r in ratios)})")
    summary = {"runs": runs}
    if not args.skip_memory:
        work = tempfile.mkdtemp(prefix="modelform-serve-memory-")
        try:
            targets = [int(count) for count in args.memory_requests.split(",")]
            rss = memory(os.path.abspath(args.binary), work, targets)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        (few, small), (many, large) = rss[targets[0]], rss[targets[-1]]
        print(f"modelform serve resident memory: {small:.1f} MB after {few:,} requests, {large:.1f} MB after {many:,} ({(large / small - 1) * 100:+.1f}%)")
        summary["memory_mb"] = rss
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
