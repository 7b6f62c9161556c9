package pq

import (
	"container/heap"
	"fmt"
	"math/rand/v2"
	"testing"
)

// item has a key drawn from a small range (many ties) and a unique id, so
// any difference in tie order between two heaps shows up in the ids.
type item struct{ key, id int }

func lessItem(a, b item) bool { return a.key < b.key }

// refHeap is the container/heap reference with the same less function.
type refHeap []item

func (h refHeap) Len() int           { return len(h) }
func (h refHeap) Less(a, b int) bool { return lessItem(h[a], h[b]) }
func (h refHeap) Swap(a, b int)      { h[a], h[b] = h[b], h[a] }
func (h *refHeap) Push(x any)        { *h = append(*h, x.(item)) }
func (h *refHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// TestMatchesContainerHeap runs random sequences of Push, Pop, Remove, Fix,
// Set and Init on Heap and on a container/heap reference with ties on
// almost every key; expected values come from the reference: every
// returned element and the whole array after every operation must agree.
func TestMatchesContainerHeap(t *testing.T) {
	for _, tc := range []struct {
		name    string
		seed    uint64
		keys    int // key range: small means many ties
		ops     int
		initLen int
	}{
		{"ties2", 1, 2, 4000, 0},
		{"ties5", 2, 5, 4000, 17},
		{"ties50", 3, 50, 4000, 100},
		{"distinct", 4, 1 << 30, 4000, 33},
		{"allEqual", 5, 1, 2000, 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(tc.seed, 17))
			id := 0
			next := func() item { id++; return item{r.IntN(tc.keys), id} }
			init := make([]item, tc.initLen)
			for i := range init {
				init[i] = next()
			}
			ref := refHeap(append([]item(nil), init...))
			heap.Init(&ref)
			h := From(lessItem, append([]item(nil), init...))
			pos := map[int]int{}
			h.OnMove(func(x item, i int) { pos[x.id] = i })
			for i, x := range h.Items() {
				pos[x.id] = i
			}
			for op := 0; op < tc.ops; op++ {
				var got, want item
				popped := false
				switch k := r.IntN(10); {
				case k < 4 || ref.Len() == 0:
					x := next()
					heap.Push(&ref, x)
					h.Push(x)
				case k < 7:
					want, got, popped = heap.Pop(&ref).(item), h.Pop(), true
				case k < 8:
					i := r.IntN(ref.Len())
					want, got, popped = heap.Remove(&ref, i).(item), h.Remove(i), true
				case k < 9:
					i, key := r.IntN(ref.Len()), r.IntN(tc.keys)
					ref[i].key = key
					heap.Fix(&ref, i)
					x := h.At(i)
					x.key = key
					h.Set(i, x)
				default:
					for i := range ref {
						k := r.IntN(tc.keys)
						ref[i].key = k
						h.Items()[i].key = k
					}
					heap.Init(&ref)
					h.Init()
					for i, x := range h.Items() {
						pos[x.id] = i
					}
				}
				if popped {
					if got != want {
						t.Fatalf("op %d: got %v, container/heap %v", op, got, want)
					}
					delete(pos, got.id)
				}
				if h.Len() != ref.Len() {
					t.Fatalf("op %d: Len %d, container/heap %d", op, h.Len(), ref.Len())
				}
				for i, x := range h.Items() {
					if x != ref[i] {
						t.Fatalf("op %d: index %d holds %v, container/heap %v", op, i, x, ref[i])
					}
					if pos[x.id] != i {
						t.Fatalf("op %d: OnMove says %v at %d, it is at %d", op, x, pos[x.id], i)
					}
				}
			}
		})
	}
}

// TestPopIsMinimum checks every Pop against a brute-force scan of the
// multiset of keys still held: the popped key must be the smallest.
func TestPopIsMinimum(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	h := New(func(a, b float64) bool { return a < b })
	var held []float64
	for op := 0; op < 5000; op++ {
		if h.Len() == 0 || r.IntN(3) > 0 {
			x := float64(r.IntN(20))
			h.Push(x)
			held = append(held, x)
			continue
		}
		mi := 0
		for i, v := range held {
			if v < held[mi] {
				mi = i
			}
		}
		if top := h.Top(); top != held[mi] {
			t.Fatalf("op %d: Top %v, brute-force minimum %v", op, top, held[mi])
		}
		if got := h.Pop(); got != held[mi] {
			t.Fatalf("op %d: Pop %v, brute-force minimum %v", op, got, held[mi])
		}
		held = append(held[:mi], held[mi+1:]...)
	}
}

func Example() {
	type job struct {
		name string
		size float64
	}
	h := New(func(a, b job) bool { return a.size < b.size })
	h.Push(job{"sort", 3})
	h.Push(job{"grep", 1})
	h.Push(job{"join", 2})
	fmt.Println("next:", h.Top().name)
	for h.Len() > 0 {
		j := h.Pop()
		fmt.Println(j.name, j.size)
	}
	// Output:
	// next: grep
	// grep 1
	// join 2
	// sort 3
}

func benchKeys(n int) []item {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]item, n)
	for i := range xs {
		xs[i] = item{r.IntN(1000), i}
	}
	return xs
}

// BenchmarkPushPop/pq and BenchmarkPushPop/container push 4096 items and
// pop them all, side by side.
func BenchmarkPushPop(b *testing.B) {
	xs := benchKeys(4096)
	b.Run("pq", func(b *testing.B) {
		h := New(lessItem)
		for b.Loop() {
			for _, x := range xs {
				h.Push(x)
			}
			for h.Len() > 0 {
				h.Pop()
			}
		}
	})
	b.Run("container", func(b *testing.B) {
		h := &refHeap{}
		for b.Loop() {
			for _, x := range xs {
				heap.Push(h, x)
			}
			for h.Len() > 0 {
				heap.Pop(h)
			}
		}
	})
}
