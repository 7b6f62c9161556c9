package instances

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrOrder is returned by ParseOrder for a list that is not an order of
// the instance's jobs.
var ErrOrder = errors.New("instances: not an order of the jobs")

// ParseOrder reads a comma-separated order of all of in's jobs, each given
// by its id or, when a token is not an id, by its 0-based index. The empty
// string gives a nil order.
func ParseOrder(in *Instance, s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	idx := in.Index()
	var out []int
	for k, tok := range strings.Split(s, ",") {
		tok = strings.TrimSpace(tok)
		if j, ok := idx[tok]; ok {
			out = append(out, j)
			continue
		}
		j, err := strconv.Atoi(tok)
		if err != nil || j < 0 || j >= in.N() {
			return nil, fmt.Errorf("%w: entry %d %q is neither a job id nor an index in [0, %d)", ErrOrder, k+1, tok, in.N())
		}
		out = append(out, j)
	}
	if len(out) != in.N() {
		return nil, fmt.Errorf("%w: %d entries for %d jobs", ErrOrder, len(out), in.N())
	}
	seen := make([]bool, in.N())
	for _, j := range out {
		if seen[j] {
			return nil, fmt.Errorf("%w: job %s listed twice", ErrOrder, in.Jobs[j].ID)
		}
		seen[j] = true
	}
	return out, nil
}
