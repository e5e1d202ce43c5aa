// Package render draws the game: a 3D scene with Ebiten's
// DrawTrianglesShader32 and a HUD of batched shapes and text/v2 text in the
// embedded Go fonts.
//
// Render reads a plain frame description (Frame) that the game fills every
// frame and never changes game state; it imports neither game, craft nor
// physics.
//
// Use:
//
//	r, err := render.NewRenderer()          // once
//	mesh := &render.Mesh{}                   // once per craft: one convex piece per part
//	err = mesh.AddConvexAt(part.Verts, loops, colour, partPos, partRot)
//	cam := render.NewCamera()                // once
//	cam.Update(dt, render.CameraTarget{…}, render.CameraInput{…}) // every tick
//	f := render.Frame{View: cam.View(), Bodies: …, HUD: …}       // every frame
//	r.Draw(screen, &f)                       // in ebiten.Game.Draw
//
// Faster under a software rasterizer (Mesa's llvmpipe), where every
// full-screen pass costs milliseconds: draw straight onto the window in
// ebiten.FinalScreenDrawer and skip Ebiten's copy of its offscreen:
//
//	r.DrawLater(screen, &f)                  // in Game.Draw (r.Draw in a frame that takes a screenshot)
//	r.DrawFinalScreen(s, off, geoM)          // in Game.DrawFinalScreen
//
// Either way the renderer writes every pixel and turns Ebiten's per-frame
// screen clear off.
//
// Conventions follow the physics package: right-handed world frame, y up,
// metres, seconds, radians; quaternions rotate body (or camera) coordinates
// into world coordinates; body axes x = pitch, y = yaw, z = roll (the nose).
// World positions arrive as float64 (mgl64); they are made relative to the
// camera in float64 and only then converted to float32 for the GPU, so
// nothing jitters far from the origin. The camera looks along its local −z
// axis with +y up and +x to the right (the OpenGL convention).
//
// Light (light.go): one sun per frame (Frame.SunDir, SunColor), an ambient
// term and, in orbit, earthshine from below. Each face has a Finish (paint,
// metal, foil, solar, light) from one table that both lighting paths read.
// QualityHigh lights every pixel of the craft in a Kage shader (the lit
// shader): the interpolated vertex normal (creased at 40°, so cylinders
// shade smoothly) and the view direction worked out from the pixel give
// Blinn–Phong highlights. Per-pixel lighting is chosen because a flat face
// under a directional sun has one diffuse value but a highlight that moves
// across it, and smooth cylinders need the normal per pixel. QualityLow
// lights the corners of each face on the CPU and fills with a colour-only
// shader, for software renderers whose fill rate is the frame budget.
//
// Shadows (shadow.go): each convex piece of a shadow-casting body is
// projected along the sun onto the ground and the pads' tops (the convex
// hull of its corners), drawn with a min blend in the receiver's shaded
// colour; a face corner whose ray to the sun passes through another body
// loses its sunlight.
//
// The surface (surface.go): regolith, crater light and rocks from a seed;
// visual only, on the flat plane the physics collides with.
//
// Painter's algorithm: back faces are culled, polygons are clipped against
// the near plane and the sides of the view frustum, and the survivors are
// drawn far to near, layer by layer (the Sun and the Earth, the ground,
// shadows on it, underlay bodies such as pads, shadows and marks on them,
// then bodies, rocks and plumes). A Mesh is a set of convex pieces: the
// faces of one convex piece that face the camera never overlap, so pieces
// are sorted by the distance of their centres and faces of non-convex pieces
// by their own centroids. Building the triangles allocates nothing after the
// first frames.
package render
