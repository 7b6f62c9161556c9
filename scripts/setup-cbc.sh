#!/usr/bin/env bash
# setup-cbc.sh — install COIN-OR CBC's C library for mrsched's cbc engine
# (build tag cbc): Debian's coinor-libcbc-dev (CBC 2.10.8) and pkg-config.
# Skips with a message when apt-get is missing or we are not root; the rest
# of mrsched does not need CBC.
set -euo pipefail
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists cbc; then
	echo "setup-cbc: CBC $(pkg-config --modversion cbc) already installed (pkg-config cbc)"
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "setup-cbc: skipped: no apt-get; install CBC's C library (with pkg-config's cbc.pc) to use the cbc engine"
	exit 0
fi
if [[ $(id -u) != 0 ]]; then
	echo "setup-cbc: skipped: not root; run 'sudo apt-get install -y coinor-libcbc-dev pkg-config' to enable the cbc engine"
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show coinor-libcbc-dev >/dev/null 2>&1; then
	echo "setup-cbc: apt-get update (coinor-libcbc-dev not in the package lists)"
	apt-get update
fi
apt-get install -y coinor-libcbc-dev pkg-config
echo "setup-cbc: installed CBC $(pkg-config --modversion cbc)"
