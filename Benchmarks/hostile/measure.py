#!/usr/bin/env python3
"""Runs each case of the hostile-input issue with a modelform binary and prints, per case,
the exit status, wall time and peak memory (GNU time), and the first line of the message.

Usage: python3 Benchmarks/hostile/measure.py BINARY WORKDIR [CASE-PREFIX ...]
  e.g. swift build -c release --product modelform
       python3 Benchmarks/hostile/measure.py .build/release/modelform /tmp/hostile
Cases that ran away before the fixes are killed by `timeout` (20-60 s)."""
import os, subprocess, sys, shutil

binary = os.path.abspath(sys.argv[1])
root = sys.argv[2]
only = sys.argv[3:] 

TEAM = """root: Team
types:
  Team:
    name: String
    friends: "[Person]"
  Person:
    name: String
    friends: "[Person]"
"""
TEAM_VALUES = "name: A\nfriends:\n  - {name: Ann, friends: []}\n"

def chain(n, optional_first=False):
    lines = ["root: Root", "types:", "  Root:", "    name: String", "    next: " + ("T0?" if optional_first else "T0")]
    for i in range(n):
        lines += [f"  T{i}:", "    name: String"]
        if i + 1 < n: lines.append(f"    next: T{i+1}")
    return "\n".join(lines) + "\n"

def setup(name, files):
    d = os.path.join(root, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for f, content in files.items():
        p = os.path.join(d, f)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as h: h.write(content if isinstance(content, bytes) else content.encode())
    return d

def run(name, d, args, stdin=b"", limit=60):
    cmd = ["/usr/bin/time", "-f", "%e %M", "timeout", str(limit), binary] + args
    r = subprocess.run(cmd, cwd=d, input=stdin, capture_output=True)
    lines = r.stderr.decode(errors="replace").strip().split("\n")
    secs, kb = lines[-1].split() if lines and len(lines[-1].split()) == 2 else ("?", "?")
    err = "\n".join(l for l in lines[:-1] if not l.startswith("Command"))
    out = r.stdout.decode(errors="replace")
    status = r.returncode if r.returncode != 124 else "timeout"
    first = (err.strip().split("\n")[0] if err.strip() else out.strip().split("\n")[-1] if out.strip() else "")
    print(f"| {name} | {status} | {secs} s | {int(kb)//1024 if kb != '?' else '?'} MB | {first[:110].encode('unicode_escape').decode()} | errlines={len(err.splitlines())} outbytes={len(out)}+{len(err)}")
    return d, r

cases = {}
def case(f): cases[f.__name__] = f; return f

@case
def d1_index():
    d = setup("d1", {"team.types.yaml": TEAM, "team.values.yaml": TEAM_VALUES})
    run("1 body friends[100000][name]=Z", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--form-body", "-"], b"friends[100000][name]=Z")
    run("1 body friends[10000000][name]=Z", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--form-body", "-"], b"friends[10000000][name]=Z", limit=20)

@case
def d2_nested():
    d = setup("d2", {"team.types.yaml": TEAM, "team.values.yaml": TEAM_VALUES})
    body = b"friends[0]" + b"[friends][0]" * 5000 + b"[name]=Z"
    run("2 nested names x5000 (60 KB)", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--form-body", "-"], body)

@case
def d3_export_deep():
    values = "name: p0\n"
    for level in range(1, 100):
        values += "  " * (level - 1) + "friend:\n" + "  " * level + f"name: p{level}\n"
    d = setup("d3", {"deep.types.yaml": "root: Person\ntypes:\n  Person:\n    name: String\n    friend: Person?\n", "deep.values.yaml": values})
    _, r = run("3 export 100-deep data", d, ["export", "deep.types.yaml", "--output", "out"])
    out = os.path.join(d, "out")
    print("   files left:", len([f for f in os.listdir(out) if f != ".modelform-export"]) if os.path.isdir(out) else 0)

@case
def d4_collide():
    d = setup("d4", {"b.types.yaml": 'root: B\ntypes:\n  B:\n    b-c: C?\n    bc: C?\n    dots: ..?\n  C:\n    name: String\n  ..:\n    name: String\n',
                     "b.values.yaml": "b-c: {name: one}\nbc: {name: two}\ndots: {name: four}\n"})
    run("4 export b-c / bc / ..", d, ["export", "b.types.yaml", "--output", "out"])
    print("   files:", sorted(os.listdir(os.path.join(d, "out"))))

@case
def d5_text():
    d = setup("d5", {"team.types.yaml": TEAM, "long.values.yaml": "name: " + "x" * 400_000 + "\nfriends: []\n"})
    run("5 text, a 400 KB word", d, ["render", "team.types.yaml", "--data", "long.values.yaml"])
    setup("d5b", {"team.types.yaml": TEAM, "long.values.yaml": "name: " + "x" * 10_000_000 + "\nfriends: []\n"})
    run("5 text, a 10 MB word", os.path.join(root, "d5b"), ["render", "team.types.yaml", "--data", "long.values.yaml"], limit=30)

@case
def d6_diagnostics():
    d = setup("d6", {"team.types.yaml": TEAM, "team.forms.yaml": "Team:\n  sections:\n    - fields:\n" + "        - name\n" * 10_000})
    run("6 a field listed 10,000 times", d, ["check", "team.forms.yaml"])
    d = setup("d6b", {"team.types.yaml": TEAM, "team.forms.yaml": "Team:\n  sections:\n    - fields:\n" + "".join(f"        - unknown{i}\n" for i in range(100_000))})
    run("6 100,000 unknown fields", d, ["check", "team.forms.yaml"])

@case
def d7_chain():
    d = setup("d7", {"chain.types.yaml": chain(10_000)})
    run("7 10,000 chained required types", d, ["render", "chain.types.yaml"])

@case
def d8_files():
    d = setup("d8", {"team.types.yaml": TEAM, "team.values.yaml": TEAM_VALUES})
    p = os.path.join(d, "team.values.yaml"); os.chmod(p, 0o600)
    run("8 apply on a 0600 file", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "name=B"])
    print("   mode after:", oct(os.stat(p).st_mode & 0o777))
    d = setup("d8b", {"team.types.yaml": TEAM, "real/team.values.yaml": TEAM_VALUES})
    os.symlink("real/team.values.yaml", os.path.join(d, "team.values.yaml"))
    run("8 apply through a symlink", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "name=B"])
    print("   still a link:", os.path.islink(os.path.join(d, "team.values.yaml")), "target updated:", "name: B" in open(os.path.join(d, "real/team.values.yaml")).read())
    d = setup("d8c", {"team.types.yaml": TEAM, "team.values.yaml": TEAM_VALUES})
    p = os.path.join(d, "team.values.yaml"); os.chmod(p, 0o444)
    run("8 apply on a 0444 file", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "name=B"])
    print("   unchanged:", open(p).read() == TEAM_VALUES)

@case
def d9_escape():
    d = setup("d9", {"team.types.yaml": TEAM, "team.values.yaml": TEAM_VALUES})
    _, r = run("9 --set name=ESC[2J..BEL", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "name=\x1b[2Jx\x07"])
    print("   raw ESC in output:", b"\x1b" in r.stdout + r.stderr)
    _, r = run("9 a body name with ESC", d, ["apply", "team.types.yaml", "--data", "team.values.yaml", "--form-body", "-"], b"na%1B%5D0%3Bpwned%07me=1")
    print("   raw ESC in output:", b"\x1b" in r.stdout + r.stderr)

@case
def d10_utf8():
    d = setup("d10", {"team.types.yaml": TEAM, "bad.values.yaml": b"name: A\nfriends: []\n# caf\xff\n"})
    run("10 invalid UTF-8", d, ["render", "team.types.yaml", "--data", "bad.values.yaml"])

@case
def d11_deep_apply():
    d = setup("d11", {"deep.types.yaml": chain(140, optional_first=True), "deep.values.yaml": "name: x\nnext: null\n"})
    run("11 apply next.name=y over a 140-type chain", d, ["apply", "deep.types.yaml", "--data", "deep.values.yaml", "--set", "next.name=y"])
    run("11 then render it", d, ["render", "deep.types.yaml", "--data", "deep.values.yaml"])

@case
def d12_check():
    d = setup("d12", {"team.types.yaml": TEAM, "team.forms.yaml": "Team:\n  overrides:\n    nmae: {title: N}\n"})
    run("12 check team.types.yaml", d, ["check", "team.types.yaml"])

for name, f in cases.items():
    if not only or any(name.startswith(o) for o in only): f()
