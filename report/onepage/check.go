package onepage

import (
	"errors"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/tabular"
)

// ErrCheck is returned by Check for a page that does not show what it
// must.
var ErrCheck = errors.New("onepage: page check failed")

// Expect is what a page (the written file, or the DOM a browser built
// from it) must show.
type Expect struct {
	Title string   // the document title
	Jobs  []string // the plan's job ids, in order
	Gap   float64  // the gap of the JSON output (NaN: not available)
}

// Sections are the ids of the page's sections in the order they appear.
var Sections = []string{"recommendation", "plan", "figures", "methods", "instance", "provenance"}

var (
	titleRE = regexp.MustCompile(`(?s)<title>(.*?)</title>`)
	rowRE   = regexp.MustCompile(`(?s)<tr class="job"><td class="n">(\d+)</td><td>(.*?)</td>`)
	gapRE   = regexp.MustCompile(`<td id="gap" data-gap="([^"]*)">([^<]*)</td>`)
	// external matches what could make a browser fetch something: an
	// address with a scheme or a protocol-relative one, a src or href
	// attribute, a CSS @import or url(, and the elements that load or
	// run anything.
	external = regexp.MustCompile(`(?i)[a-z][a-z0-9+.-]*://|["'(=\s]//[^/\s]|\bsrc\s*=|\bhref\s*=|@import|url\s*\(|<script|<link|<iframe|<object|<embed|<img|<base\b`)
)

// ExternalRefs returns every piece of page that could reference something
// outside the page (see external): none for a self-contained page.
func ExternalRefs(page []byte) []string {
	var out []string
	for _, loc := range external.FindAllIndex(page, -1) {
		lo, hi := max(0, loc[0]-30), min(len(page), loc[1]+30)
		out = append(out, strings.ReplaceAll(string(page[lo:hi]), "\n", " "))
	}
	return out
}

// Check verifies that page shows want: the title, the sections in order,
// one plan row per job with the positions 1, 2, … and the job ids in
// order, the gap (its data-gap attribute equals want.Gap and its text is
// tabular.Percent of it), and no external reference (ExternalRefs).
func Check(page []byte, want Expect) error {
	var errs []error
	fail := func(format string, a ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrCheck}, a...)...))
	}
	if m := titleRE.FindSubmatch(page); m == nil {
		fail("no <title>")
	} else if got := html.UnescapeString(string(m[1])); got != want.Title {
		fail("title %q, want %q", got, want.Title)
	}
	at := -1
	for _, id := range Sections {
		i := strings.Index(string(page), `<section id="`+id+`"`)
		switch {
		case i < 0:
			fail("no section %q", id)
		case i < at:
			fail("section %q out of order (want %s)", id, strings.Join(Sections, ", "))
		default:
			at = i
		}
	}
	rows := rowRE.FindAllSubmatch(page, -1)
	if len(rows) != len(want.Jobs) {
		fail("%d plan rows, want one per job (%d)", len(rows), len(want.Jobs))
	}
	for k := 0; k < min(len(rows), len(want.Jobs)); k++ {
		pos, job := string(rows[k][1]), html.UnescapeString(string(rows[k][2]))
		if pos != strconv.Itoa(k+1) || job != want.Jobs[k] {
			fail("plan row %d is #%s %q, want #%d %q", k+1, pos, job, k+1, want.Jobs[k])
			break
		}
	}
	if m := gapRE.FindSubmatch(page); m == nil {
		fail("no gap cell")
	} else {
		if got, want := string(m[1]), tabular.Float(want.Gap); got != want {
			fail("gap data-gap=%q, want %q (the JSON output's)", got, want)
		}
		if got, want := html.UnescapeString(string(m[2])), tabular.Percent(want.Gap); got != want {
			fail("gap shown as %q, want %q", got, want)
		}
	}
	if refs := ExternalRefs(page); len(refs) > 0 {
		fail("%d external reference(s), the first: %q", len(refs), refs[0])
	}
	return errors.Join(errs...)
}
