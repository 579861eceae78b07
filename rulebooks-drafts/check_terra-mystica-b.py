#!/usr/bin/env python3
"""Check /work/rulebooks/terra-mystica-b.toml (part B of the Terra Mystica rulebook).

Part B = every rule id whose first bold definition in the spec is at line 549 or later
(sections from 4.11 "Block power action (TMA-PWR)" on). Part B carries no [[term]] entries.
"""
import re
import sys
import tomllib
from pathlib import Path

SPEC = Path("/work/shared/rules/terra-mystica.md")
BOOK = Path("/work/rulebooks/terra-mystica-b.toml")
FIRST_LINE = 549
ID_RE = re.compile(r"\*\*([A-Z][A-Z0-9]{1,5}-[A-Z0-9]{1,8}-\d{1,3}[a-z]?)(?![0-9A-Za-z])")

first = {}
for no, line in enumerate(SPEC.read_text(encoding="utf-8").splitlines(), 1):
    for m in ID_RE.finditer(line):
        first.setdefault(m.group(1), no)
expected = [i for i, n in first.items() if n >= FIRST_LINE]

with BOOK.open("rb") as f:
    book = tomllib.load(f)
rules = book.get("rule", [])
ids = [r.get("id") for r in rules]

errors = []
dups = {i for i in ids if ids.count(i) > 1}
if dups:
    errors.append(f"duplicate ids: {sorted(dups)}")
missing = [i for i in expected if i not in ids]
extra = [i for i in ids if i not in expected]
if missing:
    errors.append(f"missing ids ({len(missing)}): {missing}")
if extra:
    errors.append(f"ids not first defined from line {FIRST_LINE} on: {extra}")
if not missing and not extra and not dups and ids != expected:
    errors.append("ids are not in spec order")
for r in rules:
    rid = r.get("id", "?")
    sec = r.get("section", {})
    for lang in ("en", "de"):
        if not str(sec.get(lang, "")).strip():
            errors.append(f"{rid}: empty section.{lang}")
        entry = r.get(lang, {})
        title = str(entry.get("title", "")).strip()
        summary = str(entry.get("summary", "")).strip()
        if not title:
            errors.append(f"{rid}: empty {lang}.title")
        elif not 2 <= len(title.split()) <= 6:
            errors.append(f"{rid}: {lang}.title has {len(title.split())} words")
        if not summary:
            errors.append(f"{rid}: empty {lang}.summary")
        for bad in ("MUST", "**"):
            if bad in summary:
                errors.append(f"{rid}: {lang}.summary contains {bad!r}")
terms = book.get("term", [])
if terms:
    errors.append(f"part B must not contain [[term]] entries, found {len(terms)}")
for t in terms:
    if not str(t.get("en", "")).strip() or not str(t.get("de", "")).strip():
        errors.append(f"term without en/de: {t}")

if errors:
    print("FAIL")
    for e in errors:
        print(" -", e)
    sys.exit(1)
print(f"OK: {len(ids)} rules (= {len(expected)} spec ids from line {FIRST_LINE}), {len(terms)} terms")
