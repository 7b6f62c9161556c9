package report_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
)

// A model above mipform.MaxExportNonzeros is refused before it is built,
// with the estimate: 60 jobs with distinct releases give about 2·10^8
// nonzeros (the measured LP file was 6.56 GB); 10 jobs export.
func TestExportRefusesHugeModels(t *testing.T) {
	dir := t.TempDir()
	write := func(n int) string {
		jobs := make([]instances.Job, n)
		for j := range jobs {
			jobs[j] = instances.Job{ID: fmt.Sprint("j", j), Release: float64(j), Map: 1 + float64(j%3), Shuffle: 2}
		}
		path := filepath.Join(dir, fmt.Sprint("r", n, ".json"))
		if err := instances.WriteFile(path, instances.New(jobs)); err != nil {
			t.Fatal(err)
		}
		return path
	}
	big := write(60)
	if _, err := report.ExportFile(big, true, false); !errors.Is(err, report.ErrTooLarge) || !strings.Contains(err.Error(), "nonzeros") || !strings.Contains(err.Error(), big) {
		t.Errorf("60 jobs: %v, want ErrTooLarge with the estimate and the file", err)
	}
	if _, err := report.ExportFile(write(10), true, false); err != nil {
		t.Errorf("10 jobs: %v", err)
	}
}
