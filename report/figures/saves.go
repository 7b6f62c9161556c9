package figures

import "github.com/mrsched/mrsched/reductions/adversary"

// SaveAdversary draws the adversary's ratios (Adversary) at 9 × 4.5 in and
// writes base.svg (and the other formats), returning the files written.
func SaveAdversary(results []*adversary.Result, base string, formats ...Format) ([]string, error) {
	pl, err := Adversary(results)
	if err != nil {
		return nil, err
	}
	return Save(pl, 9, 4.5, base, formats...)
}
