# Scale-out: sharded studies on a real Slurm and with GNU parallel
# over SSH; guide docs/scale-out.md.
.PHONY: slurm-test scale-out-bench

## slurm-test: a single-host Slurm (slurm-wlm, munge from Debian; installed when missing) in a
## loopback-only network namespace runs study tightness and a cut-down FLEX study as job arrays
## through scripts/slurm-report.sh, cancels and resubmits one task of a fig9 array, then the same
## through GNU parallel locally and with --sshlogin; every merge byte-identical; all daemons stopped
slurm-test: build
	bash scripts/test/slurm.sh

## scale-out-bench: overhead per shard against work per shard, N = 1, 2, 4, 8, 16 (BENCHMARKS.md, Scale-out)
scale-out-bench: build
	bash scripts/bench/scale-out.sh | tee results/scale-out/overhead.md

TEST_TARGETS += slurm-test
