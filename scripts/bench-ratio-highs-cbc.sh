#!/usr/bin/env bash
# bench-ratio-highs-cbc.sh FILE — turn the output of BenchmarkEngines
# (solver/engine, -tags cbc) into a Markdown table of HiGHS-wasm/CBC time
# ratios, one row per model.
set -euo pipefail
awk '
/^BenchmarkEngines\// {
	split($1, p, "/"); model = p[2]; eng = p[3]; sub(/-[0-9]+$/, "", eng)
	t[model, eng] = $3; if (!(model in seen)) { seen[model] = 1; order[++n] = model }
}
END {
	print "| model | HiGHS-wasm (ms) | CBC (ms) | HiGHS/CBC |"
	print "|---|---:|---:|---:|"
	for (i = 1; i <= n; i++) {
		m = order[i]; h = t[m, "highs"]; c = t[m, "cbc"]
		printf "| %s | %.3f | %.3f | %.1f |\n", m, h / 1e6, c / 1e6, (c > 0 ? h / c : 0)
	}
}' "$1"
