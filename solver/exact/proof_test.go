package exact

import (
	"testing"

	"github.com/mrsched/mrsched/solver/mip"
)

func TestProofKind(t *testing.T) {
	// Expected kinds: the source constants (package mip) and the
	// portfolio's spellings (solver/exact/portfolio).
	for _, tc := range []struct {
		source mip.BoundSource
		want   string
	}{
		{"", ""},
		{mip.SourceMIP, ProofMIP},
		{mip.SourceSearch, ProofFloatSearch},
		{mip.SourceSubset, ProofFloatSearch},
		{"portfolio (search)", ProofFloatSearch},
		{"portfolio (search root bound)", ProofFloatSearch},
		{mip.SourcePortfolio.Within(mip.SourceSearchRoot), ProofFloatSearch},
		{mip.SourcePortfolio.Within(mip.EngineSource("highs")), ProofMIP},
		{mip.SourceSearchRoot, ProofFloatSearch},
		{"portfolio (cbc-cli MIP)", ProofMIP},
		{"portfolio (glpk MIP)", ProofMIP},
		{mip.SourceLPRelaxation, ProofFloatBound},
		{mip.SourceCounting, ProofFloatBound},
		{mip.SourceSubsetRel, ProofFloatBound},
	} {
		if got := ProofKind(tc.source); got != tc.want {
			t.Errorf("ProofKind(%q) = %q, want %q", tc.source, got, tc.want)
		}
	}
}
