"""The toy games of the exercises.ai tests: a row of coins, and the same with a ranking."""

from __future__ import annotations


class CoinRow:
    """A row of coins; the mover takes 1 or 2 coins from the left and scores their values."""

    def __init__(self, coins: tuple[int, ...], num_players: int = 2) -> None:
        self.coins = tuple(coins)
        self.num_players = num_players
        self.scores = [0] * num_players
        self.player = 0

    def legal_moves(self) -> list[int]:
        return [take for take in (1, 2) if take <= len(self.coins)]

    def play(self, take: int) -> None:
        if take not in self.legal_moves():
            raise ValueError(f"take 1 or 2 coins, at most {len(self.coins)}, not {take}")
        self.scores[self.player] += sum(self.coins[:take])
        self.coins = self.coins[take:]
        self.player = (self.player + 1) % self.num_players

    def copy(self) -> CoinRow:
        twin = CoinRow(self.coins, self.num_players)
        twin.scores = list(self.scores)
        twin.player = self.player
        return twin

    def is_over(self) -> bool:
        return not self.coins

    def score(self, player: int) -> int:
        return self.scores[player]

    def snapshot(self) -> tuple:
        return (self.coins, tuple(self.scores), self.player)


class RankedCoinRow(CoinRow):
    """CoinRow whose tie-break is the player who moved last: ranking() names the winner."""

    def ranking(self) -> list[list[int]]:
        order = sorted(range(self.num_players), key=lambda p: (-self.scores[p], p == self.player))
        return [[p] for p in order]
