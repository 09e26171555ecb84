"""tCHu, the Swiss Ticket to Ride: the model a game loop is written on.

Given code for worksheet 04, steps 1 to 5 of the original project:

* the map of Switzerland and its neighbours: ``ChMap`` with its ``Station``s,
  ``Route``s (``Level``, ``Color``) and ``Ticket``s (made of ``Trip``s);
* cards: ``Card``, ``SortedBag`` (a sorted multiset), ``Deck``, ``CardState``;
* states, immutable values whose ``with_...`` methods return new states:
  ``PlayerState``, ``GameState``, and what everyone may see of them,
  ``PublicPlayerState`` and ``PublicGameState``;
* ``StationPartition`` (which stations a player connects), ``Trail.longest``;
* ``Info``, the messages of the game log; ``Constants``;
* the ``Player`` protocol with ``TurnKind``, two computer players
  (``RandomPlayer``, ``GreedyPlayer``).

>>> import random
>>> state = GameState.initial(ChMap.all_tickets(), random.Random(1))
>>> state.card_state.deck_size
97
>>> ChMap.route("BER_NEU_1").possible_claim_cards()
[SortedBag([Card.RED, Card.RED])]
>>> Info("Ada").claimed_route(ChMap.route("BER_NEU_1"), SortedBag.of(2, Card.RED))
'Ada claimed the route Berne – Neuchâtel with 2 red.\\n'
"""

from .bag import SortedBag
from .cards import CARS, Card, CardState, Color, Constants, Deck, PublicCardState
from .chmap import ChMap, Level, Route, Station, StationConnectivity, StationPartition, Ticket, Trail, Trip
from .info import Info
from .players import GreedyPlayer, Player, RandomPlayer, TurnKind, claimable_routes
from .state import GameState, PlayerId, PlayerState, PublicGameState, PublicPlayerState

__all__ = [
    "Station",
    "Color",
    "Card",
    "CARS",
    "Level",
    "Route",
    "ChMap",
    "SortedBag",
    "Trip",
    "Ticket",
    "StationConnectivity",
    "StationPartition",
    "Trail",
    "Deck",
    "PublicCardState",
    "CardState",
    "PublicPlayerState",
    "PlayerState",
    "PublicGameState",
    "GameState",
    "PlayerId",
    "TurnKind",
    "Player",
    "Info",
    "Constants",
    "RandomPlayer",
    "GreedyPlayer",
    "claimable_routes",
]
