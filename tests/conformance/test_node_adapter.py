"""The Node skeleton adapter speaks protocol 1, and 2 with pipelining: skipped until implemented, results once it is."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from touti_dsl.cli import main

from .conftest import FakeSuite

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ADAPTER = os.path.join(ROOT, "conformance", "adapters", "node", "adapter.js")
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

# A toy game good enough for the fake suite: it refuses only the impossible card 9z.
TOY = """
class NotSupported extends Error {}
module.exports = {
  NotSupported, name: 'toy', systems: ['fake-system'],
  newRound(system, setup) { return { hands: setup.hands }; },
  apply(round, seat, action) {
    return action.endsWith('9z') ? { ok: false, rule: 'play.follow_suit', message: 'no such card' } : { ok: true };
  },
  legalActions(round, seat) { return round.hands[seat].map((card) => 'play ' + card); },
  actors(round) { throw new NotSupported('the toy does not track turns'); },
  lastTrickWinner(round) { return null; },
  roundResult(round) { return null; }, matchResult(round) { return null; },
  nextRound(round, hands) { return { hands, dealer: 0, first_speaker: 1 }; },
};
"""


def talk(lines: list[dict | str], env: dict | None = None) -> list[dict]:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    done = subprocess.run([NODE, ADAPTER], input=text, capture_output=True, text=True, timeout=30, env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_skeleton_shakes_hands_and_skips_what_it_does_not_support():
    case = {"type": "case", "id": "c-1", "system": "atlas-carta", "setup": {"hands": []}, "steps": []}
    replies = talk([{"type": "hello", "protocol": 1}, case, "garbage", {"type": "stop"}])
    assert replies[0] == {"type": "hello", "protocol": 1, "implementation": "my-touti (node skeleton)", "systems": []}
    assert replies[1]["type"] == "skipped" and replies[1]["id"] == "c-1"
    assert replies[2]["type"] == "errored" and replies[2]["id"] is None
    assert len(replies) == 3


def test_to_a_runner_that_offers_protocol_2_the_skeleton_declares_pipelining():
    from touti_dsl.conformance import protocol

    hello = talk([protocol.hello_request(), {"type": "stop"}])[0]
    assert hello == {"type": "hello", "protocol": 2, "implementation": "my-touti (node skeleton)", "systems": [],
                     "pipelining": True}
    assert protocol.check_hello(hello)


def test_a_toy_implementation_behind_the_skeleton_answers_results(tmp_path, fake_suite: FakeSuite, capsys, monkeypatch):
    toy = tmp_path / "toy.js"
    toy.write_text(TOY)
    monkeypatch.setenv("TOUTI_IMPLEMENTATION", str(toy))
    code = main(["conform", "--impl", f"{NODE} {ADAPTER}", "--cases", str(fake_suite.folder), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    outcome = {case["id"]: case for case in report["cases"]}
    assert code == 1
    assert outcome[fake_suite.good["id"]]["status"] == "passed"
    assert outcome[fake_suite.bad["id"]]["status"] == "failed"
    assert outcome[fake_suite.skipped["id"]] == {**outcome[fake_suite.skipped["id"]], "status": "skipped", "detail": "the toy does not track turns"}


# A toy auction on ranks (spec/examples/briscola-chiamata-ranks.touti): it offers the next rank, and refuses a rank
# called out of order with the calling order's rule, as the reference does (docs/conformance/case-format.md#actions).
RANK_TOY = """
class NotSupported extends Error {}
module.exports = {
  NotSupported, name: 'rank toy', systems: ['briscola-chiamata-ranks'],
  newRound(system, setup) { return { called: [] }; },
  apply(round, seat, action) {
    const rank = /^bid rank (\\d+)$/.exec(action);
    if (!rank) throw new NotSupported('the toy only bids on ranks');
    if (round.called.includes(rank[1])) return { ok: false, rule: 'bidding.ranks', message: 'rank ' + rank[1] + ' is called' };
    round.called.push(rank[1]);
    return { ok: true };
  },
  legalActions(round, seat) { return ['pass', 'bid rank 3']; },
  actors(round) { return [0]; }, lastTrickWinner(round) { return null; },
  roundResult(round) { return null; }, matchResult(round) { return null; },
  nextRound(round, hands) { return { hands, dealer: 0, first_speaker: 1 }; },
};
"""


def test_a_bid_on_a_rank_reaches_the_implementation_as_its_text(tmp_path):
    """`bid rank 3` is an action text like `bid 80`: the skeleton hands it to `apply` and its refusal back, and lists
    it among the legal actions the implementation gives."""
    toy = tmp_path / "ranks.js"
    toy.write_text(RANK_TOY)
    steps = [{"op": "legal", "seat": 0}, {"op": "apply", "seat": 0, "action": "bid rank 3"},
             {"op": "refuse", "seat": 1, "action": "bid rank 3", "rule": "bidding.ranks"}]
    case = {"type": "case", "id": "c-rank", "system": "briscola-chiamata-ranks", "setup": {"hands": []}, "steps": steps}
    replies = talk([{"type": "hello", "protocol": 1}, case, {"type": "stop"}], env={"TOUTI_IMPLEMENTATION": str(toy)})
    assert replies[1] == {"type": "result", "id": "c-rank", "outputs": [
        {"actions": ["pass", "bid rank 3"]}, {"ok": True},
        {"ok": False, "rule": "bidding.ranks", "message": "rank 3 is called"}]}
