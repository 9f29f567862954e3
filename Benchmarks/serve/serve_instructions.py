"""Instructions per request of `modelform serve` on the registration example (callgrind):
a `GET /` and a `POST /` that saves a changed value (it writes the file). Deterministic where
wall-clock figures on a shared machine are not, so CI prints them and a change that costs 20%
more shows in the log of the commit that made it. Nothing is asserted.

Each operation runs the server twice under callgrind, once with one request and once with one
plus REQUESTS, both after the same warm-up: the difference over REQUESTS is one request's
instructions (start-up and the first request's one-time work cancel out). Only the server's
own instructions are counted, none of the kernel's (an `fsync` is not an instruction).

    python3 Benchmarks/serve/serve_instructions.py .build/release/modelform [--requests 20]
"""

import argparse
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import serve_compare as compare  # noqa: E402


def counted(binary, work, operation, requests):
    """The server's instructions (callgrind's total) for `requests` requests of `operation`."""
    folder = tempfile.mkdtemp(dir=work)
    out = os.path.join(folder, "callgrind.out")
    served = compare.ModelFormServer(binary, compare.registration_folder(folder),
                                     runner=["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"])
    port = served.port
    # The warm-up: the page read, saved twice each way (alternating_bodies).
    bodies, cookie = served.alternating_bodies(compare.REGISTRATION + [("_action", "submitRegistrationForm")])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Host": f"127.0.0.1:{port}", "Cookie": cookie}
    for index in range(requests):
        if operation == "GET":
            connection.request("GET", "/", headers=headers)
            expected = 200
        else:
            connection.request("POST", "/", body=bodies[index % 2],
                               headers=dict(headers, **{"Content-Type": "application/x-www-form-urlencoded"}))
            expected = 303
        response = connection.getresponse()
        response.read()
        if response.status != expected:
            raise RuntimeError(f"{operation} answered {response.status}, not {expected}")
    connection.close()
    served.stop(timeout=120)
    with open(out) as profile:
        return int(re.search(r"^totals: (\d+)", profile.read(), re.M).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    try:
        # valgrind reads a 100 MB binary's debug information slowly; the symbols are enough.
        binary = os.path.join(work, "modelform")
        subprocess.run(["strip", "--strip-debug", "-o", binary, os.path.abspath(args.binary)], check=True)
        for operation, name in [("GET", "GET / (registration page)"), ("POST", "POST / that writes (a changed value saved)")]:
            one = counted(binary, work, operation, 1)
            more = counted(binary, work, operation, 1 + args.requests)
            print(f"{name}: {(more - one) / args.requests / 1e6:.2f} M instructions a request")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
