package main

import (
	"strings"

	"github.com/mrsched/mrsched/report"
)

// genHelp documents the generator specs of --gen (report.ParseGen).
const genHelp = `KIND,key=value,... — values may be lists a|b|c and integer ranges lo-hi or lo-hi/step;
every combination is one instance.
  lognormal,n=N,seed=S[,batch][,load=ρ][,map_sd=3.65][,ratio_sd=3.28]   §5.3 workload (seed as 'gen lognormal')
  cor4,n=N,alpha=A,eps=E      Corollary 4 tight family (n even), with the paper's alternative order
  cor6,n=N,beta=B             Corollary 6 tight family, with the paper's alternative order
  swim,file=TRACE.tsv,load=ρ[,max=M][,cuberoot]   SWIM trace, map-only jobs dropped, sizes normalised (§5.2)`

// expandHelp replaces the placeholders of a command's help file by lists
// that never go stale: {{generators}} by genHelp, {{methods}} by
// report.MethodList.
func expandHelp(text string) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	return strings.NewReplacer(
		"{{generators}}", "   "+strings.ReplaceAll(genHelp, "\n", "\n   "),
		"{{methods}}", report.MethodList(),
	).Replace(text)
}
