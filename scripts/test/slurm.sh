#!/usr/bin/env bash
# slurm.sh — sharded studies on a real Slurm and with GNU parallel over SSH
# (make slurm-test, part of make test; docs/scale-out.md).
#
#  1. Installs Slurm and MUNGE from Debian (slurm-wlm, munge) and
#     openssh-server when missing (scripts/apt-install.sh).
#  2. Re-runs itself in a network namespace of its own (unshare --net) with
#     only the loopback interface, so every daemon is reachable from this
#     machine's localhost only and its ports cannot clash with anything.
#  3. Starts a single-host cluster in a temporary folder: munged (as the
#     munge user, its own key and socket), slurmctld and slurmd (one node
#     with this machine's cores and memory from `slurmd -C`, one partition);
#     waits until sinfo shows the node idle.
#  4. Runs study tightness and a cut-down FLEX study as job arrays through
#     scripts/slurm-report.sh, merges (scripts/sweep-merge.sh) and compares
#     with the unsharded runs byte for byte; then cancels one task of a fig9
#     array while it runs (scancel JOB_INDEX), resubmits that index, and
#     checks the merge is still byte-identical.
#  5. Runs the same through GNU parallel (scripts/report-parallel.sh), on
#     this machine and with --sshlogin to an sshd started on 127.0.0.1 with
#     throwaway keys.
#  6. Stops every daemon and removes the folder whatever the outcome (trap).
#
# A step that cannot run here is reported with the reason and what was
# checked instead; under MRSCHED_REQUIRE_ALL=1 or CI=true (make test, CI)
# the missing piece is a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
BIN=$(realpath -m "${MRSCHED:-bin/mrsched}")
export MRSCHED=$BIN
strict=0
[[ ${MRSCHED_REQUIRE_ALL:-} == 1 || ${CI:-} == true ]] && strict=1
say() { echo "slurm-test: [${SECONDS}s] $*"; }
die() { echo "slurm-test: FAIL: $*" >&2; exit 1; }
# cannot REASON — a step that cannot run: a failure when strict, else a
# printed skip of that step.
cannot() {
	if ((strict)); then die "$1"; fi
	say "SKIPPED: $1"
}
[[ -x $BIN ]] || die "$BIN not built (make build)"

if [[ ${MRSCHED_SLURM_NETNS:-} != 1 ]]; then
	# Outside the namespace: install what is missing, then re-enter.
	if [[ $(id -u) != 0 ]]; then
		cannot "not root: starting slurmctld, slurmd and munged for the test needs root (run make slurm-test as root)"
		exit 0
	fi
	need=()
	for c in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge; do
		command -v "${c%%:*}" >/dev/null 2>&1 || need+=(slurm-wlm munge)
	done
	if [[ ${#need[@]} -gt 0 ]]; then
		bash scripts/apt-install.sh slurm-wlm munge || die "could not install slurm-wlm and munge from Debian (see above)"
	fi
	if ! command -v sshd >/dev/null 2>&1 && ! [[ -x /usr/sbin/sshd ]]; then
		bash scripts/apt-install.sh openssh-server ||
			say "openssh-server could not be installed; the --sshlogin step will say so"
	fi
	command -v parallel >/dev/null 2>&1 || bash scripts/apt-install.sh parallel || die "could not install GNU parallel"
	if [[ ${MRSCHED_SLURM_NO_NETNS:-} != 1 ]] && unshare --net true 2>/dev/null; then
		exec unshare --net -- env MRSCHED_SLURM_NETNS=1 bash "$0" "$@"
	fi
	say "unshare --net is not available here${MRSCHED_SLURM_NO_NETNS:+ (MRSCHED_SLURM_NO_NETNS=1)}: the daemons run in the host's network namespace on free ports, bound to 127.0.0.1 (CommunicationParameters=NoCtldInAddrAny,NoInAddrAny; checked with ss below)"
	export MRSCHED_SLURM_NETNS=0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mrsched-slurm.XXXXXX")
chmod 755 "$tmp" # munged (as the munge user) must reach its socket folder
mkdir -p "$tmp"/{log,state,spool,cells,out,munge,munge-run,ssh}
created_run_sshd=0
cleanup() {
	local rc=$? f pid
	set +e
	if [[ -n ${SLURM_CONF:-} && -f $tmp/slurmctld.pid ]]; then
		scancel --quiet --user=root 2>/dev/null
	fi
	for f in "$tmp/ssh/sshd.pid" "$tmp/slurmd.pid" "$tmp/slurmctld.pid" "$tmp/munge/munged.pid"; do
		[[ -s $f ]] || continue
		pid=$(cat "$f")
		kill "$pid" 2>/dev/null
		for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$pid" 2>/dev/null
	done
	# job steps that outlived slurmd (their command lines name the folder)
	pkill -9 -f -- "$tmp/" 2>/dev/null
	((created_run_sshd)) && rmdir /run/sshd 2>/dev/null
	if ((rc != 0)); then
		for f in "$tmp"/log/*.log "$tmp"/munge/munged.log; do
			[[ -s $f ]] && { echo "--- $f (last 15 lines)"; tail -n 15 "$f"; }
		done
	fi
	rm -rf "$tmp"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ $MRSCHED_SLURM_NETNS == 1 ]]; then
	ip link set lo up
	# Slurm binds with getaddrinfo(AF_INET, AI_ADDRCONFIG), which finds no
	# IPv4 address when the only one is 127.0.0.1: give lo a second, private
	# one (nothing outside this namespace can reach it).
	ip addr add 10.254.0.1/32 dev lo
	say "network namespace of its own: only the loopback interface ($(ip -brief addr show lo | awk '{$1=$2=""; print}' | xargs))"
	ctl_port=6817 node_port=6818 ssh_port=2222
else
	free_port() { local p; while :; do p=$((20000 + RANDOM % 20000)); ss -Hltn "sport = :$p" | grep -q . || { echo "$p"; return; }; done; }
	ctl_port=$(free_port) node_port=$(free_port) ssh_port=$(free_port)
fi

# --- MUNGE ---------------------------------------------------------------
chown munge:munge "$tmp/munge" "$tmp/munge-run"
chmod 700 "$tmp/munge"
chmod 755 "$tmp/munge-run"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chown munge:munge "$tmp/munge/munge.key"
chmod 400 "$tmp/munge/munge.key"
sock=$tmp/munge-run/munge.socket
runuser -u munge -- "$(command -v munged || echo /usr/sbin/munged)" --socket="$sock" \
	--key-file="$tmp/munge/munge.key" --pid-file="$tmp/munge/munged.pid" \
	--log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/munged.seed" ||
	die "munged did not start (log: $(tail -n 3 "$tmp/munge/munged.log" 2>/dev/null))"
munge -S "$sock" -n | unmunge -S "$sock" >/dev/null || die "munge credential round trip failed"
say "munged running as user munge (socket $sock)"

# --- Slurm ---------------------------------------------------------------
host=$(hostname -s)
node=$(slurmd -C | head -n 1 | sed "s/^NodeName=[^ ]*/NodeName=$host NodeAddr=127.0.0.1/")
cat >"$tmp/slurm.conf" <<CONF
# single-host cluster of make slurm-test (scripts/test/slurm.sh)
ClusterName=mrschedtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctl_port
SlurmdPort=$node_port
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
$node State=UNKNOWN
PartitionName=mrsched Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -f "$SLURM_CONF" || die "slurmctld did not start"
slurmd -f "$SLURM_CONF" -N "$host" || die "slurmd did not start"
alive() { [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; }
state=
for _ in $(seq 1 120); do
	state=$(timeout 5 sinfo -h -N -n "$host" -o %t 2>/dev/null || true)
	[[ $state == idle ]] && break
	sleep 0.5
	for d in slurmctld slurmd; do
		alive "$tmp/$d.pid" || { sleep 1; alive "$tmp/$d.pid"; } || die "$d exited: $(grep -E 'error|fatal' "$tmp/log/$d.log" | tail -n 3)"
	done
done
[[ $state == idle ]] || die "node $host not idle after 60 s (sinfo state '$state')"
if [[ $MRSCHED_SLURM_NETNS == 0 ]]; then
	# Outside a namespace of its own every listening socket must be on 127.0.0.1.
	for p in "$ctl_port" "$node_port"; do
		bound=$(ss -Hltn "sport = :$p" | awk '{print $4}' | sort -u | paste -sd' ')
		[[ -n $bound ]] || die "nothing listens on port $p"
		if grep -qv '^127\.0\.0\.1:' <<<"$(tr ' ' '\n' <<<"$bound")"; then
			cannot "port $p is bound to $bound, not only 127.0.0.1"
		fi
	done
	say "slurmctld and slurmd listen on 127.0.0.1 only ($(ss -Hltn "( sport = :$ctl_port or sport = :$node_port )" | awk '{print $4}' | paste -sd' '))"
fi
say "slurmctld and slurmd up (ports $ctl_port, $node_port); sinfo: node $host idle with $(sinfo -h -N -o %c) CPUs, $(sinfo -h -N -o %m) MB"

# wait_job JOBID — wait (polling squeue, up to 10 min) until no task of the
# job is pending or running; then every task must have COMPLETED (Slurm
# keeps finished jobs for MinJobAge = 300 s, so scontrol still shows them;
# sacct needs an accounting database this cluster does not have).
wait_job() {
	local jid=$1 bad
	for _ in $(seq 1 3000); do
		[[ -z $(squeue -h -j "$jid" 2>/dev/null) ]] && break
		sleep 0.2
	done
	[[ -z $(squeue -h -j "$jid" 2>/dev/null) ]] || die "job $jid still queued after 10 min: $(squeue -h -j "$jid")"
	bad=$(scontrol -o show job "$jid" | grep -v 'JobState=COMPLETED' | grep -o 'JobId=[0-9]* ArrayJobId=[0-9]* ArrayTaskId=[0-9]*\|JobState=[A-Z_]*\|ExitCode=[0-9:]*' | paste -sd' ' || true)
	[[ -z $bad ]] || { echo "$bad"; return 1; }
}
# array N OUT ARGS… — the sweep as an N-task job array through the shipped
# script, waited for.
array() {
	local n=$1 out=$2 jid
	shift 2
	jid=$(sbatch --parsable --array=1-"$n" --output="$tmp/log/%x-%A_%a.out" scripts/slurm-report.sh "$out" -- "$@")
	wait_job "${jid%%;*}" || die "job array failed: sbatch --array=1-$n scripts/slurm-report.sh $out -- $*"
}
started=$SECONDS

# --- 1. study tightness, 4 shards ----------------------------------------
tight=(study tightness --alphas 3 --eps 0.2 --betas 2 --ns 2,4,6,8,20,50 --exact search --exact-max-n 6 --format md)
"$BIN" "${tight[@]}" --quiet >"$tmp/out/tight-whole.md"
array 4 "$tmp/cells/tight" "${tight[@]}"
scripts/sweep-merge.sh 4 "$tmp/cells/tight" -- "${tight[@]}" >"$tmp/out/tight-merged.md"
scripts/strip-provenance.sh "$tmp/out/tight-whole.md" "$tmp/out/tight-merged.md"
cmp "$tmp/out/tight-whole.md" "$tmp/out/tight-merged.md" || die "study tightness: Slurm shards merged differ from the unsharded run"
say "ok: study tightness as a 4-task Slurm array, merged byte-identical to the unsharded run ($(grep -c '^| cor' "$tmp/out/tight-whole.md") rows)"

# --- 2. FLEX §4 study cut to 12 cells, 3 shards --------------------------
flex=(flex study --theta1 1 --theta2 0,1 --levels 0,4,8 --reps 2 --jobs 200 --horizon 20)
"$BIN" "${flex[@]}" --quiet --out-dir "$tmp/out/flex-whole" >/dev/null
array 3 "$tmp/cells/flex" "${flex[@]}"
scripts/sweep-merge.sh 3 "$tmp/cells/flex" -- "${flex[@]}" --out-dir "$tmp/out/flex-merged" >/dev/null
scripts/strip-provenance.sh "$tmp/out/flex-whole" "$tmp/out/flex-merged"
diff -r "$tmp/out/flex-whole" "$tmp/out/flex-merged" >/dev/null || die "flex study: merged report folder differs from the unsharded one"
say "ok: flex study (12 cells) as a 3-task Slurm array, merged report folder byte-identical ($(ls "$tmp/out/flex-whole" | wc -l) files)"

# --- 3. cancel one running task, resubmit it -----------------------------
fig9=(study fig9 --jobs 150000 --reps 12 --format csv)
"$BIN" "${fig9[@]}" --quiet --workers 2 >"$tmp/out/fig9-whole.csv"
n=4 k=2 cells=$tmp/cells/fig9
jid=$(sbatch --parsable --array=1-$n --output="$tmp/log/%x-%A_%a.out" scripts/slurm-report.sh "$cells" -- "${fig9[@]}")
jid=${jid%%;*}
journal=$cells/shard-$k-of-$n.jsonl.journal
done_cells=0
for _ in $(seq 1 1200); do
	if [[ -f $journal ]]; then
		done_cells=$(($(wc -l <"$journal") - 1))
		((done_cells >= 1)) && break
	fi
	[[ -f $cells/shard-$k-of-$n.jsonl ]] && break
	sleep 0.1
done
[[ -f $cells/shard-$k-of-$n.jsonl ]] && die "task $k finished before it could be cancelled (cells too small for this machine)"
((done_cells >= 1)) || die "task $k never started its journal within 120 s"
scancel "${jid}_$k"
say "cancelled array task ${jid}_$k after $done_cells of 6 cells"
wait_job "$jid" >/dev/null || true # task k was cancelled; the others are checked below
[[ -f $cells/shard-$k-of-$n.jsonl ]] && die "the cancelled task left a finished shard file"
[[ -f $journal ]] || die "the cancelled task left no journal"
left=$(($(wc -l <"$journal") - 1))
for i in $(seq 1 $n); do
	((i == k)) || [[ -f $cells/shard-$i-of-$n.jsonl ]] || die "task $i did not finish"
done
jid=$(sbatch --parsable --array=$k --output="$tmp/log/%x-%A_%a.out" scripts/slurm-report.sh --shards $n "$cells" -- "${fig9[@]}")
wait_job "${jid%%;*}" || die "resubmitted task $k failed"
scripts/sweep-merge.sh $n "$cells" -- "${fig9[@]}" >"$tmp/out/fig9-merged.csv"
cmp "$tmp/out/fig9-whole.csv" "$tmp/out/fig9-merged.csv" || die "fig9: merge after cancel and resubmit differs from the unsharded run"
say "ok: fig9 array, task $k cancelled while running ($left cells in its journal), resubmitted with --array=$k, merged byte-identical"
say "Slurm part took $((SECONDS - started)) s"

# --- 4. GNU parallel, this machine ---------------------------------------
scripts/report-parallel.sh 4 "$tmp/cells/par-tight" -- "${tight[@]}" >"$tmp/out/par-tight.md"
scripts/strip-provenance.sh "$tmp/out/tight-whole.md" "$tmp/out/par-tight.md"
cmp "$tmp/out/tight-whole.md" "$tmp/out/par-tight.md" || die "GNU parallel: study tightness merge differs"
scripts/report-parallel.sh 3 "$tmp/cells/par-flex" -- "${flex[@]}" --out-dir "$tmp/out/par-flex" >/dev/null
scripts/strip-provenance.sh "$tmp/out/flex-whole" "$tmp/out/par-flex"
diff -r "$tmp/out/flex-whole" "$tmp/out/par-flex" >/dev/null || die "GNU parallel: flex study merge differs"
say "ok: GNU parallel on this machine (tightness 4 shards, flex 3 shards), byte-identical"

# --- 5. GNU parallel with --sshlogin -------------------------------------
sshd=$(command -v sshd || echo /usr/sbin/sshd)
if [[ ! -x $sshd ]]; then
	cannot "no sshd (Debian openssh-server could not be installed): GNU parallel --sshlogin not tested; checked instead: GNU parallel on this machine (above)"
	exit 0
fi
if [[ ! -d /run/sshd ]]; then
	mkdir -p /run/sshd && chmod 755 /run/sshd
	created_run_sshd=1
fi
ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/id"
cp "$tmp/ssh/id.pub" "$tmp/ssh/authorized_keys"
cat >"$tmp/ssh/sshd_config" <<CONF
Port $ssh_port
ListenAddress 127.0.0.1
HostKey $tmp/ssh/host_key
PidFile $tmp/ssh/sshd.pid
AuthorizedKeysFile $tmp/ssh/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
LogLevel INFO
CONF
"$sshd" -f "$tmp/ssh/sshd_config" -E "$tmp/log/sshd.log" || die "sshd did not start (log: $(tail -n 3 "$tmp/log/sshd.log"))"
cat >"$tmp/ssh/config" <<CONF
Host mrsched-test
	HostName 127.0.0.1
	Port $ssh_port
	User $(id -un)
	IdentityFile $tmp/ssh/id
	IdentitiesOnly yes
	StrictHostKeyChecking no
	UserKnownHostsFile /dev/null
	BatchMode yes
	LogLevel ERROR
CONF
for _ in $(seq 1 50); do
	ssh -F "$tmp/ssh/config" mrsched-test true 2>/dev/null && break
	sleep 0.2
done
ssh -F "$tmp/ssh/config" mrsched-test true || die "ssh to the test sshd on 127.0.0.1:$ssh_port failed"
before=$(grep -c 'Accepted publickey' "$tmp/log/sshd.log" || true)
scripts/report-parallel.sh -j 2 --ssh "ssh -F $tmp/ssh/config" --sshlogin mrsched-test 4 "$tmp/cells/ssh-tight" -- "${tight[@]}" >"$tmp/out/ssh-tight.md"
scripts/strip-provenance.sh "$tmp/out/tight-whole.md" "$tmp/out/ssh-tight.md"
cmp "$tmp/out/tight-whole.md" "$tmp/out/ssh-tight.md" || die "GNU parallel --sshlogin: study tightness merge differs"
scripts/report-parallel.sh -j 2 --ssh "ssh -F $tmp/ssh/config" --sshlogin mrsched-test 3 "$tmp/cells/ssh-flex" -- "${flex[@]}" --out-dir "$tmp/out/ssh-flex" >/dev/null
scripts/strip-provenance.sh "$tmp/out/flex-whole" "$tmp/out/ssh-flex"
diff -r "$tmp/out/flex-whole" "$tmp/out/ssh-flex" >/dev/null || die "GNU parallel --sshlogin: flex study merge differs"
logins=$(($(grep -c 'Accepted publickey' "$tmp/log/sshd.log") - before))
((logins >= 7)) || die "only $logins SSH logins for 7 shards: the shards did not run over SSH"
say "ok: GNU parallel --sshlogin to sshd on 127.0.0.1:$ssh_port ($logins SSH logins, 7 shards), byte-identical"
say "passed in $SECONDS s"
