// Package data holds the files shipped inside the game binary: crafts,
// missions and the JSON Schemas that describe their formats. It has no logic;
// main hands FS to the game, whose craft library reads it as its bottom
// layer.
package data

import "embed"

// FS holds crafts/*.toml, missions/*.toml and schema/*.json.
//
//go:embed crafts/*.toml missions/*.toml schema/*.json
var FS embed.FS
