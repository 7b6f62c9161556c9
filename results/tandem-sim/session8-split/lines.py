import sys, re
# usage: lines.py annot.txt srcfile  -> prints "lineno self calls text"
ann, src = sys.argv[1], sys.argv[2]
out = {}
with open(ann) as f:
    L = f.read().split('\n')
start = None
for i, l in enumerate(L):
    if l.startswith('-- Auto-annotated source: ') and l.endswith(src):
        start = i + 4
        break
assert start is not None
ln = 0
pat = re.compile(r'^\s*([\d,]+|\.)\s(?:\(\s*[\d.]+%\)\s)?\s*(=>.*)?')
selfc, callc = {}, {}
for l in L[start:]:
    if l.startswith('-----') or l.startswith('-- Auto-annotated'):
        break
    m = re.match(r'^\s*([\d,]+|\.)(?:\s+\(\s*[\d.]+%\))?\s\s(.*)$', l)
    if not m:
        if l.strip() == '':
            continue
        m2 = re.match(r'^\s*([\d,]+|\.)\s*$', l)
        if m2:
            ln += 1; continue
        continue
    c, rest = m.group(1), m.group(2)
    v = 0 if c == '.' else int(c.replace(',', ''))
    if rest.startswith('=> '):
        callc[ln] = callc.get(ln, 0) + v
    else:
        ln += 1
        selfc[ln] = v
for k in sorted(set(selfc) | set(callc)):
    print(k, selfc.get(k, 0), callc.get(k, 0))
