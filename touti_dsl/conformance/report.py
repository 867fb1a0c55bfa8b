"""Reports of a conformance run: per rule id, and each failing rule's smallest case in plain words.

Three renderings of the same `Summary`: text for people, JSON for machines, JUnit XML
for CI dashboards.  The exit code lives here too, so every format agrees on it.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from .blame import SystemRules, blamed_rules
from .cases import doc_anchor
from .features import unknown_features
from .runner import CaseOutcome, RunResult

STATUSES = ("passed", "failed", "errored", "skipped", "xfail", "xpass")
DOCS_ROOT = "docs/"


@dataclass
class Summary:
    """Counts overall and per rule id, and each failing rule's smallest failing case."""

    result: RunResult
    strict: bool
    totals: Counter
    by_rule: dict[str, Counter]
    smallest: dict[str, CaseOutcome]
    blamed: dict[str, list[str]] = field(default_factory=dict)  # failing case id -> the rule(s) it counts against
    systems: dict[str, SystemRules] = field(default_factory=dict)  # each system's rules, its spec when found

    @property
    def nothing_ran(self) -> bool:
        """Every case was skipped: a run that checked nothing is not a pass."""
        return not any(self.totals[s] for s in STATUSES if s != "skipped")

    @property
    def exit_code(self) -> int:
        bad = self.totals["failed"] + self.totals["errored"] + (self.totals["xpass"] if self.strict else 0)
        return 1 if bad or self.result.interrupted or self.nothing_ran else 0


def _size(outcome: CaseOutcome) -> tuple[bool, int, str]:
    """The order a rule's failing cases are shown in: a case the program was given before one never run (its
    failure says nothing of the rule), then the fewest steps."""
    return outcome.not_run, len(outcome.case["steps"]), outcome.case["id"]


NO_RULE = "(no rule)"  # a failure that no rule of the system explains (a crash before any step)


def blame(outcome: CaseOutcome, known: dict[str, SystemRules]) -> list[str]:
    """The rule a failing case counts against: the one behind its first mismatch (blame.py)."""
    system = outcome.case["system"]
    if system not in known:
        known[system] = SystemRules(system, [outcome.case])
    return blamed_rules(outcome.case, outcome.mismatch, outcome.output, known[system]) or [NO_RULE]


def summarize(result: RunResult, strict: bool = False, specs: dict | None = None) -> Summary:
    """Aggregate the outcomes by status and by rule id (a failure only under the rule it is blamed on).

    `specs`: the spec of a system by its id when the caller has it (`touti conform --spec`, a house suite's spec
    found beside it); a system without one is looked up by its id on the search path."""
    ordered = sorted(result.outcomes, key=lambda o: o.case["id"])
    totals: Counter = Counter(o.final for o in ordered)
    by_rule: dict[str, Counter] = defaultdict(Counter)
    smallest: dict[str, CaseOutcome] = {}
    known = _system_rules(ordered, specs or {})
    blamed: dict[str, list[str]] = {}
    for outcome in ordered:
        failing = outcome.final in ("failed", "errored")
        rules = blame(outcome, known) if failing else _passing_rules(outcome.case, known[outcome.case["system"]])
        if failing:
            blamed[outcome.case["id"]] = rules
        for rule in rules:
            by_rule[rule][outcome.final] += 1
            if failing and (rule not in smallest or _size(outcome) < _size(smallest[rule])):
                smallest[rule] = outcome
    return Summary(result, strict, totals, dict(sorted(by_rule.items())), smallest, blamed, known)


def _passing_rules(case: dict, rules: SystemRules) -> list[str]:
    """A passing case counts for each of its rules the system has (a golden playthrough: for its pseudo id)."""
    return rules.named_at_table(case, [rule for rule in case["rules"] if rules.has(rule)]) or case["rules"]


def _system_rules(outcomes: list[CaseOutcome], specs: dict) -> dict[str, SystemRules]:
    by_system: dict[str, list[dict]] = defaultdict(list)
    for outcome in outcomes:
        by_system[outcome.case["system"]].append(outcome.case)
    return {system: SystemRules(system, cases, specs.get(system)) for system, cases in by_system.items()}


# ---------------------------------------------------------------------- plain words


def describe_step(step: dict) -> str:
    """One step as a line a person can follow."""
    op = step["op"]
    if op == "apply":
        return f"seat {step['seat']}: {step['action']}"
    if op == "refuse":
        return f"seat {step['seat']} tries {step['action']} (must be refused by {step['rule']})"
    if op == "legal":
        return f"ask the legal actions of seat {step['seat']}"
    if op == "next_round":
        return "start the next round" + (f" (turned card {step['turned']})" if step.get("turned") else "") + \
            "; hands: " + " | ".join(" ".join(hand) for hand in step["hands"])
    return {"actors": "ask who may act", "trick_winner": "ask who won the last trick",
            "round_result": "ask the round result", "match_result": "ask the match result"}[op]


def describe_setup(setup: dict) -> list[str]:
    """The deal and the table, one line each."""
    facts = [f"{name.replace('_', ' ')} seat {setup[name]}" for name in ("dealer", "first_speaker") if name in setup]
    facts += [f"turned card {setup['turned']}"] if "turned" in setup else []
    facts += [f"scores {'-'.join(map(str, setup['scores']))}"] if "scores" in setup else []
    facts += [f"games won {'-'.join(map(str, setup['games']))}"] if "games" in setup else []
    facts += [f"cotos won {'-'.join(map(str, setup['cotos']))}"] if "cotos" in setup else []
    facts += [f"hands played {setup['played']}"] if "played" in setup else []
    facts += [f"{key}={value}" for key, value in sorted(setup.get("settings", {}).items())]
    lines = ["setup: " + (", ".join(facts) or "defaults")]
    lines += [f"  seat {seat} holds: {' '.join(hand)}" for seat, hand in enumerate(setup["hands"])]
    return lines


def describe_case(outcome: CaseOutcome, rule: str | None = None, rules: SystemRules | None = None) -> list[str]:
    """A failing case: what it checks, the deal, the actions to reproduce, expected against actual, the doc of `rule`.

    `rules`: the case's system as the run knows it (its spec when given); else looked up by its id."""
    case = outcome.case
    lines = [f"case {case['id']} ({len(case['steps'])} steps): {case.get('description', '')}"]
    lines += describe_setup(case["setup"]) + _trump_line(case, rules)
    upto = outcome.mismatch.step if outcome.mismatch else len(case["steps"]) - 1
    lines.append("to reproduce:")
    lines += [f"  {i + 1}. {describe_step(step)}" for i, step in enumerate(case["steps"][: upto + 1])]
    lines += _what_went_wrong(outcome)
    doc = doc_anchor(case["system"], rule) if rule and rule != NO_RULE else case.get("doc")
    if doc:
        lines.append(f"rule explained at: {DOCS_ROOT}{doc}")
    return lines


def _trump_line(case: dict, rules: SystemRules | None = None) -> list[str]:
    """Which suit is trumps: the turned card's (tute), the one the contract maker names or calls (at which step), or
    the one the deal gives."""
    if "turned" in case["setup"]:
        return [f"trumps: the suit of the turned card {case['setup']['turned']}"]
    suited = None  # `trump.choice in_bid`: the last bid names the suit of the contract, if it stands
    for index, step in enumerate(case["steps"]):
        if step["op"] == "apply" and step["action"].startswith("trump "):
            return [f"trumps: {step['action'].split(' ', 1)[1]} (named at step {index + 1})"]
        if step["op"] == "apply" and step["action"].startswith("call ") and step["action"].count(" ") == 1:
            card = step["action"].split(" ", 1)[1]  # `trump.choice called_card`: a call of values never reads so
            return [f"trumps: the suit of the called card {card} (called at step {index + 1})"]
        if step["op"] == "apply" and step["action"].startswith("bid ") and step["action"].count(" ") == 2:
            suited = (step["action"].rsplit(" ", 1)[1], index + 1)
    if suited is not None:
        return [f"trumps: {suited[0]} (named in the high bid at step {suited[1]}, if it stands)"]
    return [_dealt_trump(case, rules or _systems(case["system"])) or "trumps: not named yet (the case ends in the bidding)"]


def _dealt_trump(case: dict, rules: SystemRules) -> str | None:
    """Trumps as the deal gives them, where no step names them: a turned card the setup leaves implicit (the last card
    of the dealer's hand, the card under the stock), or none at a table without trumps; None when the system's spec is
    not at hand (a house spec outside the search path) or the deal gives no trumps yet (a bid winner names them)."""
    game = rules.game(case["setup"].get("settings"))
    if game is None:
        return None
    if game.ruleset.trump_choice == "none":
        return "trumps: none (this table plays without trumps)"
    from ..engine import IllegalAction
    from .adapter import round_fields

    try:
        state = game.new_round(hands=case["setup"]["hands"], **round_fields(case["setup"]))
    except (ValueError, TypeError, KeyError, IllegalAction):
        return None  # a setup the reference refuses: the failure report says so already
    if state.trump is None or state.turned is None:
        return None
    return f"trumps: {state.trump} (the turned card {game.ruleset.card_text[state.turned]})"


@lru_cache(maxsize=16)
def _systems(system: str) -> SystemRules:
    return SystemRules(system, [])


def _what_went_wrong(outcome: CaseOutcome) -> list[str]:
    lines = []
    if outcome.mismatch is None or outcome.status == "errored":
        lines.append(f"error: {outcome.detail}")
    if outcome.mismatch is not None:
        mismatch = outcome.mismatch
        lines += [f"at step {mismatch.step + 1} ({mismatch.op}):", f"  expected: {mismatch.expected}", f"  actual:   {mismatch.actual}"]
    if outcome.stderr:
        lines += ["stderr (tail):"] + ["  | " + line for line in outcome.stderr.splitlines()[-8:]]
    return lines


# ---------------------------------------------------------------------- renderings


def _unknown_without(summary: Summary) -> tuple[list[str], list[str]]:
    """The features the hello declares absent that none of the cases' systems has (a misspelling, or a feature of
    another system the program serves), and those they have."""
    declared = summary.result.hello.get("without") or []
    if not declared:
        return [], []
    return unknown_features(declared, [outcome.case for outcome in summary.result.outcomes])


def _implementation(summary: Summary) -> str:
    hello = summary.result.hello
    return f"{hello.get('implementation', '?')} (protocol {hello.get('protocol', '?')}, systems: {', '.join(hello.get('systems', []))})"


VIEWS = ("auto", "full", "failures")


def render_text(summary: Summary, view: str = "auto") -> str:
    """The human report: a table per rule, the smallest failing case of each failing rule, totals.

    `view` "failures" lists only the rules with a failing case ("auto": when something
    failed, else the full table).
    """
    failures_only = view == "failures" or (view == "auto" and bool(summary.smallest))
    lines = [f"implementation: {_implementation(summary)}"]
    unknown, known = _unknown_without(summary)
    if unknown:
        lines.append(f"note: its hello declares without {', '.join(map(repr, unknown))}, which is no optional feature of "
                     f"these cases (they have: {', '.join(known) or 'none'}): a misspelt feature skips nothing")
    lines.append("")
    rows = {rule: counts for rule, counts in summary.by_rule.items() if not failures_only or rule in summary.smallest}
    width = max([len(rule) for rule in rows] + [4])
    if rows:
        lines.append(f"{'rule':<{width}}  " + " ".join(f"{s:>7}" for s in STATUSES))
    for rule, counts in rows.items():
        lines.append(f"{rule:<{width}}  " + " ".join(f"{counts[s]:>7}" for s in STATUSES))
    hidden = len(summary.by_rule) - len(rows)
    if hidden:
        lines.append(f"({hidden} rules without a failure not shown; --full shows every rule)")
    shown: set[str] = set()
    for rule, outcome in summary.smallest.items():
        if outcome.not_run:  # none of the rule's cases was given to the program: the NOT RUN line says why
            continue
        lines += ["", f"FAILED {rule}: smallest failing case"]
        if outcome.case["id"] in shown:
            link = "" if rule == NO_RULE else f"; rule explained at: {DOCS_ROOT}{doc_anchor(outcome.case['system'], rule)}"
            lines.append(f"  case {outcome.case['id']}, shown above{link}")
        else:
            lines += ["  " + line for line in describe_case(outcome, rule, summary.systems.get(outcome.case["system"]))]
        shown.add(outcome.case["id"])
    lines += _xpass_lines(summary) + _skip_lines(summary) + _not_run_lines(summary) + ["", _totals_line(summary)]
    return "\n".join(lines)


def _not_run_lines(summary: Summary) -> list[str]:
    """The cases never given to the program, and why (its job gave up: it could not be restarted, or never answered)."""
    reasons = Counter(o.detail for o in summary.result.outcomes if o.not_run)
    return [""] + [f"NOT RUN {count}: {reason.removeprefix('not run: ')}" for reason, count in reasons.most_common()] if reasons else []


def _skip_lines(summary: Summary) -> list[str]:
    """Why cases were skipped, most frequent reason first."""
    reasons = Counter(o.detail for o in summary.result.outcomes if o.final == "skipped")
    lines = [f"skipped {count}: {reason}" for reason, count in reasons.most_common(5)]
    if len(reasons) > 5:
        lines.append(f"... and {len(reasons) - 5} other reasons")
    return [""] + lines if lines else []


def _xpass_lines(summary: Summary) -> list[str]:
    passing = sorted(o.case["id"] for o in summary.result.outcomes if o.final == "xpass")
    if not passing:
        return []
    note = " (fails the run under --strict)" if summary.strict else " (remove them from the xfail file)"
    return ["", f"XPASS: {len(passing)} expected failures passed{note}: {', '.join(passing)}"]


def _totals_line(summary: Summary) -> str:
    counts = ", ".join(f"{summary.totals[s]} {s if s != 'xpass' else 'XPASS'}" for s in STATUSES)
    cut = " (INTERRUPTED: partial results)" if summary.result.interrupted else ""
    verdict = "PASS" if summary.exit_code == 0 else "NOTHING RAN (every case skipped)" if summary.nothing_ran else "FAIL"
    return f"{verdict}: {len(summary.result.outcomes)} cases: {counts}{cut}"


def _outcome_data(outcome: CaseOutcome, blamed: dict[str, list[str]]) -> dict:
    case = outcome.case
    data = {"id": case["id"], "status": outcome.final, "rules": case["rules"], "description": case.get("description", ""),
            "doc": case.get("doc", ""), "steps": len(case["steps"]), "seconds": round(outcome.seconds, 4)}
    if case["id"] in blamed:
        data["blamed"] = blamed[case["id"]]
    if outcome.detail:
        data["detail"] = outcome.detail
    if outcome.mismatch:
        data["mismatch"] = {"step": outcome.mismatch.step, "op": outcome.mismatch.op,
                            "expected": outcome.mismatch.expected, "actual": outcome.mismatch.actual}
    if outcome.stderr:
        data["stderr_tail"] = outcome.stderr
    return data


def render_json(summary: Summary) -> str:
    """The machine report: totals, per-rule counts with the smallest failing case, every case."""
    rules = {rule: {**{s: counts[s] for s in STATUSES}, "smallest_failure": summary.smallest[rule].case["id"] if rule in summary.smallest else None}
             for rule, counts in summary.by_rule.items()}
    data = {
        "implementation": summary.result.hello,
        "exit_code": summary.exit_code,
        "nothing_ran": summary.nothing_ran,
        "interrupted": summary.result.interrupted,
        "unknown_without": _unknown_without(summary)[0],
        "totals": {s: summary.totals[s] for s in STATUSES},
        "rules": rules,
        "cases": [_outcome_data(o, summary.blamed) for o in sorted(summary.result.outcomes, key=lambda o: o.case["id"])],
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def _junit_case(suite: ET.Element, outcome: CaseOutcome, summary: Summary) -> None:
    case = outcome.case
    element = ET.SubElement(suite, "testcase", classname=f"{case['system']}.{case['rules'][0]}",
                            name=case["id"], time=f"{outcome.seconds:.4f}")
    status = outcome.final
    body = "\n".join(describe_case(outcome, rules=summary.systems.get(case["system"])))
    if status == "failed":
        ET.SubElement(element, "failure", message=f"{outcome.mismatch.expected} != {outcome.mismatch.actual}"[:500]).text = body
    elif status == "errored":
        ET.SubElement(element, "error", message=outcome.detail[:500]).text = body
    elif status in ("skipped", "xfail"):
        ET.SubElement(element, "skipped", message=outcome.detail[:500] if status == "skipped" else "expected failure")
    elif status == "xpass" and summary.strict:
        ET.SubElement(element, "failure", message="XPASS: listed as an expected failure but passed")


def render_junit(summary: Summary) -> str:
    """JUnit XML: one testcase per case, classname `<system>.<first rule>`."""
    totals = summary.totals
    suite = ET.Element("testsuite", name="touti-conform", tests=str(len(summary.result.outcomes)),
                       failures=str(totals["failed"] + (totals["xpass"] if summary.strict else 0)),
                       errors=str(totals["errored"]), skipped=str(totals["skipped"] + totals["xfail"]))
    for outcome in sorted(summary.result.outcomes, key=lambda o: o.case["id"]):
        _junit_case(suite, outcome, summary)
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + _xml_safe(ET.tostring(root, encoding="unicode"))


# Characters XML 1.0 forbids even escaped (ElementTree writes them as they are, making the file unreadable).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_safe(text: str) -> str:
    """Control characters of an implementation's stderr or messages (ANSI colours, NUL) written as visible escapes."""
    return _NOT_XML.sub(lambda found: f"\\x{ord(found.group()):02x}" if ord(found.group()) < 0x100
                        else f"\\u{ord(found.group()):04x}", text)


RENDERERS = {"text": render_text, "json": render_json, "junit": render_junit}
