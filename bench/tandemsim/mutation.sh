#!/usr/bin/env bash
# Mutation tests of the event types of solver/fluid: each mutation removes
# one kind of event (or the k-LPS admission limit) in a scratch copy of the
# module, runs the package's tests there and lists the tests that fail. A
# mutation no test catches is reported as SURVIVED. The working tree is
# never modified.
#
#   bench/tandemsim/mutation.sh [MUTATION...]      (default: all)
#
# Output (stdout): one line per mutation, "name: caught by Test1 Test2 ..."
# or "name: SURVIVED". Needs perl and go.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d /tmp/fluid-mutation.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# name|file (in solver/fluid)|perl substitution (must change the file)
mutations=(
  'splitsrpt-crossing|policy.go|s/(func \(s \*splitState\) crossing\(\) \(float64, \*job, \*job\) \{)/$1\n\treturn inf, nil, nil/'
  'maxsrpt-crossing|policy.go|s/(func \(s \*prioState\) crossing\(\) \(float64, \*job, \*job\) \{)/$1\n\treturn inf, nil, nil/'
  'buffer-drain|engine.go|s/if !j\.track && j\.rs > 0 \{/if !j.track \&\& j.rs > 0 \&\& j.x == 0 {/'
  'klps-admission|policy.go|s/if s\.k > 0 && s\.k < limit && !s\.mapOnly \{/if false {/'
  'klps-maponly-admission|policy.go|s/\(s\.k == 0 \|\| !s\.mapOnly \|\| nmap < s\.k\)/true/'
  'splitsrpt-beta-frozen|policy.go|s/if beta := bj\.ratio; beta != s\.lastBeta \{/if beta := bj.ratio; math.IsNaN(s.lastBeta) {/'
  'sub-ulp-crossing|engine.go|s/if ca != nil && ctau > 0 && !e\.st\.resolves\(ca, cb\) \{/if false {/'
  'ps-loop-buffer-drain|psloop.go|s/\t\t\tdrain = fl&psTrack == 0 && rs > 0 && rs > in\n(\t\t\tif !drain && now\+lb >= t \{\n\t\t\t\tcontinue \/\/ an empty buffer)/\t\t\tdrain = fl\&psTrack == 0 \&\& rs > 0 \&\& rs > in \&\& x == 0\n$1/'
  'ps-loop-klps-admission|psloop.go|s/\t\tkpos = ps\.k\n/\t\tkpos = math.MaxInt\n/'
  'ps-loop-klps-maponly-admission|psloop.go|s/\t\tkmap = ps\.k\n/\t\tkmap = math.MaxInt\n/'
  'ps-loop-candidates|psloop.go|s/\t\t\ts\.cand = append\(s\.cand, w\)\n//'
  'ps-loop-free-count|psloop.go|s/\t\ts\.nfree\+\+\n//'
  'ps-loop-arrival-classify|psloop.go|s/\t\t\t\tj\.fl = s\.classify\(w, fl\)/\t\t\t\tj.fl = fl/'
  'ps-loop-cap-sort|psloop.go|s/if a\[m\]\.c > j\.c \|\|/if a[m].c < j.c ||/'
  'ps-loop-capped-kept|psloop.go|s/\t\tfor _, cj := range s\.capped \{\n\t\t\ti := s\.next\[cj\.i\]/\t\tfor _, cj := range s.capped[:0] {\n\t\t\ti := s.next[cj.i]/'
  'ps-loop-capped-flag|psloop.go|s/\t\t\t\tj\.fl \|= psCapped\n//'
  'ps-loop-position-map|psloop.go|s/\t\tnext\[i\] = w\n/\t\tnext[i] = i\n/'
  'ps-loop-tracked-snap|psloop.go|s/\t\t\t\t\tx = 0\n(\t\t\t\t\}\n\t\t\t\tfl \|= psEmpty \| psLazyY)/\t\t\t\t\tx = x * 1\n$1/'
  'ps-loop-bound-free|psloop.go|s/\t\t\tif now\+lb >= t \{/\t\t\tif now+lb >= t-1e-9*now {/'
  'ps-loop-bound-map|psloop.go|s/if !drain && now\+lb >= t \{/if !drain \&\& now+lb >= t-1e-9*now {/'
  'ps-loop-bound-margin|psloop.go|s/^const psLo = 1 - 0x1p-50$/const psLo = 1/m'
  'ps-free-tie|psloop.go|s/\(tj == t && evIdx >= 0 && fj\.seq < s\.c\[evIdx\]\.seq\)/false/'
  'ps-free-departure-order|psloop.go|s/d < len\(s\.fdep\) && s\.fdep\[d\]\.seq < s\.c\[i\]\.seq/d < len(s.fdep) \&\& false/'
  'ps-free-merge|psloop.go|s/\t\t\t\ts\.mergeFree\(\)/\t\t\t\t_ = 0/'
  'ps-free-insert-order|psloop.go|s/for k > 0 && f\.a\[k-1\]\.seq > c\.seq \{/for false {/'
  'ps-free-head|psloop.go|s/\t\tm = min\(m, y\)/\t\tm = max(m, y)/'
  'ps-free-drain|psloop.go|s/if k == fDrain \|\| y <= fj\.snap \{/if y <= fj.snap {/'
  'ps-free-merge-spare|psloop.go|s/\ts\.mj, s\.mc, s\.mpos = s\.j\[:0\], s\.c\[:0\], pos\[:0\]/\ts.mj, s.mc, s.mpos = j[:0], c[:0], pos[:0]/'
  'ps-id-slot-store|psloop.go|s/\t\ts\.ids\[k\] = id\n//'
  'ps-id-slot-pop|psloop.go|s/\t\ts\.freeIDs = s\.freeIDs\[:n-1\]\n//'
  'ps-loop-lazy-y|psloop.go|s/\t\t\t\t\ty = snapOf\(x, x0, y0\) \/\/ what the tracked branch left\n//'
  'ps-loop-lazy-flag|psloop.go|s/\t\tfl &= psEmpty \| psCapped \| psLazyY\n/\t\tfl \&= psEmpty | psCapped\n/'
  'ps-loop-fast-bound|psloop.go|s/\t\t\tserved\+\+\n\t\t\tlb = x \* invS\n/\t\t\tserved++\n\t\t\tlb = 2 * x * invS\n/'
  'ps-loop-fast-track|psloop.go|s/\t\t\tif j\.y0 > 0 && rs >= in \{/\t\t\tif j.y0 > 0 \&\& rs > in {/'
  'ps-free-compact-y|psloop.go|s/\t\tfa\[w\]\.y = y\n//'
  'max-loop-crossing|maxloop.go|s/\t\t\tif now\+dt < t \{\n(\t\t\t\tt, evK, evKind, ctau, cross = )/\t\t\tif false {\n$1/'
  'max-loop-crossing-bound-tau0|maxloop.go|s/\t\t\tlo = maxf\(tau, 0\)/\t\t\tlo = p1/'
  'max-loop-flip|maxloop.go|s/\t\t\te\.flipMax\(s, ca, cb, pcb\)\n/\t\t\t_ = pcb\n/'
  'max-loop-buffer-drain|maxloop.go|s/if !j\.track && j\.rs > 0 && j\.rs > in \{/if !j.track \&\& j.rs > 0 \&\& j.rs > in \&\& x == 0 {/'
  'max-loop-sub-ulp-crossing|maxloop.go|s/if cross && ctau > 0 && !resolvesMax\(s, ca, cb\) \{/if false {/'
  'max-loop-order-tie|maxloop.go|s/\treturn a\.tie < b\.tie\n/\treturn false\n/'
  'max-loop-order-sort|maxloop.go|s/for m\+1 < len\(o\) && lessEnt\(&v, &o\[m\+1\]\) \{/for m+1 < len(o) \&\& m == k \&\& lessEnt(\&v, \&o[m+1]) {/'
  'max-loop-order-flags|maxloop.go|s/\t\t\to\.key, o\.fl = maxf\(x, y\), flagsOf\(x, empty\)\n/\t\t\to.key = maxf(x, y)\n/'
  'max-loop-order-scan|maxloop.go|s/if o\[p\]\.fl&inBuf != 0 \{/if o[p].fl == inBuf {/'
  'max-loop-order-remove-shift|maxloop.go|s/\tfor ; p\+1 < len\(o\); p\+\+ \{/\tfor ; false; p++ {/'
  'max-loop-order-insert|maxloop.go|s/\tfor m > 0 && lessEnt\(&o\[m-1\], &v\) \{/\tfor m > 0 \&\& m == len(o) \&\& lessEnt(\&o[m-1], \&v) {/'
  'max-loop-cross-skip|maxloop.go|s/ma != mb && \(ns == 2 \|\| cSwap\) \{/ma != mb \&\& cSwap {/'
  'max-loop-order-slot-reuse|maxloop.go|s/\t\ti = s\.free\[n-1\]\n/\t\ti = s.free[0]\n/'
  'max-loop-hand-off|maxloop.go|s/\t\t\te\.handOffMax\(s\)\n//'
  'max-loop-flip-buffer|maxloop.go|s/\t\ts\.j\[b\]\.buf = bufferOf\(s\.j\[b\]\.x, s\.j\[b\]\.y, s\.j\[b\]\.x0, s\.j\[b\]\.y0\)\n//'
  'split-loop-crossing|splitloop.go|s/if m1 >= 0 && b1 >= 0 && m1 != b1 \{/if false {/'
  'split-loop-flip|splitloop.go|s/\t\t\te\.flipSplit\(&cl\[1\], ca, cb\)\n//'
  'split-loop-buffer-drain|splitloop.go|s/if !j\.track && j\.rs > 0 && j\.rs > in \{/if !j.track \&\& j.rs > 0 \&\& j.rs > in \&\& x == 0 {/'
  'split-loop-sub-ulp-crossing|splitloop.go|s/if cross && ctau > 0 \{/if false {/'
  'split-loop-hand-off|splitloop.go|s/\t\t\te\.handOffSplit\(&cl\)\n//'
  'split-loop-beta-departure|splitloop.go|s/if sl\.ratio == beta \{/if false {/'
  'split-loop-beta-arrival|splitloop.go|s/if r := e\.arriveSplit\(&cl\); r < beta \{/if r := e.arriveSplit(\&cl); false \&\& r < beta {/'
  'split-loop-minima-tie|splitloop.go|s/v < bm \|\| \(v == bm && tie\[i\] < tie\[im\]\)/v < bm/'
  'split-loop-flip-buffer|splitloop.go|s/\t\tjb\.buf = bufferOf\(jb\.x, jb\.y, jb\.x0, jb\.y0\)\n//'
  'split-loop-codes-s1-shuffle|splitloop.go|s/\t\t\tkb = signBit \| bx\n/\t\t\tkb = bx\n/'
  'split-loop-codes-s2-map|splitloop.go|s/\t\tkm = by\n/\t\tkm = bx\n/'
  'split-loop-removal-order|splitloop.go|s/\t\t\tif lo > hi \{\n\t\t\t\thi, lo = lo, hi/\t\t\tif lo < hi {\n\t\t\t\thi, lo = lo, hi/'
)

want=("$@")
tar -C "$root" --exclude=./.git --exclude=./results --exclude="*.svg" --exclude="*.png" -cf - . | tar -C "$scratch" -xf -
for m in "${mutations[@]}"; do
  IFS='|' read -r name file expr <<<"$m"
  if [ ${#want[@]} -gt 0 ] && [[ ! " ${want[*]} " =~ " $name " ]]; then continue; fi
  f="$scratch/solver/fluid/$file"
  cp "$root/solver/fluid/$file" "$f"
  perl -0pi -e "$expr" "$f"
  if cmp -s "$f" "$root/solver/fluid/$file"; then
    echo "$name: PATTERN NOT FOUND in solver/fluid/$file (update bench/tandemsim/mutation.sh)"
    exit 1
  fi
  out=$(cd "$scratch" && go test -count=1 ./solver/fluid/ 2>&1 || true)
  cp "$root/solver/fluid/$file" "$f"
  failed=$(grep -oE -- '--- FAIL: [A-Za-z0-9_]+' <<<"$out" | awk '{print $3}' | sort -u | tr '\n' ' ' || true)
  if grep -q 'panic:' <<<"$out"; then failed="$failed(panic) "; fi
  if [ -z "$failed" ]; then
    if grep -q '^ok' <<<"$out"; then echo "$name: SURVIVED"; else echo "$name: build/other failure:"; echo "$out" | head -20; fi
  else
    echo "$name: caught by $failed"
  fi
done
