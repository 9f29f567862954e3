"""The virtual environments the comparison scripts run in: one per script, made on first use."""
import os
import subprocess
import sys


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
