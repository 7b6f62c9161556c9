#!/usr/bin/env python3
"""Reviewer's driver: charges.py's mechanical check of Steps 1-4 on seeded near-miss
no-instances (a planted yes-instance with one unit moved between two targets, kept if
brute force says no) and on the planted yes-instances. Usage: nearmiss.py q maxV count seed"""
import random, sys, charges

q, mv, count, seed = (int(a) for a in sys.argv[1:])
rng = random.Random(seed)
done = fails = 0
while done < count:
    f = [rng.randint(1, mv) for _ in range(q)]; g = [rng.randint(1, mv) for _ in range(q)]
    p = list(range(q)); rng.shuffle(p)
    h = [f[p[i]] + g[i] for i in range(q)]
    for hh in (list(h), None):
        if hh is None:
            a, b = rng.sample(range(q), 2)
            if h[b] <= 1:
                break
            hh = list(h); hh[a] += 1; hh[b] -= 1
        yes, ns, bad = charges.check(f, g, hh)
        ok = not bad and (ns > 0) == yes
        fails += not ok
        print(f"f={f} g={g} h={hh} yes={yes} survivors={ns} unmatched={len(bad)} {'OK' if ok else 'FAIL'}", flush=True)
    done += 1
print(f"q={q} maxV={mv} seed={seed}: {fails} failures")
