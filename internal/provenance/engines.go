package provenance

import (
	"sort"
	"sync"
)

// The engines that ran in this process since the last ResetEngines.
var used struct {
	sync.Mutex
	names map[string]bool
}

// NoteEngine records that the LP/MIP engine called name ran (an engine
// package calls it when it is loaded for a solve or starts a solver
// program), so that the provenance of the command in progress lists it.
func NoteEngine(name string) {
	used.Lock()
	defer used.Unlock()
	if used.names == nil {
		used.names = map[string]bool{}
	}
	used.names[name] = true
}

// EnginesUsed returns the names NoteEngine recorded since the last
// ResetEngines, sorted.
func EnginesUsed() []string {
	used.Lock()
	defer used.Unlock()
	out := make([]string, 0, len(used.names))
	for n := range used.names {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ResetEngines forgets the engines recorded so far (a program calls it
// when a command starts).
func ResetEngines() {
	used.Lock()
	defer used.Unlock()
	used.names = nil
}
