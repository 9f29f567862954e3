"""The virtual environments the comparison scripts run in (one per script, made on first use),
and the release build of the benchmarks package they time."""
import os
import subprocess
import sys

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
# The benchmarks package builds in the main package's scratch folder (`--scratch-path ../.build`,
# as .ci/run does), so that ModelForm's modules, already built in release there, are not
# compiled a second time (6 minutes of a CI run). The real path, never a link to it: clang's
# module cache records the path that built each module, and one folder under two paths conflicts.
SCRATCH = os.path.join(os.path.dirname(BENCHMARKS), ".build")
RELEASE = os.path.join(SCRATCH, "release")


def build_release(product):
    """Builds `product` of the benchmarks package in release; returns the executable's path."""
    subprocess.run(["swift", "build", "-c", "release", "--scratch-path", SCRATCH, "--product", product],
                   cwd=BENCHMARKS, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(RELEASE, product)


def enter(venv, packages):
    """Re-runs the calling script inside `venv` (created, with `packages` installed, when
    missing); returns at once when already inside it."""
    if sys.prefix == venv:
        return
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", *packages], check=True)
    os.execv(python, [python] + sys.argv)
