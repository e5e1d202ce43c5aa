//go:build !js

package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"":                          false,
		"gzip":                      true,
		"gzip, deflate, br, zstd":   true,
		"br;q=1.0, gzip;q=0.8":      true,
		"deflate, gzip;q=0":         false,
		"GZIP":                      true,
		"*":                         true,
		"identity":                  false,
		"x-gzip-not-really, br":     false,
		"gzip ; q=0.000, identity ": false,
	} {
		if got := acceptsGzip(h); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", h, got, want)
		}
	}
}

// Each file goes out with its MIME type; the .wasm compressed only to a
// browser that accepts gzip; nothing outside the page's files is served.
func TestHandler(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html": "<!DOCTYPE html>", "spaceflight.js": "start();", WasmName: "\x00asm-plain",
		WasmName + ".gz": "gzipped", ".secret": "x", "notes.xyz123": "x",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, c := range []struct {
		method, path, accept string
		status               int
		ctype, encoding      string
		body                 string
	}{
		{"GET", "/", "", 200, "text/html; charset=utf-8", "", "<!DOCTYPE html>"},
		{"GET", "/spaceflight.js", "", 200, "text/javascript; charset=utf-8", "", "start();"},
		{"GET", "/" + WasmName, "gzip, br", 200, "application/wasm", "gzip", "gzipped"},
		{"GET", "/" + WasmName, "", 200, "application/wasm", "", "\x00asm-plain"},
		{"GET", "/" + WasmName, "gzip;q=0", 200, "application/wasm", "", "\x00asm-plain"},
		{"GET", "/" + WasmName + ".gz", "", 404, "", "", ""},
		{"GET", "/.secret", "", 404, "", "", ""},
		{"GET", "/notes.xyz123", "", 404, "", "", ""},
		{"GET", "/../serve.go", "", 404, "", "", ""},
		{"GET", "/missing.html", "", 404, "", "", ""},
		{"POST", "/", "", 405, "", "", ""},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		req.Header.Set("Accept-Encoding", c.accept)
		// The transport would add and undo gzip itself; the test reads the wire.
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 64)
		n, _ := resp.Body.Read(buf)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s %s (%q): status %d, want %d", c.method, c.path, c.accept, resp.StatusCode, c.status)
			continue
		}
		if c.status != 200 {
			continue
		}
		if got := resp.Header.Get("Content-Type"); got != c.ctype {
			t.Errorf("%s (%q): Content-Type %q, want %q", c.path, c.accept, got, c.ctype)
		}
		if got := resp.Header.Get("Content-Encoding"); got != c.encoding {
			t.Errorf("%s (%q): Content-Encoding %q, want %q", c.path, c.accept, got, c.encoding)
		}
		if got := string(buf[:n]); got != c.body {
			t.Errorf("%s (%q): body %q, want %q", c.path, c.accept, got, c.body)
		}
	}
}
