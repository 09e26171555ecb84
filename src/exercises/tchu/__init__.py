"""tCHu, the Swiss Ticket to Ride: the model a game loop is written on.

Given code for worksheet 04 (``tchu``): the map of Switzerland and its neighbours
(``ChMap``), cards and decks, the players' and the game's states (immutable values
whose ``with_...`` methods return new states), the longest trail, the game log
messages (``Info``), the ``Player`` protocol, two computer players and a map picture.

>>> from exercises.tchu import ChMap, GameState
>>> import random
>>> state = GameState.initial(ChMap.all_tickets(), random.Random(1))
>>> state.card_state.deck_size
97
"""

from .bag import SortedBag
from .cards import CARS, Card, CardState, Color, Constants, Deck, PublicCardState
from .chmap import ChMap, Level, Route, Station, StationConnectivity, StationPartition, Ticket, Trail, Trip
from .info import Info
from .picture import map_figure, map_png, player_state_html
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
    "map_figure",
    "map_png",
    "player_state_html",
]
