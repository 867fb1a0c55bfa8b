"""Which rule a failing case is blamed on: the rule behind its first mismatch, one rule.

- a refusal answered wrongly: the first rule the case lists as forbidding the action;
- an action refused that should have been accepted: the rule the implementation named,
  when the system has it;
- a legal set with an action too many: the first rule that forbids it in the reference;
  an action missing: for a card, the play obligation whose duty excludes it (applied
  where the reference lifts it); for another action, the rule of its kind that limits it;
- a card played, refused or offered wrongly: first the play duty that, read otherwise (a term of
  its `when` / `unless` not read, another word), gives the implementation's answer (`_misread_duties`);
- actors, trick winners, results: the rule deciding that outcome at that step; a round
  result on its first field that differs (the side that met `match.at_once` first), who deals next on the rotation rule of that
  round (played or void), a trick given to the neighbour in the order of the winning card
  on the order as well;
- an implementation that answers as though the round were over right after a trick or a
  declaration, where the reference plays on: `match.at_once` first (`_ended_early`);
- besides, the rules as likely to be behind a wrong card or declaration (`_suspects`):
  the partner exemption while the partner wins, the order where neighbouring ranks
  explain a legal set, the pair, a ghna's value against the cap, a call's effect; and in
  a case played at another number of players (`settings.seats`), the rules of that
  number's `with N players` block, named `with N players: RULE` (`SystemRules.named_at_table`).

When the reference engine cannot explain the step (a system it does not know), the
case's own rule ids that the system has stand in, never a pseudo id such as
`playthrough.round`, `action.phase` or `rotation.turn_order`: every blamed rule has a
section in the system's rules page, so every "rule explained at" link resolves.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace

from .. import model as m, schema
from ..schema import MATCH_LEVELS
from ..errors import ToutiError
from ..table_sizes import block_for, rule_name_at
from ..vocabulary import DUTIES
from .cases import case_players
from .compare import Mismatch, compare_step, forbidding, result_field


class SystemRules:
    """The rule ids a system has, and the reference engine when its spec is found (to explain steps).

    `spec`: the system's spec when the caller has it loaded already (touti fuzz, given a
    house spec by its path: looking it up again by its id finds it only on the search path).
    """

    def __init__(self, system: str, cases: list[dict], spec=None):
        self.system = system
        self.spec = spec if spec is not None else _load_spec(system)
        if self.spec is not None:  # a rule of a `with N players` block is the system's too (at that number)
            self.ids = {rule.id for rule in self.spec.rules} | {r.id for block in self.spec.seat_rules for r in block.rules}
        else:  # not a bundled system: the rule ids its cases name are all that is known
            self.ids = {rule for case in cases for rule in case["rules"] if "." in rule and not rule.startswith(PSEUDO)}
        self._games: dict[str, object] = {}
        self._twins: dict[str, list] = {}
        self._positions: dict[str, list] = {}

    def has(self, rule_id) -> bool:
        return isinstance(rule_id, str) and rule_id in self.ids

    def named_at_table(self, case: dict, rule_ids: list[str]) -> list[str]:
        """The rules as named at the case's number of players: `with 2 players: table.draw` for a rule that the
        block of that number writes (as `touti coverage` and `touti diff` name it), else the rule id."""
        if self.spec is None or not self.spec.seat_rules:
            return rule_ids
        players = case_players(self.spec, case)
        return list(dict.fromkeys(rule_name_at(self.spec, players, rule) if self.has(rule) else rule for rule in rule_ids))

    def twins(self, rule_id: str, settings: dict | None = None) -> list:
        """The reference engine with each other word of a word rule the spec writes, or without an optional number
        rule it writes (`bidding.rounds`: the bidding then goes round until all but one pass); those the engine can
        run."""
        rule = self.spec.rule(rule_id) if self.spec is not None else None
        known = schema.spec_for(rule) if rule is not None else None
        if rule is None or known is None:
            return []
        if isinstance(rule.value, m.Word):
            others = [tuple(replace(r, value=replace(r.value, value=word)) if r is rule else r for r in self.spec.rules)
                      for word in known.words if word != rule.value.value]
        elif isinstance(rule.value, m.Number) and not known.required:
            others = [tuple(r for r in self.spec.rules if r is not rule)]
        else:
            return []
        return [game for _, game in self._games_of(json.dumps([rule_id, settings or {}], sort_keys=True),
                                                   [(1, rules) for rules in others], settings)]

    def misread_duties(self, rule_id: str, settings: dict | None = None) -> list[tuple[tuple[int, int], object]]:
        """The reference engine with a play duty the spec writes read otherwise, each with its rank
        (`_misreadings`: a term of its `when` / `unless` not read, another word, the whole condition not read), the
        likeliest first; those the engine can run."""
        rule = self.spec.rule(rule_id) if self.spec is not None else None
        if rule is None or not isinstance(rule.value, m.Obligation):
            return []
        others = [(size, tuple(replace(r, value=value) if r is rule else r for r in self.spec.rules))
                  for size, value in _misreadings(rule.value)]
        return self._games_of(json.dumps(["misread", rule_id, settings or {}], sort_keys=True), others, settings)

    def _games_of(self, key: str, others: list[tuple[object, tuple]],
                  settings: dict | None) -> list[tuple[object, object]]:
        """The engines of other rule sets of the spec, each with its rank, lowest first, those the engine can run (kept
        by `key`)."""
        if key not in self._twins:
            from ..engine import Game

            self._twins[key] = []
            for size, rules in sorted(others, key=lambda other: other[0]):
                try:
                    self._twins[key].append((size, Game.from_spec(replace(self.spec, rules=rules), **(settings or {}))))
                except Exception:  # noqa: BLE001 - a word the engine cannot run with the rest of the spec
                    continue
        return self._twins[key]

    def sample_positions(self, settings: dict | None = None) -> list[tuple[object, int]]:
        """Cards played to a trick in seeded rounds of random play on the reference engine with a case's table
        settings (`_sample_positions`), kept."""
        key = json.dumps(["positions", settings or {}], sort_keys=True)
        if key not in self._positions:
            self._positions[key] = _sample_positions(self.game(settings))
        return self._positions[key]

    def duties(self) -> tuple[str, ...]:
        """The play duties the spec writes, in order."""
        return tuple(rule.id for rule in self.spec.rules if isinstance(rule.value, m.Obligation)) if self.spec else ()

    def without_section(self, section: str, settings: dict | None = None):
        """The reference engine without one optional section of the spec (a deal that stands: no `redeal`)."""
        key = json.dumps(["without", section, settings or {}], sort_keys=True)
        if key not in self._games:
            from ..engine import Game

            rules = tuple(rule for rule in self.spec.rules if rule.section != section)
            self._games[key] = Game.from_spec(replace(self.spec, rules=rules), **(settings or {}))
        return self._games[key]

    def game(self, settings: dict | None = None):
        """The reference engine with a case's table settings (`seats`, a target): a case dealt to four players of a
        table of three to six is replayed at four, as the adapter plays it."""
        if self.spec is None:
            return None
        key = json.dumps(settings or {}, sort_keys=True)
        if key not in self._games:
            from ..engine import Game

            self._games[key] = Game.from_spec(self.spec, **(settings or {}))
        return self._games[key]


PSEUDO = ("playthrough.", "action.", "rotation.turn_order")


def _misreadings(duty: m.Obligation) -> list[tuple[tuple[int, int], m.Obligation]]:
    """Each way of reading a play duty otherwise, ranked by (the number of things it misreads, a word after a
    condition): one term of its `when` / `unless` not read (one thing: a term of `a or b` or of `a and b`, or a
    condition of one term as a whole); another word of the vocabulary (one thing too, ranked after a condition: a
    condition not read keeps what the duty demands, so the answer is a written duty's applied where it does not bind,
    while a word read otherwise makes the duty demand something else, and many duties unable at a step read as the
    same other word give the same answer); the whole condition of several terms not read (as many things as its
    terms)."""
    found = [((1, 1), replace(duty, duty=word)) for word in DUTIES if word != duty.duty]
    for name in ("when", "unless"):
        condition = getattr(duty, name)
        if condition is None:
            continue
        terms = condition.operands if isinstance(condition, (m.All, m.Any_)) else (condition,)
        for index in range(len(terms)) if len(terms) > 1 else ():
            rest = (*terms[:index], *terms[index + 1:])
            found.append(((1, 0), replace(duty, **{name: rest[0] if len(rest) == 1 else type(condition)(rest)})))
        found.append(((len(terms), 0), replace(duty, **{name: None})))
    return found


def _load_spec(system: str):
    from ..loader import load_named

    try:
        return load_named(system)
    except (ToutiError, OSError, ValueError):
        return None


def blamed_rules(case: dict, mismatch: Mismatch | None, actual_output, rules: SystemRules) -> list[str]:
    """The rule(s) a failing case counts against (empty only when nothing is known).

    A refusal answered wrongly: the first rule listed as forbidding it (and a rule of the
    system the implementation named although it does not forbid the action).  An action
    refused by a rule of the system: that rule.  Otherwise, in a case made for some rules
    (its own rule ids that the system has): the one the reference engine reads at the
    step when it is among them, else that one and those rules; an outcome step (trick winner, results,
    next round) is what the case was made to check, so its rules.  An action refused on the
    way, and any step of a case made for no rule (a golden playthrough, a fuzz round): the
    rule the engine reads at the step.
    """
    if mismatch is None or mismatch.step >= len(case["steps"]):
        return rules.named_at_table(case, _own_rules(case, rules))
    blamed = _blamed(case, mismatch, actual_output, rules)
    if not blamed or blamed[0] in WHO_PLAYS:
        blamed = [rule for rule in _guarded(_counterfactual, case, mismatch, actual_output, rules) or []
                  if rule not in blamed] + blamed
        untrumped = _guarded(_untrumped_lead, case, mismatch, actual_output, rules) or []
        blamed = untrumped + [rule for rule in blamed if rule not in untrumped]
    elif _about_cards(case["steps"][mismatch.step], actual_output):  # a duty read otherwise explains it
        found = _guarded(_misread_duties, case, mismatch, actual_output, rules) or []
        blamed = found + [rule for rule in blamed if rule not in found]
    elif blamed[0] in BIDDING_ENDS or _refused_for_phase(actual_output):
        blamed = [rule for rule in _guarded(_counterfactual, case, mismatch, actual_output, rules, PHASE_RULES) or []
                  if rule not in blamed] + blamed
    early = _guarded(_ended_early, case, mismatch, actual_output, rules) or []
    blamed = early + [rule for rule in blamed if rule not in early]
    found = blamed + [rule for rule in _suspects(case, mismatch, actual_output, rules, blamed) if rule not in blamed]
    found += [rule for rule in _table_suspects(case, rules) if rule not in found]
    return rules.named_at_table(case, found)


def _untrumped_lead(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> list[str]:
    """Who leads taken wrongly right after a trick with a card off the led suit, in a round the contract of
    `trump.instead` plays without trumps: the implementation most likely gave that trick to the card as a trump."""
    if not rules.has("trump.instead"):
        return []
    state = _replay(rules, case, mismatch.step)
    if state.phase != "play" or state.trick_cards or not state.tricks:
        return []
    led_by = state.tricks[-1][2]  # the winner of the last trick, who leads now
    return ["trump.instead"] if any(_taken_off_suit_without_trumps(state, seat) for seat in _played_to_last_trick(state)
                                    if seat != led_by) else []


def _about_cards(step: dict, actual_output) -> bool:
    """A card played, refused or offered wrongly: what the play duties decide."""
    return any(action.startswith("play ") for action, _ in _actions_at(step, actual_output))


def _ended_early(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> list[str]:
    """An implementation that answers as though the round were over (an action refused as of another phase, no legal
    action, no seat to act) where the reference plays on, right after a declaration (a tute or a kind that wins at
    once) or, for `match.at_once` written as a condition, a trick: the rule that ends a round there
    (`points(team) >= 101` read as `<`)."""
    if not rules.has("match.at_once") or not _says_round_over(case["steps"][mismatch.step], actual_output):
        return []
    state = _replay(rules, case, mismatch.step)
    applied = [step["action"] for step in case["steps"][:mismatch.step] if step["op"] == "apply"]
    after_trick = state.rules.at_once_test is not None and state.phase == "play" and not state.trick_cards and bool(state.tricks)
    after_declaration = bool(applied) and applied[-1].split(" ", 1)[0] in ("ghna", "tute")
    return _at_once_rules(rules) if not state.is_terminal() and (after_trick or after_declaration) else []


def _at_once_rules(rules: SystemRules) -> list[str]:
    """`match.at_once`, and the rule whose value its condition reads through the term `target`: the count the
    match's end is reached at (`match.target` 100 for 101 ends a round of `score(team) + points(team) >= target`
    early as much as the condition itself); and through the term `carried`, `match.carry` (a count not carried from
    the hands before meets the condition late, or never)."""
    rule = rules.spec.rule("match.at_once") if rules.spec is not None else None  # (without its spec: the id alone)
    terms = {node.name for node in m.expr_nodes(rule.value.expr) if isinstance(node, m.Pred)} \
        if rule is not None and isinstance(rule.value, m.Formula) else set()
    count = END_COUNTS.get(rules.game().ruleset.match_end) if "target" in terms else None
    carried = "match.carry" if "carried" in terms else None
    return [found for found in ("match.at_once", count, carried) if found is not None and rules.has(found)]


def _says_round_over(step: dict, actual_output) -> bool:
    if step["op"] in ("apply", "refuse"):
        return _refused_for_phase(actual_output)
    field = {"legal": "actions", "actors": "seats"}.get(step["op"])
    return field is not None and isinstance(actual_output, dict) and actual_output.get(field) == [] and bool(step["expect"])


# The rules of who plays when and who wins a trick: where an implementation that deals or seats otherwise first
# shows its fault, though it broke none of them
WHO_PLAYS = ("rotation.turn_order", "trick.next_leader", "trick.winner")
# Rules that refuse nothing and decide no outcome of their own, but place the cards or the seats: their other words
# are tried when a case fails on who plays (`_counterfactual`)
PLACING_RULES = ("trump.turned", "table.draw", "table.direction", "rotation.first_lead")
# Rules that end the bidding: an implementation that gets one wrong first shows it as a seat that passed said to speak,
# or as trumps named (or refused) in the wrong phase; their other values are tried then
PHASE_RULES = ("bidding.rounds", "bidding.pass")
BIDDING_ENDS = ("bidding.pass", "trump.choice")


def _refused_for_phase(actual_output) -> bool:
    """Whether the implementation refused an action as of another phase (`action.phase`: trumps named in the bidding)."""
    return isinstance(actual_output, dict) and actual_output.get("ok") is False and actual_output.get("rule") == "action.phase"


def _counterfactual(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules,
                    candidates: tuple[str, ...] = PLACING_RULES) -> list[str]:
    """The one candidate rule whose other word reproduces the implementation: the reference engine with that word
    gives every expected output before the failing step and the implementation's own output at it (the turned card
    kept in the dealer's hand for one under the stock first shows as a seat playing out of turn)."""
    found = []
    for rule_id in candidates:
        for game in rules.twins(rule_id, case["setup"].get("settings")):
            if _reproduces(game, case, mismatch.step, actual_output):
                found.append(rule_id)
                break
    return found if len(found) == 1 else []


def _misread_duties(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> list[str]:
    """The play duties that, read otherwise, reproduce the implementation at a card played, refused or offered
    wrongly: the reference engine with a term of the duty's `when` / `unless` not read, or its other word, gives every
    expected output before the failing step and the implementation's own output at it.  The likeliest reading wins
    (`_misreadings`): the fewest things misread (a duty whose `unless a or b` both hold at the step reads as binding
    only if both terms are misread, where another duty's word read otherwise is one thing), then a condition before
    a word (an answer that a written duty gives, though lifted by its condition, is that duty's), then the reading
    that changes the fewest answers (`_changed_answers`, on seeded rounds of random play: many duties unable at a
    step, each read as `no_points`, give the same card there, but the duty to follow read so changes nearly every
    answer).  The duties still tied are named in the spec's order; the others are not suspected at all (a weaker
    reading of another duty is no reason to report that duty)."""
    settings, best, found = case["setup"].get("settings"), None, {}
    for rule_id in rules.duties():
        for rank, game in rules.misread_duties(rule_id, settings):
            if best is not None and rank > best:
                break
            if _reproduces(game, case, mismatch.step, actual_output):
                found[rule_id], best = (rank, game), rank
                break
    tied = [rule_id for rule_id, (rank, _) in found.items() if rank == best]
    if len(tied) < 2:
        return tied
    positions = rules.sample_positions(settings)
    changed = {rule_id: _changed_answers(found[rule_id][1], positions) for rule_id in tied}
    return [rule_id for rule_id in tied if changed[rule_id] == min(changed.values())]


# Seeded rounds of random play whose cards played to a trick tell the readings of a duty apart (`_changed_answers`),
# at most so many actions each, without a claim or a concession (a claim of the rest may take the search long)
SAMPLE_ROUNDS = 12
SAMPLE_ACTIONS = 400
SAMPLE_SHUNNED = ("claim", "concede")


def _sample_positions(game) -> list[tuple[object, int]]:
    """The reference engine's state before each card played to a trick already led in `SAMPLE_ROUNDS` seeded rounds
    of random play, and the seat to play it: the same positions whatever cases are run."""
    import random

    positions = []
    for seed in range(SAMPLE_ROUNDS):
        rng = random.Random(seed)
        try:
            state = game.new_round(seed=seed)
            for _ in range(SAMPLE_ACTIONS):
                options = [(seat, action) for seat in state.actors() for action in state.legal_actions(seat)
                           if action.split(" ", 1)[0] not in SAMPLE_SHUNNED] if not state.is_terminal() else []
                if not options:
                    break
                seat, action = rng.choice(options)
                if action.startswith("play ") and state.trick_cards:
                    positions.append((state.clone(), seat))
                state.apply(seat, action)
        except Exception:  # noqa: BLE001 - a round the engine cannot play at random: the positions so far
            continue
    return positions


def _changed_answers(game, positions: list[tuple[object, int]]) -> int:
    """At how many of the positions `game`, the reference with a duty read otherwise, allows other cards (the same
    spec but for that duty: its ruleset stands in for the reference's on the reference's own states)."""
    from ..engine.play import narrow

    changed = 0
    for state, seat in positions:
        twin = state.clone()
        twin.rules = game.ruleset
        changed += sorted(narrow(twin, seat)) != sorted(narrow(state, seat))
    return changed


def _reproduces(game, case: dict, upto: int, actual_output) -> bool:
    try:
        run = _case_run(game, case["setup"])
        outputs = [run.output(step) for step in case["steps"][: upto + 1]]
    except Exception:  # noqa: BLE001 - a twin that cannot play the case does not explain it
        return False
    steps = case["steps"]
    if any(compare_step(index, steps[index], outputs[index]) is not None for index in range(upto)):
        return False
    return _same_output(steps[upto]["op"], outputs[upto], actual_output)


def _same_output(op: str, ours, theirs) -> bool:
    """Two outputs of a step alike: a refusal by its rule (not its words), a set of actions or seats in any order."""
    if not isinstance(ours, dict) or not isinstance(theirs, dict):
        return ours == theirs
    if op in ("apply", "refuse"):
        return (ours.get("ok"), ours.get("rule")) == (theirs.get("ok"), theirs.get("rule"))
    if op == "legal":
        return sorted(map(str, ours.get("actions") or ())) == sorted(map(str, theirs.get("actions") or ()))
    if op == "actors":
        return sorted(map(str, ours.get("seats") or ())) == sorted(map(str, theirs.get("seats") or ()))
    return ours == theirs


def _table_suspects(case: dict, rules: SystemRules) -> list[str]:
    """A case played at another number of players than the suite's default (`settings.seats`): the rules that the
    block of that number writes (its deal, its stock, its turned card) are as likely as the blamed one, since the
    rest of the rules were checked at the default number."""
    seats = (case["setup"].get("settings") or {}).get("seats")
    block = block_for(rules.spec, seats) if rules.spec is not None and isinstance(seats, int) else None
    return [rule.id for rule in block.rules] if block is not None else []


def _blamed(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> list[str]:
    step = case["steps"][mismatch.step]
    direct = _direct_rule(step, actual_output, rules)
    if direct:
        return [direct] + _wrongly_named(case, mismatch, actual_output, rules, direct)
    own = _own_rules(case, rules)
    decided = _guarded(_decided_outcome, case, mismatch, actual_output, rules)
    if decided:
        return decided
    if own and step["op"] in OUTCOME_RULES:
        decided = [rule for rule in OUTCOME_RULES[step["op"]] if rule in own]
        return decided[:1] if step["op"] == "trick_winner" and decided else own  # a trick winner is decided by one rule
    explained = _explained(case, mismatch, actual_output, rules)
    if own and not (step["op"] == "apply" and explained):  # an action refused on the way: its own rule, whatever the case checks
        # the rule read at the step, and the rule the case was made for when it is another (an exemption, a situation)
        return [explained] if explained in own else ([explained] if explained else []) + own
    return [explained] if explained else own


def _own_rules(case: dict, rules: SystemRules) -> list[str]:
    return [rule for rule in case["rules"] if rules.has(rule)]


def _direct_rule(step: dict, actual_output, rules: SystemRules) -> str | None:
    """The rule a refuse step lists first, or the rule of the system an implementation refused an action by."""
    if step["op"] == "refuse":
        real = [rule for rule in forbidding(step) if rules.has(rule)]
        if real:
            return real[0]
    if step["op"] == "apply" and isinstance(actual_output, dict) and rules.has(actual_output.get("rule")):
        return actual_output["rule"]
    return None


def _wrongly_named(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules, found: str) -> list[str]:
    step = case["steps"][mismatch.step]
    if step["op"] != "refuse" or not isinstance(actual_output, dict) or actual_output.get("ok") is not False:
        return []
    named = actual_output.get("rule")
    return [named] if rules.has(named) and named != found and named not in forbidding(step) else []


def _explained(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> str | None:
    return _guarded(_explain, case, mismatch, actual_output, rules)


def _guarded(reading, case: dict, mismatch: Mismatch, actual_output, rules: SystemRules, *more):
    """A reading of the step by the reference engine, or None when it cannot read it."""
    try:
        return reading(case, mismatch, actual_output, rules, *more)
    except Exception:  # noqa: BLE001 - a step the engine cannot read is blamed on the case's own rules
        return None


def _explain(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> str | None:
    """The reference engine's reading of the step: replay the case up to it and ask why."""
    if rules.game() is None:
        return None
    state = _replay(rules, case, mismatch.step)
    step = case["steps"][mismatch.step]
    op = step["op"]
    if op in ("apply", "refuse"):
        return _action_rule(state, step["seat"], step["action"], rules)
    if op == "legal" and isinstance(actual_output, dict) and isinstance(actual_output.get("actions"), list):
        return _legal_rule(state, step, actual_output["actions"], rules)
    if op == "actors" and isinstance(actual_output, dict) and isinstance(actual_output.get("seats"), list):
        return (_void_deal_rule(state, case, step, actual_output["seats"], rules)
                or _passed_speaker_rule(state, step, actual_output["seats"], rules)
                or _missing_actor_rule(state, step, actual_output["seats"], rules)
                or _extra_actor_rule(state, step, actual_output["seats"], rules)
                or _leader_rule(state, step, actual_output["seats"], rules)
                or _first_known(rules, *_actors_rules(state, op)))
    return _first_known(rules, *OUTCOME_RULES.get(op, ()), *_actors_rules(state, op))


def _void_deal_rule(state, case: dict, step: dict, actual: list, rules: SystemRules) -> str | None:
    """Before the first action, nobody said to act where the reference has actors, or actors where the deal is void
    at once (`redeal.by: automatic`): the condition that voids a deal, `redeal.when`; or `redeal.by` where the
    implementation names a seat whose hand calls for a redeal beyond those a deal that stands starts with (the
    holder's option to void it, `redeal`)."""
    if state.rules.redeal is None or state.history or not rules.has("redeal.when"):
        return None
    if bool(step["expect"]) == bool(actual):
        return None
    from ..engine import redeal

    standing = rules.without_section("redeal", case["setup"].get("settings")).new_round(**case["setup"]).actors()
    offered = [seat for seat in actual if seat not in standing and type(seat) is int and redeal.meets(state, seat)]
    return _first_known(rules, "redeal.by") if offered else "redeal.when"


def _passed_speaker_rule(state, step: dict, actual: list, rules: SystemRules) -> str | None:
    """A seat that passed said to speak again, in the bidding or once it is over: a pass is final (`bidding.pass`)."""
    if state.phase not in ("bidding", "trump") or not rules.has("bidding.pass"):
        return None
    if not any(state.out[seat] for seat in _extra_seats(state, step, actual)) or _extra_actor_rule(state, step, actual, rules):
        return None  # (a call it could make off its turn, a signal, says more)
    return "bidding.pass"


def _extra_seats(state, step: dict, actual: list) -> list[int]:
    """The seats an implementation said act that the case does not expect."""
    return [s for s in actual if isinstance(s, int) and 0 <= s < state.rules.seats and s not in step["expect"]]


def _extra_actor_rule(state, step: dict, actual: list, rules: SystemRules) -> str | None:
    """A seat said to act that may not: the rule forbidding a call it could make off its turn (a signal), or a
    declaration of a pair it holds."""
    from ..engine.refusals import forbidding_rules

    for seat in _extra_seats(state, step, actual):
        for call in state.rules.calls:
            refused = [rule for rule in forbidding_rules(state, seat, call.texts[0]) if rules.has(rule) and rule.startswith(call.name + ".")]
            if refused:
                return refused[0]
        for action in _held_ghna(state, seat):  # a declaration off its window (before the first lead, say)
            refused = [rule for rule in forbidding_rules(state, seat, action) if rules.has(rule) and rule.startswith("ghna.")]
            if refused:
                return refused[0]
    return None


def _held_ghna(state, seat: int) -> list[str]:
    """`ghna SUIT` for each suit whose pair the seat holds."""
    hand = state.hands[seat]
    return [f"ghna {suit}" for suit, pair in zip(state.rules.suits, state.rules.pair_cards) if pair and all(c in hand for c in pair)]


def _missing_actor_rule(state, step: dict, actual: list, rules: SystemRules) -> str | None:
    """A seat left out of the actors that could act only through one kind of action: that action's rule."""
    for seat in step["expect"]:
        legal = state.legal_actions(seat) if seat not in actual else []
        heads = {action.split(" ", 1)[0] for action in legal}
        if len(heads) == 1 and heads != {"play"}:  # a seat to play left out: whose turn it is, not a duty
            return _limiting_rule(state, seat, legal[0], rules)
    return None


def _leader_rule(state, step: dict, actual: list, rules: SystemRules) -> str | None:
    """Another seat said to lead the next trick: the order of the ranks (`deck.order`) when that seat played the
    neighbour in the order of the winning card, of its suit (two neighbouring ranks swapped give it that trick)."""
    if state.phase != "play" or state.trick_cards or not state.tricks or len(actual) != 1 or len(step["expect"]) != 1:
        return None
    return _first_known(rules, "deck.order") if _neighbours_in_order(state, actual[0], step["expect"][0]) else None


def _neighbours_in_order(state, given: int, due: int) -> bool | None:
    """Whether the cards seats `given` and `due` played to the last trick are of one suit and next to each other in
    the order; None when either seat played no card to it."""
    played = _played_to_last_trick(state)
    if given not in played or due not in played:
        return None
    given_card, due_card = played[given], played[due]
    suit, strength = state.rules.card_suit, state.rules.card_strength
    return suit[given_card] == suit[due_card] and abs(strength[given_card] - strength[due_card]) == 1


def _played_to_last_trick(state) -> dict[int, int]:
    """seat -> the card it played to the last trick, in the order played."""
    leader, cards, _ = state.tricks[-1]
    seats = [leader]
    while len(seats) < len(cards):
        seats.append(state.seating.next_seat[seats[-1]])
    return dict(zip(seats, cards))


OUTCOME_RULES = {
    "trick_winner": ("trick.winner",),
    "round_result": ("scoring.round",),
    "match_result": ("match.target", "match.hands", "match.rounds", "match.end"),
    "next_round": ("rotation.next_round",),
}


def _actors_rules(state, op: str) -> tuple[str, ...]:
    if op != "actors":
        return ()
    if state.phase == "bidding":
        return ("rotation.first_speaker",) if not any(state.spoken) else ("bidding.pass",)
    if state.phase == "play" and not state.trick_cards:
        return ("rotation.first_lead",) if not state.tricks_played else ("trick.next_leader",)
    return ("trick.next_leader",)


def _first_known(rules: SystemRules, *candidates: str) -> str | None:
    return next((rule for rule in candidates if rules.has(rule)), None)


def _case_run(game, setup: dict):
    """A case's round started on `game`, as the reference adapter starts it."""
    from .adapter import CaseRun, round_fields
    from ..engine import IllegalAction

    return CaseRun(game.new_round(hands=setup["hands"], **round_fields(setup)), IllegalAction)


def _replay(rules: SystemRules, case: dict, upto: int):
    """The reference engine's state before step `upto` of a case, played at the case's table settings."""
    run = _case_run(rules.game(case["setup"].get("settings")), case["setup"])
    for step in case["steps"][:upto]:
        if step["op"] in ("apply", "next_round"):
            run.output(step)
    return run.state


def _action_rule(state, seat: int, action: str, rules: SystemRules) -> str | None:
    from ..engine.refusals import forbidding_rules

    refused = [rule for rule in forbidding_rules(state, seat, action) if rules.has(rule)]
    return refused[0] if refused else _limiting_rule(state, seat, action, rules)


def _legal_rule(state, step: dict, actual: list, rules: SystemRules) -> str | None:
    expected = set(step["expect"])
    extra = sorted(a for a in actual if isinstance(a, str) and a not in expected)
    missing = sorted(a for a in expected if a not in actual)
    bound = _bid_bound_rule(state, step["seat"], expected, set(a for a in actual if isinstance(a, str)), rules)
    if bound:
        return bound
    for action in extra:
        found = _action_rule(state, step["seat"], action, rules)
        if found:
            return found
    given_calls = {a.split(" ", 1)[0] for a in actual if isinstance(a, str)} & set(state.rules.vocabulary.calls)
    for action in missing:
        head = action.split(" ", 1)[0]
        # the call is open to the seat (other values of it are offered): the value left out is the call's values
        found = _first_known(rules, f"{head}.values") if head in given_calls else None
        found = found or _limiting_rule(state, step["seat"], action, rules)
        if found:
            return found
    return None


def _bid_amount(action: str) -> int | None:
    """A bid's amount (`bid 80`, or under `trump.choice in_bid` `bid 80 oros`); None for another action."""
    head, _, arg = action.partition(" ")
    amount = arg.split(" ")[0]
    return int(amount) if head == "bid" and amount.isdigit() else None


def _bid_amounts(actions) -> set[int]:
    return {amount for amount in map(_bid_amount, actions) if amount is not None}


def _bid_bound_rule(state, seat: int, expected: set[str], actual: set[str], rules: SystemRules) -> str | None:
    """The bound of the bidding a legal set of bids gets wrong as a whole: the bids missing or extra are all above
    the bids both allow (`bidding.maximum`: a maximum of 110 for 120 leaves out 111 to 120, of which the first
    alone reads as a step; or, below the maximum, the rule that refuses the first bid above the reference's highest,
    a `require` line of the bidding: `amount <= high_bid + 30`), or all below them (`bidding.minimum` before any bid;
    the floor a bid sets after one)."""
    if state.rules.bidding is None:
        return None
    wanted, given = _bid_amounts(expected), _bid_amounts(actual)
    common, differing = wanted & given, wanted ^ given
    if not common or not differing:
        return None
    if min(differing) > max(common):
        return _upper_bound_rule(state, seat, expected, rules) or _first_known(rules, "bidding.maximum")
    if max(differing) < min(common) and state.high is None:
        return _first_known(rules, "bidding.minimum")
    return None


def _upper_bound_rule(state, seat: int, expected: set[str], rules: SystemRules) -> str | None:
    """The rule the reference refuses the first bid above its highest legal bid by, when that is not the maximum."""
    from ..engine.refusals import forbidding_rules

    top = max(expected, key=lambda action: _bid_amount(action) or -1)
    amount = _bid_amount(top)
    if amount is None or amount >= state.rules.bidding.maximum:
        return None
    above = top.replace(f"bid {amount}", f"bid {amount + state.rules.bidding.step}", 1)
    return _first_known(rules, *(rule for rule in forbidding_rules(state, seat, above) if rule != "bidding.maximum"))


def _limiting_rule(state, seat: int, action: str, rules: SystemRules) -> str | None:
    """The rule that could have forbidden a legal action: what an implementation refusing it got wrong."""
    head, _, arg = action.partition(" ")
    if head == "play":
        card = state.rules.vocabulary.cards.get(arg)
        excluding = [ob.rule_id for ob in state.rules.obligations if card is not None and state.trick_cards
                     and card not in _duty_cards(state, ob.duty, [card])]
        return _first_known(rules, *excluding, "play.partner_exemption", "play.free_discard")
    if head == "ghna":
        return _first_known(rules, "ghna.caps", "ghna.minimums", "ghna.per_trick", "ghna.window")
    if head == "bid" and arg.startswith("rank "):  # an auction on ranks: the calling order, then bids on ranks at all
        return _first_known(rules, state.rules.bidding.rank_order_rule, "bidding.bids")
    if head == "bid":
        amount = _bid_amount(action) or 0
        if state.rules.bidding and amount >= state.rules.bidding.maximum:
            return _first_known(rules, "bidding.maximum")
        return _first_known(rules, "bidding.minimum" if state.high is None else "bidding.step", "bidding.minimum")
    if head in state.rules.vocabulary.calls:
        return _first_known(rules, *(rule_id for rule_id, _ in state.rules.call(head).requirements), f"{head}.values")
    return _first_known(rules, *KIND_RULES.get(head, ()))


KIND_RULES = {
    "pass": ("bidding.pass",),
    "trump": ("trump.choice",),
    "swap": ("trump.swap",),
    "draw": ("table.draw_time",),
    "tute": ("ghna.tute",),
    "lend": ("ghna.lend",),
    "concede": ("concession.proposer", "concession.who"),
    "agree": ("concession.consent",),
    "refuse": ("concession.consent",),
    "claim": ("claim.window", "claim.false"),
    "take": ("widow.by",),
    "leave": ("widow.take", "widow.by"),
    "discard": ("widow.by",),
}


def _duty_cards(state, duty: str, cards: list[int]) -> list[int]:
    from ..engine.play import DUTY_FILTERS

    return DUTY_FILTERS[duty](state, cards)


def output_at(outputs, index: int):
    """The implementation's output at a step, or None."""
    return outputs[index] if isinstance(outputs, list) and 0 <= index < len(outputs) else None


# ---------------------------------------------------------------- outcomes read field by field

# After a concession, the card points, the last trick and the ghna of a round result are the award.
CONCEDED_FIELDS = ("card_points", "last_trick", "ghna")


def _decided_outcome(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> list[str]:
    """The rules a wrong trick winner or a wrong round result points to, when the output says which."""
    step = case["steps"][mismatch.step]
    if step["op"] == "trick_winner" and isinstance(actual_output, dict):
        return _trick_rules(case, mismatch, step, actual_output.get("seat"), rules)
    if step["op"] == "round_result" and (step["expect"] or {}).get("at_once") is not None and not isinstance(actual_output, dict):
        return _at_once_rules(rules)  # the round went on where a side met it
    if step["op"] == "round_result" and isinstance(actual_output, dict):
        found = _result_rule(step["expect"], actual_output, rules, _put_aside_points(case, mismatch, rules))
        standing = _standing_rules(case, mismatch, actual_output, rules)
        if standing:  # the players who lose are judged by scoring's require lines before anything else decides
            return standing + [rule for rule in (found,) if rule and rule not in standing]
        if found == "match.at_once":
            return _at_once_rules(rules)
        if found == "ghna.values":  # the value of a pair, of a kind of ghna.kinds, or either: what the case declared
            differing = _differing_sides(step["expect"].get("ghna"), actual_output.get("ghna"))
            return [rule for rule in _declared_value_rules(case, mismatch, rules, differing) if rules.has(rule)] or [found]
        if found in SCORED_WITH:  # a side's formula, its defenders' counterpart, and each player's share of it
            return [rule for rule in (found, *SCORED_WITH[found], "scoring.shares") if rules.has(rule)]
        return [found] if found else []
    if step["op"] == "match_result" and isinstance(actual_output, dict):  # or a match won at once, when the case is of one
        at_once = ["match.at_once"] if "match.at_once" in _own_rules(case, rules) else []
        at_once += _guarded(_false_claim_rules, case, mismatch, actual_output, rules) or []
        # equal totals at the end's count: the match over or not is the tie-break's, though it reads as the count's
        found = _guarded(_counterfactual, case, mismatch, actual_output, rules, MATCH_DECIDING) or \
            _match_end_rules(step["expect"], actual_output, rules)
        return at_once + found if found else []
    if step["op"] == "next_round":  # who deals next: after a redeal, after another void round, after a round played
        from ..engine.redeal import redealt
        ended = _replay(rules, case, mismatch.step)
        void = ended.is_terminal() and ended.round_result().get("void")
        rule = ("redeal.dealer" if redealt(ended) else "rotation.after_void") if void else "rotation.next_round"
        return [rule] if rules.has(rule) else []
    return []


def _false_claim_rules(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules) -> list[str]:
    """A match result after a round that a claim which did not hold ended: what the claim costs (`claim.false`: the
    hand or the game lost) decides whether the game is over, before the match's count."""
    state = _replay(rules, case, mismatch.step)
    claimed = state.round_result().get("claim") if state.is_terminal() else None
    return ["claim.false"] if isinstance(claimed, dict) and claimed.get("held") is False and rules.has("claim.false") else []


def _standing_rules(case: dict, mismatch: Mismatch, actual: dict, rules: SystemRules) -> list[str]:
    """Other players said to lose a round whose losers scoring's `require` lines judge: the lines the reference judged
    (up to the one that decided), the one the players judged otherwise stand nearest the threshold of first
    (`points(team) <= 100` read as `<= 99` makes a player at 100 lose)."""
    from ..engine.predicates import Names, distance_to_threshold
    from ..engine.scoring import round_facts, standing_judged
    expected, given = case["steps"][mismatch.step]["expect"].get("losers"), actual.get("losers")
    if not isinstance(expected, list) or not isinstance(given, list) or expected == given or rules.game() is None:
        return []
    state = _replay(rules, case, mismatch.step)
    judged = standing_judged(state) if state.is_terminal() else None
    if judged is None:
        return []
    order = [rule_id for rule_id, _ in state.rules.formulas.standing]
    judged_lines = order[:order.index(judged[0]) + 1] if judged[0] else order
    wrong = {side for side in expected if type(side) is int} ^ {side for side in given if isinstance(side, int)}
    seat_of = {state.seating.team_of[seat]: seat for seat in reversed(state.seating.in_play)}
    names, facts = Names(state.rules.suits, state.rules.ranks), round_facts(state)

    def nearness(rule_id: str) -> int:
        distance = distance_to_threshold(rules.spec.rule(rule_id).value.condition, "standing", names)
        return min((distance(state, seat_of[side], facts) for side in wrong if side in seat_of), default=0)
    return sorted((rule_id for rule_id in judged_lines if rules.has(rule_id)), key=nearness)


# The rule that settles equal totals when the match's end is reached: its other words are tried on a failing match
# result before the end's count is blamed
MATCH_DECIDING = ("match.decide",)
HAND_COUNTS = ("hands", "losses", "elimination")  # a match whose scores count hands won or lost, not points
END_COUNTS = {"target": "match.target", "hands": "match.hands", "rounds": "match.rounds", "losses": "match.losses",
              "elimination": "match.losses"}


def _match_end_rules(expect, actual: dict, rules: SystemRules) -> list[str]:
    """A match result read field by field, from the innermost level: a game won or not (`game_winner`) is the match's
    end reached or not (its count first: `match.target` 101 for 100, then `match.end`); a level won or not (a coto,
    `coto_winner`) the games it needs (`match.games`); the match said over (or not) the other way, the outermost
    level's count (`match.cotos`, else `match.games`), or without levels the end's count (`match.rounds` 9 for 10
    ends it a hand early), then `match.end`; the count carried across hands (`carried`) on `match.carry`."""
    if not isinstance(expect, dict) or rules.game() is None:
        return []
    differing = {key for key in expect if result_field(actual, key) != expect[key]}
    ruleset = rules.game().ruleset
    end = [rule for rule in (END_COUNTS.get(ruleset.match_end), "match.end") if rule is not None]
    levels = list(MATCH_LEVELS[: len(ruleset.match_levels)])
    found: list[str] = []
    if levels and "game_winner" in differing:
        found = end
    elif len(levels) > 1 and differing & {"coto_winner", "cotos"}:
        found = [levels[0]]
    elif differing & {"over", "winner", "winners"}:
        found = [levels[-1]] if levels else end
    elif "carried" in differing:  # what a side carries across hands: `match.carry`
        found = ["match.carry"]
    return [rule for rule in found if rules.has(rule)]


def _trick_rules(case: dict, mismatch: Mismatch, step: dict, actual, rules: SystemRules) -> list[str]:
    """Who wins a trick (`trick.winner`); and when the trick went to the neighbour in the order of the winning card,
    of its suit, the order of the ranks (`deck.order`) as well: two neighbouring ranks swapped give that trick."""
    state = _replay(rules, case, mismatch.step)
    neighbours = _neighbours_in_order(state, actual, step["expect"]) if isinstance(actual, int) else None
    if neighbours is None:
        return []
    untrumped = ("trump.instead",) if _taken_off_suit_without_trumps(state, actual) else ()
    return [rule for rule in (*untrumped, "trick.winner", *(("deck.order",) if neighbours else ())) if rules.has(rule)]


def _taken_off_suit_without_trumps(state, given: int) -> bool:
    """Whether the trick was given to a card off the led suit in a round the contract of `trump.instead` plays
    without trumps: that card won only as a trump the round does not have."""
    if state.rules.trump_instead != "none" or state.trump_suit is not None or state.rules.trump_choice == "none":
        return False
    played, suit = _played_to_last_trick(state), state.rules.card_suit
    return given in played and suit[played[given]] != suit[state.tricks[-1][1][0]]


def _declared_value_rules(case: dict, mismatch: Mismatch, rules: SystemRules, sides: set[int] | None = None) -> list[str]:
    """The rules giving the values of what the case declared before the step: `ghna.values` for a pair (`ghna
    SUIT`), `ghna.kinds` for a kind (`ghna NAME ...`); with `sides`, only the declarations of those sides (whose
    ghna differs), when they made any."""
    suits = rules.game(case["setup"].get("settings")).ruleset.suits
    made = [step for step in case["steps"][:mismatch.step]
            if step["op"] == "apply" and step["action"].startswith("ghna ") and " " in step["action"]]
    if sides:
        side_of = _replay(rules, case, mismatch.step).seating.team_of
        made = [step for step in made if side_of[step["seat"]] in sides] or made
    declared = {step["action"].split(" ")[1] in suits for step in made}
    return [rule for rule, pair in (("ghna.values", True), ("ghna.kinds", False)) if pair in declared]


def _differing_sides(expected, actual) -> set[int]:
    """The sides whose count differs between two per-side lists of a round result (none when either is no list)."""
    if not isinstance(expected, list) or not isinstance(actual, list) or len(expected) != len(actual):
        return set()
    return {side for side, (want, got) in enumerate(zip(expected, actual)) if want != got}


def _put_aside_points(case: dict, mismatch: Mismatch, rules: SystemRules) -> int:
    """The card points of the cards the widow's taker put aside before the step (`discard CARD`)."""
    ruleset = rules.game(case["setup"].get("settings")).ruleset
    cards = [step["action"].partition(" ")[2] for step in case["steps"][:mismatch.step]
             if step["op"] == "apply" and step["action"].startswith("discard ")]
    return sum(ruleset.card_points[ruleset.vocabulary.cards[card]] for card in cards if card in ruleset.vocabulary.cards)


def _result_rule(expect: dict, actual: dict, rules: SystemRules, put_aside: int = 0) -> str | None:
    """The first field of a round result that differs, in the order they are computed, names its rule; card points
    only moved from one side to another, or the last trick given to another side, come from a trick won by the
    wrong player (the case's own rules then); card points that differ in all by exactly the points put aside from
    the widow, from where those count (`widow.points`)."""
    differing = {key for key in expect if result_field(actual, key) != expect[key]}
    if "void" in differing:
        return _first_known(rules, "bidding.all_pass")
    if "at_once" in differing:  # the side that met match.at_once (none): who lost and what was scored follow from it
        return _first_known(rules, "match.at_once")
    if "tute" in differing:
        return _first_known(rules, "ghna.tute")
    if "claim" in differing and rules.has("claim.holds"):  # a claim of a condition judged the other way
        return "claim.holds"
    if expect.get("conceded") and differing & set(CONCEDED_FIELDS):
        return _first_known(rules, "concession.award")
    claimed = expect.get("claim")
    if isinstance(claimed, dict) and claimed.get("held") is False and differing & {*CONCEDED_FIELDS, "totals", "winner"}:
        return _first_known(rules, "claim.false")  # a round a false claim ended: the tricks left go by what it costs
    if "trump" in differing and expect.get("trump") is None and rules.has("trump.instead"):
        return "trump.instead"  # trumps kept in a round the contract of trump.instead plays without them
    ended_by_tute = expect.get("tute") is not None
    if "card_points" in differing or "last_trick" in differing:
        actual_sum, expected_sum = _sum(actual.get("card_points")), _sum(expect["card_points"])
        if ended_by_tute and (actual_sum in (0, _deck_points(rules)) or actual_sum == expected_sum):
            return _first_known(rules, "ghna.tute")  # what a round a tute ended counts: none of the cards not played
        if actual_sum == expected_sum:
            return None
        if put_aside and actual_sum is not None and abs(actual_sum - expected_sum) == put_aside:
            return _first_known(rules, "widow.points", "deck.points")
        return _first_known(rules, "deck.points")
    if "ghna" in differing:
        return _first_known(rules, "ghna.values")
    if "totals" in differing:  # card points, ghna and the last trick's side all right: its bonus is not
        # (a round a tute ended has no last trick to score)
        return _first_known(rules, "ghna.tute" if ended_by_tute else "deck.last_trick")
    if "made" in differing:
        return _first_known(rules, "scoring.contract_made", "scoring.round")
    if "winner" in differing and len(set(expect.get("totals") or ())) == 1:
        return _first_known(rules, "scoring.tie")
    if "losers" in differing and rules.has("scoring.losing_place"):  # place_loses: the place, or who loses a tie at it
        if _tied_at_losing_place(expect, actual):
            return _first_known(rules, "scoring.place_tie", "scoring.losing_place")
        return "scoring.losing_place"
    if "score_changes" in differing:
        return _score_formula(expect, actual, rules)
    return None


def _tied_at_losing_place(expect: dict, actual: dict) -> bool:
    """Whether a player said to lose (by the reference or the implementation) shares its total with another player:
    a tie at the losing place, which `scoring.place_tie` settles (one loser alone may be the tie broken)."""
    totals = expect.get("totals")
    named = {side for side in (*(expect.get("losers") or ()), *_sides(actual.get("losers"))) if type(side) is int}
    if not isinstance(totals, list) or not all(0 <= side < len(totals) for side in named):
        return len(expect.get("losers") or ()) != 1
    return any(totals[other] == totals[side] for side in named for other in range(len(totals)) if other != side)


def _sides(value) -> list:
    return value if isinstance(value, list) else []


# The formulas of score changes, and the rules that score the other side of the same result with them
SCORED_WITH = {"scoring.made": ("scoring.made_defenders",), "scoring.failed": ("scoring.failed_defenders",),
               "scoring.winner": (), "scoring.loser": ()}


def _score_formula(expect: dict, actual: dict, rules: SystemRules) -> str | None:
    """Everything else right, what a side scored wrong: the formula that scores it — the contract made or failed
    (`scoring.made` / `scoring.failed`), else the hand's winner or loser (`scoring.winner` / `scoring.loser`)."""
    wanted, given = expect.get("score_changes"), actual.get("score_changes")
    if not isinstance(wanted, list) or not isinstance(given, list) or len(wanted) != len(given):
        return None
    wrong = [side for side, (change, other) in enumerate(zip(wanted, given)) if change != other]
    if expect.get("made") is not None:
        return _first_known(rules, "scoring.made" if expect["made"] else "scoring.failed")
    winner = expect.get("winner")
    if winner is None or not wrong:
        return None
    found = _first_known(rules, "scoring.winner" if wrong == [winner] else "scoring.loser")
    if found is None and actual.get("winner") == winner:  # the right winner, its hand written otherwise
        return _counted_in_hands(rules)
    return found


def _counted_in_hands(rules: SystemRules) -> str | None:
    """Without a formula, a match counted in hands writes one hand for the round's winner (a hand lost for a loser,
    where the match counts those): what `match.end` says the scores count."""
    game = rules.game()
    return "match.end" if game is not None and game.ruleset.match_end in HAND_COUNTS and rules.has("match.end") else None


def _deck_points(rules: SystemRules) -> int | None:
    """The card points of the whole deck (a side said to take them all, or the cards not played counted)."""
    game = rules.game()
    return sum(game.ruleset.card_points) if game is not None else None


def _sum(values) -> int | None:
    return sum(values) if isinstance(values, list) and all(isinstance(v, int) for v in values) else None


# ---------------------------------------------------------------- rules suspected along with the blamed one


PAIR_RULES = ("ghna.in_hand", "ghna.pair")  # the reasons an implementation gives when the pair is not in hand


def _suspects(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules, blamed: list[str]) -> list[str]:
    """Rules as likely as the blamed one to be behind a wrong card or a wrong declaration, a bidding after a call."""
    return _guarded(lambda *args: _action_suspects(*args, blamed), case, mismatch, actual_output, rules) or []


def _action_suspects(case: dict, mismatch: Mismatch, actual_output, rules: SystemRules, blamed: list[str]) -> list[str]:
    step = case["steps"][mismatch.step]
    actions = _actions_at(step, actual_output)
    if rules.game() is None:
        return []
    state = _replay(rules, case, mismatch.step)
    found = _effect_suspects(case, mismatch, state)
    if any(action.startswith("ghna ") for action, _ in actions) and "ghna.caps" in blamed:
        found.append("ghna.values")  # a declaration's value counts against the cap as much as the cap itself
    if any(action.startswith("play ") for action, _ in actions) and _order_explains(state, step, actual_output):
        found.append("deck.order")
    for action, extra in actions:
        head, _, arg = action.partition(" ")
        if head == "play":
            found += _card_suspects(state, step["seat"], state.rules.vocabulary.cards.get(arg))
        elif head == "ghna" and (extra or step["op"] == "legal" or actual_output.get("rule") in PAIR_RULES):
            found += _ghna_suspects(state, step["seat"], arg, extra)
    return [rule for rule in dict.fromkeys(found) if rules.has(rule)]


def _effect_suspects(case: dict, mismatch: Mismatch, state) -> list[str]:
    """A bidding gone wrong after a call that leaves the bidding or stays in it: that call's effect."""
    if state.phase != "bidding":
        return []
    calls = state.rules.vocabulary.calls
    made = [s["action"].split(" ", 1)[0] for s in case["steps"][:mismatch.step] if s["op"] == "apply"]
    return [f"{head}.effect" for head in dict.fromkeys(made) if head in calls]


def _actions_at(step: dict, actual_output) -> list[tuple[str, bool]]:
    """The actions a step's mismatch is about: (action, whether the implementation allowed it wrongly)."""
    if step["op"] == "refuse" and isinstance(actual_output, dict) and actual_output.get("ok") is True:
        return [(step["action"], True)]
    if step["op"] == "apply" and isinstance(actual_output, dict) and actual_output.get("ok") is False:
        return [(step["action"], False)]
    if step["op"] == "legal" and isinstance(actual_output, dict) and isinstance(actual_output.get("actions"), list):
        actual = [a for a in actual_output["actions"] if isinstance(a, str)]
        return [(a, True) for a in actual if a not in step["expect"]] + [(a, False) for a in step["expect"] if a not in actual]
    return []


def _card_suspects(state, seat: int, card: int | None) -> list[str]:
    """A card wrongly allowed or refused while one's partner wins the trick: the partner exemption may be the
    fault as much as the duty."""
    if card is None or not state.trick_cards or not state.rules.obligations:  # no duty to be exempted from
        return []
    return ["play.partner_exemption"] if state.trick_winner in state.seating.partners[seat] else []


def _order_explains(state, step: dict, actual_output) -> bool:
    """Whether the implementation's answer is the reference's with two neighbouring ranks of the order swapped: the
    trick's best card of a suit and a card of that suit next to it in the seat's hand (`deck.order` then explains
    the answer as well as the duty blamed; a single answer often cannot tell them apart)."""
    from ..engine.play import narrow

    seat, cards = step["seat"], state.rules.vocabulary.cards
    for twin in _swapped_orders(state, seat):
        legal = {state.rules.card_text[card] for card in narrow(twin, seat)}
        if step["op"] == "legal":
            actual = {a.partition(" ")[2] for a in actual_output["actions"] if isinstance(a, str) and a.startswith("play ")}
            if actual == legal:
                return True
        elif cards.get(step["action"].partition(" ")[2]) is not None:
            if (step["action"].partition(" ")[2] in legal) == (step["op"] == "refuse"):
                return True
    return False


def _swapped_orders(state, seat: int):
    """The state as an engine would see it whose order swaps the rank of the trick's best card of a suit with the
    rank next to it of a card of that suit in the seat's hand."""
    rules = state.rules
    suit, strength, rank = rules.card_suit, rules.card_strength, rules.card_rank
    for best in (c for c in (state.best_led_card, state.best_trump_card) if c is not None):
        for card in state.hands[seat]:
            if suit[card] == suit[best] and abs(strength[card] - strength[best]) == 1:
                ranks = {rank[best]: strength[card], rank[card]: strength[best]}
                twin_rules = copy.copy(rules)
                twin_rules.card_strength = tuple(ranks.get(rank[c], strength[c]) for c in range(len(strength)))
                twin = state.clone()
                twin.rules = twin_rules
                if twin.best_led_card is not None:
                    twin.best_led = twin_rules.card_strength[twin.best_led_card]
                if twin.best_trump_card is not None:
                    twin.best_trump = twin_rules.card_strength[twin.best_trump_card]
                yield twin


def _ghna_suspects(state, seat: int, suit_name: str, extra: bool) -> list[str]:
    """A ghna allowed with one card of the pair in hand, or refused with both: the pair's ranks may be the fault."""
    suits = state.rules.suits
    if suit_name not in suits:
        return []
    held = sum(card in state.hands[seat] for card in state.rules.pair_cards[suits.index(suit_name)])
    return ["ghna.pair"] if held == (1 if extra else 2) else []

