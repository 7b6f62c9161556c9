package mip

import (
	"strconv"
	"strings"
)

// maxNameLen bounds written names: CoinLpIO (CBC) accepts 100 characters
// and appends "_low" to the name of a ranged row, so 96 leaves room.
const maxNameLen = 96

// lpKeywords are words that LP readers (CoinLpIO, HiGHS, CPLEX) treat as
// keywords, in any case, and that therefore cannot be names.
var lpKeywords = map[string]bool{
	"min": true, "max": true, "minimize": true, "minimise": true, "maximize": true, "maximise": true,
	"minimum": true, "maximum": true, "st": true, "s.t.": true, "subject": true, "to": true, "such": true,
	"that": true, "bound": true, "bounds": true, "integer": true, "integers": true, "general": true,
	"generals": true, "gen": true, "binary": true, "binaries": true, "bin": true, "semi": true, "semis": true,
	"semi-continuous": true, "sos": true, "end": true, "free": true, "inf": true, "infinity": true,
	"obj": true, "rhs": true, "rng": true, "bnd": true, "marker": true,
}

// sanitize turns s into a name every LP and MPS reader accepts: letters,
// digits, '_' and '.', starting with a letter or '_', not a keyword, not
// "e" or "E" followed by a digit (read as an exponent), at most maxNameLen
// bytes. Other characters become '_'; an empty result is "".
func sanitize(s string) string {
	if s == "" {
		return ""
	}
	b := []byte(s)
	if len(b) > maxNameLen {
		b = b[:maxNameLen]
	}
	for i, c := range b {
		ok := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && (c == '.' || (c >= '0' && c <= '9')))
		if !ok {
			b[i] = '_'
		}
	}
	out := string(b)
	if lpKeywords[strings.ToLower(out)] || ((b[0] == 'e' || b[0] == 'E') && len(b) > 1 && (b[1] >= '0' && b[1] <= '9' || b[1] == 'e' || b[1] == 'E')) {
		out = "_" + out
		if len(out) > maxNameLen {
			out = out[:maxNameLen]
		}
	}
	return out
}

// uniqueNames returns valid, distinct names for n items: each given name
// sanitized, or prefix+index when empty; clashes get "_<index>" appended.
// reserved names (and name+"_low" for ranged rows when low is true) are
// avoided.
func uniqueNames(n int, name func(int) string, prefix string, reserved map[string]bool, low func(int) bool) []string {
	used := make(map[string]bool, 2*n)
	for k := range reserved {
		used[k] = true
	}
	out := make([]string, n)
	take := func(s string, i int) bool {
		if used[s] {
			return false
		}
		if low != nil && low(i) && used[s+"_low"] {
			return false
		}
		used[s] = true
		if low != nil && low(i) {
			used[s+"_low"] = true
		}
		out[i] = s
		return true
	}
	// First pass: the names as given (sanitized), so that user names win
	// over generated ones.
	pending := make([]int, 0)
	for i := 0; i < n; i++ {
		s := sanitize(name(i))
		if s == "" || !take(s, i) {
			pending = append(pending, i)
		}
	}
	for _, i := range pending {
		base := sanitize(name(i))
		if base == "" {
			base = prefix + strconv.Itoa(i)
		} else {
			if len(base) > maxNameLen-12 {
				base = base[:maxNameLen-12]
			}
			base += "_" + strconv.Itoa(i)
		}
		s := base
		for k := 1; !take(s, i); k++ {
			s = base + "_" + strconv.Itoa(k)
		}
	}
	return out
}

// Names returns the column and row names the writers use: the model's
// names made valid and distinct (see WriteLP), x<j> and r<i> for missing
// ones.
func (m *Model) Names() (cols, rows []string, obj string) {
	cols = uniqueNames(len(m.Vars), func(j int) string { return m.Vars[j].Name }, "x", nil, nil)
	rows = uniqueNames(len(m.Rows), func(i int) string { return m.Rows[i].Name }, "r", nil, func(i int) bool {
		r := m.Rows[i]
		return isRanged(r)
	})
	used := map[string]bool{}
	for _, r := range rows {
		used[r] = true
		used[r+"_low"] = true
	}
	obj = "obj"
	for k := 1; used[obj]; k++ {
		obj = "obj_" + strconv.Itoa(k)
	}
	return cols, rows, obj
}

// isRanged reports whether a row has two finite, different sides.
func isRanged(r Row) bool {
	return !isInf(r.Lower) && !isInf(r.Upper) && r.Lower != r.Upper
}
