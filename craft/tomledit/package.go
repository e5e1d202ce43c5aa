// Package tomledit edits a TOML file in place: a value, key or table changed
// by the game rewrites only those bytes, and the rest of the file — its
// comments, blank lines, key order, spacing, number styles — stays byte for
// byte as its author wrote it. The hangar's craft editor writes through it,
// so that a craft built with the mouse stays the readable, commented file
// a modder keeps in git.
//
// It knows TOML, not crafts: a Doc is the text with an index of where every
// value, key line and table is (scan.go), edits are byte patches kept for
// Undo and Redo (doc.go, tables.go), and Merge takes a version of the file
// changed in a text editor meanwhile, making the document's unsaved edits
// again on it (merge.go).
package tomledit
