"""Assemble conformance cases from what the explorer found, and write them deterministically.

Every case is computed by the reference engine: the explorer's witnesses become refusal
(negative) and acceptance (positive) cases, outcomes.py adds outcome cases, and seeded
playthroughs add golden traces with the legal sets at every step.  Cases are grouped by
rule group into `generated/<system>/<group>.json`; the same spec and seed always give
byte-identical files.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from .. import model as m
from ..errors import Diagnostic, ToutiError
from ..conformance.features import feature_of, kind_names
from ..conformance.cases import FORMAT_VERSION, canonical_json, case_id, case_players, doc_anchor
from ..engine import Game
from ..engine.claim import costly as costly_claim
from ..engine.game import next_gone, next_pivot, split_deck
from ..loader import spec_hash
from . import claims, concessions, instead, outcomes, redeals, situations
from ..schema import TABLE_SETTINGS
from ..table_sizes import block_for, default_players, for_players, rule_name_at
from .explore import (Explorer, Findings, Witness, capote_rounds, formula_has_condition, played_on, quick_rounds,
                      reads_capote, rebid_round)
from .coverage import rule_kind
from .steps import actors_step, refuse_step
from .freshness import write_stamp

PLAYTHROUGH_ROUND = "playthrough.round"  # pseudo rule ids: golden traces exercise every rule at once
PLAYTHROUGH_MATCH = "playthrough.match"
GROUPS = ("rotation", "redeal", "bidding", "widow", "trump", "play", "trick", "ghna", "concession", "claim", "scoring", "match", "playthrough")


def group_of(spec: m.Spec, rule_id: str) -> str:
    section = rule_id.split(".", 1)[0]
    if spec.is_call(section):
        return "bidding"
    if section in ("deck", "table", "system"):
        return "scoring"
    return section if section in GROUPS else "playthrough"


def _applies(history) -> list[dict]:
    return [{"op": "apply", "seat": seat, "action": action} for seat, action in history]


def _replay(game: Game, setup: dict, history):
    state = game.new_round(**setup)
    for seat, action in history:
        state.apply(seat, action)
    return state


def refusal_case(game: Game, witness: Witness) -> dict:
    """The state, then the refused action with the rule id that forbids it."""
    named = witness.refused_by or witness.rule
    state = _replay(game, witness.setup, witness.history)
    steps = _applies(witness.history) + [refuse_step(state, witness.seat, witness.action, named)]
    description = f"seat {witness.seat} may not `{witness.action}`{_context(game, witness)}: {witness.message}"
    rules = [witness.rule] if named == witness.rule else [witness.rule, named]
    return {"rules": rules, "polarity": "negative", "description": description, "setup": witness.setup, "steps": steps}


def allowed_case(game: Game, witness: Witness, polarity_source: str) -> dict:
    """The state, the seat's legal set, and one accepted action of the same kind."""
    state = _replay(game, witness.setup, witness.history)
    seat, chosen = _allowed_choice(state, witness, polarity_source)
    steps = _applies(witness.history) + [{"op": "legal", "seat": seat, "expect": state.legal_actions(seat)}]
    legal_only = chosen == "claim" and costly_claim(state)  # the legal set shows it: deciding it could take minutes
    if chosen is not None and not legal_only:
        steps.append({"op": "apply", "seat": seat, "action": chosen})
    shown = f"`{chosen}` legal" if legal_only else f"`{chosen}` accepted" if chosen else "no action"
    words = "" if witness.action else situations.situation_words(game.ruleset, witness.rule)
    situation = f", {words}" if words else ""
    description = f"{witness.rule} in force{_context(game, witness)}{situation}: seat {seat}'s legal actions, {shown}"
    return {"rules": [witness.rule], "polarity": "positive", "description": description, "setup": witness.setup, "steps": steps}


def _allowed_choice(state, witness: Witness, polarity_source: str) -> tuple[int, str | None]:
    """Who shows the rule allowing something, and what: the same kind of action where possible.

    A refused seat with nothing legal (a call made out of turn) hands over to the seat that
    may make that kind of action now, so the positive case shows the rule permitting it.
    """
    if polarity_source == "accepted" and witness.action:
        return witness.seat, witness.action
    head = witness.action.split(" ", 1)[0] if witness.action else "bid"
    seats = [witness.seat] + [s for s in state.actors() if s != witness.seat]
    for seat in seats:
        same = [a for a in state.legal_actions(seat) if head and a.split(" ", 1)[0] == head]
        if same:
            return seat, same[0]
    legal = state.legal_actions(witness.seat)
    bids = [a for a in legal if a.startswith("bid ")]  # a situation shows best through the lowest bid it allows
    return witness.seat, ((bids or legal or [None])[0])


def _context(game: Game, witness: Witness) -> str:
    """` (contract 90 by team 0, trumps copas)` once the bidding is over, else nothing."""
    state = _replay(game, witness.setup, witness.history)
    contract = state.contract
    if not contract:
        return f" (trumps {state.trump})" if state.trump else ""
    trump = f", trumps {state.trump}" if state.trump else ""
    return f" (contract {contract['amount']} by team {contract['team']}{trump})"


def playthrough_cases(game: Game, seed: int, count: int) -> list[dict]:
    """Seeded random complete rounds with the actors and legal sets at every step."""
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        # every other playthrough keeps to the core game (an implementation without the optional features runs it)
        explorer = Explorer(game, rng.randrange(2**32), core_only=index % 2 == 1)
        setup = explorer.deal(index)
        state = game.new_round(**setup)
        steps: list[dict] = []
        while not state.is_terminal():
            actors = state.actors()
            steps.append(actors_step(state))
            for seat in actors:
                steps.append({"op": "legal", "seat": seat, "expect": state.legal_actions(seat)})
            seat, action = explorer.choose(state)
            state.apply(seat, action)
            steps.append({"op": "apply", "seat": seat, "action": action})
        steps.append({"op": "round_result", "expect": state.round_result()})
        cases.append({"rules": [PLAYTHROUGH_ROUND], "polarity": "positive",
                      "description": f"golden playthrough #{index + 1}: a seeded random round with every legal set",
                      "setup": setup, "steps": steps})
    return cases


def match_playthrough(game: Game, seed: int, core_only: bool = False) -> dict:
    """A complete seeded match from 0-0, round after round, checking rotation and the final result."""
    explorer = Explorer(game, seed, core_only=core_only)
    setup = explorer.deal(0)
    state = game.new_round(**setup)
    steps: list[dict] = []
    for _ in range(200):
        while not state.is_terminal():
            seat, action = explorer.choose(state)
            state.apply(seat, action)
            steps.append({"op": "apply", "seat": seat, "action": action})
        steps.append({"op": "round_result", "expect": state.round_result()})
        result = state.match_result()
        steps.append({"op": "match_result", "expect": result})
        if result["over"]:
            break
        dealt = explorer.deal(0, next_pivot(state), next_gone(state))
        dealt = {k: v for k, v in dealt.items() if k in ("hands", "stock", "turned", "widow")}
        state = state.next_round(**dealt)
        steps.append({"op": "next_round", **dealt, "expect": {"dealer": state.dealer, "first_speaker": state.first_speaker}})
    return {"rules": [PLAYTHROUGH_MATCH, "match.end"], "polarity": "positive",
            "description": "golden match: seeded random rounds from 0-0 until a team wins the match",
            "setup": setup, "steps": steps}


def collect_cases(game: Game, findings: Findings, seed: int, playthroughs: int) -> list[dict]:
    """All cases of a spec, merged where two rules yield the very same steps."""
    raw = witness_cases(game, findings)
    rng = random.Random(seed)
    next_deal = _deal(game, rng)
    kinds = kind_names(game.ruleset)
    core = [r for r in findings.rounds if not any(feature_of(action, kinds) for _, action in r.history)]
    for rounds in (findings.rounds, core):  # the same outcomes once more from rounds without optional features
        raw += outcome_cases(game, rounds, next_deal)
    raw += concessions.award_cases(game, findings.rounds)
    raw += redeals.redeal_cases(game, seed + 3)
    raw += instead.instead_cases(game, findings.rounds, seed + 4)
    raw += playthrough_cases(game, seed + 1, playthroughs)
    raw += [match_playthrough(game, seed + 2 + index, core_only=index % 2 == 1) for index in range(MATCHES)]
    return _merge(raw)


def outcome_cases(game: Game, rounds: list, next_deal) -> list[dict]:
    """The outcome cases of explored rounds: tricks, results, formulas, the match and its levels, rotation, claims."""
    raw = outcomes.trick_cases(game, rounds)
    raw += outcomes.round_cases(game, rounds)
    raw += outcomes.formula_cases(game, rounds)
    raw += outcomes.single_round_cases(game, rounds)
    raw += outcomes.rank_auction_cases(game, rounds)
    raw += outcomes.match_cases(game, rounds, next_deal)
    raw += outcomes.game_cases(game, rounds, next_deal)
    raw += outcomes.coto_cases(game, rounds, next_deal)
    raw += outcomes.at_once_cases(game, rounds)
    raw += outcomes.capote_cases(game, rounds)
    raw += outcomes.standing_cases(game, rounds)
    raw += outcomes.shares_cases(game, rounds)
    raw += outcomes.paid_declarations_cases(game, rounds)
    raw += outcomes.at_once_condition_cases(game, rounds)
    raw += outcomes.carry_cases(game, rounds, next_deal)
    raw += outcomes.decide_cases(game, rounds)
    raw += outcomes.stock_cases(game, rounds)
    raw += outcomes.dealt_turned_cases(game, rounds)
    raw += outcomes.draw_time_cases(game, rounds)
    raw += outcomes.rotation_cases(game, rounds, next_deal)
    raw += outcomes.opening_cases(game, rounds)
    raw += outcomes.sit_out_cases(game, rounds)  # a table that seats one player out at its own count ([] otherwise)
    raw += outcomes.window_cases(game, rounds)
    raw += claims.claim_cases(game, rounds)
    return raw


def witness_cases(game: Game, findings: Findings, only: frozenset[str] | None = None) -> list[dict]:
    """The refusal and allowed cases of the explorer's witnesses (of the rules `only` names, when given)."""
    raw: list[dict] = []
    for witness in _witnesses(findings.refused, only):
        raw.append(refusal_case(game, witness))
        raw.append(allowed_case(game, witness, "refused"))
    for witness in _witnesses(findings.accepted, only, first=True):
        raw.append(allowed_case(game, witness, "accepted"))
    return raw


def _witnesses(table: dict[str, list[Witness]], only: frozenset[str] | None, first: bool = False):
    for witnesses in table.values():
        yield from (w for w in witnesses[:1 if first else None] if only is None or w.rule in only)


def _deal(game: Game, rng: random.Random):
    """A random deal as the `next_round` step gives it (the hands, and the stock or the card set aside), for the
    round after a given finished round: one shuffled deck, shared out for that round's dealer."""
    rules = game.ruleset
    deck = list(range(rules.ncards))
    rng.shuffle(deck)
    return lambda state: split_deck(rules, deck, next_pivot(state) if rules.has_dealer else None, next_gone(state)).setup(rules)


def _merge(raw: list[dict]) -> list[dict]:
    merged: dict[str, dict] = {}
    for case in raw:
        key = canonical_json({"setup": case["setup"], "steps": case["steps"]})
        if key in merged:
            rules = merged[key]["rules"]
            rules.extend(r for r in case["rules"] if r not in rules)
        else:
            merged[key] = dict(case, rules=list(case["rules"]))
    return list(merged.values())


def finish_case(spec: m.Spec, digest: str, case: dict) -> dict:
    """Add the metadata: content-hash id, system, spec hash, doc anchor, the kind names of a spec with ghna.kinds
    (a runner tells a kind's action from a pair's by them: conformance/features.py); keys in a fixed order."""
    players = case_players(spec, case)  # a rule of the case's `with N players` block is explained with that number
    named = [rule_name_at(spec, players, rule) for rule in case["rules"]]
    first_real = next((name for rule, name in zip(case["rules"], named) if spec.has(rule) or name != rule), None)
    kinds = spec.value("ghna.kinds")
    return {
        "id": case_id(case),
        "system": spec.system,
        "spec_hash": digest,
        "rules": sorted(case["rules"]),
        "polarity": case["polarity"],
        "description": case["description"],
        "doc": doc_anchor(spec.system, first_real or "trick.winner"),
        "setup": case["setup"],
        "steps": case["steps"],
        **({"kinds": [entry.key for entry in kinds.entries]} if isinstance(kinds, m.Table) else {}),
    }


CAMPAIGN_ROUNDS = 24
STACKED_ROUNDS = 8
PATIENT_CAMPAIGNS = 6
CAPOTE_ROUNDS = 24  # rounds on capote deals, at most, where no explored round was a capote
TIE_SEARCH = 4000
RIGGED_ROUNDS = 12
CORE_ROUNDS = 40
EDGE_ROUNDS = 2  # rounds opened at the maximum bid
MATCHES = 2  # golden matches per spec
TABLE_ROUNDS = 24  # rounds explored at each other number of players a table setting allows


def contract_levels(game: Game) -> list[int]:
    """Contract levels where the ghna limit changes, and their neighbours one step either side."""
    rules = game.ruleset
    if rules.bidding is None or rules.ghna.limit == "none":
        return []
    step = rules.bidding.step
    if rules.ghna.limit == "cap":
        marks = [level for level, _, _ in rules.ghna.caps]
    else:
        marks = [rules.ghna.minimum_plain, rules.ghna.minimum_trump]
        marks += [level for level in rules.ghna.kind_minimums if level is not None]
    levels = {n for mark in marks for n in (mark - step, mark, mark + step)}
    return sorted(n for n in levels if rules.bidding.minimum <= n <= rules.bidding.maximum)


def generate(spec: m.Spec, seed: int = 20261130, rounds: int = 160, playthroughs: int = 6) -> dict[str, list[dict]]:
    """The cases of a spec, by rule group, each group sorted by (first rule, polarity, id)."""
    game = Game.from_spec(spec)
    findings = Explorer(game, seed).explore(rounds)
    levels = contract_levels(game)
    for level in levels:
        Explorer(game, seed + level, contract=level, findings=findings).explore(CAMPAIGN_ROUNDS)
        # several declarations at this level: the contract maker's side is dealt the pairs (declarations.py)
        Explorer(game, seed + 500 + level, contract=level, findings=findings, rigged_pairs=True).explore(RIGGED_ROUNDS)
    if not levels and not game.ruleset.ghna.off:  # one limit at every level: the first speaker's side is dealt the pairs (and bids the lowest bid)
        lowest = game.ruleset.bidding.minimum if game.ruleset.bidding else None
        Explorer(game, seed + 500, contract=lowest, findings=findings, rigged_pairs=True).explore(RIGGED_ROUNDS)
    _look_for_every_suit_declared(game, findings, seed, levels)
    # rounds without optional features, so that every rule has a case an implementation without them can run
    Explorer(game, seed + 7, findings=findings, core_only=True).explore(CORE_ROUNDS)
    if game.ruleset.bidding is not None:  # the maximum bid, then bid again: the bounds of the bidding (situations.bid_edge)
        Explorer(game, seed + 9, findings=findings, to_maximum=True).explore(EDGE_ROUNDS)
    for rank in game.ruleset.ghna.tute_ranks:  # four of a rank in one hand is too rare to wait for
        Explorer(game, seed + 1000 + rank, findings=findings, rigged_rank=rank).explore(RIGGED_ROUNDS)
        if not any(key.startswith("ghna.tute") and f"~tute {rank}" in key for key in findings.accepted):
            # no tute of this rank accepted: its holder played one of the four before its side could declare
            Explorer(game, seed + 1200 + rank, findings=findings, rigged_rank=rank, keeping=True).explore(RIGGED_ROUNDS)
    for rank in _kind_ranks(game):  # so are three or four of a rank for a kind of ghna.kinds
        Explorer(game, seed + 1100 + rank, findings=findings, rigged_rank=rank).explore(RIGGED_ROUNDS)
        texts = {game.ruleset.kind_text[i] for i, k in enumerate(game.ruleset.ghna.kinds) if not k.one_suit and not k.cards and k.ranks[0] == rank}
        if not any(w.action in texts for ws in findings.accepted.values() for w in ws):  # (as for a tute, above)
            Explorer(game, seed + 1300 + rank, findings=findings, rigged_rank=rank, keeping=True).explore(RIGGED_ROUNDS)
    for index, kind in enumerate(game.ruleset.ghna.kinds):  # and the very cards a kind names (`bazzica = 40 11e 10o`)
        if kind.cards:
            cards = game.ruleset.kind_cards[index]
            Explorer(game, seed + 1300 + index, findings=findings, rigged_cards=cards).explore(RIGGED_ROUNDS)
            Explorer(game, seed + 1400 + index, findings=findings, rigged_cards=cards, keeping=True).explore(RIGGED_ROUNDS)
    _look_for_unrefused_requirements(game, findings, seed)
    if formula_has_condition(spec) or game.ruleset.claim is not None:  # a stacked side claims the rest: claims that hold
        Explorer(game, seed + 3000, findings=findings, stacked=True).explore(STACKED_ROUNDS)
    if game.ruleset.formulas.capote_void is not None:  # capotes, by a stacked side that sings and by one that does not
        Explorer(game, seed + 3100, findings=findings, stacked=True, sings=False).explore(STACKED_ROUNDS)
        Explorer(game, seed + 3200, findings=findings, stacked=True, sings=True).explore(STACKED_ROUNDS)
    if game.ruleset.formulas.standing:  # a stacked side takes most tricks: a player left without one, or over a limit
        Explorer(game, seed + 3300, findings=findings, stacked=True).explore(STACKED_ROUNDS)
    _look_for_a_capote(game, findings, seed)
    _look_for_formula_sides(game, findings, seed)
    _look_for_kind_results(game, findings, seed)
    _look_for_a_tie(game, findings, seed)
    _look_for_next_round_branches(game, findings, seed)
    _look_for_thresholds(game, findings, seed)
    digest = spec_hash(spec)
    groups: dict[str, list[dict]] = {}
    for case in collect_cases(game, findings, seed, playthroughs) + other_table_cases(spec, seed):
        done = finish_case(spec, digest, case)
        groups.setdefault(group_of(spec, done["rules"][0]), []).append(done)
    for cases in groups.values():
        cases.sort(key=lambda c: (c["rules"][0], c["polarity"], c["id"]))
    return dict(sorted(groups.items()))


def other_table_cases(spec: m.Spec, seed: int) -> list[dict]:
    """At a table whose number of players or hand size is a setting, cases at every other choice it allows (the
    suite's other cases are played at the default): who deals and plays, round results, the stock and the turned
    card (a stock or a card set aside that a block writes), playthroughs and a match,
    each case's setup naming the choice (`settings.seats`, `settings.hand_size`); a number of players is played
    with its `with N players` rules, which its playthroughs name.  The play duties and declarations are not
    explored again at each choice, but for the refusing rules a block writes: those get their refusal and allowed
    cases at its number."""
    cases = []
    for name, rule_id in TABLE_SETTINGS.items():
        setting = spec.value(rule_id)
        if isinstance(setting, m.Setting):
            for choice in sorted(set(setting.choices) - {setting.default}):
                cases += _table_choice_cases(spec, seed, name, choice)
    return _merge(cases)


CHOICE_SEEDS = {"seats": 5000, "hand_size": 6000}  # each setting's rounds seeded apart from the default's
CHOICE_WORDS = {"seats": "{} players", "hand_size": "{} cards each"}


def _table_choice_cases(spec: m.Spec, seed: int, name: str, choice: int) -> list[dict]:
    game = Game.from_spec(spec, **{name: choice})
    own = seed + CHOICE_SEEDS[name] + choice
    findings = Explorer(game, own, core_only=True).explore(TABLE_ROUNDS)
    rounds = list(findings.rounds)  # the outcomes come from these rounds, not from the block's campaigns below
    found = outcomes.round_cases(game, rounds) + outcomes.rotation_cases(game, rounds, _deal(game, random.Random(seed)))
    found += outcomes.sit_out_cases(game, rounds)
    found += outcomes.stock_cases(game, rounds)
    found += outcomes.elimination_cases(game, rounds, _deal(game, random.Random(seed)))
    found += playthrough_cases(game, own + 100, 2)
    found.append(match_playthrough(game, own + 200, core_only=True))
    block = block_for(spec, choice) if name == "seats" else None  # the rules of this number of players
    if block is not None:
        found += _block_refusal_cases(spec, game, findings, block, own)
    unseen = _overridden_at_default(spec, choice) if name == "seats" else frozenset()
    if unseen:
        found += _unseen_rule_cases(spec, game, findings, unseen, own)
    for case in found:
        case["setup"] = dict(case["setup"], settings={name: choice})
        case["description"] += f" ({CHOICE_WORDS[name].format(choice)})"
        if block is not None and any(rule.startswith("playthrough.") for rule in case["rules"]):
            case["rules"] = list(dict.fromkeys([*case["rules"], *(rule.id for rule in block.rules)]))
    return found


def _block_refusal_cases(spec: m.Spec, game: Game, findings: Findings, block: m.SeatRules, seed: int) -> list[dict]:
    """The refusal and allowed cases of the refusing rules a `with N players` block writes (a duty, a bidding or
    declaration condition in force at that number only): the default number's exploration never meets them there.

    The rounds already explored at that number are searched first; a rule they never refuse by gets a bounded
    campaign or two more (free play, then the pairs dealt to the first speaker's side for a declaration)."""
    seated = for_players(spec, block.players)
    refusing = frozenset(rule.id for rule in block.rules if rule_kind(seated, seated.rule(rule.id)) == "refusing")
    if not refusing:
        return []
    for index, campaign in enumerate(_block_campaigns(game)):
        if all(_refused_by(findings, rule) for rule in refusing):
            break
        Explorer(game, seed + 300 + index, findings=findings, **campaign).explore(TABLE_ROUNDS)
    return witness_cases(game, findings, refusing)


def _overridden_at_default(spec: m.Spec, choice: int) -> frozenset[str]:
    """The spec's own rules in force at `choice` that the default number's block writes over: no case played at the
    default number has them, so they get their cases here (the block of `choice` may write them again)."""
    default = block_for(spec, default_players(spec))
    if default is None:
        return frozenset()
    here = block_for(spec, choice)
    mine = {rule.id for rule in here.rules} if here is not None else set()
    return frozenset(rule.id for rule in default.rules if rule.id not in mine and spec.has(rule.id))


def _unseen_rule_cases(spec: m.Spec, game: Game, findings: Findings, unseen: frozenset[str], seed: int) -> list[dict]:
    """The cases of the spec's own rules that the default number's block writes over, played at another number: the
    refusal and allowed cases of a refusing rule, and the outcome cases of the others (a stacked campaign first where
    a scoring `require` line or a void capote needs a player left without a trick or a capote)."""
    seated = for_players(spec, game.ruleset.seats)
    refusing = frozenset(r for r in unseen if rule_kind(seated, seated.rule(r)) == "refusing")
    for index, campaign in enumerate(_block_campaigns(game) if refusing else []):
        if all(_refused_by(findings, rule) for rule in refusing):
            break
        Explorer(game, seed + 400 + index, findings=findings, **campaign).explore(TABLE_ROUNDS)
    if game.ruleset.formulas.standing or game.ruleset.formulas.capote_void is not None:
        Explorer(game, seed + 450, findings=findings, stacked=True).explore(STACKED_ROUNDS)
    found = witness_cases(game, findings, refusing) if refusing else []
    found += [case for case in outcome_cases(game, list(findings.rounds), _deal(game, random.Random(seed)))
              if unseen & set(case["rules"])]
    return found


def _block_campaigns(game: Game) -> list[dict]:
    campaigns: list[dict] = [{}]
    if not game.ruleset.ghna.off:
        lowest = game.ruleset.bidding.minimum if game.ruleset.bidding else None
        campaigns.append({"contract": lowest, "rigged_pairs": True})
    return campaigns


def _refused_by(findings: Findings, rule_id: str) -> bool:
    return any(witness.rule == rule_id for witnesses in findings.refused.values() for witness in witnesses)


def _look_for_every_suit_declared(game: Game, findings: Findings, seed: int, levels: list[int]) -> None:
    """At each contract whose cap lets one side declare a pair in every suit (40 + 20 + 20 + 20 under a cap of 100),
    a round where one side does: the rigged rounds above share the pairs between partners, and a partner may not
    declare where only the bid winner does (a `require` line, or `who: bid_winner` without a lend), so rounds
    where the declarer holds every pair, where no round at that contract has one side declare them all."""
    ghna, suits = game.ruleset.ghna, len(game.ruleset.suits)
    every_suit = ghna.trump_value + (suits - 1) * ghna.plain_value
    for level in [lv for lv, cap, plain_only in ghna.caps if cap is not None and cap >= every_suit and not plain_only
                  and lv in levels]:
        for index in range(PATIENT_CAMPAIGNS):  # the duty to follow suit may break a pair before it is declared
            if any(_side_declares_every_suit(game, record, level) for record in findings.rounds):
                break
            Explorer(game, seed + 5500 + 10 * level + index, contract=level, findings=findings, rigged_pairs=True,
                     pairs_alone=True).explore(RIGGED_ROUNDS)


def _side_declares_every_suit(game: Game, record, level: int) -> bool:
    """Whether one side declared a pair in every suit in a round played at a contract of `level`."""
    contract = record.result.get("contract") or {}
    if contract.get("amount") != level:
        return False
    rules = game.ruleset
    seating = game.new_round(**record.setup).seating
    by_side: dict[int, set[str]] = {}
    for seat, action in record.history:
        head, _, suit = action.partition(" ")
        if head == "ghna" and suit in rules.suits:
            by_side.setdefault(seating.team_of[seat], set()).add(suit)
    return any(len(declared) == len(rules.suits) for declared in by_side.values())


def _kind_ranks(game: Game) -> list[int]:
    """The ranks of the kinds of ghna.kinds made of one rank across suits, not already rigged for a tute."""
    ghna = game.ruleset.ghna
    return [r for r in dict.fromkeys(k.ranks[0] for k in ghna.kinds if not k.one_suit and not k.cards)
            if r not in ghna.tute_ranks]


def _look_for_a_capote(game: Game, findings: Findings, seed: int) -> None:
    """A capote where a rule reads one (`match.at_once: capote`, the term `capote` in a formula or condition) and no
    explored round was one: at a table of two with a stock, the cards drawn rarely let one side take every trick.
    First, for `match.at_once`, a stacked side plays for one in up to a few campaigns; then rounds on deals where one
    side holds the trumps and draws the strong cards (`capote_rounds`), until two sides have taken one (the bid
    winner's and the others', where they play against each other: a condition may read either)."""
    if not reads_capote(game):
        return
    if "capote" in game.ruleset.at_once:
        for index in range(PATIENT_CAMPAIGNS):
            if any(outcomes.capote_round(game, record) for record in findings.rounds):
                return
            Explorer(game, seed + 3400 + index, findings=findings, stacked=True).explore(STACKED_ROUNDS)
    sides = {outcomes.capote_taker(game, record) for record in findings.rounds} - {None}
    if len(sides) >= 2:
        return
    for record in capote_rounds(game, seed + 3500, CAPOTE_ROUNDS):
        side = outcomes.capote_taker(game, record)
        if side is not None and side not in sides:
            sides.add(side)
            findings.rounds.append(record)
        if len(sides) == 2:
            return


def _look_for_formula_sides(game: Game, findings: Findings, seed: int) -> None:
    """A scoring formula's condition that no explored round shows on one of its sides (a hand winner with more than
    110 of Brisca's 120 points, at two players): rounds on capote deals, where one side takes every trick, give the
    extremes; each that shows a side still unshown is kept."""
    unshown = outcomes.unshown_condition_sides(game, findings.rounds) if formula_has_condition(game.spec) else set()
    if not unshown:
        return
    _keep_until_shown(findings, capote_rounds(game, seed + 3600, CAPOTE_ROUNDS), unshown,
                      lambda record: outcomes.unshown_condition_sides(game, [record]))


def _look_for_kind_results(game: Game, findings: Findings, seed: int) -> None:
    """A kind of ghna.kinds that no explored round declares and plays to its end (its value in no round result: four
    of a rank is rigged, but the round may end before it counts): the rounds of its accepted declarations, shortest
    first, played on with random moves that declare nothing more (`explore.played_on`), one for each value unshown."""
    unshown = outcomes.unshown_kind_values(game, findings.rounds) if game.ruleset.ghna.kinds else set()
    if not unshown:
        return
    rng = random.Random(seed + 6000)
    witnesses = sorted((w for ws in findings.accepted.values() for w in ws if w.rule == "ghna.kinds"
                        and w.action.split(" ", 2)[1] not in game.ruleset.suits), key=lambda w: w.size)
    _keep_until_shown(findings, (played_on(game, witness, rng) for witness in witnesses), unshown,
                      lambda record: outcomes.unshown_kind_values(game, [record]))


def _keep_until_shown(findings: Findings, records, unshown: set, unshown_by) -> None:
    """Keep each of `records` (drawn one at a time) that shows something of `unshown` still unshown (what it leaves
    unshown: `unshown_by(record)`), until all is shown or the records run out."""
    for record in records:
        left = unshown & unshown_by(record)
        if left != unshown:
            findings.rounds.append(record)
            unshown = left
        if not unshown:
            return


def _requirement_ids(game: Game) -> list[str]:
    return [rule_id for tests in game.ruleset.requirements.values() for rule_id, _ in tests]


def _look_for_unrefused_requirements(game: Game, findings: Findings, seed: int) -> None:
    """A `require` line no explored state refused: patient rounds on rigged deals, where late declarations are tried."""
    ranks = list(game.ruleset.ghna.tute_ranks) + list(game.ruleset.ghna.pair)
    for index in range(PATIENT_CAMPAIGNS):
        missing = [r for r in _requirement_ids(game) if not any(key.startswith(r) for key in findings.refused)]
        if not missing:
            return
        rank = ranks[index % len(ranks)] if ranks else None
        Explorer(game, seed + 2000 + index, findings=findings, rigged_rank=rank, patient=True).explore(RIGGED_ROUNDS)


def _look_for_a_tie(game: Game, findings: Findings, seed: int) -> None:
    """A hand won on points with a tie on points is rare: plain random rounds until one is found (bounded), one where
    each word of `scoring.tie` gives another winner if it can be (`outcomes.tie_breaks_alike`); and so for
    a tie at the losing place of `place_loses`, one that its tie-break decides if it can."""
    if game.ruleset.scoring == "place_loses":
        tied, telling = (lambda r: outcomes.place_tied(game, r)), (lambda r: outcomes.place_tie_decides(game, r))
    elif game.ruleset.scoring == "most_points" and game.spec.has("scoring.tie"):
        tied, telling = (lambda r: _tied(r.result)), (lambda r: outcomes.tie_breaks_alike(game, r) == 0)
    else:
        return
    if any(tied(r) and telling(r) for r in findings.rounds):
        return
    fallback = not any(tied(r) for r in findings.rounds)
    for record in quick_rounds(game, seed + 4000, TIE_SEARCH):
        if tied(record) and telling(record):
            findings.rounds.append(record)
            return
        if tied(record) and fallback:  # a tie its tie-break does not decide, until one that it does
            findings.rounds.append(record)
            fallback = False


def _look_for_next_round_branches(game: Game, findings: Findings, seed: int) -> None:
    """`rotation.next_round` written as a choice (`same_seat if hand_tied else next_seat`): a branch may need a rare
    round (a hand tied on points), so plain random rounds until each branch has a played round after which the match
    goes on (bounded, as for a tie)."""
    if not game.ruleset.next_round_choice:
        return
    missing = set(range(len(game.ruleset.next_round_choice))) - _branches_met(game, findings.rounds)
    for record in quick_rounds(game, seed + 5000, TIE_SEARCH) if missing else ():
        branch = _branch_of(game, record)
        if branch in missing:
            findings.rounds.append(record)
            missing.discard(branch)
        if not missing:
            return


def _look_for_thresholds(game: Game, findings: Findings, seed: int) -> None:
    """A scoring `require` line that compares numbers (`points(team) <= 100`), and a comparison inside a formula's
    condition of `and` / `or`, are shown at their threshold: a player at exactly 100 who meets the line and one at
    101 who fails it, so that a limit read one off decides otherwise.  Random rounds reach a total exactly only now
    and then: plain random rounds until each side of each has one at its least distance (bounded, as for a tie);
    the nearest found on each side is kept."""
    thresholds = outcomes.Thresholds(game)
    least = thresholds.least
    if not least:
        return
    explored = [thresholds.distances(record) for record in findings.rounds]
    nearest = {key: min((found[key] for found in explored if key in found), default=None) for key in least}
    kept: dict[tuple, object] = {}
    for record in quick_rounds(game, seed + 6000, TIE_SEARCH):
        if all(nearest[key] is not None and nearest[key] <= least[key] for key in least):
            break
        for key, distance in thresholds.distances(record).items():
            if key in least and (nearest[key] is None or distance < nearest[key]):
                nearest[key], kept[key] = distance, record
    _rebid_near_thresholds(game, thresholds, [*findings.rounds, *kept.values()], nearest, kept)
    findings.rounds.extend({id(record): record for record in kept.values()}.values())  # a round kept for two sides once


REBID_TRIES = 40  # the rounds nearest a contract threshold bid again, each at the amounts around it


def _rebid_near_thresholds(game: Game, thresholds: outcomes.Thresholds, rounds: list, nearest: dict, kept: dict) -> None:
    """A comparison that reads the contract (`capote(bidders) if contract > 230 else ...`) at its threshold: random
    rounds bid a contract of 230 and then take every trick almost never, so the rounds where it decides are bid again
    at each legal amount within a step of its numbers (a kaput at 240 bid at 230 too), the nearest on each side kept."""
    bidding = game.ruleset.bidding
    for key, compare in thresholds.contract_comparisons() if bidding is not None else ():
        amounts = [amount for amount in range(bidding.minimum, bidding.maximum + 1, bidding.step)
                   if any(abs(amount - number) <= bidding.step for number in _numbers_in(compare))]
        short = [holds for holds in (True, False)
                 if nearest.get((key, holds)) is None or nearest[key, holds] > thresholds.least[key, holds]]
        if not amounts or not short:
            continue
        deciding = []  # (the least distance it stands at, on either side, the round), the nearest first
        for record in rounds:
            sides = [distance for (found, _), distance in thresholds.distances(record).items() if found == key]
            if sides:
                deciding.append((min(sides), len(record.history), id(record), record))
        deciding = [record for *_, record in sorted(deciding)[:REBID_TRIES]]
        for holds in short:
            for record in deciding:
                for amount in amounts:
                    again = rebid_round(game, record, amount)
                    distance = thresholds.distances(again).get((key, holds)) if again is not None else None
                    if distance is not None and (nearest.get((key, holds)) is None or distance < nearest[key, holds]):
                        nearest[key, holds], kept[key, holds] = distance, again


def _numbers_in(expr: m.Expr) -> list[int]:
    return [node.value for node in m.expr_nodes(expr) if isinstance(node, m.Num)]


def _branches_met(game: Game, rounds) -> set[int]:
    return {_branch_of(game, record) for record in rounds} - {None}


def _branch_of(game: Game, record) -> int | None:
    """The branch of the next_round choice a round takes, None for a void round or one that ends the match."""
    if record.result["void"]:
        return None
    state = _replay(game, record.setup, record.history)
    return None if state.match_result()["over"] else outcomes.branch_taken(state)


def _tied(result: dict) -> bool:
    """A hand decided by a tie for the most points: not won by a tute or by a claim, nor void."""
    return (result.get("tute") is None and not result.get("claim") and not result["void"]
            and outcomes.lead_tied(result["totals"]))


def write_groups(spec: m.Spec, groups: dict[str, list[dict]], out: Path) -> list[Path]:
    """Write one JSON file per group under out/<system>/, removing groups that no longer exist; a folder or file that
    cannot be written is a located error (E903), not a traceback."""
    try:
        return _write_groups(spec, groups, out)
    except OSError as error:
        where = error.filename or out / spec.system
        raise ToutiError(Diagnostic("E903", f"cannot write the cases of {spec.system}: {error.strerror or error}",
                                    m.Loc(str(where), 0, 0), "choose a folder you may write in with --out")) from None


def _write_groups(spec: m.Spec, groups: dict[str, list[dict]], out: Path) -> list[Path]:
    folder = out / spec.system
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for group, cases in groups.items():
        path = folder / f"{group}.json"
        data = {"format_version": FORMAT_VERSION, "system": spec.system,
                "spec_hash": spec_hash(spec), "group": group, "cases": cases}
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    for stale in folder.glob("*.json"):
        if stale not in written:
            stale.unlink()
    write_stamp(spec, folder)
    return written
