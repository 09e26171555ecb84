"""The package's enum members cross once per connection, then by number (course.grading.codec)."""

from __future__ import annotations

import json

import pytest

from course.grading import codec
from exercises.tchu import Card, PlayerId, SortedBag


class Side(codec.Codec):
    pass


def test_an_enum_member_is_sent_in_full_once_then_by_number() -> None:
    sender, receiver = Side(), Side()
    hand = [Card.RED, Card.RED, PlayerId.PLAYER_1, SortedBag((Card.RED, Card.BLUE))]
    first = sender.encode(hand)
    assert first[0] == {"$enum": ["exercises.tchu.model.cards", "Card", "RED", 1]}
    assert first[1] == {"$ref": 1}
    again = sender.encode([Card.BLUE, PlayerId.PLAYER_1])
    assert again == [{"$ref": 3}, {"$ref": 2}]  # BLUE was numbered inside the bag
    back = receiver.load(json.loads(json.dumps(first)))
    assert back == hand and back[0] is Card.RED and back[2] is PlayerId.PLAYER_1
    assert receiver.load(json.loads(json.dumps(again))) == [Card.BLUE, PlayerId.PLAYER_1]
    assert len(json.dumps(sender.encode([Card.RED] * 100))) < 100 * 15  # each a short reference


def test_a_number_given_twice_or_unknown_is_refused() -> None:
    receiver = Side()
    member = {"$enum": ["exercises.tchu.model.cards", "Card", "RED", 7]}
    assert receiver.load(member) is Card.RED
    with pytest.raises(codec.ProtocolError):
        receiver.load(member)
    with pytest.raises(codec.ProtocolError):
        receiver.load({"$ref": 8})
    assert Side().load({"$enum": ["exercises.tchu.model.cards", "Card", "RED"]}) is Card.RED  # unnumbered


def test_a_dict_is_read_in_the_order_it_was_written_keys_first() -> None:
    sender, receiver = Side(), Side()
    # the second key is numbered before the first value refers to it
    view = {PlayerId.PLAYER_1: [PlayerId.PLAYER_2], PlayerId.PLAYER_2: [PlayerId.PLAYER_1]}
    assert receiver.load(json.loads(json.dumps(sender.encode(view)))) == view
