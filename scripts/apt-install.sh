#!/usr/bin/env bash
# apt-install.sh PACKAGE... — install Debian packages for mrsched's make
# targets, the one way every setup step uses apt.
#
# Installs only what is missing (dpkg-query), as root or through sudo. Waits
# for another apt/dpkg process to release the dpkg locks (up to
# APT_LOCK_TIMEOUT seconds, default 600, with a message every 30 s), runs
# apt-get update when a package is not in the lists, and retries a failed
# install (APT_RETRIES times, default 3) after waiting for the locks again:
# a concurrent apt run can make dpkg fail with "failed to read archive" even
# after the lock was free, and the second attempt then works.
set -euo pipefail
if [[ $# -eq 0 ]]; then
	echo "usage: $0 PACKAGE..." >&2
	exit 2
fi
LOCK_TIMEOUT=${APT_LOCK_TIMEOUT:-600}
RETRIES=${APT_RETRIES:-3}

missing=()
for p in "$@"; do
	if [[ $(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) != installed ]]; then
		missing+=("$p")
	fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
	echo "apt-install: already installed: $*"
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "apt-install: no apt-get on this machine; install ${missing[*]} (Debian package names) by hand" >&2
	exit 1
fi
SUDO=()
if [[ $(id -u) != 0 ]]; then
	if ! command -v sudo >/dev/null 2>&1; then
		echo "apt-install: not root and no sudo; run as root: apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive

# locked: true while another process holds one of apt's or dpkg's locks.
# APT_LOCK_FILES (space-separated) replaces the list in the script's own test.
read -r -a locks <<<"${APT_LOCK_FILES:-/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock}"
locked() {
	local f
	for f in "${locks[@]}"; do
		[[ -e $f ]] || continue
		if command -v fuser >/dev/null 2>&1; then
			"${SUDO[@]}" fuser "$f" >/dev/null 2>&1 && return 0
		elif command -v flock >/dev/null 2>&1; then
			"${SUDO[@]}" flock -n "$f" true 2>/dev/null || return 0
		fi
	done
	return 1
}
wait_for_locks() {
	local waited=0
	while locked; do
		if ((waited >= LOCK_TIMEOUT)); then
			echo "apt-install: another apt/dpkg process still holds the dpkg lock after ${LOCK_TIMEOUT}s" \
				"(see: ps -C apt-get,apt,dpkg,unattended-upgr -o pid,etime,cmd); giving up on ${missing[*]}" >&2
			return 1
		fi
		((waited % 30 == 0)) && echo "apt-install: waiting for another apt/dpkg process to release the dpkg lock (${waited}s of ${LOCK_TIMEOUT}s)"
		sleep 2
		waited=$((waited + 2))
	done
}

need_update=0
for p in "${missing[@]}"; do
	apt-cache show "$p" >/dev/null 2>&1 || need_update=1
done
attempt=1
while :; do
	wait_for_locks
	if ((need_update)); then
		echo "apt-install: apt-get update"
		"${SUDO[@]}" apt-get update -q || true
	fi
	echo "apt-install: apt-get install -y ${missing[*]} (attempt $attempt of $RETRIES)"
	if "${SUDO[@]}" apt-get install -y -q -o DPkg::Lock::Timeout="$LOCK_TIMEOUT" "${missing[@]}"; then
		echo "apt-install: installed ${missing[*]}"
		exit 0
	fi
	if ((attempt >= RETRIES)); then
		echo "apt-install: apt-get install ${missing[*]} failed $RETRIES times; see the apt output above" >&2
		exit 1
	fi
	echo "apt-install: apt-get install failed; waiting for the dpkg lock and retrying (a concurrent apt run is the usual cause)" >&2
	need_update=1
	attempt=$((attempt + 1))
	sleep "${APT_RETRY_PAUSE:-5}"
done
