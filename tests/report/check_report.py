#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""oclhls report (issue 33, item 1): its JSON checked for the members docs/user-guide.md
describes, on test kernels built here, and its page in headless Chromium (Debian's chromium):
the DOM after Chromium parsed it (kernel sections, unit rows, the diagram's LSU boxes, the
annotated source) and a screenshot that must not be blank.

usage: check_report.py OCLHLS SOURCE_DIR WORK_DIR CHECK
CHECK: json_local_mem, json_channels, json_units, json_ice40, json_compute_units, html_dom,
html_screenshot, cli.
Prints PASS: ... and exits 0, or FAIL: ... and exits 1. Python 3 only, no extra modules."""
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from report_checks import check, finish, run

OCLHLS, SRC, WORK = sys.argv[1:4] if len(sys.argv) > 4 else (None, None, None)
def build(kernel, name, *extra):
    """Builds tests/kernels/<kernel> (or another path under the source tree) into WORK."""
    out = os.path.join(WORK, name + ".oclbin")
    run([OCLHLS, "build", os.path.join(SRC, kernel), "-o", out, *extra])
    return out


def report_json(program):
    return json.loads(run([OCLHLS, "report", program, "--json", "-o", "-"]).stdout)


def units_agree(model):
    """Every unit of the JSON is a line of the text report, and no more: both come from one
    description (hls/emit/metadata_units.c)."""
    text = model["text_report"]
    lines = [l for l in text.splitlines()
             if re.match(r"  line \d+: ", l) and not re.match(r"  line \d+: pipelined", l)]
    units = sum(len(k["units"]) for k in model["kernels"])
    check(len(lines) == units, f"{units} units in the JSON, {len(lines)} unit lines in the text")
    for k in model["kernels"]:
        for u in k["units"]:
            check(any(l.startswith(f"  line {u['line']}: ") for l in lines),
                  f"{k['name']}: unit on line {u['line']} has no line in the text report")


def section(program, name):
    """A section of a program file (docs/program-file.md's layout), or None."""
    raw = open(program, "rb").read()
    for i in range(struct.unpack_from("<I", raw, 12)[0]):
        nm, off, size, _, _ = struct.unpack_from("<16sQQII", raw, 16 + 40 * i)
        if nm.rstrip(b"\0") == name:
            return raw[off:off + size]
    return None


def lsus_agree(program, model):
    """The load LSUs the report calls coalescing and uncached are the ocl_lsu_load instances
    the Verilog builds with and without their line cache."""
    verilog = section(program, b"verilog").decode()
    loads = [u["lsu"] for k in model["kernels"] for u in k["units"]
             if u.get("access") == "load" and u["lsu"] in ("coalescing", "uncached")]
    cached = len(re.findall(r"ocl_lsu_load #\([^;]*?\.CACHE\(1\)", verilog))
    uncached = len(re.findall(r"ocl_lsu_load #\([^;]*?\.CACHE\(0\)", verilog))
    check((loads.count("coalescing"), loads.count("uncached")) == (cached, uncached),
          f"load LSUs: {loads.count('coalescing')} coalescing and {loads.count('uncached')} "
          f"uncached reported, {cached} and {uncached} in the Verilog")


def notes_of(model, line):
    return [n["text"] for n in model["source"]["lines"][line - 1]["notes"]]


def kernel(model, name):
    return next(k for k in model["kernels"] if k["name"] == name)


def json_throughput():
    """Where the limit is: the memory's bound beside the pipeline's (report/throughput.cl)."""
    m = report_json(build("tests/kernels/report/throughput.cl", "throughput"))
    t = {k["name"]: k["throughput"] for k in m["kernels"]}
    check(all(v["board_bytes_per_clock"] == 64 for v in t.values()), "64 bytes per clock on sim")
    va = t["vadd"]["work_item"]
    check((va["bytes"], round(va["memory_bound"], 2), va["compute_bound"], va["limit"]) ==
          (12, 5.33, 1, "pipeline"), "vadd: 12 bytes, 5.33 for the memory, 1 for the pipeline")
    w = t["wide"]["work_item"]
    check((w["bytes"], round(w["memory_bound"], 3), w["limit"]) == (192, 0.333, "memory"),
          "float16: 192 bytes a work-item, memory-bound")
    lp = t["looped"]
    check(lp["work_item"]["bytes"] == 4 + 8 and [(e["line"], e["bytes"]) for e in lp["loops"]]
          == [(21, 4)], "a loop's access per iteration, the atomic twice outside it")
    text = m["text_report"]
    check("pipeline-bound, using 19% of the memory's bandwidth" in text and "memory-bound" in text,
          "the text report says which")
    page = os.path.join(WORK, "throughput.html")
    run([OCLHLS, "report", build("tests/kernels/report/throughput.cl", "throughput"), "-o", page])
    html = open(page, encoding="utf-8").read()
    check("<b>memory-bound</b>" in html and "Loop on line 21" in html, "the page says which")
    return "the memory's bound beside the pipeline's, per work-item and per loop iteration"


def json_compute_units():
    """num_compute_units (report/simd_attributes.cl's k2, 4 units): the JSON, its bound, the
    text and the page list the units."""
    program = build("tests/kernels/report/simd_attributes.cl", "compute_units")
    m = report_json(program)
    k2, vadd = kernel(m, "k2"), kernel(m, "vadd")
    check((k2.get("compute_units"), k2.get("compute_unit_dims")) == (4, [4, 1, 1]),
          f"k2: 4 compute units, 4 x 1 x 1 (got {k2.get('compute_units')}, "
          f"{k2.get('compute_unit_dims')})")
    check("compute_units" not in vadd, "vadd: no compute units member")
    check(k2["throughput"]["work_item"]["compute_bound"] == 4,
          "k2: the pipeline's bound counts the 4 units")
    check("4 compute units (num_compute_units, 4 x 1 x 1)" in m["text_report"],
          "the text report lists the units")
    page = os.path.join(WORK, "compute_units.html")
    run([OCLHLS, "report", program, "-o", page])
    check("<b>4 compute units</b>" in open(page, encoding="utf-8").read(),
          "the page lists the units")
    return "the compute units in the JSON, the bound, the text and the page"


def json_local_mem():
    """Loops, __local memory, barriers and a divider (tests/kernels/local_mem.cl)."""
    program = build("tests/kernels/local_mem.cl", "local_mem")
    m = report_json(program)
    lsus_agree(program, m)
    check(m["report_format"] == 1 and m["detailed"] is True, "report_format 1, detailed")
    p = m["program"]
    check(p["board"] == "sim" and p["mem_width_bits"] == 512 and p["source_name"].endswith(
        "local_mem.cl"), "program: board, memory width, source")
    check(m["fit"] is None and m["area"]["measured"] == "none", "no fit on sim")
    k = kernel(m, "reduce_fixed")
    check(k["kind"] == "ndrange" and k["kind_text"] == "NDRange pipeline", "reduce_fixed's kind")
    check(k["stages"] > 0 and k["segments"] == 6 and k["lsus"] == 2, "stages, segments, LSUs")
    check([(l["line"], l["schedule"], l["ii"]) for l in k["loops"]] == [(15, "interleaved", 1)],
          "the loop on line 15, interleaved at II 1")
    check(sorted(b["line"] for b in k["barriers"]) == [14, 15, 18], "barriers on 14, 15, 18")
    exit_barrier = [b for b in k["barriers"] if b["loop_exit"]]
    check(len(exit_barrier) == 1 and exit_barrier[0]["guard_line"] == 16,
          "the loop's exit barrier and its guard on line 16")
    mem = k["memories"][0]
    check(mem["local"] and mem["bytes"] == 1024 and mem["banks"] == 2 and mem["block_rams"] > 0
          and mem["name"] == "__local memory 0", "__local memory 0: 1024 bytes, 2 banks")
    bram = [u for u in k["units"] if u["lsu"] == "block RAM"]
    check(len(bram) == 5 and all(u["memory"] == 0 and u["address_space"] == "local"
                                 for u in bram), "5 block RAM accesses of memory 0")
    glob = [u for u in k["units"] if u.get("address_space") == "global"]
    check({(u["access"], u["lsu"]) for u in glob} ==
          {("load", "uncached"), ("store", "write-combining")}, "the global load and store LSUs")
    check(kernel(m, "reduce_arg")["memories"][0].get("argument") == "tmp",
          "a __local argument's memory names it")
    div = [u for u in kernel(m, "global_fence")["units"] if u["kind"] == "divider"]
    check(len(div) == 1 and div[0]["latency"] > div[0]["bits"] > 0, "global_fence's divider")
    check(any(b["global_fence"] for b in kernel(m, "global_fence")["barriers"]),
          "a global fence")
    ports = m["memory_system"]["kernels"][0]["ports"]
    check({p["target"] for p in ports} == {"memory 0", "global"}, "ports onto memory 0 and global")
    check(sum(p["count"] for p in ports) == len(k["units"]), "every unit in a port")
    check(any(n.startswith("loop: II 1") for n in notes_of(m, 15)), "line 15's loop note")
    check(any("kernel reduce_fixed" in n for n in notes_of(m, 9)), "line 9's kernel note")
    check(any("__local memory 0" in n for n in notes_of(m, 13)), "line 13's memory note")
    units_agree(m)
    return "local_mem.cl: loops, barriers, __local memories, units, source notes"


def json_channels():
    """Channels between kernels, an autorun kernel, pipes (channels.cl, pipes.cl)."""
    m = report_json(build("tests/kernels/channels.cl", "channels"))
    g = m["graph"]
    check(len(g["channels"]) == 11, f"11 channels, not {len(g['channels'])}")
    c_in = next(c for c in g["channels"] if c["name"] == "c_in")
    check((c_in["writer"], c_in["reader"], c_in["bits"], c_in["depth"], c_in["default_depth"])
          == ("load", "compute", 32, 8, False), "c_in: load -> compute, 32 bits, depth 8")
    check(g["autorun"] == ["doubler"] and kernel(m, "doubler")["autorun"] is True,
          "doubler is autorun")
    streams = [u for u in kernel(m, "doubler")["units"] if u["kind"] == "stream"]
    check([(u["channel"], u["direction"]) for u in streams] ==
          [("c_auto_in", "read"), ("c_auto_out", "write")], "doubler's channel operations")
    check(all(u["answer_stage"] > u["stage"] for u in streams), "answer stages")
    check(m["memory_system"]["channels"] == g["channels"], "the diagram's channels")
    ms_doubler = next(k for k in m["memory_system"]["kernels"] if k["name"] == "doubler")
    check({p["target"] for p in ms_doubler["ports"]} == {"channel c_auto_in",
                                                          "channel c_auto_out"},
          "doubler's ports are its channel ends")
    check(any("c_auto_in" in n for n in notes_of(m, 49)), "line 49's channel note")
    units_agree(m)
    p = report_json(build("tests/kernels/pipes.cl", "pipes"))
    pipes = p["graph"]["pipes"]
    check({"kernel": "produce", "arg": "p", "direction": "write", "packet_bytes": 4} in pipes,
          "produce writes pipe p")
    check(any(u.get("pipe") == "p" for u in kernel(p, "consume")["units"]), "consume reads p")
    units_agree(p)
    return "channels.cl and pipes.cl: graph, autorun, stream units"


def json_units():
    """Float units (shared ones too), shared atomic units, printf (float_kernels.cl,
    atomics_shared.cl, printf.cl)."""
    program = build("tests/kernels/float_kernels.cl", "float_kernels")
    m = report_json(program)
    lsus_agree(program, m)
    vadd = [u for u in kernel(m, "vadd")["units"] if u["kind"] == "float"]
    check(len(vadd) == 1 and vadd[0]["operation"] == "fadd" and vadd[0]["module"] == "ocl_fp_add"
          and vadd[0]["latency"] > 0 and vadd[0]["lcs"] > 0 and vadd[0]["cost"].startswith("~"),
          "vadd's fadd: module, latency, cost")
    moments = kernel(m, "moments")["units"]
    check({"kind": "float", "line": 61, "operation": "fadd", "module": "ocl_fp_add",
           "shares_unit_of_line": 61} in [{k: v for k, v in u.items() if k not in
                                           ("stage", "id", "class")} for u in moments],
          "moments: an fadd on line 61 shares the unit of line 61")
    check(any(u.get("shares_unit_of_line") == 62 and u["operation"] == "fma" for u in moments),
          "moments: an fma shares the unit of line 62")
    loop = kernel(m, "sum")["loops"][0]
    check(loop["dependency"] == {"kind": "register", "from_line": 32, "to_line": 32},
          "sum's loop is limited by a register dependency on line 32")
    own = [u for k in m["kernels"] for u in k["units"] if u["kind"] == "float" and "lcs" in u]
    check(m["area"]["total"]["float_lcs"] == sum(u["lcs"] for u in own) > 0,
          "the estimate adds up the float units")
    check(sum(e["count"] for e in m["area"]["units"]
              if e.get("module", "").startswith("ocl_fp_")) == len(own), "area: every float unit")
    every = [u for k in m["kernels"] for u in k["units"] if u.get("lcs")]
    check(m["area"]["total"]["lcs"] == sum(u["lcs"] for u in every) >
          m["area"]["total"]["float_lcs"], "the estimate adds up every unit, LSUs too")
    io = report_json(build("tests/kernels/int_ops.cl", "int_ops"))
    divs = [u for k in io["kernels"] for u in k["units"] if u["kind"] == "divider"]
    check(len(divs) >= 8 and all(u["lcs"] >= 3 * u["bits"] * (u["bits"] + 1) for u in divs),
          "int_ops: its dividers, each with its estimate (3W(W+1) cells and more)")
    lsus = [u for k in io["kernels"] for u in k["units"] if u["kind"] == "memory"]
    check(lsus and all(u["lcs"] > 0 for u in lsus), "int_ops: every LSU has its estimate")
    units_agree(m)
    a = report_json(build("tests/kernels/atomics_shared.cl", "atomics_shared"))
    shared = [u for u in kernel(a, "hammer")["units"] if u["lsu"] == "shared atomic unit"]
    check(len(shared) == 3 and len({u["shared_unit"] for u in shared}) == 1
          and {u["operation"] for u in shared} == {"add", "sub"}
          and not any(u["old_value_read"] for u in shared), "hammer's shared atomic unit")
    units_agree(a)
    pr = report_json(build("tests/kernels/printf.cl", "printf"))
    check(any(u["kind"] == "printf" and u["line"] == 8 for u in kernel(pr, "scalars")["units"]),
          "scalars' printf on line 8")
    units_agree(pr)
    return "float_kernels.cl, atomics_shared.cl, printf.cl: float, atomic, printf units"


def add_section(src, dst, name, data):
    """A copy of a program file with one more section (docs/program-file.md's layout)."""
    raw = open(src, "rb").read()
    count = struct.unpack_from("<I", raw, 12)[0]
    sections = []
    for i in range(count):
        nm, off, size, _, _ = struct.unpack_from("<16sQQII", raw, 16 + 40 * i)
        sections.append((nm.rstrip(b"\0"), raw[off:off + size]))
    sections = [s for s in sections if s[0] != name] + [(name, data)]
    pos = (16 + 40 * len(sections) + 7) & ~7
    table, blobs = b"", []
    for nm, d in sections:
        table += struct.pack("<16sQQII", nm, pos, len(d), zlib.crc32(d), 0)
        blobs.append((pos, d))
        pos = (pos + len(d) + 7) & ~7
    out = bytearray(pos)
    out[:16] = raw[:12] + struct.pack("<I", len(sections))
    out[16:16 + len(table)] = table
    for at, d in blobs:
        out[at:at + len(d)] = d
    open(dst, "wb").write(out)


# The summary of docs/program-file.md's example, as the iCE40 flow writes it.
ICE40 = {"format": 1, "device": "up5k", "package": "sg48", "clock_mhz": 41.25,
         "target_mhz": 24, "max_mhz": 48, "fmax_mhz": 41.70, "fmax_clock": "clk", "osc_mhz": 12,
         "pll": {"divr": 0, "divf": 54, "divq": 4, "filter_range": 1},
         "utilization": {"lc": {"used": 1223, "available": 5280},
                         "ebr": {"used": 1, "available": 30},
                         "spram": {"used": 4, "available": 4},
                         "dsp": {"used": 0, "available": 8}},
         "units": [{"instance": "u_shell.u_system.u_k0.u_lsu0", "cells": 212,
                    "what": "oclk_vector_add > ocl_line_engine"},
                   {"instance": "u_shell.u_link", "cells": 180, "what": "ocl_spi_link"}]}


def json_ice40():
    """An iCE40 program: a line kernel, a kernel that is not one, and the fit of an ice40
    section (the flow's place and route takes half a minute: the section is added here)."""
    va = build("examples/vector_add/vector_add.cl", "vector_add_ice40", "--board", "icebreaker",
               "--no-bitstream")
    m = report_json(va)
    k = m["kernels"][0]
    check(m["program"]["board"] == "icebreaker" and m["fit"] is None, "icebreaker, no fit yet")
    check(k["kind"] == "line_kernel" and k["line_lanes"] == 2 and k["line_cycles"] > 0,
          "vector_add is a line kernel of 2 lanes")
    check([(u["access"], u["lsu"], u["lanes"]) for u in k["units"]] ==
          [("load", "line stream", 2)] * 2 + [("store", "line stream", 2)], "its three streams")
    check(m["memory_system"]["kernels"][0]["ports"][0]["count"] == 2, "the loads are one port")
    units_agree(m)
    fit = os.path.join(WORK, "vector_add_fit.oclbin")
    add_section(va, fit, b"ice40", json.dumps(ICE40).encode())
    f = report_json(fit)
    util = {u["resource"]: u for u in f["fit"]["utilization"]}
    check(f["area"]["measured"] == "ice40" and f["fit"]["fmax_mhz"] == 41.70,
          "the fit's Fmax is measured")
    check((util["lc"]["used"], util["lc"]["available"], util["lc"]["percent"]) ==
          (1223, 5280, 23) and util["spram"]["percent"] == 100, "utilization and shares")
    page = os.path.join(WORK, "vector_add_fit.html")
    run([OCLHLS, "report", fit, "-o", page])
    text = open(page, encoding="utf-8").read()
    check("Measured: the iCE40 build" in text and "1223" in text and "41.70 MHz" in text,
          "the page shows the measured fit")
    check([(u["instance"], u["cells"]) for u in f["fit"]["units"]] ==
          [("u_shell.u_system.u_k0.u_lsu0", 212), ("u_shell.u_link", 180)],
          "the costliest units as synthesised")
    check("u_shell.u_system.u_k0.u_lsu0" in text and "oclk_vector_add &gt; ocl_line_engine" in text,
          "the page lists them")
    n = report_json(build("tests/kernels/report/not_line_kernels.cl", "not_line", "--board",
                          "icebreaker", "--no-bitstream"))
    refusal = n["kernels"][0]["line_refusal"]
    check(refusal["reason"].startswith("a load after a store") and refusal["line"] == 11,
          "why the first kernel of not_line_kernels.cl is not a line kernel")
    return "vector_add and not_line_kernels on the iCEBreaker, an ice40 section's fit"


def chromium(*args):
    exe = shutil.which(os.environ.get("OCLHLS_CHROMIUM") or "chromium")
    if not exe:
        raise SystemExit("FAIL: chromium not found: the page tests need Debian's chromium "
                         "package (tests/setup.sh installs it: apt-get install "
                         "--no-install-recommends chromium), or OCLHLS_CHROMIUM naming one")
    profile = os.path.join(WORK, "chromium-profile")
    p = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--user-data-dir={profile}", *args],
                       capture_output=True, text=True, timeout=120)
    if p.returncode:
        raise SystemExit(f"FAIL: chromium exited {p.returncode}: {p.stderr[-2000:]}")
    return p.stdout


class Dom(html.parser.HTMLParser):
    """The elements of a DOM dump: (tag, attrs, text inside, ids of its ancestors)."""

    def __init__(self):
        super().__init__()
        self.elements, self.stack = [], []

    def handle_starttag(self, tag, attrs):
        e = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(e)
        if tag not in ("meta", "br", "img", "input", "link", "rect", "line", "path"):
            self.stack.append(e)

    def handle_startendtag(self, tag, attrs):
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": ""})

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()["tag"] == tag:
                break

    def handle_data(self, data):
        for e in self.stack:
            e["text"] += data

    def having(self, tag, cls=None, **attrs):
        return [e for e in self.elements if e["tag"] == tag and
                (cls is None or cls in e["attrs"].get("class", "").split()) and
                all(e["attrs"].get(k.replace("_", "-")) == v for k, v in attrs.items())]


def self_contained(path):
    text = open(path, encoding="utf-8").read()
    check(not re.search(r"<script|<link|<iframe|<img|@import|url\(", text, re.I),
          "no scripts, links, frames, images, imports or url() in the page")
    check(not re.search(r"""(src|href)=["']?(https?:|//|file:)""", text, re.I),
          "nothing fetched from elsewhere")


def html_dom():
    """The page as Chromium parses it (tests/kernels/local_mem.cl; channels.cl)."""
    out = os.path.join(WORK, "pages")
    shutil.rmtree(out, ignore_errors=True)
    program = build("tests/kernels/local_mem.cl", "local_mem_page", "--report", out)
    page = os.path.join(out, "local_mem.html")
    if not check(os.path.exists(page), "oclhls build --report DIR wrote DIR/local_mem.html"):
        return None
    self_contained(page)
    model = report_json(program)
    dom = Dom()
    dom.feed(chromium("--dump-dom", "file://" + os.path.abspath(page)))
    sections = dom.having("section", "kernel")
    check([s["attrs"]["id"] for s in sections] ==
          ["kernel-" + k["name"] for k in model["kernels"]], "a section per kernel, in order")
    check(all(s["text"].count("kernel ") >= 1 for s in sections), "each section's heading")
    rows = dom.having("tr", "unit")
    check(len(rows) == sum(len(k["units"]) for k in model["kernels"]) > 0,
          f"a unit row per unit ({len(rows)})")
    check({r["attrs"]["id"] for r in rows} == {u["id"] for k in model["kernels"]
                                               for u in k["units"]}, "unit rows by id")
    check(len(dom.having("tr", "loop")) == sum(len(k["loops"]) for k in model["kernels"]),
          "a loop row per loop")
    check(len(dom.having("tr", "barrier")) == sum(len(k["barriers"]) for k in model["kernels"]),
          "a barrier row per barrier")
    svg = dom.having("svg", id="memory-diagram")
    check(len(svg) == 1, "the memory-system diagram")
    lsus = dom.having("rect", "lsu")
    ports = [p for k in model["memory_system"]["kernels"] for p in k["ports"]
             if p["target"] in ("global", "constant")]
    check(len(lsus) == len(ports) >= 9, f"an LSU box per global port ({len(lsus)})")
    check(len(dom.having("rect", "memory")) == sum(len(k["memories"]) for k in
                                                   model["memory_system"]["kernels"]),
          "a box per block-RAM memory")
    reaching = sum(1 for k in model["memory_system"]["kernels"]
                   if any(p["target"] in ("global", "constant") for p in k["ports"]))
    check(len(dom.having("rect", "arbiter")) == reaching >= 9 and
          len(dom.having("rect", "global-memory")) == 1,
          f"an arbiter per kernel that reaches global memory ({reaching}), one global memory")
    check(len(dom.having("ul", "legend")) == 1, "the diagram's legend")
    src = dom.having("tr", "src-line")
    check(len(src) == len(model["source"]["lines"]) > 100, "a row per source line")
    hit = {r["attrs"]["id"]: r["text"] for r in dom.having("tr", "hit")}
    check("loop: II 1" in hit.get("L15", "") and "__local memory 0" in hit.get("L13", ""),
          "lines 13 and 15 annotated")
    check("L1" not in hit, "the licence line is not")
    check(len(dom.having("section", id="area")) == 1 and "Cost model" in
          dom.having("section", id="area")[0]["text"], "the area section names its cost model")
    ch = report_json(build("tests/kernels/channels.cl", "channels_page"))
    page = os.path.join(WORK, "channels.html")
    run([OCLHLS, "report", os.path.join(WORK, "channels_page.oclbin"), "-o", page])
    dom = Dom()
    dom.feed(chromium("--dump-dom", "file://" + os.path.abspath(page)))
    check(len(dom.having("g", "channel")) == len(ch["graph"]["channels"]), "a lane per channel")
    frames = {g["attrs"].get("data-kernel"): g for g in dom.having("g", "kernel-frame")}
    check(len(frames) == len(ch["kernels"]), "a frame per kernel")
    dashed = [e for e in dom.elements if e["tag"] == "rect" and "stroke-dasharray" in e["attrs"]]
    check(len(dashed) == 1, "one dashed (autorun) frame")
    check(len(dom.having("span", "autorun")) == 2, "doubler marked autorun in the summary and "
          "its section")
    check(len(dom.having("rect", "stream")) == sum(
        1 for k in ch["memory_system"]["kernels"] for p in k["ports"]
        if p["target"].startswith("channel ")), "a box per channel port")
    return "the pages of local_mem.cl and channels.cl in Chromium's DOM"


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"FAIL: {path} is not a PNG")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise SystemExit(f"FAIL: a PNG of depth {depth}, colour type {ctype}: not read here")
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), w * bpp
    prev, rows, at = bytearray(stride), [], 0
    for _ in range(h):  # the scanline filters of the PNG specification
        f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        if f == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif f == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], prev[x - bpp] if x >= bpp else 0
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def not_blank(png):
    """The share of pixels that are not the page's white, and how many colours (4 bits a
    channel) there are."""
    w, h, bpp, rows = read_png(png)
    inked, colours = 0, set()
    for line in rows:
        for x in range(0, w * bpp, bpp):
            r, g, b = line[x], line[x + 1], line[x + 2]
            if (r, g, b) != (255, 255, 255):
                inked += 1
                colours.add((r >> 4, g >> 4, b >> 4))
    return inked / (w * h), len(colours)


def html_screenshot():
    """A screenshot of the page (and of a blank one, which the same check must refuse)."""
    page = os.path.join(WORK, "channels_shot.html")
    run([OCLHLS, "report", build("tests/kernels/channels.cl", "channels_shot"), "-o", page])
    shot = os.path.join(WORK, "report.png")
    chromium(f"--screenshot={shot}", "--window-size=1100,1300", "file://" + os.path.abspath(page))
    share, colours = not_blank(shot)
    check(share > 0.10 and colours >= 24,
          f"the page is drawn: {share:.1%} of the pixels inked, {colours} colours")
    blank = os.path.join(WORK, "blank.html")
    with open(blank, "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html><html><body></body></html>\n")
    chromium(f"--screenshot={os.path.join(WORK, 'blank.png')}", "--window-size=1100,1300",
             "file://" + blank)
    bshare, bcolours = not_blank(os.path.join(WORK, "blank.png"))
    check(not (bshare > 0.10 and bcolours >= 24), "a blank page fails the same check")
    return f"screenshot: {share:.1%} inked, {colours} colours (blank page: {bshare:.1%})"


def cli():
    """Errors: a file that is not a program file, a missing file, no file; outputs."""
    junk = os.path.join(WORK, "junk.oclbin")
    with open(junk, "w") as f:
        f.write("not a program\n")
    p = run([OCLHLS, "report", junk], expect=1)
    check("is not a program file" in p.stderr, "a file that is not a program file: exit 1, why")
    p = run([OCLHLS, "report", os.path.join(WORK, "missing.oclbin")], expect=1)
    check("cannot read" in p.stderr, "a missing file: exit 1")
    run([OCLHLS, "report"], expect=2)
    run([OCLHLS, "report", junk, "--frob"], expect=2)
    program = build("tests/kernels/report/vector_mul.cl", "vector_mul")
    p = subprocess.run([OCLHLS, "report", program], cwd=WORK, capture_output=True, text=True)
    check(p.returncode == 0 and os.path.exists(os.path.join(WORK, "vector_mul.html")),
          "default output: the program's name with .html, in the current directory")
    p = subprocess.run([OCLHLS, "report", program, "--json"], cwd=WORK, capture_output=True,
                       text=True)
    check(p.returncode == 0 and json.load(open(os.path.join(WORK, "vector_mul.json")))
          ["report_format"] == 1, "--json: .json")
    p = run([OCLHLS, "report", "--help"])
    check("oclhls report FILE.oclbin" in p.stdout and "--report DIR" in p.stdout,
          "--help after report: the usage, which names report and build --report")
    completion = os.path.join(SRC, "tools", "oclhls", "oclhls.bash")
    for words, want in ((["rep"], "report"), (["report", "--j"], "--json"),
                        (["build", "k.cl", "--rep"], "--report")):
        line = " ".join(f"'{w}'" for w in ["oclhls"] + words)
        p = run(["bash", "-c", f". '{completion}'; COMP_WORDS=({line}); "
                 f"COMP_CWORD={len(words)}; _oclhls; echo \"${{COMPREPLY[*]}}\""])
        check(p.stdout.split() == [want], f"bash completion of {words}: {p.stdout.strip()}")
    return "oclhls report's errors, default outputs, help and completion"


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    os.makedirs(WORK, exist_ok=True)
    return finish(globals()[sys.argv[4]]())


if __name__ == "__main__":
    sys.exit(main())
