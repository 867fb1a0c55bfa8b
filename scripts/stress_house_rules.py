"""Stress: house variants combining rule words of several sections must never crash, hang or break invariants.

For each bundled spec (spec/*.touti, spec/examples/*.touti) the script writes house variants (`extends`) that
combine edits of different sections (table seats and sides, rotation.next_round, scoring.round / place_tie,
match.end, table.sit_out, concession, claim, widow, redeal, trump.swap, bidding.pass / rounds / never_stands).  A
variant must load or be refused with a located ToutiError (a traceback is a bug).  A variant that loads plays random
matches at every number of seats its table allows, checking at every step: some seat can act until the round is
done; every legal action is accepted; cards are conserved (hands + trick + tricks + stock + widow + aside + turned =
the deck); a round played to its last trick gives card points summing to the deck's total (when no card is left
out of the points); round and match results are JSON; the match ends within a cap.

    .venv/bin/python scripts/stress_house_rules.py [--variants N] [--seed S] [--matches M] [--base NAME]

Prints one line per failure (kind, base, edits, seats, seed) and a summary.  Not a test: minutes of CPU.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import traceback
from pathlib import Path

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

ROOT = Path(__file__).resolve().parent.parent
SPEC_DIR = ROOT / "spec"
FILES = sorted(SPEC_DIR.glob("*.touti")) + sorted((SPEC_DIR / "examples").glob("*.touti"))

# section -> candidate bodies (rule lines); `{...}` fields are filled from the base (see `_fill`)
EDITS: dict[str, list[str]] = {
    "table": [
        "seats: 2\n  teams: each", "seats: 3\n  teams: each", "seats: 5\n  teams: each", "seats: 6\n  teams: each",
        "teams: each", "teams: bidder_against_rest", "seats: 3\n  teams: bidder_against_rest",
        "seats: 5\n  teams: each\n  sit_out: 5 = dealer", "sit_out: 4 = dealer", "sit_out: 4 = dealer\n  teams: each",
        "seats: 4 (2, 3, 4, 5)\n  teams: each\n  sit_out: 5 = dealer",
        "seats: 3\n  teams: each\n  hand_size: {hand3}", "seats: 2\n  teams: each\n  hand_size: {hand2}",
        "seats: 5\n  teams: each\n  hand_size: {hand5}",
    ],
    "rotation": [
        "next_round: next_seat", "next_round: last_trick_winner", "next_round: hand_loser", "next_round: hand_winner",
        "next_round: same_seat", "next_round: same_seat if hand_tied else hand_loser", "dealer: no\n  first_speaker: random",
        "first_lead: bid_winner", "first_lead: after_dealer", "after_void: same_seat",
    ],
    "scoring": [
        "round: most_points", "round: middle_loses", "round: place_loses\n  losing_place: last",
        "round: place_loses\n  losing_place: 1\n  place_tie: none",
        "round: place_loses\n  losing_place: 2\n  place_tie: last_trick",
        "round: place_loses\n  losing_place: last\n  place_tie: first_speaker", "tie: none", "tie: last_trick",
        "round: middle_loses\n@match\n  end: losses\n  losses: 3 (3)",
        "round: middle_loses\n  loser: 1\n@match\n  end: losses\n  losses: 3 (3)\n@table\n  seats: 3\n  teams: each",
        "round: place_loses\n  losing_place: last\n@match\n  end: losses\n  losses: 2 (2)\n@table\n  teams: each",
        "round: place_loses\n  losing_place: 1\n  place_tie: last_trick\n@match\n  end: elimination\n  losses: 1 (1)\n  remaining: 1\n@table\n  seats: 4 (3, 4, 5, 6)\n  teams: each\n  sit_out: 5 = dealer, 6 = dealer\n  hand_size: 2 = 20, 3 = 13, 4 = 10, 5 = 8\n@trump\n  turned: aside",
        "round: most_points\n  tie: none\n@match\n  end: elimination\n  losses: 2 (2)\n  remaining: 2\n@table\n  seats: 4\n  teams: each\n  hand_size: 3 = 13, 4 = 10\n@trump\n  turned: aside",
        "round: place_loses\n  losing_place: last\n  place_tie: share\n@match\n  end: losses\n  losses: 2 (2)",
        "round: place_loses\n  losing_place: 1\n  place_tie: first_speaker\n@match\n  end: elimination\n  losses: 2 (2)\n  remaining: 1",
        "round: place_loses\n  losing_place: 2\n  place_tie: none\n@match\n  end: elimination\n  losses: 1 (1)\n  remaining: 2",
        "round: middle_loses\n@match\n  end: elimination\n  losses: 2 (2)\n  remaining: 1\n@table\n  seats: 4 (3, 4, 5)\n  teams: each\n  sit_out: 5 = dealer\n  hand_size: 2 = 20, 3 = 13, 4 = 10\n@trump\n  turned: aside",
    ],
    "match": [
        "end: elimination\n  losses: 2 (2)\n  remaining: 1\n  remove target\n  remove hands",
        "end: losses\n  losses: 3 (3)\n  remove target\n  remove hands",
        "end: rounds\n  rounds: 3 (3)\n  remove target\n  remove hands",
        "end: hands\n  hands: 2 (2)\n  remove target\n  remove losses",
        "end: target\n  target: 101 (101)\n  remove hands\n  remove losses",
        "at_once: tute, capote",
    ],
    "concession": [
        "who: defenders\n  consent: one\n  proposer: any_defender\n  award: remaining_cards",
        "who: defenders\n  consent: both\n  proposer: defender_to_play\n  award: remaining_cards, last_trick, held_ghna",
    ],
    "claim": [
        "window: to_play\n  false: loses_hand", "window: to_lead\n  false: opponents_take_rest",
        "window: to_play\n  false: play_on", "window: to_lead\n  holds: points(team) >= 30\n  false: loses_game",
    ],
    "widow": [
        "size: {widow}\n  by: bid_winner\n  take: optional\n  points: taker",
        "size: {widow}\n  by: bid_winner\n  take: compulsory\n  points: nobody",
    ],
    "redeal": [
        "when: hand_points == 0\n  by: automatic\n  dealer: same_seat",
        "when: hand_points < 20\n  by: holder\n  dealer: next_seat",
    ],
    "trump": [
        "swap: 7", "swap: 2\n  swap_window: after_team_trick", "swap: 7, 2\n  turned: under_stock",
        "swap: 7\n  turned: aside\n  swap_window: before_first_lead, after_team_trick", "swap_duty: compulsory",
        "choice: none", "choice: turned_card", "choice: bid_winner",
    ],
    "bidding": ["pass: not_final", "pass: final", "rounds: 1", "never_stands: {minimum}"],
}
OPTIONAL = ("redeal", "bidding", "widow", "concession", "claim", "ghna")


class Base:
    def __init__(self, path: Path):
        self.path = path
        self.system = re.search(r'system "([^"]+)"', path.read_text(encoding="utf-8")).group(1)
        self.spec = load_spec(path)
        self.sections = {r.split(".")[0] for r in self.spec.rule_ids}
        game = Game.from_spec(self.spec)
        self.ncards = game.ruleset.ncards
        self.minimum = game.ruleset.bidding.minimum if game.ruleset.bidding is not None else 70
        self.hand = {n: self.ncards // n for n in range(2, 7)}

    def fill(self, body: str, players: int) -> str | None:
        hand = self.ncards // players if players else 0
        widow = self.ncards - players * (hand - 1) if players else 0
        return body.format(hand2=self.ncards // 2, hand3=self.ncards // 3, hand5=self.ncards // 5, widow=widow,
                           minimum=self.minimum)

    def variant_text(self, edits: list[tuple[str, str]], players: int) -> str:
        text = f'touti 1\n\nsystem "house" extends "{self.system}" {{\n  title: "House"\n}}\n'
        blocks: dict[str, list[str]] = {}
        for section, body in edits:
            for k, part in enumerate(self.fill(body, players).split("\n@")):
                name, lines = (section, "  " + part) if k == 0 else part.split("\n", 1)
                blocks.setdefault(name, []).append(lines)
        for section, parts in blocks.items():
            head = f"add {section}" if section in OPTIONAL and section not in self.sections else section
            text += f"\n{head} {{\n" + "\n".join(parts) + "\n}\n"
        if any(s == "widow" for s, _ in edits):  # a widow needs a hand size leaving it out
            hand = self.ncards // players - 1
            if not any(s == "table" for s, _ in edits):
                text += f"\ntable {{\n  hand_size: {hand}\n}}\n"
        return text


DEFAULTS = {"scoring.tie": "last_trick", "scoring.losing_place": "last", "match.losses": "3 (3)", "match.hands": "2 (2)",
            "match.target": "101 (101)", "match.rounds": "3 (3)", "match.remaining": "1"}


def load_repaired(path: Path, text: str):
    """Loads the variant, first mending what a rule word change leaves inconsistent: a rule that applies only with
    another word is removed (E108), a `remove` of a rule the base lacks dropped (E024), a missing rule of DEFAULTS
    written (E103).  Up to six rounds; the last error is raised."""
    for _ in range(6):
        path.write_text(text, encoding="utf-8")
        try:
            return load_spec(path)
        except ToutiError as error:
            mended = text
            for d in error.diagnostics:
                if d.code == "E108" and (m := re.match(r"(\w+)\.(\w+) applies only", d.message)):
                    mended = _add_line(mended, m.group(1), f"remove {m.group(2)}")
                elif d.code == "E024" and (m := re.match(r"remove (\w+)\.(\w+):", d.message)):
                    mended = re.sub(rf"\n  remove {m.group(2)}(?=\n)", "", mended)
                elif d.code == "E103" and (m := re.match(r"missing rule (\w+)\.(\w+)", d.message)) \
                        and f"{m.group(1)}.{m.group(2)}" in DEFAULTS:
                    mended = _add_line(mended, m.group(1), f"{m.group(2)}: {DEFAULTS[m.group(1) + '.' + m.group(2)]}")
            if mended == text:
                raise
            text = mended
    path.write_text(text, encoding="utf-8")
    return load_spec(path)


def _add_line(text: str, section: str, line: str) -> str:
    head = re.search(rf"^(?:add )?{section} {{$", text, re.M)
    if head is None:
        return text + f"\n{section} {{\n  {line}\n}}\n"
    return text[: head.end()] + f"\n  {line}" + text[head.end():]


def seats_of(spec) -> list[int]:
    value = spec.value("table.seats")
    return sorted(set(value.choices) | {value.default}) if hasattr(value, "choices") else [value.value]


def conserved(state) -> bool:
    rules = state.rules
    cards = [c for hand in state.hands for c in hand] + list(state.trick_cards)
    cards += [c for _, played, _ in state.tricks for c in played]
    cards += list(getattr(state, "stock", ()) or ()) + list(getattr(state, "widow", ()) or ())
    cards += list(getattr(state, "discards", ()) or ())
    if state.turned is not None and state.turned not in cards:
        cards.append(state.turned)
    return sorted(cards) == list(range(rules.ncards))


def deck_points(rules) -> int:
    return sum(rules.card_points[c] for c in range(rules.ncards)) + rules.last_trick_bonus


def play_match(game: Game, rng: random.Random, cap_rounds: int = 120, cap_steps: int = 3000) -> str | None:
    """Plays one random match; returns a failure description or None."""
    state = game.new_round(seed=rng.randrange(1 << 30))
    history: list = []
    for rnd in range(cap_rounds):
        steps = 0
        while not state.is_terminal():
            if not conserved(state):
                return f"cards not conserved (round {rnd}, step {steps}, phase {state.phase})"
            actors = state.actors()
            if not actors:
                return f"nobody can act (round {rnd}, phase {state.phase})"
            seat = rng.choice(actors)
            legal = state.legal_actions(seat)
            if not legal:
                return f"actor {seat} has no legal action (phase {state.phase})"
            action = rng.choice(legal)
            if rng.random() < 0.05:
                json.dumps(state.observation(seat))
                copy = type(state).from_json(game, json.loads(json.dumps(state.to_json())))
                if copy.to_json() != state.to_json() or copy.legal_actions(seat) != legal:
                    return f"to_json / from_json round trip differs (round {rnd}, phase {state.phase})"
            try:
                state.apply(seat, action)
            except IllegalAction as e:
                return f"legal action refused: {seat}: {action}: {e.rule_id} {e}"
            steps += 1
            if steps > cap_steps:
                return f"round does not end ({steps} steps)"
        if state.actors():
            return "actors in a terminal state"
        if not conserved(state):
            return f"cards not conserved at the end of round {rnd}"
        result = state.round_result()
        match = state.match_result()
        json.dumps(result)
        json.dumps(match)
        rules = state.rules
        full = not state.void and not getattr(state, "claims", None) and not state.conceded
        won = sum(rules.card_points[c] for _, played, _ in state.tricks for c in played)
        if rules.widow is not None and rules.widow.discards_count and state.widow_taker is not None:
            won += sum(rules.card_points[c] for c in state.discards)
        if not full and not state.void and sum(state.card_points) != won:
            left = [c for hand in state.hands for c in hand] + list(state.trick_cards) + list(getattr(state, "stock", ()))
            everything = won + sum(rules.card_points[c] for c in left)
            if sum(state.card_points) not in (won, everything):
                return (f"ended early (claims {state.claims}, conceded {state.conceded}): card points "
                        f"{list(state.card_points)} sum to {sum(state.card_points)}: neither the tricks' {won} nor "
                        f"every card's {everything}")
        if full and sum(state.card_points) != won:
            return f"card points {list(state.card_points)} sum to {sum(state.card_points)}, not {won}"
        if match["over"]:
            return None
        history.append(list(match["scores"]))
        state = state.next_round(seed=rng.randrange(1 << 30))
    if history[-1] == history[-50]:  # a long match (a target of 600 one hand at a time) is no failure; no progress is one
        return f"match not over after {cap_rounds} rounds, scores {history[-1]} unchanged in its last 50"
    return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variants", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--base", default=None)
    parser.add_argument("--edits", type=int, default=3)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bases = [Base(p) for p in FILES if args.base is None or p.stem == args.base]
    failures = loaded = refused = 0
    used: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "house.touti"
        for k in range(args.variants):
            base = rng.choice(bases)
            sections = rng.sample([s for s in sorted(EDITS) if s not in ("bidding", "concession", "widow")
                                   or "bidding" in base.sections],
                                  rng.randint(1, args.edits))
            edits = [(s, rng.choice(EDITS[s])) for s in sections]
            players = next((int(m.group(1)) for s, b in edits for m in [re.match(r"seats: (\d)", b)] if m),
                           seats_of(base.spec)[0])
            text = base.variant_text(edits, players)
            path.write_text(text, encoding="utf-8")
            tag = f"{base.system} {edits!r}"
            try:
                spec = load_repaired(path, text)
            except ToutiError as e:
                refused += 1
                if args.verbose:
                    d = e.diagnostics[0]
                    print(f"REFUSED {d.code} {tag}: {d.message[:150]}")
                continue
            except Exception:
                failures += 1
                print(f"LOAD CRASH {tag}\n{traceback.format_exc(limit=4)}", flush=True)
                continue
            loaded += 1
            for edit in edits:
                used[edit] = used.get(edit, 0) + 1
            setting = hasattr(spec.value("table.seats"), "choices")
            for seats in seats_of(spec):
                try:
                    game = Game.from_spec(spec, **({"seats": seats} if setting else {}))
                except Exception as e:
                    failures += 1
                    print(f"ENGINE LOAD {type(e).__name__} seats={seats} {tag}: {e}", flush=True)
                    continue
                for match in range(args.matches):
                    seed = rng.randrange(1 << 30)
                    try:
                        problem = play_match(game, random.Random(seed))
                    except Exception as e:
                        problem = f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=-3)}"
                    if problem:
                        failures += 1
                        print(f"FAIL seats={seats} seed={seed} {tag}: {problem}", flush=True)
                        break
    if args.verbose:
        for section, bodies in EDITS.items():
            for body in bodies:
                print(f"LOADED {used.get((section, body), 0):4d} {section}: {body!r}")
    print(f"variants {args.variants}: {loaded} loaded, {refused} refused, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
