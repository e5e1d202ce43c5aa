//go:build !js

package web

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// contentTypes are the types the page's files are served with; a browser
// compiles WebAssembly while it streams in only when it is application/wasm.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".toml": "text/plain; charset=utf-8",
	".json": "application/json",
	".png":  "image/png",
}

// Handler serves the built page in dir: GET and HEAD only, "/" as
// index.html, each file with its MIME type, and FILE.gz in its place with
// Content-Encoding: gzip when the browser accepts gzip and the build made
// one. Every answer says Cache-Control: no-cache, so a rebuilt game is
// fetched again (a browser still revalidates cheaply by modification time).
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := path.Clean("/" + r.URL.Path)
		if name == "/" {
			name = "/index.html"
		}
		ext := path.Ext(name)
		ctype, ok := contentTypes[ext]
		if !ok {
			ctype = mime.TypeByExtension(ext)
		}
		if ctype == "" || strings.HasSuffix(name, ".gz") || strings.Contains(name, "/.") {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", ctype)
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Add("Vary", "Accept-Encoding")
		file := filepath.Join(dir, filepath.FromSlash(name))
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			if f, err := os.Open(file + ".gz"); err == nil {
				defer f.Close()
				if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
					h.Set("Content-Encoding", "gzip")
					http.ServeContent(w, r, name, fi.ModTime(), f)
					return
				}
			}
		}
		f, err := os.Open(file)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, name, fi.ModTime(), f)
	})
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if c := strings.ToLower(strings.TrimSpace(coding)); c != "gzip" && c != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// Serve is `spaceflight serve`: it serves the page built in --dir on
// --addr (127.0.0.1:8080 by default) until it is stopped.
func Serve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "`host:port` to listen on (the default is this machine only)")
	dir := fs.String("dir", filepath.Join("build", "web"), "the built page (`make web` makes build/web)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight serve [--addr HOST:PORT] [--dir DIR]")
		fmt.Fprintln(stderr, "Serves the game's web page (built by `make web`) for a browser.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "spaceflight serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := checkBuilt(*dir); err != nil {
		fmt.Fprintln(stderr, "spaceflight serve:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "spaceflight serve:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Serving %s at http://%s/ — open it in a browser; Ctrl+C stops.\n", *dir, ln.Addr())
	if err := http.Serve(ln, Handler(*dir)); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "spaceflight serve:", err)
		return 1
	}
	return 0
}

// checkBuilt reports what is missing from a built page in dir.
func checkBuilt(dir string) error {
	for _, f := range []string{"index.html", "wasm_exec.js", "spaceflight.js", WasmName} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return fmt.Errorf("%s has no %s: build the page with `make web` first", dir, f)
		}
	}
	return nil
}
