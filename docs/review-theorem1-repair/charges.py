#!/usr/bin/env python3
"""Reviewer's independent mechanical check of Steps 1-4 of docs/theorem1-repair.md.

For a repaired reduction (A = 2y'(y'+Σh'), M = 2A, E = (M, M)) it enumerates every
completion order (depth-first, identical jobs once) and computes the lower bound the
proof's ingredients give for ANY schedule with that completion order and T ≤ y:

    T − y0 ≥ Σ_b (X_b − y0_b) + Σ_b max(0, max_{a≤b} W′(a, b)),

with W′(a, b) = Σ_{k=a..b} c_k, c_k = ρ·surplus (F, G), −h′ (H), 0 (E), ρ = 1 − y′/A
((0), Lemma W and (W′) of the proof; each position uses its best window, which
includes every charge the proof assigns). An order "survives" when this bound is ≤ y′.
The proof claims: the survivors are exactly the orders (F G H)^q E E with
f + g′ = h′ in every block, so a no-instance has none. Integer arithmetic (×A).
Usage: charges.py q maxV   (all NMTS instances with f, g ≤ maxV, h ≤ 2maxV)
       charges.py f1,f2 g1,g2 h1,h2   (one instance)
"""
import itertools, sys


def reduce(f, g, h):
    q = len(f)
    c = max(0, 3 * sum(f) + 1 - min(g))
    g = [x + c for x in g]; h = [x + c for x in h]
    yp = 2 * sum(f) + sum(g)
    A = 2 * yp * (yp + sum(h)); M = 2 * A
    jobs = [('F', A, A + x) for x in f] + [('G', A, A + x) for x in g] + \
           [('H', A, A - x) for x in h] + [('E', M, M)] * 2
    y0 = [k * A for k in range(1, 3 * q + 1)] + [3 * q * A + M, 3 * q * A + 2 * M]
    return jobs, y0, yp, A


def survivors(f, g, h):
    jobs, y0, yp, A = reduce(f, g, h)
    n = len(jobs)
    # c_k scaled by A: ρ·s·A = (A − y′)·s for surplus s > 0; (s − x)·A otherwise.
    cs = [((A - yp) * (sh - mp)) if sh > mp else (sh - mp) * A for (_, mp, sh) in jobs]
    limit = yp * A
    out = []
    used = [False] * n
    order = []
    # Pruning: the bound of every position is ≥ 0 and, at an F or G, ≥ its own c_k
    # (the window [k, k]); so acc + Σ c_k over the unplaced F, G is a lower bound on
    # the bound of every completion of the prefix.
    rest = [sum(cs[j] for j in range(n) if cs[j] > 0)]

    def dfs(b, X, best, acc):
        if acc + rest[0] > limit:
            return
        if b == n:
            out.append(list(order))
            return
        seen = set()
        for j in range(n):
            if used[j] or jobs[j] in seen:
                continue
            seen.add(jobs[j])
            mp = jobs[j][1]
            X2 = X + mp
            best2 = cs[j] + max(0, best)
            acc2 = acc + (X2 - y0[b]) * A + max(0, best2)
            pos = max(0, cs[j])
            used[j] = True; order.append(j); rest[0] -= pos
            dfs(b + 1, X2, best2, acc2)
            used[j] = False; order.pop(); rest[0] += pos

    dfs(0, 0, 0, 0)
    return jobs, out


def matched(jobs, order, f, g, h):
    q = len(f)
    kinds = ''.join(jobs[j][0] for j in order)
    if kinds != 'FGH' * q + 'EE':
        return False
    for i in range(q):
        a, b, c = (jobs[order[3 * i + t]] for t in range(3))
        # f + g′ = h′  ⇔  (a.shuffle − A) + (b.shuffle − A) = A − c.shuffle
        A = a[1]
        if (a[2] - A) + (b[2] - A) != A - c[2]:
            return False
    return True


def is_yes(f, g, h):
    for pf in itertools.permutations(f):
        for pg in itertools.permutations(g):
            if all(x + y == z for x, y, z in zip(pf, pg, h)):
                return True
    return False


def check(f, g, h):
    jobs, surv = survivors(f, g, h)
    bad = [o for o in surv if not matched(jobs, o, f, g, h)]
    return is_yes(f, g, h), len(surv), bad


def main():
    if len(sys.argv) == 4:
        f, g, h = ([int(v) for v in a.split(',')] for a in sys.argv[1:])
        yes, ns, bad = check(f, g, h)
        print(f"f={f} g={g} h={h} yes={yes} survivors={ns} unmatched survivors={len(bad)}")
        return
    q, mv = int(sys.argv[1]), int(sys.argv[2])
    ms = list(itertools.combinations_with_replacement(range(1, mv + 1), q))
    hs = list(itertools.combinations_with_replacement(range(1, 2 * mv + 1), q))
    tot = yes_n = fail = 0
    for f in ms:
        for g in ms:
            for h in hs:
                if sum(f) + sum(g) != sum(h):
                    continue
                yes, ns, bad = check(list(f), list(g), list(h))
                tot += 1; yes_n += yes
                if bad or (yes and ns == 0) or (not yes and ns):
                    fail += 1
                    print("FAIL", f, g, h, yes, ns, bad[:3])
    print(f"q={q} values<={mv}: {tot} instances ({yes_n} yes): {fail} where the survivors are not exactly the matched block orders")


if __name__ == '__main__':
    main()
