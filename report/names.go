package report

import (
	"path/filepath"
	"strings"
)

// instanceExts are the extensions of instance files, left out of the names
// of files derived from an instance.
var instanceExts = []string{".json", ".csv"}

// FileStem returns the name of an instance without the extension of its
// file ("jobs.csv" → "jobs"), for building output file names such as
// gantt_jobs_polish.svg. Names that are not file names (generator specs
// such as "cor4,n=2,alpha=3,eps=0.1") are returned unchanged.
func FileStem(name string) string {
	ext := filepath.Ext(name)
	for _, e := range instanceExts {
		if strings.EqualFold(ext, e) {
			return strings.TrimSuffix(name, ext)
		}
	}
	return name
}
