"""The adapter's request decoder: always `json.loads`'s value, whatever the line holds (adapter.decode_request)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from touti_dsl.conformance import adapter
from touti_dsl.conformance.adapter import decode_request

# Texts that look like the places where the decoder cuts a line: a steps member, the cut between two steps, its end
TRICKY = st.sampled_from(['},{', ',"steps":[{', '}]}', '"steps"', '{', '}', '[', ']', ',', '"', '\\', 'op', 'é', ' ',
                          '},{"op":"actors"},{', '"op":"actors"', 'actors'])
TEXT = st.lists(st.one_of(TRICKY, st.text(max_size=3)), max_size=5).map("".join)
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-9, 99), TEXT)
VALUE = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(TEXT, inner, max_size=3)), max_leaves=6)
STEP = st.one_of(st.just({"op": "actors"}),
                 st.fixed_dictionaries({"op": st.sampled_from(["actors", "legal", "apply"]), "seat": st.integers(0, 5)}),
                 st.dictionaries(TEXT, VALUE, max_size=3))


def _line(head: dict, steps: list, spaced: bool) -> str:
    separators = (", ", ": ") if spaced else (",", ":")
    return json.dumps({**head, "steps": steps}, separators=separators, ensure_ascii=False)


@given(head=st.dictionaries(TEXT, VALUE, max_size=4), steps=st.lists(STEP, max_size=6), spaced=st.booleans())
def test_a_request_decodes_as_json_loads_has_it(head, steps, spaced):
    line = _line(head, steps, spaced)
    assert decode_request(line) == json.loads(line)
    assert decode_request(line + "\n") == json.loads(line)


@pytest.mark.parametrize("line", [
    '{"type":"case","id":"a},{b","steps":[{"op":"x","s":"},{"},{"op":"y"}]}',  # a cut inside a string
    '{"type":"case","steps":[{"op":"a"}],"x":{"b":[{"c":1}]}}',  # a member after the steps
    '{"type":"case","setup":{"q":1,"steps":[{"op":"a"}]},"steps":[{"op":"b"}]}',  # steps nested in the setup
    '{"steps":[1],"type":"case","steps":[{"op":"b"},{"op":"c","hands":[["1o"],["2o"]]}]}',  # two steps members
    '{"type":"case","steps":[{"op":"b"},{"op":{"x":1},"y":[{"z":1},{"w":2}]}]}',  # objects inside a step
    '[1,{"a":2},{"steps":[{"b":3}]}]',  # not an object
    '  {"type":"case","steps":[{"op":"b"}]}  \n',
    '{"type":"case","steps":[{"op":"actors"},{"op":"actors"},{"op":"actors"},{"op":"b"},{"op":"actors"}]}',  # moves cut
    '{"type":"case","steps":[{"op":"a"},{"op":"actors"},{"op":"b","x":"},{\\"op\\":\\"actors\\"},{"},{"op":"actors"}]}',
    '{"type":"case","steps":[{"op":"a"},{"op":"actors"},{"op":"b","h":[1]},{"op":"actors"},{"op":"b","h":[1]}]}',
])
def test_lines_cut_in_the_wrong_places_still_decode_right(line):
    assert decode_request(line) == json.loads(line)
    assert decode_request(line) == json.loads(line)  # again, from the kept steps and moves


@pytest.mark.parametrize("line", ['{"type":"case","steps":[{"op":"b"},{]}', '{"steps":[{"a":1}]}}', '{"steps":[{"a":1},{"a":NaX}]}'])
def test_a_line_that_is_not_json_is_refused_as_json_loads_refuses_it(line):
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)
    with pytest.raises(json.JSONDecodeError):
        decode_request(line)


def test_a_kept_step_is_one_object_shared_by_the_requests_that_send_it():
    first = decode_request('{"type":"case","steps":[{"op":"legal","seat":4},{"op":"c","hands":[["1o"]]}]}')
    second = decode_request('{"type":"case","steps":[{"op":"legal","seat":4},{"op":"c","hands":[["1o"]]}]}')
    assert first["steps"][0] is second["steps"][0]  # a step of scalars: kept
    assert first["steps"][1] is not second["steps"][1]  # a step holding a list: decoded each time (never shared)
    assert '"op":"legal","seat":4' in adapter._STEP_TEXTS


def test_a_move_of_kept_steps_is_kept_whole_and_a_move_holding_a_list_is_not():
    line = ('{"type":"case","steps":[{"op":"a"},{"op":"actors"},{"op":"legal","seat":5},{"op":"actors"},'
            '{"op":"c","hands":[["1o"]]}]}')
    first, second = decode_request(line), decode_request(line)
    assert first == second == json.loads(line)
    assert '"op":"legal","seat":5' in adapter._MOVE_TEXTS and first["steps"][2] is second["steps"][2]
    assert first["steps"][1] is first["steps"][3]  # the one kept actors step
    assert '"op":"c","hands":[["1o"]]' not in adapter._MOVE_TEXTS and first["steps"][4] is not second["steps"][4]
