# SPDX-License-Identifier: MIT
"""What check_report.py and check_profile_report.py share: failures collected by check(), a
command run with its exit status checked, and the closing PASS/FAIL lines."""
import subprocess

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def run(args, expect=0, timeout=300):
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    if expect is not None and p.returncode != expect:
        print(p.stdout[-3000:], p.stderr[-3000:])
        raise SystemExit(f"FAIL: {' '.join(args)} exited {p.returncode}, not {expect}")
    return p


def finish(what):
    """Prints every failure, or PASS: what; the exit status."""
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print("PASS:", what)
    return 0
