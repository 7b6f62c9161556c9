#!/usr/bin/env bash
# setup-highs.sh [DEST] — install HiGHS's WebAssembly engine files for mrsched.
#
# Fetches the npm package highs@1.15.3 with the npm client (npm pack), checks
# the tarball's sha512 against the registry's dist.integrity, extracts
# build/highs.wasm and build/highs.js, checks their SHA-256 against the values
# pinned in solver/highs/files.go, and installs them in DEST (default
# third_party/highs, git-ignored). Idempotent: does nothing when DEST already
# holds the pinned files.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST=${1:-third_party/highs}
PKG=highs@1.15.3
pin() { sed -n "s/^[[:space:]]*$1 *= *\"\([0-9a-f]\{64\}\)\".*/\1/p" solver/highs/files.go; }
WASM_SHA256=$(pin WasmSHA256)
GLUE_SHA256=$(pin GlueSHA256)
if [[ ${#WASM_SHA256} != 64 || ${#GLUE_SHA256} != 64 ]]; then
	echo "setup-highs: cannot read the pinned SHA-256 values from solver/highs/files.go" >&2
	exit 1
fi
sha256() { sha256sum "$1" | cut -d' ' -f1; }
if [[ -f $DEST/highs.wasm && -f $DEST/highs.js ]] &&
	[[ $(sha256 "$DEST/highs.wasm") == "$WASM_SHA256" && $(sha256 "$DEST/highs.js") == "$GLUE_SHA256" ]]; then
	echo "setup-highs: $DEST already holds $PKG (highs.wasm, highs.js; SHA-256 verified)"
	exit 0
fi
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
	echo "setup-highs: npm and node are needed to fetch $PKG (Debian: apt-get install -y npm)" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "setup-highs: npm pack $PKG"
tgz=$(cd "$tmp" && npm pack --silent "$PKG" 2>/dev/null | tail -n 1)
if [[ -z $tgz || ! -f $tmp/$tgz ]]; then
	echo "setup-highs: npm pack $PKG produced no tarball" >&2
	exit 1
fi
want=$(npm view "$PKG" dist.integrity 2>/dev/null)
got=$(node -e 'const c=require("crypto"),f=require("fs");process.stdout.write("sha512-"+c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$tmp/$tgz")
if [[ -z $want || $want != "$got" ]]; then
	echo "setup-highs: integrity mismatch for $tgz: registry says '$want', tarball is '$got'" >&2
	exit 1
fi
echo "setup-highs: tarball integrity $got verified against the registry"
tar -xzf "$tmp/$tgz" -C "$tmp" package/build/highs.wasm package/build/highs.js
for f in highs.wasm:$WASM_SHA256 highs.js:$GLUE_SHA256; do
	name=${f%%:*} want=${f#*:}
	got=$(sha256 "$tmp/package/build/$name")
	if [[ $got != "$want" ]]; then
		echo "setup-highs: build/$name has SHA-256 $got, pinned $want (solver/highs/files.go)" >&2
		exit 1
	fi
done
mkdir -p "$DEST"
install -m 0644 "$tmp/package/build/highs.wasm" "$tmp/package/build/highs.js" "$DEST/"
echo "setup-highs: installed highs.wasm and highs.js (SHA-256 verified) in $DEST"
