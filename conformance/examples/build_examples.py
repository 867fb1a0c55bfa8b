"""Hand-made conformance cases that exercise the whole pipeline (runner, adapter, reports).

The expectations below were worked out by hand from RULES.md, not recorded from the
engine.  Run `python conformance/examples/build_examples.py` to rewrite the JSON files
next to this script (ids and spec hashes are computed); a test fails when they are stale.
Generated suites live in generated/<system>/; these few are for tests and the docs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from touti_dsl.conformance.cases import FORMAT_VERSION, case_id, doc_anchor  # noqa: E402
from touti_dsl.loader import load_named, spec_hash  # noqa: E402

# Oros: 4 5 at seat 0, ace and 2 at seat 1, 3 6 7 sota at seat 2, caballo and rey at seat 3.
HANDS = [
    ["4o", "5o", "1c", "3c", "12c", "11c", "10c", "7c", "6c", "5c"],
    ["1o", "2o", "4c", "2c", "1e", "3e", "12e", "11e", "10e", "7e"],
    ["3o", "6o", "7o", "10o", "6e", "5e", "4e", "2e", "1b", "3b"],
    ["11o", "12o", "12b", "11b", "10b", "7b", "6b", "5b", "4b", "2b"],
]
BIDS_70_TO_230 = [f"bid {amount}" for amount in range(70, 240, 10)]


def apply(seat: int, action: str) -> dict:
    return {"op": "apply", "seat": seat, "action": action}


def refuse(seat: int, action: str, rule: str) -> dict:
    return {"op": "refuse", "seat": seat, "action": action, "rule": rule}


def legal(seat: int, actions: list[str]) -> dict:
    return {"op": "legal", "seat": seat, "expect": actions}


# Seat 0 wins the bidding at 90 alone, names copas trumps and leads the 4 of oros.
CONTRACT_90_LEAD_4O = [apply(0, "bid 90"), apply(1, "pass"), apply(2, "pass"), apply(3, "pass"),
                       apply(0, "trump copas"), apply(0, "play 4o")]

ATLAS = {
    "bidding": [
        (["bidding.minimum"], "negative", "an opening bid of 60 is below the minimum of 70",
         {"dealer": 3}, [refuse(0, "bid 60", "bidding.minimum")]),
        (["bidding.step"], "negative", "a bid of 75 is not a multiple of 10",
         {"dealer": 3}, [refuse(0, "bid 75", "bidding.step")]),
        (["bidding.maximum"], "negative", "a bid of 240 is above the maximum of 230",
         {"dealer": 3}, [refuse(0, "bid 240", "bidding.maximum")]),
        (["rotation.turn_order"], "negative", "the seat after the dealer speaks first; another seat may not bid",
         {"dealer": 3}, [{"op": "actors", "expect": [0]}, refuse(1, "bid 80", "rotation.turn_order")]),
        (["bidding.minimum", "bidding.maximum", "preannounce.own_turn"], "positive",
         "the first speaker may pass, bid 70 to 230, or pre-announce",
         {"dealer": 3}, [legal(0, ["pass", *BIDS_70_TO_230, "preannounce las", "preannounce kont"])]),
        (["bidding.all_pass", "rotation.after_void"], "positive",
         "when all four pass the round is void and the deal still moves on",
         {"dealer": 3}, [apply(0, "pass"), apply(1, "pass"), apply(2, "pass"), apply(3, "pass"),
                         {"op": "round_result", "expect": {"void": True, "score_changes": [0, 0]}},
                         {"op": "next_round", "hands": HANDS, "expect": {"dealer": 0, "first_speaker": 1}}]),
    ],
    "play": [
        (["play.overtake"], "negative", "holding the ace of the led suit, a defender may not play under the led 4",
         {"dealer": 3}, [*CONTRACT_90_LEAD_4O, refuse(1, "play 2o", "play.overtake")]),
        (["play.follow_suit"], "negative", "holding oros, a player may not play a trump on an oros lead",
         {"dealer": 3}, [*CONTRACT_90_LEAD_4O, refuse(1, "play 4c", "play.follow_suit")]),
        (["play.overtake", "trick.winner"], "positive",
         "the ace must overtake; who cannot beat it plays any oros; the ace wins the trick",
         {"dealer": 3}, [*CONTRACT_90_LEAD_4O, legal(1, ["play 1o", "concede"]), apply(1, "play 1o"),
                         legal(2, ["play 3o", "play 6o", "play 7o", "play 10o"]), apply(2, "play 7o"),
                         apply(3, "play 12o"), {"op": "trick_winner", "expect": 1}, {"op": "actors", "expect": [1]}]),
    ],
    "concession": [
        (["concession.award", "match.target"], "positive",
         "the defenders concede at 90: the bidders take all 120, the last 10 and the held 40, and reach 600",
         {"dealer": 3, "scores": [520, 0]},
         [*CONTRACT_90_LEAD_4O, apply(1, "concede"), legal(3, ["agree", "refuse"]), apply(3, "agree"),
          {"op": "round_result", "expect": {"conceded": True, "totals": [170, 0], "made": True, "score_changes": [90, 0]}},
          {"op": "match_result", "expect": {"over": True, "winner": 0, "scores": [610, 0]}}]),
    ],
}

TOUTI_APP = {
    "calls": [
        (["as.holds_ace"], "negative", "a player without an ace may not call As",
         {"first_speaker": 2}, [apply(2, "as"), refuse(3, "as", "as.holds_ace")]),
        (["bidding.all_pass", "rotation.after_void"], "positive",
         "with no dealer, a void round still moves the first speaker on",
         {"first_speaker": 2}, [apply(2, "as"), apply(3, "pass"), apply(0, "pass"), apply(1, "pass"),
                                {"op": "next_round", "hands": HANDS, "expect": {"dealer": None, "first_speaker": 3}}]),
    ],
}


def build_case(system: str, digest: str, row: tuple) -> dict:
    rules, polarity, description, setup, steps = row
    body = {"setup": {"hands": HANDS, **setup}, "steps": steps}
    return {"id": case_id(body), "system": system, "spec_hash": digest, "rules": rules, "polarity": polarity,
            "description": description, "doc": doc_anchor(system, rules[0]), **body}


def case_files() -> dict[Path, str]:
    """Every example file and its text."""
    files = {}
    for system, groups in (("atlas-carta", ATLAS), ("touti-app", TOUTI_APP)):
        digest = spec_hash(load_named(system))
        for group, rows in groups.items():
            data = {"format_version": FORMAT_VERSION, "system": system, "spec_hash": digest, "group": group,
                    "cases": [build_case(system, digest, row) for row in rows]}
            files[HERE / system / f"{group}.json"] = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    return files


def main() -> int:
    for path, text in case_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
