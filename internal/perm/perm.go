package perm

// Next rearranges p into the next permutation in lexicographic order and
// reports true, or reports false (and leaves p unchanged) when p is the last
// one (non-increasing). Equal elements are handled: each distinct
// arrangement is visited once.
func Next(p []int) bool {
	n := len(p)
	i := n - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := n - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for a, b := i+1, n-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return true
}

// All returns every permutation of 0..n-1 in lexicographic order (n! slices;
// for small n).
func All(n int) [][]int {
	p := Identity(n)
	var out [][]int
	for {
		out = append(out, append([]int(nil), p...))
		if !Next(p) {
			return out
		}
	}
}

// Identity returns 0, 1, …, n-1.
func Identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}
