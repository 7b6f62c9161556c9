#!/usr/bin/env bash
# strip-provenance.sh PATH... — remove, in place, the provenance record that
# mrsched adds to its outputs (internal/provenance: the "## Provenance" block
# at the end of Markdown, the <metadata id="provenance"> element of SVG, the
# top-level "provenance" object of indented JSON), so that two runs with
# different command lines (a whole run and a merge of its shards) can be
# compared byte for byte. Folders are walked. The same rules as
# provenance.Strip, which the Go tests use.
set -euo pipefail
strip() {
	perl -0777 -pi -e '
		s{<metadata id="provenance">.*?</metadata>\n}{}s;
		s{\n## Provenance\n\n\| field \| value \|\n.*\z}{}s;
		s{,?\n  "provenance": \{\n.*?\n  \}\n\}}{\n\}}s;
	' "$1"
}
for p in "$@"; do
	if [[ -d $p ]]; then
		while IFS= read -r -d '' f; do strip "$f"; done < <(find "$p" -type f \( -name '*.md' -o -name '*.svg' -o -name '*.json' \) -print0)
	else
		strip "$p"
	fi
done
