package pq

// Heap is a binary min-heap of T ordered by less: Pop returns an element x
// such that less(y, x) is false for every other element y. The zero value
// is not usable; build one with New or From.
type Heap[T any] struct {
	items []T
	less  func(a, b T) bool
	moved func(x T, i int)
}

// New returns an empty heap ordered by less.
func New[T any](less func(a, b T) bool) *Heap[T] {
	return &Heap[T]{less: less}
}

// From returns a heap ordered by less over items, which it takes over
// (the caller must not use the slice afterwards) and heapifies in place
// exactly as container/heap.Init does.
func From[T any](less func(a, b T) bool, items []T) *Heap[T] {
	h := &Heap[T]{items: items, less: less}
	h.Init()
	return h
}

// OnMove registers f, called with an element and its new index whenever
// the heap places it at an index (on Push and on every swap), like the
// index bookkeeping of a heap.Interface Swap and Push. Call it before the
// first Push.
func (h *Heap[T]) OnMove(f func(x T, i int)) { h.moved = f }

// Len returns the number of elements.
func (h *Heap[T]) Len() int { return len(h.items) }

// Top returns the minimum element without removing it. It panics if the
// heap is empty, like indexing an empty slice.
func (h *Heap[T]) Top() T { return h.items[0] }

// At returns the element at index i of the heap's array (index 0 is the
// minimum).
func (h *Heap[T]) At(i int) T { return h.items[i] }

// Set replaces the element at index i and restores the heap order, like
// assigning to a heap.Interface slice and calling container/heap.Fix.
func (h *Heap[T]) Set(i int, x T) {
	h.items[i] = x
	h.Fix(i)
}

// Items returns the heap's backing array in heap order. The caller may
// read it, or change the ordering key of element i and then call Fix(i).
func (h *Heap[T]) Items() []T { return h.items }

// Init re-establishes the heap order after arbitrary changes to Items,
// as container/heap.Init.
func (h *Heap[T]) Init() {
	n := len(h.items)
	for i := n/2 - 1; i >= 0; i-- {
		h.down(i, n)
	}
}

// Push adds x, as container/heap.Push.
func (h *Heap[T]) Push(x T) {
	h.items = append(h.items, x)
	n := len(h.items) - 1
	if h.moved != nil {
		h.moved(x, n)
	}
	h.up(n)
}

// Pop removes and returns the minimum element, as container/heap.Pop. It
// panics if the heap is empty.
func (h *Heap[T]) Pop() T {
	n := len(h.items) - 1
	h.swap(0, n)
	h.down(0, n)
	return h.removeLast()
}

// Remove removes and returns the element at index i, as
// container/heap.Remove.
func (h *Heap[T]) Remove(i int) T {
	n := len(h.items) - 1
	if n != i {
		h.swap(i, n)
		if !h.down(i, n) {
			h.up(i)
		}
	}
	return h.removeLast()
}

// Fix restores the heap order after the element at index i changed its
// key, as container/heap.Fix.
func (h *Heap[T]) Fix(i int) {
	if !h.down(i, len(h.items)) {
		h.up(i)
	}
}

func (h *Heap[T]) removeLast() T {
	n := len(h.items) - 1
	x := h.items[n]
	var zero T
	h.items[n] = zero // drop references held by the backing array
	h.items = h.items[:n]
	return x
}

func (h *Heap[T]) swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	if h.moved != nil {
		h.moved(h.items[i], i)
		h.moved(h.items[j], j)
	}
}

// up is container/heap's up.
func (h *Heap[T]) up(j int) {
	for {
		i := (j - 1) / 2 // parent
		if i == j || !h.less(h.items[j], h.items[i]) {
			break
		}
		h.swap(i, j)
		j = i
	}
}

// down is container/heap's down; it reports whether the element moved.
func (h *Heap[T]) down(i0, n int) bool {
	i := i0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 { // j1 < 0 after int overflow
			break
		}
		j := j1 // left child
		if j2 := j1 + 1; j2 < n && h.less(h.items[j2], h.items[j1]) {
			j = j2 // right child
		}
		if !h.less(h.items[j], h.items[i]) {
			break
		}
		h.swap(i, j)
		i = j
	}
	return i > i0
}
