#!/usr/bin/env bash
# setup-cbc.sh — install COIN-OR CBC's C library for mrsched's cbc engine
# (build tag cbc): Debian's coinor-libcbc-dev (CBC 2.10.8) and pkg-config.
# Skips with a message when apt-get is missing or we are neither root nor
# allowed password-less sudo; the rest of mrsched does not need CBC. apt runs
# through scripts/apt-install.sh (waits for the dpkg lock, retries).
set -euo pipefail
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists cbc; then
	echo "setup-cbc: CBC $(pkg-config --modversion cbc) already installed (pkg-config cbc)"
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "setup-cbc: skipped: no apt-get; install CBC's C library (with pkg-config's cbc.pc) to use the cbc engine"
	exit 0
fi
if [[ $(id -u) != 0 ]] && ! sudo -n true 2>/dev/null; then
	echo "setup-cbc: skipped: not root and no password-less sudo; run 'sudo apt-get install -y coinor-libcbc-dev pkg-config' to enable the cbc engine"
	exit 0
fi
bash "$(dirname "$0")/apt-install.sh" coinor-libcbc-dev pkg-config
echo "setup-cbc: installed CBC $(pkg-config --modversion cbc)"
