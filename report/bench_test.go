package report

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mrsched/mrsched/sweep"
)

// BenchmarkReport runs a report of 16 log-normal batches of 200 jobs with
// three policies and the counting bound (schedules validated), with 1 and
// 2 workers side by side. Reproduce:
//
//	go test -run '^$' -bench Report -benchtime 5x -count 1 ./report/
func BenchmarkReport(b *testing.B) {
	srcs, err := ParseGen("lognormal,n=200,batch,seed=1-16")
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range []int{1, 2} {
		b.Run("workers="+strconv.Itoa(w), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sw, err := NewSweep(srcs, "klps,maxsrpt,splitsrpt,lbcount", Options{Validate: true})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: w}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkJournal measures what resumability costs: the same report
// (16 batches of 20 jobs, MaxSRPT and the counting bound) in memory and
// with a journal (one fsync per cell) and the final atomic write.
//
//	go test -run '^$' -bench Journal -count 1 ./report/
func BenchmarkJournal(b *testing.B) {
	srcs, err := ParseGen("lognormal,n=20,batch,seed=1-16")
	if err != nil {
		b.Fatal(err)
	}
	for _, journal := range []bool{false, true} {
		b.Run("journal="+strconv.FormatBool(journal), func(b *testing.B) {
			dir := b.TempDir()
			for i := 0; i < b.N; i++ {
				sw, err := NewSweep(srcs, "maxsrpt,lbcount", Options{})
				if err != nil {
					b.Fatal(err)
				}
				opt := sweep.Options{Workers: 1}
				if journal {
					opt.Path = filepath.Join(dir, "c"+strconv.Itoa(i)+".jsonl")
				}
				if _, err := sweep.Run(context.Background(), sw, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
