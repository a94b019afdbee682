#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""oclhls report --profile (issue 33, item 2): the runs kernels.profile wrote (OCLHLS_PROFILE)
on tests/kernels/profile.cl, as the report's "profile" member and its page's section, and the
option's errors.

usage: check_profile_report.py OCLHLS PROGRAM.oclbin RUN.json WORK_DIR
Prints PASS: ... and exits 0, or FAIL: ... and exits 1."""
import functools
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import report_checks
from report_checks import check, finish

run = functools.partial(report_checks.run, timeout=120)

OCLHLS, PROGRAM, RUNS, WORK = sys.argv[1:5]


def runs_by_kernel(profile):
    return {r["kernel"]: r for r in profile["runs"]}


def check_json():
    model = json.loads(run([OCLHLS, "report", PROGRAM, "--profile", RUNS, "--json",
                            "-o", "-"]).stdout)
    prof = model.get("profile")
    if not check(prof is not None, "no profile member in the model"):
        return
    runs = runs_by_kernel(prof)
    check(set(runs) == {"stream", "reverse_groups", "store_then_load", "chase", "drain", "say",
           "stream_cu4"},
          f"runs of the program's kernels: {sorted(runs)}")
    check(prof["other_runs"] >= 1, "the online program's run is counted as another's")
    stream = runs.get("stream", {})
    check(stream.get("main_stall") == "none", f"stream main stall {stream.get('main_stall')}")
    lsus = stream.get("lsus", [])
    check(len(lsus) == 3 and all(l["requests"] == 4096 and l["lines"] == 256 for l in lsus),
          "stream: 3 LSUs, 4096 requests and 256 lines each")
    # 256 lines of 64 bytes in about 4100 cycles: 6 % of a line per clock
    check(all(0.05 < l["board_share"] < 0.07 for l in lsus),
          f"stream board shares {[l.get('board_share') for l in lsus]}")
    check(runs.get("store_then_load", {}).get("main_stall") == "memory",
          "store_then_load's main stall is memory")
    check(runs.get("drain", {}).get("main_stall") == "channel", "drain's main stall is channel")
    check(runs.get("drain", {}).get("main_stall_share", 0) > 0.5,
          "drain waits on its channel most of its run")
    check(runs.get("reverse_groups", {}).get("barrier_stall_cycles", 0) > 0,
          "reverse_groups waits at its barrier")


def check_html():
    page = os.path.join(WORK, "profile.html")
    run([OCLHLS, "report", PROGRAM, "--profile", RUNS, "-o", page])
    text = open(page, encoding="utf-8").read()
    for want in ['<section id="profile"><h2>Profile</h2>', '<a href="#profile">Profile</a>',
                 "none: no stage was held", "<h3>stream: 4096 work-items",
                 "main stall", "channels and pipes (a read with nothing to read",
                 "memory (an LSU full", "of the board's", "write-combining"]:
        check(want in text, f"the page has {want!r}")
    plain = os.path.join(WORK, "plain.html")
    run([OCLHLS, "report", PROGRAM, "-o", plain])
    check('id="profile"' not in open(plain, encoding="utf-8").read(),
          "no profile section without --profile")


def check_errors():
    p = run([OCLHLS, "report", PROGRAM, "--profile"], expect=2)
    check("needs the file a run wrote" in p.stderr, f"--profile alone: {p.stderr.strip()}")
    p = run([OCLHLS, "report", PROGRAM, "--profile", os.path.join(WORK, "none.json"), "-o",
             os.path.join(WORK, "x.html")], expect=1)
    check("cannot read the profile" in p.stderr, f"a missing file: {p.stderr.strip()}")
    other = os.path.join(WORK, "other.json")
    with open(other, "w") as f:
        json.dump({"format": 1, "runs": [{"kernel": "stream", "program": "other.cl",
                                          "board": "sim"}]}, f)
    p = run([OCLHLS, "report", PROGRAM, "--profile", other, "-o", os.path.join(WORK, "x.html")],
            expect=1)
    check("has no run of this program's kernels" in p.stderr, f"another's runs: {p.stderr}")
    with open(other, "w") as f:
        f.write("[1, 2]")
    p = run([OCLHLS, "report", PROGRAM, "--profile", other, "-o", os.path.join(WORK, "x.html")],
            expect=1)
    check("is not a profile the runtime wrote" in p.stderr, f"not a profile: {p.stderr}")


def main():
    os.makedirs(WORK, exist_ok=True)
    check_json()
    check_html()
    check_errors()
    return finish("oclhls report --profile")


if __name__ == "__main__":
    sys.exit(main())
