#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps docs/ and README.md true to the tree and to `oclhls --help`:
  - every repository path written in backquotes (`hls/compile.c`, `rtl-lib/ocl_fifo.v`,
    `tests/rtl/`) names a file or folder that exists (a `*` matches like a shell glob);
  - every option `oclhls --help` lists appears in docs/user-guide.md.
usage: check_docs.py SOURCE_DIR OCLHLS; prints "N passed, N failed"."""
import glob
import os
import re
import subprocess
import sys

TOP = ("frontend/", "hls/", "rtl-lib/", "board-support/", "runtime/", "tests/", "examples/",
       "docs/", "tools/", "common/", ".ci/")


def doc_files(src):
    return sorted(glob.glob(os.path.join(src, "docs", "**", "*.md"), recursive=True)) + \
        [os.path.join(src, "README.md")]


def paths_in(text):
    """Backquoted words that start with a top-level folder of the tree."""
    for m in re.finditer(r"`([^`\s]+)`", text):
        word = m.group(1).rstrip(".,:;")
        word = re.sub(r"[:(].*$", "", word)  # file:line, func()
        if word.startswith(TOP) and "<" not in word and "$" not in word:
            yield word, text.count("\n", 0, m.start()) + 1


def expand(word):
    """`a/{b,c}.h` -> a/b.h, a/c.h (one level of braces)."""
    m = re.search(r"\{([^{}]*)\}", word)
    if not m:
        return [word]
    return [word[:m.start()] + alt + word[m.end():] for alt in m.group(1).split(",")]


def exists(src, word):
    where = os.path.join(src, word)
    return bool(glob.glob(where)) if any(c in word for c in "*?[") else os.path.exists(where)


def check_paths(src, results):
    for doc in doc_files(src):
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        for word, line in paths_in(text):
            ok = all(exists(src, w) for w in expand(word))
            results.append((ok, f"{os.path.relpath(doc, src)}:{line}: `{word}` exists"))


def check_options(src, oclhls, results):
    out = subprocess.run([oclhls, "--help"], capture_output=True, text=True)
    help_text = out.stdout + out.stderr
    with open(os.path.join(src, "docs", "user-guide.md"), encoding="utf-8") as f:
        guide = f.read()
    options = sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", help_text)))
    results.append((len(options) >= 5, f"oclhls --help lists options ({len(options)})"))
    for opt in options:
        results.append((opt in guide, f"docs/user-guide.md describes oclhls {opt}"))


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    src, oclhls = sys.argv[1], sys.argv[2]
    results = []
    check_paths(src, results)
    check_options(src, oclhls, results)
    failed = [what for ok, what in results if not ok]
    for what in failed:
        print("FAIL:", what)
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
