"""Witness cases for the escaped mutants: the case each one shows the generator is missing.

    python conformance/mutants/witnesses.py          # rewrite witnesses/<system>.json
    python conformance/mutants/witnesses.py --check  # exit 1 when the files are stale

A mutant that `touti conform` does not catch (its `escapes` note in mutants.json) gets
one hand-scripted case here.  The expectations come from the reference engine, like the
generator's: the case is scripted as steps without expectations, sent to the reference
adapter, and its outputs become the expectations.  The test then shows that the
reference passes every witness and that each escaped mutant fails its own on its rule
id: proof that the escape is a real fault and a ready-made case for touti_dsl/cases/.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = HERE / "witnesses"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from touti_dsl.conformance.adapter import ReferenceAdapter  # noqa: E402
from touti_dsl.conformance.cases import FORMAT_VERSION, canonical_json, case_id, doc_anchor  # noqa: E402
from touti_dsl.loader import load_named, spec_hash  # noqa: E402

RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)


@dataclass(frozen=True)
class Witness:
    """One scripted case: the mutant it exposes, the deal, and the steps (expectations left to the engine)."""

    mutant: str
    system: str
    rules: tuple[str, ...]
    polarity: str
    description: str
    held: dict  # seat -> cards it must hold
    void: dict  # seat -> suit codes it must not hold
    setup: dict  # dealer / first_speaker / turned
    steps: tuple  # ("apply", seat, action) | ("refuse", seat, action) | ("legal", seat) | ("actors",) | ("trick_winner",) | ("round_result", keys)


def deal(system: str, held: dict, void: dict) -> list[list[str]]:
    """Four hands of ten: the cards each seat must hold, the rest dealt to seats with room and no void in their suit.

    Suits that more seats are void in are dealt first, each card to the allowed seat with the most room.
    """
    codes = [d.code for d in load_named(system).rule("deck.suits").value.items]
    codes.sort(key=lambda code: -sum(code in void.get(seat, "") for seat in range(4)))
    hands = [list(held.get(seat, [])) for seat in range(4)]
    taken = {card for hand in hands for card in hand}
    for card in (f"{rank}{code}" for code in codes for rank in RANKS if f"{rank}{code}" not in taken):
        allowed = [s for s in range(4) if len(hands[s]) < 10 and card[-1] not in void.get(s, "")]
        hands[max(allowed, key=lambda s: 10 - len(hands[s]))].append(card)
    return hands


def _request(witness: Witness) -> dict:
    setup = {"hands": deal(witness.system, witness.held, witness.void), **witness.setup}
    steps = []
    for step in witness.steps:
        op = step[0]
        steps.append({"op": op, **({"seat": step[1]} if len(step) > 1 and op != "round_result" else {}),
                      **({"action": step[2]} if op in ("apply", "refuse") else {})})
    return {"type": "case", "id": "draft", "system": witness.system, "setup": setup, "steps": steps}


def _expect(step: dict, spec: tuple, output) -> dict:
    """The step with its expectation, taken from the reference engine's output."""
    op = step["op"]
    if op == "apply":
        if output != {"ok": True}:
            raise ValueError(f"the reference refused a scripted action: {step} -> {output}")
        return step
    if op == "refuse":
        if output.get("ok") is not False:
            raise ValueError(f"the reference accepted an action scripted as refused: {step}")
        return {**step, "rule": output["rule"]}
    value = {"legal": lambda: output["actions"], "actors": lambda: output["seats"], "trick_winner": lambda: output["seat"],
             "round_result": lambda: {key: output[key] for key in spec[1]}}[op]()
    return {**step, "expect": value}


def build_case(witness: Witness) -> dict:
    """The witness as a conformance case, its expectations computed by the reference engine."""
    request = _request(witness)
    reply = ReferenceAdapter(witness.system).run_case(request)
    if reply["type"] != "result":
        raise ValueError(f"witness for {witness.mutant}: {reply}")
    steps = [_expect(step, spec, out) for step, spec, out in zip(request["steps"], witness.steps, reply["outputs"])]
    case = {"system": witness.system, "spec_hash": spec_hash(load_named(witness.system)), "rules": list(witness.rules),
            "polarity": witness.polarity, "description": f"{witness.description} (exposes mutant {witness.mutant})",
            "doc": doc_anchor(witness.system, witness.rules[0]), "setup": request["setup"], "steps": steps}
    return {"id": case_id(case), **case}


# Atlas Carta deals below: dealer 0, so seat 1 speaks first and leads; seat 1 bids, the others pass.
ATLAS_BID_70 = (("apply", 1, "bid 70"), ("apply", 2, "pass"), ("apply", 3, "pass"), ("apply", 0, "pass"), ("apply", 1, "trump bastos"))

WITNESSES = (
    Witness("overtake-when-trumped", "atlas-carta", ("play.overtake",), "positive",
            "once a plain-suit trick is trumped, a follower may play a lower card of the led suit",
            {1: ["4o"], 2: ["2b"], 3: ["1o", "2o"]}, {2: "o"}, {"dealer": 0},
            ATLAS_BID_70 + (("apply", 1, "play 4o"), ("apply", 2, "play 2b"), ("legal", 3), ("apply", 3, "play 2o"))),
    Witness("trick-winner-any-suit", "atlas-carta", ("trick.winner",), "positive",
            "in a trick without trumps an off-suit ace loses to the best card of the led suit",
            {1: ["4o"], 2: ["5o"], 3: ["1c"], 0: ["2o"]}, {3: "ob", 0: "o"}, {"dealer": 0},
            ATLAS_BID_70 + (("apply", 1, "play 4o"), ("apply", 2, "play 5o"), ("apply", 3, "play 1c"), ("apply", 0, "play 2o"),
                            ("trick_winner",))),
    Witness("next-leader-after-winner", "atlas-carta", ("trick.next_leader",), "positive",
            "the winner of a trick, and nobody else, leads the next one",
            {1: ["4o"], 2: ["5o"], 3: ["1c"], 0: ["2o"]}, {3: "ob", 0: "o"}, {"dealer": 0},
            ATLAS_BID_70 + (("apply", 1, "play 4o"), ("apply", 2, "play 5o"), ("apply", 3, "play 1c"), ("apply", 0, "play 2o"),
                            ("actors",), ("legal", 3))),
    Witness("pass-not-final", "atlas-carta", ("bidding.pass",), "negative",
            "a seat that passed is skipped when the bidding comes round again, and may not bid",
            {}, {}, {"dealer": 0},
            (("apply", 1, "bid 70"), ("apply", 2, "pass"), ("apply", 3, "bid 80"), ("apply", 0, "pass"), ("apply", 1, "bid 90"),
             ("actors",), ("refuse", 2, "bid 100"))),
    Witness("ghna-window-stays-open", "atlas-carta", ("ghna.window",), "negative",
            "once the trick winner leads again, the team's declaration window is closed",
            {1: ["1o", "3o"], 2: ["2o"], 3: ["12c", "11c", "4o"], 0: ["5o"]}, {}, {"dealer": 0},
            (("apply", 1, "bid 80"), ("apply", 2, "pass"), ("apply", 3, "pass"), ("apply", 0, "pass"), ("apply", 1, "trump bastos"),
             ("apply", 1, "play 1o"), ("apply", 2, "play 2o"), ("apply", 3, "play 4o"), ("apply", 0, "play 5o"),
             ("apply", 1, "play 3o"), ("legal", 3), ("refuse", 3, "ghna copas"))),
    Witness("concession-award-skips-trick", "atlas-carta", ("concession.award",), "positive",
            "a concession proposed by a follower gives the bidding team the cards already in the trick too",
            {1: ["1o"]}, {}, {"dealer": 0},
            ATLAS_BID_70 + (("apply", 1, "play 1o"), ("apply", 2, "concede"), ("apply", 0, "agree"),
                            ("round_result", ("card_points", "last_trick", "conceded", "totals", "made")))),
    Witness("seventy-stands", "touti-app", ("bidding.never_stands",), "positive",
            "a bid of 70 left alone never stands: its maker must raise or pass, and a pass makes the round void",
            {}, {}, {"first_speaker": 0},
            (("apply", 0, "bid 70"), ("apply", 1, "pass"), ("apply", 2, "pass"), ("apply", 3, "pass"), ("legal", 0),
             ("apply", 0, "pass"), ("round_result", ("void", "contract", "score_changes")))),
    Witness("tute-no-instant-win", "tute", ("ghna.tute",), "positive",
            "a tute sung after a won trick wins the hand at once",
            {1: ["12o", "12c", "12e", "12b", "1e"], 2: ["2e"], 3: ["4e"], 0: ["5e"]}, {}, {"dealer": 0, "turned": "5e"},
            (("apply", 1, "play 1e"), ("apply", 2, "play 2e"), ("apply", 3, "play 4e"), ("apply", 0, "play 5e"),
             ("apply", 1, "tute 12"), ("actors",), ("round_result", ("tute", "winner", "score_changes")))),
    Witness("tute-late-swap", "tute", ("trump.swap",), "negative",
            "the 7 of trumps may not be swapped once the first card is on the table",
            {0: ["5e"], 2: ["7e"], 1: ["4o"]}, {}, {"dealer": 0, "turned": "5e"},
            (("apply", 1, "play 4o"), ("legal", 2), ("refuse", 2, "swap"))),
)


def build_files() -> dict[Path, str]:
    """witnesses/<system>.json texts, one case file per system, cases in WITNESSES order."""
    files = {}
    for system in sorted({w.system for w in WITNESSES}):
        cases = [build_case(w) for w in WITNESSES if w.system == system]
        data = {"format_version": FORMAT_VERSION, "system": system, "spec_hash": spec_hash(load_named(system)),
                "group": "mutant-witnesses", "cases": cases}
        files[OUT / f"{system}.json"] = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    return files


def main(argv: list[str]) -> int:
    files = build_files()
    stale = [path for path, text in files.items() if not path.is_file() or path.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)} (run python conformance/mutants/witnesses.py)")
        return 1 if stale else 0
    OUT.mkdir(exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(WITNESSES)} witness cases in {len(files)} files under {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
