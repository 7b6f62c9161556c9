package onepage_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/onepage"
	"github.com/mrsched/mrsched/report/study"
)

// Environment of the browser test (set by 'make test-html').
const (
	// envPageHTML and envPageJSON name a page and the JSON output of the
	// same run ('mrsched study nightly --format json --out J --html H');
	// without them the test builds the page of the embedded nightly batch.
	envPageHTML = "MRSCHED_PAGE_HTML"
	envPageJSON = "MRSCHED_PAGE_JSON"
	// envArtefacts is the directory that keeps the screenshot, the DOM and
	// the browser's network log (default: a temporary directory).
	envArtefacts = "MRSCHED_TEST_ARTEFACTS"
)

// chromiumFlags start a headless Chromium that fetches nothing of its own
// and resolves no host name, so a page that references anything outside
// itself shows it in the network log as a failed request.
var chromiumFlags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
	"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", "--disable-extensions",
	"--disable-default-apps", "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0"}

// TestChromium renders the one-page report in headless Chromium and checks
// the DOM the browser built (onepage.Check: title, sections, one plan row
// per job, the gap equal to the JSON output's, no external reference), that
// the page made no network request (Chromium's network log) and logged
// nothing to the console, and keeps a 1280 × 2000 screenshot.
func TestChromium(t *testing.T) {
	bin, err := lookChromium()
	if err != nil {
		testenv.Missing(t, "chromium (headless browser)", "make setup-chromium", err)
		return
	}
	art := os.Getenv(envArtefacts)
	if art == "" {
		art = t.TempDir()
	} else if err := os.MkdirAll(art, 0o755); err != nil {
		t.Fatal(err)
	}
	htmlPath, want := pageUnderTest(t, art)
	abs, err := filepath.Abs(htmlPath)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(abs)
	if err != nil {
		t.Fatal(err)
	}
	if err := onepage.Check(src, want); err != nil {
		t.Errorf("%s: %v", abs, err)
	}
	netlog := filepath.Join(art, "netlog.json")
	dom, stderr := chromium(t, bin, "--log-net-log="+netlog, "--dump-dom", "file://"+abs)
	if err := os.WriteFile(filepath.Join(art, "dom.html"), dom, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := onepage.Check(dom, want); err != nil {
		t.Errorf("the DOM Chromium built from %s: %v", abs, err)
	}
	if msgs := consoleMessages(stderr); len(msgs) > 0 {
		t.Errorf("console messages: %q", msgs)
	}
	raw, err := os.ReadFile(netlog)
	if err != nil {
		t.Fatalf("Chromium wrote no network log: %v", err)
	}
	reqs, err := pageRequests(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs) > 0 {
		t.Errorf("the page made %d network request(s): %q", len(reqs), reqs)
	}
	shot := filepath.Join(art, "page.png")
	chromium(t, bin, "--screenshot="+shot, "--window-size=1280,2000", "file://"+abs)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != 1280 || cfg.Height != 2000 {
		t.Errorf("screenshot %s: %dx%d, %v; want 1280x2000", shot, cfg.Width, cfg.Height, err)
	}
	t.Logf("screenshot: %s (DOM and network log beside it)", shot)
}

// pageUnderTest returns the page to render and what it must show: the
// files of envPageHTML and envPageJSON, or the page of the embedded
// nightly batch written into dir.
func pageUnderTest(t *testing.T, dir string) (string, onepage.Expect) {
	h, j := os.Getenv(envPageHTML), os.Getenv(envPageJSON)
	if h != "" || j != "" {
		if h == "" || j == "" {
			t.Fatalf("set both %s and %s", envPageHTML, envPageJSON)
		}
		raw, err := os.ReadFile(j)
		if err != nil {
			t.Fatal(err)
		}
		want, err := expectFromJSON(raw)
		if err != nil {
			t.Fatalf("%s: %v", j, err)
		}
		return h, want
	}
	in, err := study.DefaultNightly()
	if err != nil {
		t.Fatal(err)
	}
	_, page, want := testPage(t, "nightly-default", in)
	path := filepath.Join(dir, "nightly.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, want
}

// expectFromJSON reads what a page must show from the JSON output of
// 'mrsched study nightly': the plan's job ids (column "job"), the gap of
// its one instance and the title made of its name and size.
func expectFromJSON(raw []byte) (onepage.Expect, error) {
	var out struct {
		Plan   [][]string `json:"plan"`
		Header []string   `json:"plan_header"`
		Report struct {
			Instances []report.InstanceResult `json:"instances"`
		} `json:"report"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return onepage.Expect{}, err
	}
	if len(out.Report.Instances) != 1 {
		return onepage.Expect{}, fmt.Errorf("%d instances, want the one of a nightly study", len(out.Report.Instances))
	}
	col := -1
	for i, h := range out.Header {
		if h == "job" {
			col = i
		}
	}
	if col < 0 {
		return onepage.Expect{}, fmt.Errorf("no job column in plan_header %q", out.Header)
	}
	ir := out.Report.Instances[0]
	want := onepage.Expect{Title: fmt.Sprintf("Plan for %s (%d jobs)", ir.Name, ir.N), Gap: float64(ir.Gap)}
	for _, r := range out.Plan {
		want.Jobs = append(want.Jobs, r[col])
	}
	return want, nil
}

func lookChromium() (string, error) {
	var first error
	for _, name := range []string{"chromium", "chromium-browser"} {
		p, err := exec.LookPath(name)
		if err == nil {
			return p, nil
		}
		if first == nil {
			first = err
		}
	}
	return "", first
}

// chromium runs the browser with chromiumFlags, a fresh profile and args;
// it returns its standard output and error. The deadline only stops a hung
// browser.
func chromium(t *testing.T, bin string, args ...string) (stdout, stderr []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	all := append(append(append([]string{}, chromiumFlags...), "--user-data-dir="+t.TempDir()), args...)
	cmd := exec.CommandContext(ctx, bin, all...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(all, " "), err, e.Bytes())
	}
	return o.Bytes(), e.Bytes()
}

// consoleMessages returns the console lines of Chromium's log (with
// --enable-logging=stderr a page's console output shows as "CONSOLE").
func consoleMessages(stderr []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	for sc.Scan() {
		if strings.Contains(sc.Text(), ":CONSOLE") {
			out = append(out, sc.Text())
		}
	}
	return out
}

// pageRequests returns the addresses a page asked for, from a Chromium
// network log (--log-net-log): the URL_REQUEST_START_JOB events of the
// page's network isolation key (a file:// page), except file: and data:
// addresses. The browser's own requests, if any, have another key.
func pageRequests(netlog []byte) ([]string, error) {
	var nl struct {
		Constants struct {
			LogEventTypes map[string]int `json:"logEventTypes"`
		} `json:"constants"`
		Events []struct {
			Type   int `json:"type"`
			Params struct {
				URL string `json:"url"`
				Key string `json:"network_isolation_key"`
			} `json:"params"`
		} `json:"events"`
	}
	// A log cut off by a killed browser lacks its closing brackets.
	if err := json.Unmarshal(netlog, &nl); err != nil {
		trimmed := strings.TrimRight(strings.TrimSpace(string(netlog)), ",")
		if err2 := json.Unmarshal([]byte(trimmed+"]}"), &nl); err2 != nil {
			return nil, fmt.Errorf("network log: %w", err)
		}
	}
	start, ok := nl.Constants.LogEventTypes["URL_REQUEST_START_JOB"]
	if !ok {
		return nil, fmt.Errorf("network log: no URL_REQUEST_START_JOB event type")
	}
	var out []string
	for _, e := range nl.Events {
		u := e.Params.URL
		if e.Type == start && strings.Contains(e.Params.Key, "file://") && !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") {
			out = append(out, u)
		}
	}
	return out, nil
}

// TestPageRequests: in a network log Chromium wrote for a page with a
// stylesheet and an image on the web (testdata), pageRequests finds exactly
// those two and none of the browser's own requests; a log of nothing finds
// nothing.
func TestPageRequests(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "netlog-external.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := pageRequests(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"https://example.com/a.css", "http://example.org/x.png"} // the page's <link href> and <img src>
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("requests %q, want %q", got, want)
	}
	if got, err := pageRequests([]byte(`{"constants":{"logEventTypes":{"URL_REQUEST_START_JOB":1}},"events":[]}`)); err != nil || len(got) != 0 {
		t.Errorf("empty log: %q, %v", got, err)
	}
	if _, err := pageRequests([]byte(`{`)); err == nil {
		t.Error("a broken log was accepted")
	}
	if msgs := consoleMessages([]byte("a\n[1:1:INFO:CONSOLE:1] \"boom\", source: file:///p.html (1)\nb\n")); len(msgs) != 1 {
		t.Errorf("console lines %q, want 1", msgs)
	}
}
