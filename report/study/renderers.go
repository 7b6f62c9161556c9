package study

import (
	"fmt"

	"github.com/mrsched/mrsched/report"
)

// Renderers lists, in one place, the renderer of every sweep kind that
// 'mrsched merge' and 'mrsched report --cells' can render: the report
// itself and each study. A new study adds its line here.
func Renderers() map[string]report.Renderer {
	return map[string]report.Renderer{
		report.SweepKind: report.SweepRenderer(),
		Fig7Kind:         {Write: writeFig7, Figures: fig7Figures},
		Fig9Kind:         {Write: writeFig9, Figures: fig9Figures},
		TightnessKind:    {Write: writeTightness, Figures: tightnessFigures},
		NightlyKind:      {Write: writeNightly, Figures: nightlyFigures},
		WorstExactKind:   {Write: writeWorstExact, Figures: worstExactFigures},
	}
}

// RendererFor returns the renderer of a sweep kind, or an error listing the
// known kinds.
func RendererFor(kind string) (report.Renderer, error) {
	rs := Renderers()
	if r, ok := rs[kind]; ok {
		return r, nil
	}
	return report.Renderer{}, fmt.Errorf("study: no renderer for sweep kind %q (known: %s, %s, %s, %s, %s)",
		kind, report.SweepKind, Fig7Kind, Fig9Kind, TightnessKind, NightlyKind)
}
