package fileio

import (
	"crypto/sha256"
	"io"
)

// SumText returns the SHA-256 of the bytes of the text file at path, read
// in one streaming pass under the input size limit (Open with max 0) and
// stopped at the first NUL byte or invalid UTF-8 sequence (NewTextReader),
// so that an endless or binary input fails at once in constant memory.
// Sweeps use it to fingerprint their input files.
func SumText(path string) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	f, err := Open(path, 0)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(io.Discard, NewTextReader(io.TeeReader(f, h), path)); err != nil {
		return sum, err
	}
	h.Sum(sum[:0])
	return sum, nil
}
