"""The reference engine behind the adapter protocol: `touti adapter SPEC`.

It answers the runner like any other implementation would: hello with the one system
its spec defines (a house variant included), then one `result` per case, `skipped` for
another system, `errored` for a request it cannot run.  A bad request never stops it.
"""

from __future__ import annotations

import json
from typing import IO

from . import protocol
from ..loader import load_named

IMPLEMENTATION = "touti-dsl reference engine"


def _engine():
    # imported late: the adapter module must load (for --help, tests) even while the engine is absent
    from ..engine import Game, IllegalAction

    return Game, IllegalAction


def plain(value):
    """A round or match result as plain JSON data (the engine may hand back tuples or mappings)."""
    return json.loads(json.dumps(value, default=_fallback))


def _fallback(value):
    if hasattr(value, "to_json"):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return {name: getattr(value, name) for name in value.__dataclass_fields__}
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot send a {type(value).__name__} as JSON")


# One encoder for every reply; the outputs below are written with it, or as it writes them (no spaces, no \u escapes)
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _reused_encoder():
    """`_ENCODER.encode` without building its C encoder again at each call (a few microseconds, several times a
    round on both sides of touti fuzz's pipe); `_ENCODER.encode` itself where the C encoder is not there."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - CPython has it
        return _ENCODER.encode
    string = json.encoder.encode_basestring
    # no circular check (markers None): every value written is plain data the engine or a request made
    chunks = make(None, _ENCODER.default, string, None, ":", ",", False, False, True)

    def encode(value) -> str:
        return string(value) if isinstance(value, str) else "".join(chunks(value, 0))

    return encode


ENCODE = _reused_encoder()
ACCEPTED = '{"ok":true}'
_WINNERS = {seat: f'{{"seat":{seat}}}' for seat in range(8)}  # a table seats at most 6
_SEATS: dict[tuple, str] = {}  # the actors' seats: at most 2**6 sets


class _Quoted(dict):
    """Each action text as a JSON string, written once (the engine's action texts: a bounded vocabulary)."""

    def __missing__(self, action: str) -> str:
        found = self[action] = ENCODE(action)
        return found


QUOTED = _Quoted()


_ACTION_LISTS: dict[tuple, str] = {}  # the legal sets written: most recur (the bidding's, a lead's few cards)
_ACTION_LISTS_KEPT = 20_000  # ...but a long fuzz run meets ever new ones: the memo stops growing there


def actions_text(actions: list[str]) -> str:
    """A legal step's output, `{"actions": [...]}`, as JSON text."""
    key = tuple(actions)
    found = _ACTION_LISTS.get(key)
    if found is None:
        found = '{"actions":[' + ",".join(map(QUOTED.__getitem__, actions)) + "]}"
        if len(_ACTION_LISTS) < _ACTION_LISTS_KEPT:
            _ACTION_LISTS[key] = found
    return found


def seats_text(seats: list[int]) -> str:
    """An actors step's output, `{"seats": [...]}`, as JSON text."""
    key = tuple(seats)
    found = _SEATS.get(key)
    if found is None:
        found = _SEATS[key] = ENCODE({"seats": seats})
    return found


def winner_text(seat: int | None) -> str:
    """A trick_winner step's output, `{"seat": n}`, as JSON text."""
    found = _WINNERS.get(seat) if type(seat) is int else None
    return found or ENCODE({"seat": seat})


_REFUSALS: dict[tuple[str, str], str] = {}  # the refusals written: messages name cards and calls, a bounded vocabulary
_REFUSALS_KEPT = 20_000  # ...but a spec's messages are not known in advance: the memo stops growing there


def refusal_text(rule: str, message: str) -> str:
    """An apply or refuse step's output for a refused action, `{"ok": false, "rule": ..., "message": ...}`, as JSON text."""
    found = _REFUSALS.get((rule, message))
    if found is None:
        found = '{"ok":false,"rule":' + ENCODE(rule) + ',"message":' + ENCODE(message) + "}"
        if len(_REFUSALS) < _REFUSALS_KEPT:
            _REFUSALS[rule, message] = found
    return found


def result_text(value) -> str:
    """A round or match result (or null) as JSON text: `ENCODE(plain(value))`, without the round trip when the
    result is plain JSON data already (tuples are written as lists either way)."""
    try:
        return ENCODE(value)
    except TypeError:
        return ENCODE(plain(value))


class CaseRun:
    """One case against the engine: a round state and one output per step, as JSON text.

    The outputs are written as text, not built as objects and then encoded: a fuzz round
    is over a hundred steps, and most outputs are the same few texts.
    """

    def __init__(self, state, illegal: type[Exception]):
        self.state = state
        self.illegal = illegal

    def text(self, step: dict) -> str:
        """The output of one step, as JSON text."""
        op = step["op"]
        method = _OPS.get(op) if type(op) is str else None
        if method is None:  # an unknown op: the error names the missing method, as it always did
            return getattr(self, "op_" + op)(step)
        return method(self, step)

    def output(self, step: dict):
        """The output of one step, as JSON data."""
        return json.loads(self.text(step))

    def op_apply(self, step: dict) -> str:
        try:
            self.state.apply(step["seat"], step["action"])
        except self.illegal as refusal:
            return refusal_text(refusal.rule_id, refusal.message)
        return ACCEPTED

    op_refuse = op_apply

    def op_legal(self, step: dict) -> str:
        return actions_text(self.state.legal_actions(step["seat"]))

    def op_actors(self, step: dict) -> str:
        return seats_text(self.state.actors())

    def op_trick_winner(self, step: dict) -> str:
        return winner_text(self.state.last_trick_winner())

    def op_round_result(self, step: dict) -> str:
        # the protocol answers null while the round is not over; the engine raises instead
        return result_text(self.state.round_result()) if self.state.is_terminal() else "null"

    def op_match_result(self, step: dict) -> str:
        return result_text(self.state.match_result())

    def op_next_round(self, step: dict) -> str:
        given = {name: step[name] for name in ("turned", "stock", "widow") if step.get(name)}
        self.state = self.state.next_round(hands=step["hands"], **given)
        return ENCODE({"dealer": self.state.dealer, "first_speaker": self.state.first_speaker})


# Each op's method, looked up once: a fuzz round is over a hundred steps
_OPS = {name[3:]: method for name, method in vars(CaseRun).items() if name.startswith("op_")}


# The optional fields of a case setup that `Game.new_round` takes as they are
SETUP_FIELDS = ("dealer", "first_speaker", "turned", "scores", "stock", "games", "cotos", "played", "widow", "carried")


def round_fields(setup: dict) -> dict:
    """The keyword arguments of `Game.new_round` (besides the hands) that a case setup gives."""
    return {name: setup[name] for name in SETUP_FIELDS if name in setup}


_STEPS_MEMBER = ',"steps":['
_STEP_TEXTS: dict[str, dict] = {}  # a step's text (without its braces) -> the step: most steps are a few texts
_STEP_TEXTS_KEPT = 50_000  # a case's actions come from a bounded vocabulary, but a request can name anything
_SCALARS = (str, int, float, bool, type(None))
_ACTORS_PIECE = '"op":"actors"'  # a fuzz round asks the actors before each move
_ACTORS_CUT = "},{" + _ACTORS_PIECE + "},{"
_MOVE_TEXTS: dict[str, list] = {}  # the text after an actors step, up to the next -> its steps, that actors step first
_MOVE_TEXTS_KEPT = 20_000  # a move's texts: a seat's legal and apply steps, most of them recurring


def decode_request(line: str):
    """`json.loads(line)`, the same value, but faster for a compact request whose steps come last.

    A fuzz round's request is over a hundred steps, most of them the same few texts
    (`{"op":"actors"}`, a legal step per seat, the plays of forty cards): each step's text
    is decoded once and its step object kept.  The steps' text is cut at every `},{`; the
    cut is right only if every piece is one whole JSON object, which decoding each piece
    on its own proves (a piece that is not, e.g. a string holding `},{`, fails to decode:
    the line is then decoded as a whole).  A kept step is shared by every request that
    sends it: the adapter only reads steps.
    """
    at = line.find(_STEPS_MEMBER + "{")
    end = line.rstrip()
    if at <= 0 or not end.endswith("}]}"):
        return json.loads(line)
    try:
        head = json.loads(line[:at] + "}")
        steps = _decode_steps(end[at + len(_STEPS_MEMBER) + 1:-3])
    except (ValueError, RecursionError):
        return json.loads(line)
    if type(head) is not dict:
        return json.loads(line)
    head["steps"] = steps  # a "steps" member earlier in the line: the last one counts, as json.loads has it
    return head


def _decode_steps(inner: str) -> list:
    """The steps of `{inner}` cut at `},{`: each piece decoded once, as a whole object (else ValueError).

    The pieces are taken a move at a time: `inner` is first cut at each actors step (`},{"op":"actors"},{`, two
    cuts at `},{` with the actors step between them, so the pieces are the very same), and the steps of a move's
    text (its legal and apply steps, a refusal, a trick winner), all kept, are kept together as well: the same text
    is the same pieces, each proved a whole object when it was first decoded.
    """
    groups = inner.split(_ACTORS_CUT)
    steps = _decode_pieces(groups[0])[0]
    kept_moves, more = _MOVE_TEXTS, steps.extend
    for group in groups[1:]:
        found = kept_moves.get(group)
        if found is None:
            found, all_kept = _decode_pieces(_ACTORS_PIECE + "},{" + group)
            if all_kept and len(kept_moves) < _MOVE_TEXTS_KEPT:
                kept_moves[group] = found
        more(found)
    return steps


def _decode_pieces(text: str) -> tuple[list, bool]:
    """The steps of `{text}` cut at `},{`, and whether every one of them is a kept step."""
    kept, steps, all_kept = _STEP_TEXTS, [], True
    keep = steps.append
    for piece in text.split("},{"):
        step = kept.get(piece)
        if step is None:
            step = json.loads("{" + piece + "}")
            if len(kept) < _STEP_TEXTS_KEPT and all(type(value) in _SCALARS for value in step.values()):
                kept[piece] = step
            else:
                all_kept = False
        keep(step)
    return steps, all_kept


class ReferenceAdapter:
    """Serves one spec (bundled id or path) through protocol 1, under its own system id or `system`."""

    def __init__(self, spec_name: str, system: str | None = None, without: list[str] | tuple = ()):
        self.spec = load_named(spec_name)
        # `system` lets a house spec pose as another system (the mutants of conformance/mutants/)
        self.system = system or self.spec.system
        self.without = sorted(without)  # optional features declared absent (a spec that removes them)
        self.games: dict[str, object] = {}

    def hello(self, request: dict | None = None) -> dict:
        """Protocol 2 to a runner that speaks it, declaring pipelining; else protocol 1 (which can declare neither
        absent features nor pipelining)."""
        offered = (request or {}).get("protocols", [(request or {}).get("protocol", 1)])
        version = protocol.PROTOCOL_VERSION if protocol.PROTOCOL_VERSION in offered else 1
        hello = {"type": "hello", "protocol": version, "implementation": IMPLEMENTATION, "systems": [self.system]}
        if version < 2:
            return hello
        # `serve` reads its requests as a stream of lines and answers each in turn: requests may come ahead
        return dict(hello, without=self.without, pipelining=True) if self.without else dict(hello, pipelining=True)

    def game(self, settings: dict):
        """One Game per distinct settings (match target, hands to win), built once."""
        key = json.dumps(settings, sort_keys=True)
        if key not in self.games:
            game_class, _ = _engine()
            self.games[key] = game_class.from_spec(self.spec, **settings)
        return self.games[key]

    def new_round(self, setup: dict):
        return self.game(setup.get("settings", {})).new_round(hands=setup["hands"], **round_fields(setup))

    def run_case(self, request: dict) -> dict:
        """The reply to one case request (result, skipped or errored), as JSON data."""
        return json.loads(self.case_reply(request))

    def case_reply(self, request: dict) -> str:
        """The reply to one case request, as one JSON text: result, skipped or errored."""
        case_id = request.get("id")
        if request.get("system") != self.system:
            return ENCODE({"type": "skipped", "id": case_id, "reason": f"this adapter serves {self.system!r} only"})
        step_index = "setup"
        outputs: list[str] = []
        try:
            run = CaseRun(self.new_round(request["setup"]), _engine()[1])
            # CaseRun.text with its common ops inlined on the state's bound methods (a fuzz round is over a hundred
            # steps); each writes its output with CaseRun's own text function, every other op is CaseRun.text's
            keep, illegal = outputs.append, run.illegal
            state = run.state
            apply, legal, actors, last_winner = state.apply, state.legal_actions, state.actors, state.last_trick_winner
            for step_index, step in enumerate(request["steps"]):
                op = step["op"]
                if op == "legal":
                    keep(actions_text(legal(step["seat"])))
                elif op == "actors":
                    keep(seats_text(actors()))
                elif op == "apply" or op == "refuse":
                    try:
                        apply(step["seat"], step["action"])
                    except illegal as refusal:
                        keep(refusal_text(refusal.rule_id, refusal.message))
                    else:
                        keep(ACCEPTED)
                elif op == "trick_winner":
                    keep(winner_text(last_winner()))
                else:
                    keep(run.text(step))
                    if run.state is not state:  # next_round: a new state
                        state = run.state
                        apply, legal, actors = state.apply, state.legal_actions, state.actors
                        last_winner = state.last_trick_winner
        except Exception as error:  # an engine bug or a bad request must not stop the server
            where = "setup" if step_index == "setup" else f"step {step_index}"
            reply = ENCODE({"type": "errored", "id": case_id, "message": f"{where}: {type(error).__name__}: {error}"})
            return reply if step_index == "setup" else reply[:-1] + ',"outputs":[' + ",".join(outputs) + "]}"
        return '{"type":"result","id":' + ENCODE(case_id) + ',"outputs":[' + ",".join(outputs) + "]}"

    def answer(self, line: str) -> dict | None:
        """The reply to one request line, as JSON data; None for stop."""
        reply = self.answer_text(line)
        return None if reply is None else json.loads(reply)

    def answer_text(self, line: str) -> str | None:
        """The reply to one request line, as one JSON text; None for stop."""
        try:
            request = decode_request(line)
        except json.JSONDecodeError as error:
            return ENCODE({"type": "errored", "id": None, "message": f"request is not JSON: {error.msg}"})
        kind = request.get("type") if isinstance(request, dict) else None
        if kind == "stop":
            return None
        if kind == "hello":
            return ENCODE(self.hello(request))
        if kind == "case" and isinstance(request.get("setup"), dict) and isinstance(request.get("steps"), list):
            return self.case_reply(request)
        ident = request.get("id") if isinstance(request, dict) else None
        return ENCODE({"type": "errored", "id": ident if isinstance(ident, str) else None,
                       "message": f"unknown or malformed request of type {kind!r}"})


def serve(adapter: ReferenceAdapter, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer requests line by line until stop or end of input."""
    for line in stdin:
        if not line.strip():
            continue
        reply = adapter.answer_text(line)
        if reply is None:
            break
        stdout.write(reply + "\n")
        stdout.flush()
    return 0
