package highs

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The pinned package and the SHA-256 of its two files (npm highs@1.15.3,
// HiGHS 1.15.1). The tarball's sha512 is checked against the registry by
// scripts/setup-highs.sh; these hashes are checked at every load.
const (
	NPMPackage = "highs@1.15.3"
	WasmFile   = "highs.wasm"
	GlueFile   = "highs.js"
	WasmSHA256 = "528be4365bea1d4188988646b244263f50320df55782e14d6af5bce7cd45c840"
	GlueSHA256 = "0bd23843c9795753f2276e9901eb2a1e66288547b6bcba84fa0665dc037b5c7c"
	// EnvDir names the environment variable that overrides the search path.
	EnvDir = "MRSCHED_HIGHS_DIR"
)

// InstallHint is the one-line instruction printed when the files are missing.
const InstallHint = "run 'make setup' in the mrsched repository (needs npm), or set " + EnvDir + " to a directory holding highs.wasm and highs.js from npm " + NPMPackage

// ErrNotInstalled is returned when highs.wasm and highs.js are not found.
var ErrNotInstalled = errors.New("highs: HiGHS engine files not installed")

// ErrChecksum is returned when a file does not have the pinned SHA-256.
var ErrChecksum = errors.New("highs: checksum mismatch")

// SearchPath returns the directories Find looks in, in order.
func SearchPath() []string {
	var dirs []string
	if d := os.Getenv(EnvDir); d != "" {
		dirs = append(dirs, d)
	}
	seen := map[string]bool{}
	walk := func(start string) {
		for d := start; ; {
			c := filepath.Join(d, "third_party", "highs")
			if !seen[c] {
				seen[c] = true
				dirs = append(dirs, c)
			}
			p := filepath.Dir(d)
			if p == d {
				return
			}
			d = p
		}
	}
	if wd, err := os.Getwd(); err == nil {
		walk(wd)
	}
	if exe, err := os.Executable(); err == nil {
		if r, err := filepath.EvalSymlinks(exe); err == nil {
			exe = r
		}
		walk(filepath.Dir(exe))
	}
	if c, err := os.UserCacheDir(); err == nil {
		dirs = append(dirs, filepath.Join(c, "mrsched", "highs"))
	}
	return dirs
}

// Find returns the first directory of SearchPath that holds both files. If
// $MRSCHED_HIGHS_DIR is set it must hold them. The error wraps
// ErrNotInstalled and says in one line how to install them.
func Find() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		if hasFiles(d) {
			return d, nil
		}
		return "", fmt.Errorf("%w: %s=%s has no %s and %s; %s", ErrNotInstalled, EnvDir, d, WasmFile, GlueFile, InstallHint)
	}
	for _, d := range SearchPath() {
		if hasFiles(d) {
			return d, nil
		}
	}
	return "", fmt.Errorf("%w (looked for third_party/highs above the working directory and the executable, and in the user cache dir); %s", ErrNotInstalled, InstallHint)
}

func hasFiles(d string) bool {
	for _, f := range []string{WasmFile, GlueFile} {
		if st, err := os.Stat(filepath.Join(d, f)); err != nil || !st.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// readPinned reads dir/name and checks its SHA-256 against want.
func readPinned(dir, name, want string) ([]byte, error) {
	p := filepath.Join(dir, name)
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("highs: %w; %s", err, InstallHint)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); !strings.EqualFold(got, want) {
		return nil, fmt.Errorf("%w: %s has SHA-256 %s, want %s (npm %s); %s", ErrChecksum, p, got, want, NPMPackage, InstallHint)
	}
	return b, nil
}
