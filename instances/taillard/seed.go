package taillard

// Seed is the time seed of 'mrsched gen taillard': seed k (1 to 10) of
// Taillard's 20 × 5 set (Seeds20x5) when k ≥ 1, else seed itself.
func Seed(seed int64, k int) int64 {
	if k >= 1 && k <= len(Seeds20x5) {
		return Seeds20x5[k-1]
	}
	return seed
}
