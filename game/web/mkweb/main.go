// Command mkweb builds the game's web page (`make web`): mkweb [DIR]
// writes it to DIR, build/web by default, and prints what it made.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"spaceflight/game/web"
)

func main() {
	dir := filepath.Join("build", "web")
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	res, err := web.Build(context.Background(), os.Getenv("GO"), dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkweb:", err)
		os.Exit(1)
	}
	fmt.Printf("built %s: %s %.1f MB, %.1f MB gzipped (what a browser downloads)\n",
		res.Dir, web.WasmName, float64(res.Wasm)/1e6, float64(res.WasmGzip)/1e6)
}
