"""The rules of Abapa, and the positions the worksheet gives.

The rules (from the seed, each ambiguity resolved; the notebook states them too):

* 14 cells in sowing order: player 0's pits 0..5, player 0's kalah 6, player 1's pits
  7..12, player 1's kalah 13. Pits are also named from the mover's side, 0 to 5.
  Start: 4 seeds in each pit, kalahs empty (48 seeds).
* A move empties one of the mover's non-empty pits and sows its seeds one by one in the
  following cells, both kalahs included, never in the pit it came from (14 seeds or more
  make a full lap that skips it).
* If the last seed lands in an opponent pit that then holds 2 or 3 seeds, they go to the
  mover's kalah, and so do those of the previous cells while each is an opponent pit
  with 2 or 3 seeds. Grand slam: a move whose captures would empty the opponent's camp
  is played without any capture.
* Feeding: when the opponent's camp is empty, the mover must play a pit whose seeds reach
  it. If none can, the game ends and the mover takes every seed left in the pits.
* The game ends when a kalah holds 25 seeds or more (or by the feeding rule); the larger
  kalah wins, 24-24 is a draw.
* Termination: every game ends, and no position can come back, because seeds never
  leave a kalah: each move either puts at least one seed into a kalah (sowing past one,
  a capture), or moves seeds forward inside the mover's own camp. So the pair (seeds in
  the kalahs, sum over the seeds in pits of their pit number 0..5) grows at each move,
  and a game has at most 49 * 241 moves. OpenSpiel's oware needs a repetition rule
  because oware sows past no store; here the proof is the guard, and ``play_game`` of
  :mod:`exercises.ai` keeps a hard cap on the number of moves as a last resort.

The package holds no solution: pictures and the widget take the student's ``Board`` (any
object with ``cells``, ``player``, ``legal_moves()``, ``play(pit)``, ``copy()``,
``is_over()``, ``winner()``, ``score(p)``) and run it.
"""

from __future__ import annotations

__all__ = ["FIGURE_1", "START"]


#: The worksheet's figure 1: player 0 has just emptied pit 4 of the start position.
FIGURE_1 = (4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0)

#: The start position: 4 seeds in each pit, both kalahs empty.
START = (4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)
