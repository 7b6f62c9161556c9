import sys
# usage: cats.py lines.txt spec ; spec lines: "cat a-b a-b ..."; extra: "cat =N" fixed cost
lines = {}
for l in open(sys.argv[1]):
    k, s, c = map(int, l.split()); lines[k] = s
cats = []; used = set(); tot = 0
for l in open(sys.argv[2]):
    l = l.strip()
    if not l or l.startswith('#'): continue
    name, *rs = l.split('|')
    v = 0
    for r in rs[0].split():
        if r.startswith('='): v += int(r[1:]); continue
        a, b = (map(int, r.split("-")) if "-" in r else (int(r), int(r)))
        for k in range(a, b+1):
            if k in used: print('dup', k, name)
            used.add(k); v += lines.get(k, 0)
    cats.append((name, v)); tot += v
rest = sum(v for k, v in lines.items() if k not in used)
jobs = float(sys.argv[3]) if len(sys.argv) > 3 else 1e6
ev = float(sys.argv[4]) if len(sys.argv) > 4 else 1
for n, v in cats: print(f"| {n} | {v/jobs:.0f} | {v/jobs/ev:.0f} | {100*v/(tot+rest):.1f} |")
print(f"| (unassigned lines) | {rest/jobs:.0f} | {rest/jobs/ev:.0f} | {100*rest/(tot+rest):.1f} |")
print(f"| total | {(tot+rest)/jobs:.0f} | {(tot+rest)/jobs/ev:.0f} | 100 |")
