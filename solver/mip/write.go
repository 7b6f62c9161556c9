package mip

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
)

// num formats a finite number exactly (shortest representation that parses
// back to the same float64), without a negative zero.
func num(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func isInf(v float64) bool { return math.IsInf(v, 0) }

// termsPerLine is the number of linear terms written per line of an LP file.
const termsPerLine = 8

// WriteLP writes m in the CPLEX LP format read by CBC (CoinLpIO), HiGHS,
// CPLEX, Gurobi, SCIP and GLPK (glpsol --lp). Conventions, chosen so that
// all of these read the file the same way:
//   - names are made valid and distinct (see Names): characters other than
//     letters, digits, '_' and '.' become '_', keywords get a '_' prefix,
//     missing names become x<j> and r<i>;
//   - a ranged row lo ≤ a·x ≤ up is written as two rows, "name: a·x <= up"
//     and "name_low: a·x >= lo" (CoinLpIO's own convention);
//   - a free row (both sides infinite) constrains nothing and is written as
//     a comment;
//   - integer columns go in "Generals", binary columns with bounds [0, 1] in
//     "Binaries" (not HiGHS's "gen"/"bin", which CoinLpIO rejects);
//   - every column appears in the objective (with coefficient 0 if need
//     be), so that readers, which number columns in order of appearance,
//     keep the model's column order;
//   - numbers are written exactly (strconv 'g', -1).
//
// The model must satisfy Validate.
func WriteLP(w io.Writer, m *Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	cols, rows, obj := m.Names()
	bw := bufio.NewWriter(w)
	name := m.Name
	if name == "" {
		name = "mrsched"
	}
	fmt.Fprintf(bw, "\\ Problem name: %s\n", sanitize(name))
	fmt.Fprintf(bw, "\\ %d columns, %d rows, %d nonzeros; written by mrsched (solver/mip)\n", len(m.Vars), len(m.Rows), m.NumNonzeros())
	if m.Sense == Maximize {
		bw.WriteString("Maximize\n")
	} else {
		bw.WriteString("Minimize\n")
	}
	bw.WriteString(" " + obj + ":")
	nt := 0
	for j, v := range m.Vars {
		// Every column, zero coefficients too: readers number columns in
		// order of appearance, so this keeps the model's column order.
		writeTerm(bw, v.Obj, cols[j], &nt)
	}
	if m.Offset != 0 {
		if m.Offset < 0 {
			bw.WriteString(" - " + num(-m.Offset))
		} else {
			bw.WriteString(" + " + num(m.Offset))
		}
	}
	bw.WriteString("\nSubject To\n")
	for i, r := range m.Rows {
		switch lo, up := r.Lower, r.Upper; {
		case isInf(lo) && isInf(up):
			bw.WriteString("\\ free row " + rows[i] + " omitted\n")
		case lo == up:
			writeRow(bw, rows[i], r, cols, " = ", lo)
		case isInf(lo):
			writeRow(bw, rows[i], r, cols, " <= ", up)
		case isInf(up):
			writeRow(bw, rows[i], r, cols, " >= ", lo)
		default:
			writeRow(bw, rows[i], r, cols, " <= ", up)
			writeRow(bw, rows[i]+"_low", r, cols, " >= ", lo)
		}
	}
	bw.WriteString("Bounds\n")
	var gens, bins []string
	for j, v := range m.Vars {
		lo, up := m.Bounds(j)
		if v.Type == Binary && lo == 0 && up == 1 {
			bins = append(bins, cols[j])
			continue
		}
		if v.Type != Continuous {
			gens = append(gens, cols[j])
		}
		c := cols[j]
		switch {
		case isInf(lo) && isInf(up):
			bw.WriteString(" " + c + " free\n")
		case lo == up:
			bw.WriteString(" " + c + " = " + num(lo) + "\n")
		case isInf(lo):
			bw.WriteString(" -inf <= " + c + " <= " + num(up) + "\n")
		case isInf(up):
			if lo != 0 {
				bw.WriteString(" " + c + " >= " + num(lo) + "\n")
			}
		default:
			bw.WriteString(" " + num(lo) + " <= " + c + " <= " + num(up) + "\n")
		}
	}
	writeList(bw, "Generals", gens)
	writeList(bw, "Binaries", bins)
	bw.WriteString("End\n")
	return bw.Flush()
}

func writeTerm(bw *bufio.Writer, v float64, name string, nt *int) {
	if *nt > 0 && *nt%termsPerLine == 0 {
		bw.WriteString("\n  ")
	}
	*nt++
	if v < 0 {
		bw.WriteString(" - " + num(-v) + " " + name)
	} else {
		bw.WriteString(" + " + num(v) + " " + name)
	}
}

func writeRow(bw *bufio.Writer, name string, r Row, cols []string, op string, rhs float64) {
	bw.WriteString(" " + name + ":")
	nt := 0
	for k, j := range r.Ind {
		writeTerm(bw, r.Val[k], cols[j], &nt)
	}
	if nt == 0 {
		// An empty row: 0 times the first column keeps every reader happy.
		writeTerm(bw, 0, cols[0], &nt)
	}
	bw.WriteString(op + num(rhs) + "\n")
}

func writeList(bw *bufio.Writer, section string, names []string) {
	if len(names) == 0 {
		return
	}
	bw.WriteString(section + "\n")
	for k, c := range names {
		if k%termsPerLine == 0 {
			if k > 0 {
				bw.WriteString("\n")
			}
			bw.WriteString(" ")
		}
		bw.WriteString(" " + c)
	}
	bw.WriteString("\n")
}

// WriteMPS writes m in free MPS format (names without spaces, fields
// separated by blanks), read by CBC (CoinMpsIO), HiGHS, CPLEX, Gurobi, SCIP
// and GLPK (glpsol --freemps). Names are made valid and distinct as in
// WriteLP. Conventions:
//   - a maximisation is written as the minimisation of the negated
//     objective (and offset), with a comment saying so, because CBC 2.10's
//     MPS reader ignores an OBJSENSE section and would silently minimise;
//     the file's optimum is then the negated optimum of m;
//   - the objective offset is the negated RHS of the objective row (the
//     usual convention: objective = c·x − RHS(obj));
//   - a ranged row is a G row with its lower side in RHS and up − lo in
//     RANGES; a free row is omitted;
//   - integer columns sit between MARKER INTORG/INTEND lines and always get
//     explicit bounds (readers differ in the default bounds of integer
//     columns); binaries with bounds [0, 1] are BV.
//
// The model must satisfy Validate.
func WriteMPS(w io.Writer, m *Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	cols, rows, obj := m.Names()
	bw := bufio.NewWriter(w)
	name := sanitize(m.Name)
	if name == "" {
		name = "mrsched"
	}
	sign := 1.0
	if m.Sense == Maximize {
		sign = -1
		bw.WriteString("* maximisation written as the minimisation of the negated objective\n")
		bw.WriteString("* (CBC ignores OBJSENSE): the optimum of the model is minus the optimum of this file\n")
	}
	// "FREE" after the name switches CoinMpsIO (CBC) to free format; other
	// readers ignore it.
	bw.WriteString("NAME " + name + " FREE\n")
	bw.WriteString("ROWS\n N  " + obj + "\n")
	keep := make([]bool, len(m.Rows))
	for i, r := range m.Rows {
		t := ""
		switch lo, up := r.Lower, r.Upper; {
		case isInf(lo) && isInf(up):
			continue
		case lo == up:
			t = "E"
		case isInf(lo):
			t = "L"
		default: // lower side finite: G, ranged rows too
			t = "G"
		}
		keep[i] = true
		bw.WriteString(" " + t + " " + rows[i] + "\n")
	}
	writeMPSColumns(bw, m, cols, rows, obj, keep, sign)
	bw.WriteString("RHS\n")
	if m.Offset != 0 {
		bw.WriteString("    RHS " + obj + " " + num(-sign*m.Offset) + "\n")
	}
	hasRange := false
	for i, r := range m.Rows {
		if !keep[i] {
			continue
		}
		rhs := r.Lower
		if isInf(r.Lower) {
			rhs = r.Upper
		}
		if rhs != 0 {
			bw.WriteString("    RHS " + rows[i] + " " + num(rhs) + "\n")
		}
		hasRange = hasRange || isRanged(r)
	}
	if hasRange {
		bw.WriteString("RANGES\n")
		for i, r := range m.Rows {
			if keep[i] && isRanged(r) {
				bw.WriteString("    RNG " + rows[i] + " " + num(r.Upper-r.Lower) + "\n")
			}
		}
	}
	writeMPSBounds(bw, m, cols)
	bw.WriteString("ENDATA\n")
	return bw.Flush()
}

// writeMPSColumns writes the COLUMNS section of WriteMPS: the matrix
// column by column (rows not kept omitted), the objective scaled by sign,
// integer columns between markers.
func writeMPSColumns(bw *bufio.Writer, m *Model, cols, rows []string, obj string, keep []bool, sign float64) {
	// Column-wise matrix.
	n := len(m.Vars)
	cnt := make([]int, n+1)
	for i, r := range m.Rows {
		if keep[i] {
			for _, j := range r.Ind {
				cnt[j+1]++
			}
		}
	}
	for j := 0; j < n; j++ {
		cnt[j+1] += cnt[j]
	}
	rowOf := make([]int, cnt[n])
	valOf := make([]float64, cnt[n])
	next := append([]int(nil), cnt[:n]...)
	for i, r := range m.Rows {
		if !keep[i] {
			continue
		}
		for k, j := range r.Ind {
			rowOf[next[j]] = i
			valOf[next[j]] = r.Val[k]
			next[j]++
		}
	}
	bw.WriteString("COLUMNS\n")
	inInt := false
	for j, v := range m.Vars {
		isInt := v.Type != Continuous
		if isInt != inInt {
			if isInt {
				bw.WriteString("    MARKER 'MARKER' 'INTORG'\n")
			} else {
				bw.WriteString("    MARKER 'MARKER' 'INTEND'\n")
			}
			inInt = isInt
		}
		wrote := false
		if v.Obj != 0 {
			bw.WriteString("    " + cols[j] + " " + obj + " " + num(sign*v.Obj) + "\n")
			wrote = true
		}
		for k := cnt[j]; k < cnt[j+1]; k++ {
			bw.WriteString("    " + cols[j] + " " + rows[rowOf[k]] + " " + num(valOf[k]) + "\n")
			wrote = true
		}
		if !wrote {
			bw.WriteString("    " + cols[j] + " " + obj + " 0\n")
		}
	}
	if inInt {
		bw.WriteString("    MARKER 'MARKER' 'INTEND'\n")
	}
}

// writeMPSBounds writes the BOUNDS section of WriteMPS.
func writeMPSBounds(bw *bufio.Writer, m *Model, cols []string) {
	bw.WriteString("BOUNDS\n")
	for j, v := range m.Vars {
		lo, up := m.Bounds(j)
		c := cols[j]
		if v.Type == Binary && lo == 0 && up == 1 {
			bw.WriteString(" BV BND " + c + "\n")
			continue
		}
		isInt := v.Type != Continuous
		switch {
		case lo == up:
			bw.WriteString(" FX BND " + c + " " + num(lo) + "\n")
			continue
		case isInf(lo) && isInf(up):
			bw.WriteString(" FR BND " + c + "\n")
			continue
		}
		if isInf(lo) {
			bw.WriteString(" MI BND " + c + "\n")
		} else if lo != 0 || isInt {
			bw.WriteString(" LO BND " + c + " " + num(lo) + "\n")
		}
		if isInf(up) {
			if isInt {
				bw.WriteString(" PL BND " + c + "\n")
			}
		} else {
			bw.WriteString(" UP BND " + c + " " + num(up) + "\n")
		}
	}
}
