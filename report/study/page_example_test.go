package study_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mrsched/mrsched/report/study"
)

// The one-page HTML report of a small report, as 'mrsched report --html
// FILE' writes it; a shard of the same run has none.
func ExampleSweepOutput_SavePage() {
	dir, err := os.MkdirTemp("", "page")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	cfg := study.ReportConfig{Gens: []string{"cor4,n=2-4/2,alpha=3,eps=0.1"}, Methods: "maxsrpt,lbcount", Page: true}
	for _, shard := range []string{"", "1/2"} {
		o, err := study.RunReport(context.Background(), cfg, study.SweepConfig{Workers: 1, Shard: shard})
		if err != nil {
			fmt.Println(err)
			return
		}
		lines, err := o.SavePage(study.PageConfig{HTML: filepath.Join(dir, "page.html"), CommandLine: []string{"mrsched", "report"}})
		fmt.Println(strings.ReplaceAll(strings.Join(lines, "\n"), dir, "DIR"), err)
	}
	// Output:
	// wrote DIR/page.html (one-page report) <nil>
	// --html: no one-page report of a shard (it needs the whole run) <nil>
}
