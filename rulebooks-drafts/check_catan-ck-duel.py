#!/usr/bin/env python3
"""Check /work/rulebooks/catan-ck-duel.toml against the spec catan-ck-duel.md."""
import re
import sys
import tomllib
from pathlib import Path

SPEC = Path("/work/shared/rules/catan-ck-duel.md")
BOOK = Path(__file__).with_name("catan-ck-duel.toml")
ID_RE = re.compile(r"\*\*([A-Z][A-Z0-9]{1,5}-[A-Z0-9]{1,8}-\d{1,3}[a-z]?)(?![0-9A-Za-z])")

spec_ids = []
for m in ID_RE.finditer(SPEC.read_text(encoding="utf-8")):
    if m.group(1) not in spec_ids:
        spec_ids.append(m.group(1))

with BOOK.open("rb") as f:
    book = tomllib.load(f)

rules = book.get("rule", [])
terms = book.get("term", [])
book_ids = [r.get("id") for r in rules]

errors = []
dups = {i for i in book_ids if book_ids.count(i) > 1}
if dups:
    errors.append(f"duplicate ids: {sorted(dups)}")
missing = [i for i in spec_ids if i not in book_ids]
extra = [i for i in book_ids if i not in spec_ids]
if missing:
    errors.append(f"missing ids ({len(missing)}): {missing}")
if extra:
    errors.append(f"ids not in spec: {extra}")
if not missing and not extra and book_ids != spec_ids:
    errors.append("rules are not in spec order")

for r in rules:
    rid = r.get("id", "?")
    sec = r.get("section", {})
    for lang in ("en", "de"):
        if not str(sec.get(lang, "")).strip():
            errors.append(f"{rid}: empty section.{lang}")
        entry = r.get(lang, {})
        for field in ("title", "summary"):
            if not str(entry.get(field, "")).strip():
                errors.append(f"{rid}: empty {lang}.{field}")
        summary = str(entry.get("summary", ""))
        if "MUST" in summary or "**" in summary:
            errors.append(f"{rid}: {lang}.summary contains MUST or **")
        nwords = len(str(entry.get("title", "")).split())
        if not 1 <= nwords <= 6:
            errors.append(f"{rid}: {lang}.title has {nwords} words")

if not 40 <= len(terms) <= 150:
    errors.append(f"{len(terms)} terms, expected 40-150")
for n, t in enumerate(terms):
    if not str(t.get("en", "")).strip() or not str(t.get("de", "")).strip():
        errors.append(f"term #{n}: missing en or de")

print(f"spec ids: {len(spec_ids)}, rules: {len(rules)}, terms: {len(terms)}")
if errors:
    print("\n".join(errors))
    sys.exit(1)
print("OK")
