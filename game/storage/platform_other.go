//go:build !js

package storage

// Platform returns the storage of this build: the OS's files. droppable is
// only used in a browser (see Local).
func Platform(droppable func(path string) bool) OS { return OS{} }
