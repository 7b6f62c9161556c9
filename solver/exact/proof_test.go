package exact

import "testing"

func TestProofKind(t *testing.T) {
	// Expected kinds: the source constants of this package and the
	// portfolio's BoundSource spellings (solver/exact/portfolio).
	for _, tc := range []struct{ source, want string }{
		{"", ""},
		{SourceMIP, ProofMIP},
		{SourceSearch, ProofFloatSearch},
		{SourceSubset, ProofFloatSearch},
		{"portfolio (search)", ProofFloatSearch},
		{"portfolio (search root bound)", ProofFloatSearch},
		{"portfolio (cbc-cli MIP)", ProofMIP},
		{"portfolio (glpk MIP)", ProofMIP},
		{SourceLPRelaxation, ProofFloatBound},
		{SourceCounting, ProofFloatBound},
		{SourceSubsetRel, ProofFloatBound},
	} {
		if got := ProofKind(tc.source); got != tc.want {
			t.Errorf("ProofKind(%q) = %q, want %q", tc.source, got, tc.want)
		}
	}
}
