"""The package's enum members cross once per connection, then by number (course.grading.wire.codec)."""

from __future__ import annotations

import json

import pytest

from course.grading.wire import codec
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


def test_a_case_answered_again_in_the_next_request_sends_its_values_again(tmp_path) -> None:
    # a huge answer that does not fit ends a batch and is asked again in the next request: the
    # values it numbered never reached the grader, so they are sent in full again, not by number
    from course.grading.notebook import sandbox
    from exercises.checks import Status
    from grader.test_batch import started

    sub = started(tmp_path, sandbox.Limits())
    try:
        half = 15 << 20  # a first answer under half a message, then one that does not fit with it
        found = sub.eval_cases(
            "('x' * n, Status.PASSED if k else None)", [{"n": half, "k": 0}, {"n": half + (3 << 20), "k": 1}])
        assert [(ok, len(value[0]), value[1]) for ok, value in found] == [
            (True, half, None), (True, half + (3 << 20), Status.PASSED)]
    finally:
        sub.close()


def test_the_standard_librarys_dicts_cross_as_dicts_but_not_their_subclasses() -> None:
    # the text may type an answer as a dict: a Counter, OrderedDict or defaultdict is one
    import collections

    class Lying(collections.Counter):  # may redefine what it holds: not data
        pass

    sender, receiver = Side(), Side()
    totals = {PlayerId.PLAYER_1: 7, PlayerId.PLAYER_2: 17}
    for kind in (collections.Counter, collections.OrderedDict, lambda d: collections.defaultdict(int, d)):
        encoded = sender.encode(kind(totals))
        assert "$dict" in encoded
        assert receiver.load(json.loads(json.dumps(encoded))) == totals
    with pytest.raises(NotImplementedError):  # left to the side's encode_other (a handle), never data
        sender.encode(Lying(totals))
