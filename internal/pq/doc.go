// Package pq is the toolkit's one generic priority queue: a binary
// min-heap Heap[T] ordered by a caller-supplied less function. Its
// sift-up and sift-down are exactly those of the standard library's
// container/heap (the same comparisons and swaps in the same order), so a
// caller that moves from a hand-written heap.Interface type to Heap[T]
// with the same less function pops ties in the same order and produces
// byte-identical output. An optional move callback reports every index
// change, for callers that remove or fix elements by position.
// The simulators' hot loops keep their own typed heaps (measured faster there).
package pq
