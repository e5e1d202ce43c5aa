// Package web is the game as a web page, on the desktop side (its files
// build only there): Build makes the page (the game compiled to
// WebAssembly, the Go toolchain's wasm_exec.js, and the page's own files
// in page/), and Handler serves it with the right MIME types, compressed
// where the browser allows.
// `make web` builds build/web/; `spaceflight serve` serves it on
// 127.0.0.1.
//
// The browser side of the game is in package game (page_js.go: the
// window.spaceflight calls the page and its tests use) and in the
// build-tagged files of storage, audio and render.
package web
