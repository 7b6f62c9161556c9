#!/usr/bin/env python3
# split.py CGFILE SRC_GO EVENTS_FUNC: instructions of runPS per part, from callgrind.
import re, subprocess, sys
cg, src = sys.argv[1], sys.argv[2]
def ann(args):
    return subprocess.run(['callgrind_annotate', '--show-percs=no', '--threshold=100'] + args + [cg], capture_output=True, text=True).stdout
num = lambda s: int(s.replace(',', ''))
# function-level inclusive and self
incl, selfc, calls = {}, {}, {}
for line in ann(['--inclusive=yes']).splitlines():
    m = re.match(r'\s*([\d,]+)\s+\S*(?:psloop|engine).go:\S*fluid\.(\S+) \[', line)
    if m: incl[m.group(2)] = num(m.group(1))
for line in ann(['--inclusive=no']).splitlines():
    m = re.match(r'\s*([\d,]+)\s+\S*(?:psloop|engine).go:\S*fluid\.(\S+) \[', line)
    if m: selfc[m.group(2)] = num(m.group(1))
# per-line of psloop.go
text = ann(['--auto=yes', '--context=100000'])
lines = {}
cur = None; ln = None
for l in text.splitlines():
    if l.startswith('-- Auto-annotated source:'):
        cur = l.split(':', 1)[1].strip(); ln = None; continue
    if cur is None or not cur.endswith('solver/fluid/psloop.go'): continue
    m = re.match(r'-- line (\d+) -+', l)
    if m: ln = int(m.group(1)); continue
    if ln is None:
        if l.startswith('Ir'): ln = 0
        continue
    if ln == 0:
        ln = 1
        if l.strip() == '': continue
    if '=>' in l or l.startswith('-- '): continue
    m = re.match(r'\s*([\d,]+|\.)\s', l)
    if m:
        if m.group(1) != '.': lines[ln] = lines.get(ln, 0) + num(m.group(1))
        ln += 1
srcl = open(src).read().splitlines()
def find(pat, start=0):
    for i in range(start, len(srcl)):
        if re.search(pat, srcl[i]): return i + 1
    raise SystemExit('not found: ' + pat)
a0 = find(r'^func \(e \*engine\) allocatePS')
p3 = find(r'// Pass 3: the free jobs', a0)
fg = find(r'// The free group, all at rate level', p3)
a1 = find(r'^}', fg)
def rng(lo, hi): return sum(v for k, v in lines.items() if lo <= k <= hi)
tot = int(open(cg).read().split('\ntotals:')[1].split()[0]) if '\ntotals:' in open(cg).read() else int(open(cg).read().split('\nsummary:')[1].split()[0])
runps = incl['(*engine).runPS']
if len(sys.argv) > 3: runps = int(sys.argv[3]) - (int(sys.argv[4]) - tot)  # old runPS incl - (old total - this total)
ev = None
for l in ann(['--tree=caller']).splitlines():
    pass
parts = [
 ('pass 1, main array (passPS self)', selfc.get('(*engine).passPS', 0)),
 ('pass 1, free group (passFree self)', selfc.get('(*engine).passFree', 0)),
 ('moves into the free group (insert)', selfc.get('(*psFreeJobs).insert', 0)),
 ('departures (departPS self, departRec, takeID)', selfc.get('(*engine).departPS', 0) + selfc.get('(*engine).departRec', 0) + selfc.get('(*psJobs).takeID', 0)),
 ('pass 2 and water-filling (allocatePS)', rng(a0, p3 - 1)),
 ('cap sort (sortCapped)', selfc.get('sortCapped', 0)),
 ('pass 3, main array (allocatePS)', rng(p3, fg - 1)),
 ('pass 3, free group (allocatePS)', rng(fg, a1)),
 ('arrivals (arrivePS, pull)', selfc.get('(*engine).arrivePS', 0) + selfc.get('(*engine).pull', 0)),
 ('merges (mergeFree)', selfc.get('(*psJobs).mergeFree', 0)),
 ('the loop (runPS self)', selfc.get('(*engine).runPS', 0)),
]
for k, v in parts: print(f'{k}\t{v/1e6:.1f}')
rest = runps - sum(v for k, v in parts)
print(f'other (clears, slice growth, psBounds)\t{rest/1e6:.1f}')
m = re.search(r'=> \S*psloop.go:\S*fluid\.\(\*engine\)\.passPS \(([\d,]+)x\)', text)
evn = num(m.group(1))
print(f'events (calls of passPS)\t{evn}')
print('per event:', ', '.join(f'{k.split(" (")[0]} {v/evn:.0f}' for k, v in parts), f', other {rest/evn:.0f}, runPS {runps/evn:.0f}')
print(f'runPS inclusive\t{runps/1e6:.1f}\ttotal\t{tot/1e6:.1f}')
print(f'allocatePS self\t{selfc.get("(*engine).allocatePS",0)/1e6:.1f}\tsum of its ranges\t{(rng(a0,a1))/1e6:.1f}')
