package fileio_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mrsched/mrsched/internal/fileio"
)

func ExampleParseFloat() {
	for _, s := range []string{"1e-3", "1_000", "0x1p-2", "inf", "1e400"} {
		v, err := fileio.ParseFloat(s)
		fmt.Println(v, err)
	}
	// Output:
	// 0.001 <nil>
	// 0 fileio: not a decimal number: "1_000" is not a decimal number (want an optional sign, digits, an optional fraction and exponent, such as 12, -0.5 or 1e-3; no 1_000, 0x1p-2, inf or nan)
	// 0 fileio: not a decimal number: "0x1p-2" is not a decimal number (want an optional sign, digits, an optional fraction and exponent, such as 12, -0.5 or 1e-3; no 1_000, 0x1p-2, inf or nan)
	// 0 fileio: not a decimal number: "inf" is not a decimal number (want an optional sign, digits, an optional fraction and exponent, such as 12, -0.5 or 1e-3; no 1_000, 0x1p-2, inf or nan)
	// 0 fileio: not a decimal number: "1e400" is out of the float64 range (magnitude above 1.8e308)
}

func ExampleReadText() {
	// A leading byte order mark is stripped; a NUL byte stops the read.
	b, err := fileio.ReadText(strings.NewReader("\ufeffid,map\nJ1,2\n"), "jobs.csv", 0)
	fmt.Printf("%q %v\n", b, err)
	_, err = fileio.ReadText(strings.NewReader("id,map\nJ1\x00,2\n"), "jobs.csv", 0)
	fmt.Println(err)
	// Output:
	// "id,map\nJ1,2\n" <nil>
	// jobs.csv:2: fileio: not a UTF-8 text file: NUL byte at byte offset 9 (text files must be UTF-8 without NUL bytes)
}

func ExampleWriteFileAtomic() {
	dir, _ := os.MkdirTemp("", "fileio")
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.json")
	_ = fileio.WriteFileAtomic(in, []byte("{}\n"))
	// Refuse to write over the command's own input.
	err := fileio.WriteFileAtomic(in, []byte("out"), fileio.Protect(in))
	fmt.Println(strings.ReplaceAll(err.Error(), dir, "DIR"))
	// Output:
	// write DIR/in.json: fileio: refusing to overwrite: DIR/in.json is an input file of this command (DIR/in.json)
}

func ExampleCheckPaths() {
	dir, _ := os.MkdirTemp("", "guard")
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.json")
	_ = os.WriteFile(in, []byte("{}"), 0o644)
	err := fileio.CheckPaths([]fileio.PathArg{
		{Name: "--instance", Path: in, Use: fileio.Reads},
		{Name: "--out", Path: dir + "/sub/../in.json", Use: fileio.Writes},
	})
	fmt.Println(strings.ReplaceAll(err.Error(), dir, "DIR"))
	err = fileio.CheckPaths([]fileio.PathArg{
		{Name: "--schedule", Path: filepath.Join(dir, "s.json"), Use: fileio.Writes},
		{Name: "--out", Path: dir + "/./s.json", Use: fileio.Writes},
	})
	fmt.Println(strings.ReplaceAll(err.Error(), dir, "DIR"))
	// Output:
	// fileio: refusing to overwrite: --out DIR/sub/../in.json is the input file --instance DIR/in.json of this command
	// fileio: refusing to overwrite: --schedule DIR/s.json and --out DIR/./s.json are one file (two outputs of this command)
}
