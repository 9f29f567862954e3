#!/usr/bin/env python3
"""`modelform serve --database` side by side with the Django admin over the same records, in one run, with wrk.

Both serve one database of 100,000 employees (a name, an email and a department, a lookup of one of 20
departments): ModelForm's records pages (`modelform serve staff.types.yaml --database ...`, release build),
and Django 5.2's admin on gunicorn over the same tables (unmanaged models mapped to ModelForm's columns, a
logged-in superuser), with CSRF on. SQLite first (one file in WAL mode), then PostgreSQL when `--postgres URL`
is given. Each measurement starts from a fresh copy of the loaded database (a file copy; `CREATE DATABASE ...
TEMPLATE`) and fresh servers, at 1 process and at N (`--processes 1,3`): N `modelform serve` processes on one
database (the same MODELFORM_SECRET) against gunicorn with N sync workers, each driven by N wrk instances
(1 thread, 16/N connections each; ModelForm's each on its own process's port, Django's all on gunicorn's),
requests per second summed, the worst p99 kept:

- the change list, searched: `GET /Employee/?q=4242` and `GET /admin/staff/employee/?q=4242` (a count of
  every record and of the matches, and the first page of 50 matches, each with its department by name);
- a change form: `GET /Employee/7` and `GET /admin/staff/employee/7/change/` (the department a choice of 20);
- a saving POST that changes the row: each request saves another employee (wrk numbers them) with a new
  name, so every request writes (ModelForm at the version the record has, an update checked against it;
  Django's admin also logs each change, as it does).

Then the resident memory of each process (VmRSS) after the measurements.

Usage: admin_compare.py MODELFORM_RELEASE_BINARY [--records 100000] [--runs 3] [--seconds 5]
       [--processes 1,3] [--postgres postgres://USER@HOST:PORT/DATABASE] [--databases sqlite,postgres]
Creates Benchmarks/.build/admin-venv (Django, gunicorn, psycopg) on first use. Prints a table and JSON.
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.join(PACKAGE, "Benchmarks", ".build", "admin-venv")
sys.path.insert(0, os.path.dirname(HERE))
from http_form import hidden, request  # noqa: E402

SECRET = "benchmark-secret-benchmark-secret-0123456789"
TYPES = """root: Employee
types:
  Employee:
    name: String
    email: String
    department: Int?
  Department:
    name: String
"""
FORMS = "Employee:\n  overrides:\n    department: {lookup: Department}\n"
DEPARTMENTS = 20


def ensure_venv():
    import python_env
    python_env.enter(VENV, ["Django>=5.2,<5.3", "gunicorn", "psycopg[binary]"])


def wait_for(port, path="/"):
    for _ in range(400):
        try:
            request(port, "GET", path)
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing answers on port {port}")


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1)) / 1024


# The database: made by ModelForm (its tables, columns and version column), loaded here.

def create_tables(binary, folder, database):
    """ModelForm creates the two tables through `edit --record new`: the first department, and
    an employee the load replaces."""
    for arguments, answers in [(["--type", "Department"], "Department 1\ny\n"), ([], "Seed\nseed@example.com\n1\ny\n")]:
        done = subprocess.run(
            [binary, "edit", "staff.types.yaml", "--database", database, *arguments, "--record", "new"],
            cwd=folder, input=answers, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"modelform edit failed: {done.stdout}{done.stderr}")


def rows(records):
    departments = [(i, 1, f"Department {i}") for i in range(2, DEPARTMENTS + 1)]
    employees = [(i, 1, f"Person {i}", f"person{i}@example.com", i % DEPARTMENTS + 1) for i in range(1, records + 1)]
    return departments, employees


def load_sqlite(path, records):
    departments, employees = rows(records)
    with sqlite3.connect(path) as connection:
        connection.execute('DELETE FROM "Employee"')
        connection.executemany('INSERT INTO "Department" (_id, _version, name) VALUES (?, ?, ?)', departments)
        connection.executemany(
            'INSERT INTO "Employee" (_id, _version, name, email, department) VALUES (?, ?, ?, ?, ?)', employees)
    # The file as one piece (no WAL beside it), to copy.
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def postgres_url(url, database):
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))


def load_postgres(url, records):
    import psycopg
    departments, employees = rows(records)
    with psycopg.connect(url) as connection:
        with connection.cursor() as cursor:
            cursor.execute('DELETE FROM "Employee"')
            cursor.executemany('INSERT INTO "Department" (_id, _version, name) VALUES (%s, %s, %s)', departments)
            with cursor.copy('COPY "Employee" (_id, _version, name, email, department) FROM STDIN') as copy:
                for row in employees:
                    copy.write_row(row)
            # Statistics, as autovacuum would gather them on a database in use (both sides' plans).
            cursor.execute("ANALYZE")


def postgres_admin(url, statement):
    import psycopg
    with psycopg.connect(postgres_url(url, "postgres"), autocommit=True) as connection:
        connection.execute(statement)


# Django's admin over the same tables.

DJANGO_FILES = {
    "settings.py": """
import os
SECRET_KEY = "benchmark"
DEBUG = False
ALLOWED_HOSTS = ["*"]
INSTALLED_APPS = ["django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
                  "django.contrib.sessions", "django.contrib.messages", "staff"]
MIDDLEWARE = ["django.contrib.sessions.middleware.SessionMiddleware", "django.middleware.csrf.CsrfViewMiddleware",
              "django.contrib.auth.middleware.AuthenticationMiddleware",
              "django.contrib.messages.middleware.MessageMiddleware"]
ROOT_URLCONF = "urls"
if os.environ["BENCH_DATABASE"].startswith("postgres"):
    from urllib.parse import urlsplit
    _url = urlsplit(os.environ["BENCH_DATABASE"])
    DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": _url.path[1:], "USER": _url.username,
                             "HOST": _url.hostname, "PORT": _url.port, "CONN_MAX_AGE": 600}}
else:
    # IMMEDIATE: Django's advice for several processes on one file (else a write can fail at once
    # with "database is locked" instead of waiting its turn).
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["BENCH_DATABASE"],
                             "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"}}}
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True,
              "OPTIONS": {"context_processors": ["django.template.context_processors.request",
                                                 "django.contrib.auth.context_processors.auth",
                                                 "django.contrib.messages.context_processors.messages"]}}]
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
""",
    "urls.py": """
from django.contrib import admin
from django.urls import path
urlpatterns = [path("admin/", admin.site.urls)]
""",
    "staff/__init__.py": "",
    "staff/models.py": """
from django.db import models
class Department(models.Model):
    id = models.AutoField(primary_key=True, db_column="_id")
    version = models.BigIntegerField(db_column="_version", default=1, editable=False)
    name = models.TextField(null=True)
    class Meta:
        managed = False
        db_table = "Department"
    def __str__(self):
        return self.name or f"Department #{self.id}"
class Employee(models.Model):
    id = models.AutoField(primary_key=True, db_column="_id")
    version = models.BigIntegerField(db_column="_version", default=1, editable=False)
    name = models.TextField()
    email = models.TextField()
    department = models.ForeignKey(Department, null=True, blank=True, on_delete=models.PROTECT, db_column="department")
    class Meta:
        managed = False
        db_table = "Employee"
""",
    "staff/admin.py": """
from django.contrib import admin
from .models import Department, Employee
@admin.register(Employee)
class EmployeeAdmin(admin.ModelAdmin):
    list_display = ("name", "email", "department")
    list_select_related = ("department",)
    search_fields = ("name", "email")
    list_per_page = 50
@admin.register(Department)
class DepartmentAdmin(admin.ModelAdmin):
    search_fields = ("name",)
""",
}


def django_project(folder):
    for name, text in DJANGO_FILES.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as file:
            file.write(text)


def django_environment(folder, database):
    return dict(os.environ, DJANGO_SETTINGS_MODULE="settings", PYTHONPATH=folder, BENCH_DATABASE=database)


def django_setup(folder, database):
    """Django's own tables (users, sessions, the admin's log) and a superuser, in the loaded database."""
    environment = django_environment(folder, database)
    subprocess.run([sys.executable, "-m", "django", "migrate", "-v", "0"], cwd=folder, env=environment, check=True)
    subprocess.run(
        [sys.executable, "-m", "django", "shell", "-c",
         "from django.contrib.auth.models import User; User.objects.create_superuser('admin', 'a@example.com', 'benchmark')"],
        cwd=folder, env=environment, check=True)


# The servers.

class ModelFormServers:
    def __init__(self, binary, folder, database, count):
        environment = dict(os.environ, MODELFORM_SECRET=SECRET)
        self.processes = []
        self.ports = []
        for _ in range(count):
            process = subprocess.Popen(
                [binary, "serve", "staff.types.yaml", "--database", database, "--port", "0"], cwd=folder,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
            line = process.stdout.readline()
            found = re.search(r" at http://[^ ]*:(\d+)/", line)
            if not found:
                raise RuntimeError(f"serve printed no address: {line}{process.stderr.read()}")
            self.processes.append(process)
            self.ports.append(int(found.group(1)))
        for port in self.ports:
            wait_for(port)
        self.pids = [process.pid for process in self.processes]

    def targets(self):
        """Per wrk instance: its port (one per process)."""
        return self.ports

    def paths(self):
        return {"list": "/Employee/?q=4242", "form": "/Employee/7", "save": "/Employee/"}

    def save_body(self):
        port = self.ports[0]
        status, page, set_cookie = request(port, "GET", "/Employee/7")
        assert status == 200, f"ModelForm record page answered {status}"
        cookie = re.search(r"mf_csrf=[^;]+", set_cookie).group(0)
        fields = [("_csrf", hidden(page, "_csrf")), ("_version", "1"), ("name", "Saved NAME"),
                  ("email", "saved@example.com"), ("department", "2"), ("_action", "save")]
        return urllib.parse.urlencode(fields), cookie, 303

    def stop(self):
        for process in self.processes:
            process.send_signal(2)
        for process in self.processes:
            process.wait(timeout=20)


class DjangoServers:
    def __init__(self, folder, database, count, port):
        environment = django_environment(folder, database)
        self.process = subprocess.Popen(
            [os.path.join(VENV, "bin", "gunicorn"), "-w", str(count), "-b", f"127.0.0.1:{port}", "--log-level",
             "warning", "django.core.wsgi:get_wsgi_application()"],
            cwd=folder, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.port = port
        self.count = count
        wait_for(port, "/admin/login/")
        status, page, set_cookie = request(port, "GET", "/admin/login/")
        csrf = re.search(r"csrftoken=[^;,]+", set_cookie).group(0)
        status, _, set_cookie = request(
            port, "POST", "/admin/login/?next=/admin/", csrf,
            [("csrfmiddlewaretoken", hidden(page, "csrfmiddlewaretoken")), ("username", "admin"),
             ("password", "benchmark"), ("next", "/admin/")])
        assert status == 302, f"Django login answered {status}"
        session = re.search(r"sessionid=[^;,]+", set_cookie).group(0)
        csrf = (re.search(r"csrftoken=[^;,]+", set_cookie) or re.search(r"csrftoken=[^;,]+", csrf)).group(0)
        self.cookie = f"{csrf}; {session}"
        time.sleep(0.5)
        children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        self.pids = [int(pid) for pid in children.split()]

    def targets(self):
        return [self.port] * self.count

    def paths(self):
        return {"list": "/admin/staff/employee/?q=4242", "form": "/admin/staff/employee/7/change/",
                "save": "/admin/staff/employee/"}

    def save_body(self):
        status, page, _ = request(self.port, "GET", "/admin/staff/employee/7/change/", self.cookie)
        assert status == 200, f"Django change form answered {status}"
        fields = [("csrfmiddlewaretoken", hidden(page, "csrfmiddlewaretoken")), ("name", "Saved NAME"),
                  ("email", "saved@example.com"), ("department", "2"), ("_save", "Save")]
        return urllib.parse.urlencode(fields), self.cookie, 302

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)


# wrk.

SAVE_SCRIPT = """
local first, suffix = 0, ""
counter = 0
function init(args)
  first = tonumber(args[1])
  suffix = args[2]
end
request = function()
  local id = first + counter
  counter = counter + 1
  local body = string.gsub(wrk.body, "NAME", tostring(id))
  return wrk.format("POST", wrk.path .. id .. suffix, nil, body)
end
"""

GET_SCRIPT = """
request = function() return wrk.format("GET", wrk.path) end
"""


def wrk_script(folder, name, headers, body=None, save=False):
    path = os.path.join(folder, name + ".lua")
    with open(path, "w") as script:
        if body is not None:
            script.write('wrk.method = "POST"\n')
            script.write(f"wrk.body = {json.dumps(body)}\n")
            script.write('wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n')
        for key, value in headers.items():
            script.write(f"wrk.headers[{json.dumps(key)}] = {json.dumps(value)}\n")
        script.write(SAVE_SCRIPT if save else GET_SCRIPT)
    return path


def parse_wrk(out):
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    value, unit = re.search(r"\s99%\s+([\d.]+)(us|ms|s)", out).groups()
    p99 = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    return rps, p99, int(non2xx.group(1)) if non2xx else 0, requests


def measure(servers, kind, seconds, folder, expected, connections=16):
    """wrk instances side by side, one per target; requests per second summed, the worst p99."""
    targets = servers.targets()
    path = servers.paths()[kind]
    headers = {"Cookie": servers.cookie} if isinstance(servers, DjangoServers) else {}
    body = None
    if kind == "save":
        body, cookie, _ = servers.save_body()
        headers["Cookie"] = cookie
    script = wrk_script(folder, f"{kind}-{id(servers)}", headers, body, save=kind == "save")
    # Each instance saves its own employees: 100 + 40,000 per instance apart.
    suffix = "/change/" if isinstance(servers, DjangoServers) else ""
    each = max(1, connections // len(targets))
    launched = []
    for index, port in enumerate(targets):
        # A long timeout: a slow answer counts (at wrk's 2 s a queue of slow answers counts as none).
        arguments = ["wrk", "-t1", f"-c{each}", f"-d{seconds}s", "--timeout", "30s", "--latency", "-s", script,
                     f"http://127.0.0.1:{port}{path}"]
        if kind == "save":
            arguments += ["--", str(100 + index * 40000), suffix]
        launched.append(subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    results = [parse_wrk(process.communicate()[0]) for process in launched]
    drain(servers)
    return {
        "rps": sum(result[0] for result in results), "p99_ms": max(result[1] for result in results),
        "errors": sum(result[2] for result in results), "requests": sum(result[3] for result in results),
    }


def drain(servers):
    """Waits until the requests wrk left queued are answered (a cheap page answers at once), so
    that they do not count against the next measurement."""
    port = servers.targets()[0]
    path = "/admin/login/" if isinstance(servers, DjangoServers) else "/"
    for _ in range(600):
        started = time.monotonic()
        request(port, "GET", path, timeout=120)
        if time.monotonic() - started < 0.2:
            return
        time.sleep(0.1)


def check_saves(database, first, count):
    """The saves really wrote: the employees from `first` carry their new names."""
    if database.startswith("postgres"):
        import psycopg
        with psycopg.connect(database) as connection:
            return connection.execute(
                'SELECT count(*) FROM "Employee" WHERE name LIKE %s', ("Saved %",)).fetchone()[0]
    with sqlite3.connect(database) as connection:
        return connection.execute('SELECT count(*) FROM "Employee" WHERE name LIKE ?', ("Saved %",)).fetchone()[0]


def one_measurement(args, kind_of_database, pristine, framework, processes, work, django_folder, index):
    """A fresh copy of the database, fresh servers, the three requests; the figures and memory."""
    folder = os.path.join(work, f"{framework}-{processes}-{index}")
    os.makedirs(folder)
    if kind_of_database == "sqlite":
        database = os.path.join(folder, "staff.sqlite")
        shutil.copyfile(pristine, database)
    else:
        name = f"bench_{framework.lower()}_{processes}_{index}"
        postgres_admin(args.postgres, f'DROP DATABASE IF EXISTS "{name}"')
        postgres_admin(args.postgres, f'CREATE DATABASE "{name}" TEMPLATE "{pristine}"')
        database = postgres_url(args.postgres, name)
    for name, text in [("staff.types.yaml", TYPES), ("staff.forms.yaml", FORMS)]:
        with open(os.path.join(folder, name), "w") as file:
            file.write(text)
    if framework == "ModelForm":
        servers = ModelFormServers(os.path.abspath(args.binary), folder, database, processes)
    else:
        servers = DjangoServers(django_folder, database, processes, 18900 + index)
    try:
        figures = {}
        for kind in ["list", "form", "save"]:
            measure(servers, kind if kind != "save" else "form", 1, folder, None)  # warm up
            figures[kind] = measure(servers, kind, args.seconds, folder, None)
        figures["saved_rows"] = check_saves(database, 100, figures["save"]["requests"])
        figures["rss_mb"] = [rss_mb(pid) for pid in servers.pids]
    finally:
        servers.stop()
        if kind_of_database == "postgres":
            postgres_admin(args.postgres, f'DROP DATABASE IF EXISTS "{name}"')
    return figures


def prepare(args, kind_of_database, work):
    """The loaded database to copy (a file, or a template database) and Django's project over it."""
    folder = os.path.join(work, "pristine-" + kind_of_database)
    os.makedirs(folder)
    for name, text in [("staff.types.yaml", TYPES), ("staff.forms.yaml", FORMS)]:
        with open(os.path.join(folder, name), "w") as file:
            file.write(text)
    django_folder = os.path.join(work, "django-" + kind_of_database)
    django_project(django_folder)
    if kind_of_database == "sqlite":
        path = os.path.join(folder, "staff.sqlite")
        create_tables(os.path.abspath(args.binary), folder, path)
        load_sqlite(path, args.records)
        django_setup(django_folder, path)
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return path, django_folder
    name = "bench_pristine"
    postgres_admin(args.postgres, f'DROP DATABASE IF EXISTS "{name}"')
    postgres_admin(args.postgres, f'CREATE DATABASE "{name}"')
    url = postgres_url(args.postgres, name)
    create_tables(os.path.abspath(args.binary), folder, url)
    load_postgres(url, args.records)
    django_setup(django_folder, url)
    return name, django_folder


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--records", type=int, default=100000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--processes", default="1,3")
    parser.add_argument("--postgres", help="a PostgreSQL server's URL (a superuser: the script creates databases)")
    parser.add_argument("--databases", help="which of sqlite,postgres (default: both where --postgres is given)")
    args = parser.parse_args()
    ensure_venv()
    counts = [int(count) for count in args.processes.split(",")]
    databases = ["sqlite"] + (["postgres"] if args.postgres else [])
    if args.databases:
        databases = [name for name in args.databases.split(",") if name in databases]
    results = {}
    work = tempfile.mkdtemp(prefix="modelform-admin-bench-")
    try:
        for kind_of_database in databases:
            pristine, django_folder = prepare(args, kind_of_database, work)
            for run in range(args.runs):
                for processes in counts:
                    for framework in ["ModelForm", "Django"]:
                        index = len(results)
                        figures = one_measurement(
                            args, kind_of_database, pristine, framework, processes, work, django_folder, index)
                        results[(kind_of_database, processes, framework, run)] = figures
                        print(f"{kind_of_database} {framework} x{processes} run {run + 1}: {json.dumps(figures)}",
                              file=sys.stderr)
            if kind_of_database == "postgres":
                postgres_admin(args.postgres, f'DROP DATABASE IF EXISTS "{pristine}"')
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(results, databases, counts, args.runs)


def report(results, databases, counts, runs):
    names = {"list": "change list, searched", "form": "change form GET", "save": "saving POST"}
    print(f"{'':52} {'ModelForm req/s':>15} {'p99 ms':>7} {'Django req/s':>13} {'p99 ms':>7} {'ratio (runs)':>24}")
    for database in databases:
        for processes in counts:
            for kind, label in names.items():
                def median(framework, key):
                    return statistics.median(results[(database, processes, framework, run)][kind][key] for run in range(runs))
                ratios = [results[(database, processes, "ModelForm", run)][kind]["rps"]
                          / results[(database, processes, "Django", run)][kind]["rps"] for run in range(runs)]
                print(f"{database + ', ' + str(processes) + ' process' + ('es' if processes > 1 else '') + ', ' + label:52} "
                      f"{median('ModelForm', 'rps'):15.0f} {median('ModelForm', 'p99_ms'):7.1f} "
                      f"{median('Django', 'rps'):13.0f} {median('Django', 'p99_ms'):7.1f} "
                      f"{statistics.median(ratios):6.1f}x ({', '.join(f'{r:.1f}' for r in ratios)})")
        for framework in ["ModelForm", "Django"]:
            if len(counts) > 1:
                for kind, label in names.items():
                    scaling = [results[(database, counts[-1], framework, run)][kind]["rps"]
                               / results[(database, counts[0], framework, run)][kind]["rps"] for run in range(runs)]
                    print(f"{database}: {framework} {counts[-1]} processes / {counts[0]}, {label}: "
                          f"{statistics.median(scaling):.2f}x")
            for processes in counts:
                memory = [mb for run in range(runs) for mb in results[(database, processes, framework, run)]["rss_mb"]]
                print(f"{database}: {framework} x{processes} resident memory per process: "
                      f"median {statistics.median(memory):.1f} MB, largest {max(memory):.1f} MB")
        errors = sum(results[key][kind]["errors"] for key in results if key[0] == database for kind in names)
        print(f"{database}: responses other than 2xx/3xx: {errors}")
        for framework in ["ModelForm", "Django"]:
            keys = [key for key in results if key[0] == database and key[2] == framework]
            answered = sum(results[key]["save"]["requests"] for key in keys)
            wrote = sum(results[key]["saved_rows"] for key in keys)
            print(f"{database}: {framework} saves answered {answered}, rows changed {wrote}")
    print(json.dumps({"|".join(map(str, key)): value for key, value in results.items()}))


if __name__ == "__main__":
    main()
