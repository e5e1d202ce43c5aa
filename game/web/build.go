//go:build !js

package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// WasmName is the game's WebAssembly in the built page.
const WasmName = "spaceflight.wasm"

// BuildResult is what Build made.
type BuildResult struct {
	Dir      string // the page's folder
	Wasm     int64  // bytes of spaceflight.wasm
	WasmGzip int64  // bytes of spaceflight.wasm.gz: what a browser downloads
}

// Build makes the web page in dir: the game (the module at the go.mod the
// go command finds from the current folder) compiled with GOOS=js
// GOARCH=wasm and its symbol tables stripped, the wasm_exec.js of that
// same toolchain (the two must match), the page's files, and a
// best-compression gzip copy of each for Handler to serve. goCmd is the go
// command to use ("" means "go").
func Build(ctx context.Context, goCmd, dir string) (BuildResult, error) {
	if goCmd == "" {
		goCmd = "go"
	}
	res := BuildResult{Dir: dir}
	goEnv := func(name string) (string, error) {
		out, err := exec.CommandContext(ctx, goCmd, "env", name).Output()
		return strings.TrimSpace(string(out)), err
	}
	gomod, err := goEnv("GOMOD")
	if err != nil || gomod == "" || gomod == os.DevNull {
		return res, fmt.Errorf("web: no go.mod found from here (%v)", err)
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return res, fmt.Errorf("web: go env GOROOT: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return res, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return res, err
	}
	wasm := filepath.Join(abs, WasmName)
	cmd := exec.CommandContext(ctx, goCmd, "build", "-ldflags=-s -w", "-o", wasm, ".")
	cmd.Dir = filepath.Dir(gomod)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return res, fmt.Errorf("web: building the game for js/wasm: %w\n%s", err, stderr.Bytes())
	}
	fi, err := os.Stat(wasm)
	if err != nil {
		return res, err
	}
	res.Wasm = fi.Size()

	// wasm_exec.js moved from misc/wasm to lib/wasm in Go 1.24.
	var glue []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if glue, err = os.ReadFile(filepath.Join(goroot, p)); err == nil {
			break
		}
	}
	if err != nil {
		return res, fmt.Errorf("web: the toolchain in %s has no wasm_exec.js: %w", goroot, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), glue, 0o644); err != nil {
		return res, err
	}
	err = fs.WalkDir(Page, "page", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := Page.ReadFile(p)
		if err != nil {
			return err
		}
		if d.Name() == "index.html" {
			b = bytes.Replace(b, []byte(`data-wasm-size="0"`), []byte(`data-wasm-size="`+strconv.FormatInt(res.Wasm, 10)+`"`), 1)
		}
		return os.WriteFile(filepath.Join(dir, d.Name()), b, 0o644)
	})
	if err != nil {
		return res, err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return res, err
	}
	for _, e := range ents {
		if ext := filepath.Ext(e.Name()); ext == ".gz" || contentTypes[ext] == "" {
			continue
		}
		n, err := gzipFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return res, err
		}
		if e.Name() == WasmName {
			res.WasmGzip = n
		}
	}
	return res, nil
}

// gzipFile writes p.gz beside p at the best compression and returns its
// size.
func gzipFile(p string) (int64, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return 0, err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return 0, err
	}
	if _, err := zw.Write(b); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return int64(buf.Len()), os.WriteFile(p+".gz", buf.Bytes(), 0o644)
}
