#!/usr/bin/env python3
"""Costly and ordinary clients together against `modelform serve`: N clients each POST a value
that a backtracking pattern rule (`^(a+)+$`) makes costly, all at once, while one ordinary
client (from 127.0.0.2, another peer) saves a plain value over and over. Prints, per N, the ordinary saves' latency (p50,
p99, max), their statuses, and what the costly POSTs were answered. Asserts nothing: the
figures are for the closing notes (a costly value must not hold up an ordinary save).

Usage: python3 Benchmarks/hostile/costly_load.py BINARY [--clients 8,32,100] [--seconds 10]
Each level stops when its costly POSTs are answered or after --seconds; standard library only.
"""
import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import sys
import threading
import time

TYPES = """root: Login
types:
  Login:
    name: String
    note: String
"""
FORMS = """Login:
  overrides:
    note: {rules: [{pattern: "^(a+)+$"}]}
"""
VALUES = "name: start\nnote: a\n"
COSTLY = "a" * 30 + "!"


sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from http_form import hidden, request  # noqa: E402


def page(port, source):
    """A page's CSRF cookie, token and version."""
    _, text, set_cookie = request(port, "GET", "/", source=source)
    cookie = re.search(r"mf_csrf=[^;]+", set_cookie).group(0)
    return cookie, hidden(text, "_csrf"), hidden(text, "_version")


def save(port, name, note, source="127.0.0.1"):
    cookie, token, version = page(port, source)
    fields = [("_csrf", token), ("_version", version), ("name", name), ("note", note), ("_action", "save")]
    start = time.perf_counter()
    status, text, _ = request(port, "POST", "/", cookie, fields, timeout=120, source=source)
    return status, time.perf_counter() - start, text


def level(port, clients, seconds):
    costly = []
    lock = threading.Lock()

    def costly_client():
        try:
            status, elapsed, text = save(port, "costly", COSTLY)
            kind = "busy" if "try again" in text else "too costly" if "too costly" in text else "other"
        except OSError:
            # Past 64 connections from one address, the address's idle ones are closed.
            status, elapsed, kind = 0, 0.0, "connection closed"
        with lock:
            costly.append((status, kind, elapsed))

    threads = [threading.Thread(target=costly_client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    ordinary = []
    deadline = time.perf_counter() + seconds
    number = 0
    while time.perf_counter() < deadline and (any(t.is_alive() for t in threads) or len(ordinary) < 5):
        number += 1
        status, elapsed, _ = save(port, f"ordinary {number}", "a", source="127.0.0.2")
        ordinary.append((status, elapsed))
    for thread in threads:
        thread.join()
    times = sorted(elapsed for _, elapsed in ordinary)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    statuses = sorted({status for status, _ in ordinary})
    kinds = {kind: sum(1 for _, k, _ in costly if k == kind) for kind in ["busy", "too costly", "connection closed", "other"]}
    slowest_costly = max((elapsed for _, _, elapsed in costly), default=0)
    print(f"{clients:4} costly clients: ordinary saves {len(ordinary):4} (statuses {statuses}), "
          f"p50 {statistics.median(times) * 1000:7.1f} ms, p99 {p99 * 1000:7.1f} ms, max {times[-1] * 1000:7.1f} ms; "
          f"costly answered {sorted({s for s, _, _ in costly})}: {kinds}, slowest {slowest_costly:.2f} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--clients", default="8,32,100")
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="modelform-costly-")
    try:
        for name, text in [("login.types.yaml", TYPES), ("login.forms.yaml", FORMS), ("login.values.yaml", VALUES)]:
            with open(os.path.join(folder, name), "w") as file:
                file.write(text)
        server = subprocess.Popen([os.path.abspath(args.binary), "serve", "login.types.yaml", "--port", "0"], cwd=folder,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
            for clients in [int(count) for count in args.clients.split(",")]:
                level(port, clients, args.seconds)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
