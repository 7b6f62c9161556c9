#!/usr/bin/env bash
# ci-scripts.sh — tests of the CI machinery itself against fabricated logs
# and makefiles (make test-scripts):
#   scripts/ci-summary.sh  the closing "ci: P passed, F failed" line;
#   scripts/run-targets.sh every target runs, every failure is named;
#   .ci/run                closing line printed and make's status returned
#                          when make test fails;
#   scripts/check-test-skips.sh on this tree.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # check NAME WANT GOT
	if [[ $2 == "$3" ]]; then
		echo "ok   $1"
	else
		echo "FAIL $1: want '$2', got '$3'"
		fails=$((fails + 1))
	fi
}
T=$'\t'

# 1. ci-summary.sh. Every log is what run-targets.sh and go test print.
cat >"$tmp/pass.log" <<LOG
==> test: test-go
go test -count=1 ./...
ok  ${T}github.com/mrsched/mrsched/bounds${T}0.012s
?   ${T}github.com/mrsched/mrsched/bench/exact${T}[no test files]
ok  ${T}github.com/mrsched/mrsched/instances${T}(cached)
ok  ${T}github.com/mrsched/mrsched/report${T}41.2s
<== test: test-go: exit 0 after 60s
==> test: report-test-resume
ok  ${T}github.com/mrsched/mrsched/report/shard${T}1.0s
<== test: report-test-resume: exit 0 after 9s

test: per-target results (total 69s)
test: target ok     test-go (60s)
test: target ok     report-test-resume (9s)
test: all 2 targets passed
LOG
# 3 packages in test-go + 1 other target (its own go test line is not a package of test-go)
check "summary: all pass" "ci: 4 passed, 0 failed" "$(bash scripts/ci-summary.sh "$tmp/pass.log" 0)"

# One failing test: go test prints --- FAIL, FAIL<TAB>pkg and a closing FAIL
# (three lines starting with FAIL or --- FAIL; the old grep -c '^FAIL' said 2).
cat >"$tmp/fail.log" <<LOG
==> test: test-go
ok  ${T}github.com/mrsched/mrsched/bounds${T}0.012s
--- FAIL: TestTightness (0.10s)
    study_test.go:40: ratio 1.2 > 1.1
FAIL
FAIL${T}github.com/mrsched/mrsched/report/study${T}0.420s
ok  ${T}github.com/mrsched/mrsched/tabular${T}0.002s
FAIL
make[1]: *** [Makefile:60: test-go] Error 1
<== test: test-go: exit 2 after 50s
==> test: report-test-parallel
cmp: /tmp/x/whole.md /tmp/x/merged.md differ: byte 10, line 2
make[1]: *** [mk/report.mk:20: report-test-parallel] Error 1
<== test: report-test-parallel: exit 2 after 5s
==> test: straggler-test
<== test: straggler-test: exit 0 after 1s

test: per-target results (total 56s)
test: target ok     straggler-test (1s)
test: target FAIL   test-go (50s, exit 2)
test: target FAIL   report-test-parallel (5s, exit 2)
test: 2 of 3 targets failed: test-go report-test-parallel
LOG
check "summary: one failing package, one failing target" "ci: 3 passed, 2 failed" "$(bash scripts/ci-summary.sh "$tmp/fail.log" 2)"
check "old count of FAIL lines is wrong (regression guard)" "3" "$(grep -c '^FAIL' "$tmp/fail.log")"

# go test ./... fails to build one package: FAIL<TAB>pkg [build failed].
cat >"$tmp/build.log" <<LOG
==> test: test-go
# github.com/mrsched/mrsched/report
report/x.go:3:1: syntax error
FAIL${T}github.com/mrsched/mrsched/report [build failed]
ok  ${T}github.com/mrsched/mrsched/bounds${T}0.012s
FAIL
<== test: test-go: exit 2 after 20s
test: target FAIL   test-go (20s, exit 2)
test: 1 of 1 targets failed: test-go
LOG
check "summary: build failure" "ci: 1 passed, 1 failed" "$(bash scripts/ci-summary.sh "$tmp/build.log" 2)"

# go test itself cannot start (no package line at all): the step is one failure.
cat >"$tmp/nogo.log" <<LOG
==> test: test-go
go: go.mod requires go >= 1.26 (running go 1.21)
<== test: test-go: exit 1 after 0s
test: target ok     straggler-test (1s)
test: target FAIL   test-go (0s, exit 1)
LOG
check "summary: go test cannot start" "ci: 1 passed, 1 failed" "$(bash scripts/ci-summary.sh "$tmp/nogo.log" 2)"

# make stops before run-targets.sh (the build breaks): still a failure.
printf 'go build -o bin/mrsched ./cmd/mrsched\ncmd/mrsched/main.go:1:1: expected package\nmake: *** [Makefile:30: build] Error 1\n' >"$tmp/early.log"
check "summary: make stopped early" "ci: 0 passed, 1 failed" "$(bash scripts/ci-summary.sh "$tmp/early.log" 2)"
check "summary: empty log, success" "ci: 0 passed, 0 failed" "$(bash scripts/ci-summary.sh /dev/null 0)"

# 2. run-targets.sh: the target after a failing one still runs.
mkdir -p "$tmp/mk"
cat >"$tmp/mk/Makefile" <<'MK'
a: ; @echo a > a.done
b: ; @echo b fails; exit 3
c: ; @echo c > c.done
MK
out=$(cd "$tmp/mk" && MAKE=make bash "$root/scripts/run-targets.sh" test a b c 2>&1)
rc=$?
check "run-targets: exit status" "1" "$rc"
check "run-targets: target after the failure ran" "yes" "$([[ -f $tmp/mk/c.done ]] && echo yes || echo no)"
check "run-targets: names every failing target" "test: 1 of 3 targets failed: b" "$(tail -n 1 <<<"$out")"
check "run-targets: per-target lines" "3" "$(grep -c ': target \(ok\|FAIL\) ' <<<"$out")"
rm -f "$tmp/mk/"*.done
out=$(cd "$tmp/mk" && MAKE=make JOBS=2 bash "$root/scripts/run-targets.sh" test a b c 2>&1)
rc=$?
check "run-targets JOBS=2: exit status" "1" "$rc"
check "run-targets JOBS=2: every target ran" "yes" "$([[ -f $tmp/mk/a.done && -f $tmp/mk/c.done ]] && echo yes || echo no)"
check "run-targets JOBS=2: outputs whole and in order" "==> test: a|<== test: a: exit 0|==> test: b|b fails|<== test: b: exit 2|==> test: c|<== test: c: exit 0" \
	"$(grep -E '^(==>|<==|b fails)' <<<"$out" | sed 's/ after [0-9]*s$//' | paste -sd'|')"
check "run-targets JOBS=2: names every failing target" "test: 1 of 3 targets failed: b" "$(tail -n 1 <<<"$out")"

# 3. .ci/run with a fake make: setup passes, test fails with status 2.
cat >"$tmp/fake-make" <<FAKE
#!/usr/bin/env bash
case \$1 in
setup) echo "setup: done" ;;
test) cat "$tmp/fail.log"; exit 2 ;;
esac
FAKE
chmod +x "$tmp/fake-make"
out=$(CI_MAKE="$tmp/fake-make" bash .ci/run 2>&1)
rc=$?
check ".ci/run: exit status is make's" "2" "$rc"
check ".ci/run: closing line" "ci: 3 passed, 2 failed" "$(tail -n 1 <<<"$out")"
check ".ci/run: closing line format" "yes" "$(tail -n 1 <<<"$out" | grep -qE '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed$' && echo yes || echo no)"

# 4. apt-install.sh waits for a held dpkg lock, then retries a failed install
# (a fake apt-get that fails once like a concurrent apt run).
mkdir -p "$tmp/bin"
cat >"$tmp/bin/apt-get" <<FAKE
#!/usr/bin/env bash
[[ " \$* " == *" install "* ]] || exit 0
n=\$(cat "$tmp/apt-calls" 2>/dev/null || echo 0); echo \$((n + 1)) >"$tmp/apt-calls"
if [[ \$n == 0 ]]; then echo "dpkg-deb: error: failed to read archive '/var/cache/apt/archives/x.deb'" >&2; exit 100; fi
echo "fake apt-get \$*"
FAKE
printf '#!/bin/sh\nexit 1\n' >"$tmp/bin/dpkg-query"
printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/apt-cache"
chmod +x "$tmp/bin/"*
touch "$tmp/lock"
flock "$tmp/lock" sleep 3 &
holder=$!
sleep 0.5
start=$SECONDS
out=$(PATH="$tmp/bin:$PATH" APT_LOCK_FILES="$tmp/lock" APT_RETRY_PAUSE=0 bash scripts/apt-install.sh fake-pkg 2>&1)
rc=$?
wait $holder
check "apt-install: succeeds on the second attempt" "0 2" "$rc $(cat "$tmp/apt-calls")"
check "apt-install: waited for the lock" "yes" "$( ((SECONDS - start >= 2)) && grep -q 'waiting for another apt/dpkg process' <<<"$out" && echo yes || echo no)"
out=$(PATH="$tmp/bin:$PATH" APT_LOCK_FILES="$tmp/lock" APT_LOCK_TIMEOUT=2 bash -c 'flock '"$tmp/lock"' sleep 5 & sleep 0.5; bash scripts/apt-install.sh fake-pkg' 2>&1)
rc=$?
check "apt-install: gives up on a held lock with a clear message" "1 yes" "$rc $(grep -q 'still holds the dpkg lock after 2s' <<<"$out" && echo yes || echo no)"

# 5. no fixed /tmp path in the make files and scripts of this machinery (two
# checkouts testing at once must not share a folder): temporary folders come
# from mktemp (comments showing a command to type are not checked).
# (mk/cluster.mk, owned by the cluster topic, still has one in
# its demo target cluster-run.)
fixed=$(grep -nE '/tmp/' Makefile mk/report.mk mk/straggler.mk mk/hard.mk mk/flex.mk mk/slurm.mk .ci/run \
	$(git ls-files 'scripts/*.sh' | grep -v '^scripts/qa-' | grep -v '^scripts/test/ci-scripts.sh$') |
	grep -v 'TMPDIR:-/tmp}/mrsched-[a-z-]*\.XXXXXX' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#' || true)
check "no fixed /tmp paths" "" "$fixed"

# 6. no skip bypasses internal/testenv.
check "check-test-skips" "0" "$(bash scripts/check-test-skips.sh >/dev/null 2>&1; echo $?)"

if ((fails > 0)); then
	echo "ci-scripts: $fails checks failed"
	exit 1
fi
echo "ci-scripts: all checks passed"
