#!/usr/bin/env python3
"""Reviewer's driver: charges.py's check on every instance named in exact-*.log."""
import glob, re, charges

seen = set()
for fn in sorted(glob.glob('exact-*.log')):
    for line in open(fn):
        m = re.search(r'f=\[([\d ]+)\] g=\[([\d ]+)\] h=\[([\d ]+)\]', line)
        if not m:
            continue
        f, g, h = ([int(x) for x in m.group(i).split()] for i in (1, 2, 3))
        if (tuple(f), tuple(g), tuple(h)) in seen:
            continue
        seen.add((tuple(f), tuple(g), tuple(h)))
        yes, ns, bad = charges.check(f, g, h)
        ok = not bad and (ns > 0) == yes
        print(f"f={f} g={g} h={h} yes={yes} survivors={ns} unmatched={len(bad)} {'OK' if ok else 'FAIL'}")
