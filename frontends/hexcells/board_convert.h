// Between what the screen shows (Scene) and the Hexcells model (hexcells::Board): a
// read screenshot becomes a state whose hidden cells have unknown colour, and a level
// or state becomes a scene to render.
#pragma once

#include "frontends/hexcells/scene.h"
#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells_vision {

// The scene as a state (normalised into the 33x33 grid with a margin when it fits);
// hidden cells get Color::unknown. Throws InputError when the board does not fit the
// grid or the REMAINING counter was not read.
hexcells::Board scene_to_state(Scene scene);

// What the player sees of a level or state: hidden cells (whatever their colour) drawn
// hidden, revealed cells with their numbers ("?" for a revealed black without one).
// remaining = board.remaining, or the count of hidden blue cells when colours are known.
Scene board_to_scene(const hexcells::Board& board);

// Grid position of a scene tile in the board that scene_to_state makes.
hexcells::Pos state_position(const Scene& scene, int x, int y);

}  // namespace puzzlesat::hexcells_vision
