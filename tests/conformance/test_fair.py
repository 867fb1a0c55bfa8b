"""Fair comparison (issue 10): every forbidding rule, refusal modes, blame on the rule behind the mismatch,
feature profiles, partial outputs of an errored reply, protocol versions."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

from touti_dsl.cli import main
from touti_dsl.conformance import protocol
from touti_dsl.conformance.blame import SystemRules, blamed_rules
from touti_dsl.conformance.cases import load_cases
from touti_dsl.conformance.compare import compare_step, first_mismatch
from touti_dsl.conformance.features import feature_of, features_used, without_features
from touti_dsl.conformance.runner import judge
from touti_dsl.engine import Game
from touti_dsl.engine.refusals import forbidding_rules, precedence
from touti_dsl.loader import load_named

ROOT = Path(__file__).resolve().parents[2]
PARTIAL = ROOT / "conformance" / "partial"
TOUTI = f"{sys.executable} -m touti_dsl"
PYTHON = sys.executable


def _refuse(rules):
    return {"op": "refuse", "seat": 1, "action": "bid 90", "rule": rules[0], "rules": rules}


# ---------------------------------------------------------------------- every forbidding rule


def _atlas_after(*history):
    state = Game.from_spec("atlas-carta").new_round(seed=3, dealer=3)
    for seat, action in history:
        state.apply(seat, action)
    return state


def test_a_bid_by_a_seat_that_passed_is_forbidden_by_the_final_pass_and_by_the_turn():
    state = _atlas_after((0, "bid 80"), (1, "pass"))
    assert forbidding_rules(state, 1, "bid 90") == ["bidding.pass", "rotation.turn_order"]


def test_a_legal_action_has_no_forbidding_rule_and_the_first_listed_is_what_apply_names():
    state = _atlas_after((0, "bid 80"))
    assert forbidding_rules(state, 1, "bid 90") == []
    assert forbidding_rules(state, 1, "bid 85") == ["bidding.step"]
    assert forbidding_rules(state, 1, "bid 80") == ["bidding.step"]
    assert forbidding_rules(state, 1, "bid 240") == ["bidding.maximum"]
    assert forbidding_rules(state, 1, "trump copas") == ["action.phase"]


def test_a_call_refused_lists_each_failing_requirement_in_spec_order():
    state = _atlas_after()  # at the deal: seat 0 speaks first, seat 2 is its partner
    assert forbidding_rules(state, 2, "signal las") == ["signal.out_of_bidding", "signal.bid_made"]


def _first_window_of_the_contract_team(game):
    """Seat 0 takes the contract at 80, the others pass, cards at random until its team may declare."""
    rng = random.Random(1)
    state = game.new_round(seed=0, dealer=3)
    while not (state.phase == "play" and state.window_team == state.contract_team):
        core = {s: [a for a in state.legal_actions(s) if not a.startswith(("signal", "preannounce", "concede", "ghna"))]
                for s in state.actors()}
        seat = next(s for s, actions in core.items() if actions)
        if state.phase == "bidding":
            state.apply(seat, "bid 80" if seat == 0 and "bid 80" in core[seat] else "pass")
        else:
            state.apply(seat, rng.choice(core[seat]))
    return state


def test_a_declaration_refused_lists_the_require_lines_of_the_ghna_section_too():
    # atlas-bid-winner-sings: "require bidder_only: bid_winner"; seat 2, the bidder's partner, holds no espadas pair
    state = _first_window_of_the_contract_team(Game.from_spec(load_named("atlas-bid-winner-sings")))
    assert forbidding_rules(state, 2, "ghna espadas") == ["ghna.in_hand", "ghna.bidder_only"]


@pytest.mark.parametrize("system", ["atlas-carta", "tutti-ma", "touti-app", "tute"])
def test_the_refusals_page_writes_out_each_systems_precedence(system):
    rows = [f"| `{kind}` | " + ", ".join(f"`{rule}`" for rule in rules) + " |"
            for kind, rules in precedence(Game.from_spec(system).ruleset).items()]
    table = "\n".join([f"### {system}", "", "| action | the rules that may forbid it, in order |", "|---|---|", *rows])
    assert table in (ROOT / "docs" / "conformance" / "refusals.md").read_text(encoding="utf-8"), table


def test_generated_refusals_list_several_rules_where_several_forbid():
    listed = [step["rules"] for case in load_cases(ROOT / "generated" / "atlas-carta") for step in case["steps"] if step["op"] == "refuse"]
    assert all(rules and len(set(rules)) == len(rules) for rules in listed)
    assert ["bidding.pass", "rotation.turn_order"] in listed
    assert any(rules[:2] == ["play.trump_when_void", "play.overtrump"] for rules in listed)


# ---------------------------------------------------------------------- refusal modes


@pytest.mark.parametrize("named, mode, passes", [
    ("bidding.pass", "any", True), ("rotation.turn_order", "any", True), ("play.overtake", "any", False),
    ("bidding.pass", "exact", True), ("rotation.turn_order", "exact", False),
    ("illegal", "any-id", True), ("play.overtake", "any-id", True),
])
def test_refusal_modes(named, mode, passes):
    step = _refuse(["bidding.pass", "rotation.turn_order"])
    mismatch = compare_step(0, step, {"ok": False, "rule": named}, mode)
    assert (mismatch is None) == passes
    assert compare_step(0, step, {"ok": True}, mode) is not None  # an accepted action is never a refusal


def test_an_old_case_without_a_rules_list_compares_on_its_one_rule():
    step = {"op": "refuse", "seat": 1, "action": "bid 90", "rule": "bidding.pass"}
    assert compare_step(0, step, {"ok": False, "rule": "bidding.pass"}) is None
    assert compare_step(0, step, {"ok": False, "rule": "rotation.turn_order"}).expected == "refused by rule 'bidding.pass'"


def _conform_json(capsys, *argv) -> tuple[int, dict]:
    code = main(["conform", *argv, "--format", "json", "--jobs", "2"])
    return code, json.loads(capsys.readouterr().out)


def test_an_adapter_naming_rules_in_its_own_order_passes_by_default_and_fails_only_exact(capsys):
    impl = f"{PYTHON} {PARTIAL / 'own-order.py'} atlas-carta"
    code, report = _conform_json(capsys, "--impl", impl, "--system", "atlas-carta", "--rules", "bidding.*")
    assert code == 0, report["totals"]
    code, report = _conform_json(capsys, "--impl", impl, "--system", "atlas-carta", "--rules", "bidding.*", "--refusal", "exact")
    assert code == 1 and report["totals"]["failed"] >= 1


# ---------------------------------------------------------------------- feature profiles


def test_features_of_actions():
    assert [feature_of(a) for a in ("play 1o", "bid 80", "pass", "ghna copas", "signal las", "concede", "agree", "swap", "tute 12", "as")] == \
        [None, None, None, None, "signal", "concession", "concession", "swap", "tute", "as"]


def test_expectations_read_without_a_feature():
    legal = {"op": "legal", "seat": 0, "expect": ["concede", "play 1o"]}
    actors = {"op": "actors", "expect": [0, 3], "only_through": {"3": ["signal"]}}
    absent = frozenset({"signal", "concession"})
    assert without_features(legal, absent)["expect"] == ["play 1o"]
    assert without_features(actors, absent)["expect"] == [0]
    assert without_features(actors, frozenset({"concession"}))["expect"] == [0, 3]


def test_a_kind_is_told_from_the_pair_by_the_case_kind_names():
    """`ghna ases` has the shape of `ghna copas`: only the names a case lists make it the feature `kinds`."""
    kinds = frozenset({"ases", "guinotes"})
    assert [feature_of(a, kinds) for a in ("ghna copas", "ghna ases", "ghna guinotes oros", "tute 12")] == [
        None, "kinds", "kinds", "tute"]
    assert feature_of("ghna ases") is None  # a case without kind names has no kind
    legal = {"op": "legal", "seat": 0, "expect": ["ghna copas", "ghna guinotes oros", "ghna ases", "play 1o"]}
    assert without_features(legal, frozenset({"kinds"}), kinds)["expect"] == ["ghna copas", "play 1o"]
    case = {"kinds": ["ases"], "steps": [{"op": "apply", "seat": 0, "action": "ghna ases"}]}
    assert features_used(case) == {"kinds"} and features_used(dict(case, kinds=["oros_x"])) == set()


@pytest.mark.parametrize("command, system, without", [
    (f"{TOUTI} adapter {PARTIAL / 'atlas-without-talk-or-concession.touti'} --as atlas-carta --without signal --without preannounce --without concession", "atlas-carta", []),
    (f"{TOUTI} adapter {PARTIAL / 'atlas-without-talk-or-concession.touti'} --as atlas-carta", "atlas-carta", ["signal", "preannounce", "concession"]),
    (f"{TOUTI} adapter {PARTIAL / 'tute-without-swap.touti'} --as tute --without swap", "tute", []),
    # plain Tute, which has no claim, runs the suite of the house rule that adds one, declaring it absent
    (f"{TOUTI} adapter {ROOT / 'spec' / 'tute.touti'} --as tute-claim-the-rest --without claim", "tute-claim-the-rest", []),
    # plain Tutti-ma, which has no declaration kinds, runs the suite of the variant that adds nine, declaring them absent
    (f"{TOUTI} adapter {ROOT / 'spec' / 'tutti-ma.touti'} --as tutti-ma-any-pair-sings --without kinds",
     "tutti-ma-any-pair-sings", []),
])
def test_an_implementation_without_optional_features_that_says_so_has_no_false_alarm(capsys, command, system, without):
    extra = [arg for feature in without for arg in ("--without", feature)]
    code, report = _conform_json(capsys, "--impl", command, "--system", system, *extra)
    assert code == 0, {rule: counts for rule, counts in report["rules"].items() if counts["failed"] or counts["errored"]}
    skipped = [case for case in report["cases"] if case["status"] == "skipped"]
    assert skipped and all("needs the feature" in case["detail"] for case in skipped)


def test_the_same_implementation_undeclared_fails_the_feature_rules(capsys):
    command = f"{TOUTI} adapter {PARTIAL / 'tute-without-swap.touti'} --as tute"
    code, report = _conform_json(capsys, "--impl", command, "--system", "tute")
    failing = {rule for rule, counts in report["rules"].items() if counts["failed"]}
    assert code == 1 and failing == {"trump.swap"}


def test_an_unknown_feature_is_a_usage_error(capsys):
    code = main(["conform", "--impl", f"{TOUTI} adapter tute", "--system", "tute", "--without", "signal"])
    assert code == 2
    assert "--without signal: not an optional feature of these cases (they have: swap, tute)" in capsys.readouterr().err


def test_a_feature_the_hello_declares_absent_that_no_case_has_is_pointed_out(capsys):
    """A misspelt feature in a hello skipped nothing, silently: the cases of the real feature then failed."""
    command = f"{TOUTI} adapter tute --without swapp"
    code = main(["conform", "--impl", command, "--system", "tute", "--rules", "trick.winner"])
    out = capsys.readouterr().out
    assert code == 0
    assert "note: its hello declares without 'swapp', which is no optional feature of these cases (they have: swap, " \
           "tute): a misspelt feature skips nothing" in out
    code, report = _conform_json(capsys, "--impl", command, "--system", "tute", "--rules", "trick.winner")
    assert report["unknown_without"] == ["swapp"]
    code, report = _conform_json(capsys, "--impl", f"{TOUTI} adapter tute --without swap", "--system", "tute",
                                 "--rules", "trick.winner")
    assert report["unknown_without"] == []


ABOUT = {"concession": "concession.", "swap": "trump.swap", "tute": "ghna.tute", "kinds": "ghna.kinds"}


def _about(rule: str, feature: str) -> bool:
    return rule.startswith(ABOUT.get(feature, feature + "."))


@pytest.mark.parametrize("system", ["atlas-carta", "tutti-ma", "touti-app", "tute", "tutti-ma-any-pair-sings"])
def test_every_rule_has_a_case_without_optional_features_unless_it_is_about_one(system):
    cases = load_cases(ROOT / "generated" / system)
    spec_rules = {rule.id for rule in load_named(system).rules}
    tagged = {rule for case in cases for rule in case["rules"] if rule in spec_rules}
    lacking = []
    for rule in sorted(tagged):
        uses = [features_used(case) for case in cases if rule in case["rules"]]
        if not any(all(_about(rule, feature) for feature in used) for used in uses):
            lacking.append(rule)
    assert lacking == []


# ---------------------------------------------------------------------- blame


def test_a_wrongly_answered_refusal_is_blamed_on_the_first_real_rule_it_lists():
    case = {"system": "atlas-carta", "rules": ["signal.bid_made", "bidding.pass"], "setup": {"hands": []},
            "steps": [_refuse(["action.not_held", "bidding.pass", "rotation.turn_order"])]}
    mismatch = compare_step(0, case["steps"][0], {"ok": True})
    assert blamed_rules(case, mismatch, {"ok": True}, SystemRules("atlas-carta", [case])) == ["bidding.pass"]


def test_a_golden_playthrough_is_blamed_on_the_step_where_it_differs_never_on_a_pseudo_rule():
    case = next(c for c in load_cases(ROOT / "generated" / "atlas-carta") if c["rules"] == ["playthrough.round"])
    index = next(i for i, step in enumerate(case["steps"]) if step["op"] == "legal" and any(a.startswith("play ") for a in step["expect"]))
    step = case["steps"][index]
    narrowed = [a for a in step["expect"] if a.startswith("play ")][:1]
    from touti_dsl.conformance.adapter import ReferenceAdapter
    from touti_dsl.conformance.protocol import case_request

    outputs = ReferenceAdapter("atlas-carta").run_case(case_request(case))["outputs"][:index] + [{"actions": narrowed}]
    mismatch = first_mismatch(case, outputs, complete=False)
    rules = SystemRules("atlas-carta", [case])
    blamed = blamed_rules(case, mismatch, outputs[index], rules)
    assert mismatch.step == index and len(blamed) == 1 and rules.has(blamed[0])


def test_every_failing_rule_of_a_mutant_report_is_a_rule_of_the_system_with_a_resolving_link(capsys):
    command = f"{TOUTI} adapter {ROOT / 'conformance' / 'mutants' / 'no-overtake.touti'} --as atlas-carta"
    code = main(["conform", "--impl", command, "--system", "atlas-carta", "--jobs", "2"])
    out = capsys.readouterr().out
    page = (ROOT / "docs" / "rules" / "atlas-carta.md").read_text(encoding="utf-8")
    links = re.findall(r"rule explained at: docs/rules/atlas-carta\.md#(\S+)", out)
    failing = re.findall(r"^FAILED (\S+):", out, flags=re.M)
    # deck.order: a legal set with one card too many, the neighbour in the order of the best led card, is as well
    # explained by those two ranks swapped (blame.py `_order_explains`)
    assert code == 1 and "play.overtake" in failing and set(failing) <= {"play.overtake", "play.partner_exemption", "deck.order"}
    assert links and all(re.search(rf"\{{:? #{re.escape(anchor)}[ }}]", page) for anchor in links)  # attr list


# ---------------------------------------------------------------------- errored and skipped replies


def _case(steps):
    return {"id": "c-1", "system": "atlas-carta", "rules": ["bidding.step"], "setup": {"hands": []}, "steps": steps}


def test_an_errored_reply_with_a_mismatch_in_its_partial_outputs_fails_at_that_step():
    case = _case([{"op": "apply", "seat": 0, "action": "bid 80"}, {"op": "legal", "seat": 1, "expect": ["pass"]}, {"op": "actors", "expect": [1]}])
    outcome = judge(case, {"type": "errored", "id": "c-1", "message": "boom", "outputs": [{"ok": True}, {"actions": []}]})
    assert outcome.status == "failed" and outcome.mismatch.step == 1


def test_an_errored_reply_reports_the_step_it_reached():
    case = _case([{"op": "apply", "seat": 0, "action": "bid 80"}, {"op": "legal", "seat": 1, "expect": ["pass"]}])
    outcome = judge(case, {"type": "errored", "id": "c-1", "message": "boom", "outputs": [{"ok": True}]})
    assert outcome.status == "errored" and outcome.mismatch.step == 1 and outcome.mismatch.actual == "error: boom"
    skipped = judge(case, {"type": "skipped", "id": "c-1", "reason": "no legal sets yet", "step": 1})
    assert skipped.status == "skipped" and skipped.detail == "no legal sets yet (reached step 2)"


# ---------------------------------------------------------------------- protocol versions


def test_the_runner_offers_both_versions_and_accepts_either():
    assert protocol.hello_request() == {"type": "hello", "protocol": 1, "protocols": [1, 2]}
    for version in (1, 2):
        assert protocol.check_hello({"type": "hello", "protocol": version, "systems": []})
    with pytest.raises(protocol.ProtocolError, match="protocol 1 does not have"):
        protocol.check_hello({"type": "hello", "protocol": 1, "systems": [], "without": ["swap"]})
    with pytest.raises(protocol.ProtocolError, match="speaks protocol 3"):
        protocol.check_hello({"type": "hello", "protocol": 3, "systems": []})


def test_the_reference_answers_protocol_1_to_a_runner_that_offers_only_protocol_1():
    from touti_dsl.conformance.adapter import ReferenceAdapter

    adapter = ReferenceAdapter("tute", without=["swap"])
    assert adapter.hello({"type": "hello", "protocol": 1})["protocol"] == 1
    assert "without" not in adapter.hello({"type": "hello", "protocol": 1})
    assert adapter.hello(protocol.hello_request())["without"] == ["swap"]


def test_the_demo_prints_commands_that_paste_into_a_shell():
    import shlex

    from touti_dsl import demo

    line = demo.command_line(["conform", "--impl", demo.adapter("tute"), "--system", "tute"])
    words = shlex.split(line)
    assert words[:3] == demo.TOUTI and words[3:] == ["conform", "--impl", demo.adapter("tute"), "--system", "tute"]
    assert shlex.split(words[5])[-2:] == ["adapter", "tute"]


def test_the_json_report_names_the_rule_each_failing_case_is_blamed_on(capsys):
    command = f"{TOUTI} adapter {ROOT / 'conformance' / 'mutants' / 'no-overtake.touti'} --as atlas-carta"
    code, report = _conform_json(capsys, "--impl", command, "--system", "atlas-carta", "--rules", "play.*")
    failing = [case for case in report["cases"] if case["status"] == "failed"]
    assert code == 1 and failing and all(case["blamed"][0] == "play.overtake" for case in failing)
    assert all("blamed" not in case for case in report["cases"] if case["status"] == "passed")
