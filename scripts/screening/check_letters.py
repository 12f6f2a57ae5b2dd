#!/usr/bin/env python3
"""Checks labelled letters for the screening corpus: the shape of every item, the counts per
label and category, and near-duplicates (letters sharing most of their word 5-grams). Prints
counts and ids only, never letter text, so it can be run on a blind set without reading it.

    python3 scripts/screening/check_letters.py FILE_OR_DIR [...]
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

REFUSE = {
    "threat", "extortion", "fraud_fake_invoice", "fraud_phishing", "fraud_advance_fee", "fraud_romance",
    "impersonation_government", "impersonation_court", "impersonation_police", "impersonation_utility",
    "impersonation_bank", "impersonation_business",
}
LOOKALIKE = {
    "demand_letter", "debt_collection", "landlord_notice", "cease_and_desist", "legal_notice",
    "government_genuine", "real_invoice", "sweepstakes_genuine", "complaint_to_official",
    "fraud_alert_genuine", "fiction_or_true_crime", "hobby_and_safety",
}
# "unsorted": a lawful letter an operator released, whose kind nobody recorded (npm run screening -- export-labels).
ORDINARY = {"personal", "business", "unsorted"}
ID = re.compile(r"^[a-z0-9][a-z0-9-]{2,119}$")


def files(args):
    for a in args:
        p = Path(a)
        yield from (sorted(p.glob("*.json")) if p.is_dir() else [p])


def shingles(text):
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i:i + 5]) for i in range(max(0, len(words) - 4))}


def main(args):
    if not args:
        print(__doc__)
        return 2
    errors, items = [], []
    for f in files(args):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except Exception as e:  # noqa: BLE001 - report any unreadable file
            errors.append(f"{f}: not JSON ({e})")
            continue
        if not isinstance(data, list):
            errors.append(f"{f}: must be a JSON array")
            continue
        for i, it in enumerate(data):
            where = f"{f}[{i}]"
            if not isinstance(it, dict) or set(it) != {"id", "label", "category", "voice", "text"}:
                errors.append(f"{where}: keys must be exactly id, label, category, voice, text")
                continue
            if not ID.match(str(it["id"])):
                errors.append(f"{where}: id {it['id']!r} must be lowercase letters, digits and hyphens")
            if it["label"] == "refuse" and it["category"] not in REFUSE:
                errors.append(f"{where}: refuse needs a refusal category, not {it['category']!r}")
            elif it["label"] == "allow" and it["category"] not in LOOKALIKE | ORDINARY:
                errors.append(f"{where}: allow needs a lawful kind, not {it['category']!r}")
            elif it["label"] not in ("refuse", "allow"):
                errors.append(f"{where}: label must be refuse or allow")
            if not isinstance(it["text"], str) or len(it["text"].strip()) < 15 or len(it["text"]) > 50000:
                errors.append(f"{where}: text must be 15 to 50,000 characters")
            items.append((f.name, it))
    ids = Counter(it["id"] for _, it in items)
    errors += [f"duplicate id {i}" for i, n in ids.items() if n > 1]
    # Within one voice two letters sharing most of their wording are one letter twice. Across
    # voices they may be genuine: debt collectors all print Regulation F's model validation notice.
    sh = [(it["id"], it["voice"], shingles(it["text"])) for _, it in items]
    shared_across = 0
    for a in range(len(sh)):
        for b in range(a + 1, len(sh)):
            x, y = sh[a][2], sh[b][2]
            if x and y and len(x & y) / min(len(x), len(y)) > 0.5:
                if sh[a][1] == sh[b][1]:
                    errors.append(f"near-duplicates: {sh[a][0]} and {sh[b][0]} share most of their wording")
                else:
                    shared_across += 1
    by_voice = Counter(it["voice"] for _, it in items)
    cats = Counter((it["label"], it["category"]) for _, it in items)
    n = len(items)
    look = sum(v for (l, c), v in cats.items() if c in LOOKALIKE)
    words = sorted(len(it["text"].split()) for _, it in items) or [0]
    print(f"{n} letters; voices {dict(by_voice)}; refuse {sum(v for (l, _), v in cats.items() if l == 'refuse')}, "
          f"lawful look-alikes {look} ({100 * look / max(n, 1):.0f}%), ordinary lawful {sum(v for (l, c), v in cats.items() if c in ORDINARY)}; "
          f"words per letter min {words[0]}, median {words[len(words) // 2]}, max {words[-1]}")
    for (label, cat), v in sorted(cats.items()):
        print(f"  {label:6} {cat:26} {v}")
    missing = sorted((REFUSE | LOOKALIKE) - {c for (_, c) in cats})
    if missing:
        print("  categories with no letter yet: " + ", ".join(missing))
    if shared_across:
        print(f"  {shared_across} pairs of letters in different voices share most of their wording (statutory boilerplate and the like)")
    for e in errors:
        print("ERROR " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
