package study

import (
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/sweep"
)

// RenderFlex writes the report of a finished FLEX study (Wolf et al. §4):
// the data files of flex.Render (summary.md, summary.json, points.csv,
// fig6.csv) and the figures fig5-<metric> and fig6-<metric> of
// figures.FlexStudy, as file name → bytes (SVG figures; PNG too when asked
// for).
func RenderFlex(set *sweep.Set, formats ...figures.Format) (map[string][]byte, error) {
	out, err := flex.Render(set)
	if err != nil {
		return nil, err
	}
	s, err := flex.Summarise(set)
	if err != nil {
		return nil, err
	}
	t1, t2 := s.FigureThetas()
	figs, err := figures.FlexStudy(s, t1, t2, formats...)
	if err != nil {
		return nil, err
	}
	for k, v := range figs {
		out[k] = v
	}
	return out, nil
}
