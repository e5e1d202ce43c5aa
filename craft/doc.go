// Package craft reads craft and mission files — strict TOML with
// line-exact errors — into validated, plain-data specs with computed mass
// properties, and turns crafts into physics bodies and joints.
//
// Files: docs/craft-files.md and docs/mission-files.md describe every key;
// data/schema holds JSON Schemas generated from the same structs.
//
// Units: files use metres, kilograms, newtons, seconds and degrees; the
// loaded Craft and Mission use SI units and radians throughout. Frames are
// right-handed with y up. Craft-level positions and directions (joints,
// thrusters, ports) are in the craft frame as built; shapes and a part's
// mass properties are in the part frame; mission states are in the world
// frame.
//
// Entry points:
//
//   - Library (NewLibrary, DefaultLibrary, Shipped, UserDir): the game's
//     own files (an fs.FS it passes in) overlaid by a user folder;
//     LoadCraft, LoadMission, Crafts, Missions.
//   - ParseCraft, ParseMission: one file from bytes.
//   - Check, CheckWith: the `spaceflight check` command.
//   - Craft.Warnings, Mission.MissionWarnings, Locate: what a file may say
//     but probably does not mean (legs without feet, a thrust line off
//     the centre of mass, part_a/part_b swapped, exhaust into the craft).
//   - Watcher (Library.WatchCraft, Library.WatchMission,
//     Library.WatchMissionNamedIn for a replay's mission): hot reload that
//     keeps the last good version.
//   - ReadFile, DecodeTOML, Printable, DidYouMean: reading files from
//     anywhere — only regular files, never blocking, size-capped; TOML with
//     nesting guarded and syntax errors placed at the mistake; strings made
//     safe to print — for the game's other files (settings, scores,
//     replays) as for crafts.
//   - Craft.Build: bodies and joints in a physics.World.
//   - MassProps, BoxMass, CylinderMass, PolyhedronMass, Combine,
//     PrincipalMoments: mass properties.
//
// Errors are an ErrorList of *Error, each printed as
// "FILE:LINE:COL: key.path: what is wrong", with nothing unprintable in it.
//
// Files may come from anyone. A craft or mission named inside another file
// is a library name or a relative .toml path that stays in that file's
// folder or the user folder (ErrRefused otherwise); only what the user types
// may name any file. Every string must be printable text.
package craft
