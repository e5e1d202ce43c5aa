//go:build !js

package web

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
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
// one; only regular files inside dir (a symbolic link that leads out of
// it is not followed). Every answer says Cache-Control: no-cache, so a rebuilt game is
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
		// The files are opened inside dir as an os.Root: a symbolic link
		// (or a "..") that leads out of it is refused, one inside it
		// followed. Only a regular file is served, checked before it is
		// opened, so a FIFO put there cannot hold a request.
		root, err := os.OpenRoot(dir)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer root.Close()
		rel := strings.TrimPrefix(name, "/")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			if f, fi, ok := openRegular(root, rel+".gz"); ok {
				defer f.Close()
				h.Set("Content-Encoding", "gzip")
				http.ServeContent(w, r, name, fi.ModTime(), f)
				return
			}
		}
		f, fi, ok := openRegular(root, rel)
		if !ok {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		http.ServeContent(w, r, name, fi.ModTime(), f)
	})
}

// openRegular opens name in root if it is a regular file there.
func openRegular(root *os.Root, name string) (*os.File, fs.FileInfo, bool) {
	if fi, err := root.Stat(name); err != nil || !fi.Mode().IsRegular() {
		return nil, nil, false
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, nil, false
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, false
	}
	return f, fi, true
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

// Limits are what a server gives its clients, so that connections that
// send nothing, or too many of them, cannot hold it (or its memory).
type Limits struct {
	ReadHeader time.Duration // to send a request's headers
	Read       time.Duration // to send a whole request
	Write      time.Duration // to take one answer (the game's WebAssembly, on a slow link)
	Idle       time.Duration // a kept-alive connection between requests
	Conns      int           // connections served at once; more wait to be accepted
}

// DefaultLimits are `spaceflight serve`'s: generous for a browser, which
// opens a handful of connections and sends its headers at once.
var DefaultLimits = Limits{ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 10 * time.Minute, Idle: time.Minute, Conns: 64}

// NewServer returns the server for the page built in dir, to run on the
// listener it returns in place of ln: Handler behind the limits lim, and
// — when ln is on a loopback address — answering only requests that name
// this machine as their host (LoopbackHosts).
func NewServer(ln net.Listener, dir string, lim Limits) (*http.Server, net.Listener) {
	h := Handler(dir)
	if a, ok := ln.Addr().(*net.TCPAddr); ok && a.IP.IsLoopback() {
		h = LoopbackHosts(h)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: lim.ReadHeader, ReadTimeout: lim.Read, WriteTimeout: lim.Write,
		IdleTimeout: lim.Idle, MaxHeaderBytes: 16 << 10, ErrorLog: log.New(io.Discard, "", 0)}
	return srv, limitConns(ln, lim.Conns)
}

// LoopbackHosts answers only requests whose Host is this machine by name
// or address — localhost (or NAME.localhost), 127.0.0.1 and the rest of
// 127/8, [::1] — with or without a port; any other gets 421 Misdirected
// Request. A server on a loopback address needs it against DNS
// rebinding: a web site whose name the attacker points at 127.0.0.1
// would otherwise read the page's files from the player's browser as its
// own.
func LoopbackHosts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			http.Error(w, "spaceflight serve answers to localhost, 127.0.0.1 and [::1] only", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// limitConns returns ln serving at most n connections at once: Accept
// waits while n are open (the rest wait in the system's queue).
func limitConns(ln net.Listener, n int) net.Listener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, max(n, 1)), done: make(chan struct{})}
}

type limitListener struct {
	net.Listener
	slots chan struct{} // one per open connection
	done  chan struct{} // closed with the listener
	once  sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, release: sync.OnceFunc(func() { <-l.slots })}, nil
}

func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn gives its slot back when it closes (once).
type limitConn struct {
	net.Conn
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

// Serve is `spaceflight serve`: it serves the page built in --dir on
// --addr (127.0.0.1:8080 by default) until it is stopped, within
// DefaultLimits.
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
	srv, ln := NewServer(ln, *dir, DefaultLimits)
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
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
