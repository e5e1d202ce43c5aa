// Package render draws the game: a 3D scene with Ebiten's DrawTriangles and
// a HUD with ebiten/v2/vector and text/v2.
//
// Render reads a plain frame description (Frame) that the game fills every
// frame and never changes game state; it imports neither game, craft nor
// physics.
//
// Conventions follow the physics package: right-handed world frame, y up,
// metres, seconds, radians; quaternions rotate body (or camera) coordinates
// into world coordinates. World positions arrive as float64 (mgl64); they are
// made relative to the camera in float64 and only then converted to float32
// for the GPU, so nothing jitters far from the origin.
//
// The camera looks along its local −z axis with +y up and +x to the right
// (the OpenGL convention).
//
// Painter's algorithm: back faces are culled, polygons crossing the near
// plane are clipped, and the survivors are drawn far to near in one
// DrawTriangles32 call per layer. A Mesh is a set of convex pieces: the faces
// of one convex piece that face the camera never overlap, so pieces are
// sorted by the distance of their centres and faces of non-convex pieces by
// their own centroids.
package render
