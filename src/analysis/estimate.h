// Layer 4: dead stones and seki proposed for a finished position.
//
// Deterministic, no neural network:
//  1. Benson's algorithm: chains that are unconditionally alive (pass-alive)
//     are alive for certain.
//  2. Monte-Carlo playouts from the position with a fixed seed and its own
//     generator: moves that never fill a player's own eye and never self-atari
//     except to throw in a killing shape (nakade); around the last move they
//     capture, save a chain in atari, answer a capturing race, or atari; else
//     half the time they reply next to it. A chain that survives in few
//     playouts is dead; one that survives in most is alive; the survival rate
//     is the confidence.
//  3. With the dead stones off, a bent four in the corner is found (the chain
//     around it is dead), then the classification (classify.h) tells which
//     groups are in seki.
// Stones the caller marks dead (the record, --dead) stay dead; the estimator
// decides the rest.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "analysis/classify.h"

namespace gocount {

struct ChainEstimate {
  Vertex root;                 // a stone of the chain
  Color color;
  int stones;
  GroupStatus status;
  double confidence;           // 0.5 .. 1
  std::string reason;          // a few words
};

struct Estimate {
  std::vector<ChainEstimate> chains;  // every chain of the position, board order
  std::vector<Vertex> dead;           // every dead stone
  bool finished = true;               // false: open borders or unsettled chains
  std::vector<Vertex> needs_move;     // points that still need a move, when not finished
};

struct EstimateOptions {
  int playouts = 0;  // 0: about 4,000 empty points played out in all (33 on a finished 19x19, 16 to 128)
  uint32_t seed = 20261121;
};

Estimate estimate(const Board& board, std::span<const Vertex> marked_dead, const EstimateOptions& options = {});

// Benson's unconditional life: per vertex, 1 where the stone belongs to a
// pass-alive chain.
std::vector<uint8_t> pass_alive(const Board& board);

}  // namespace gocount
