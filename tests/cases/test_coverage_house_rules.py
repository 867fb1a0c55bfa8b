"""`touti coverage` on house variants whose rules can refuse nothing at their table: such a rule is an outcome to
check, not a MISSING refusal (found by the bug hunt of session 13, /work/notes/bughunt-s13.md)."""

from __future__ import annotations

from touti_dsl.cases.build import generate
from touti_dsl.cases.coverage import coverage, rule_kind
from touti_dsl.loader import load_spec

ONE_DEFENDER_CONCEDES = """touti 1

system "one-defender-concedes" extends "atlas-carta" {
  title: "Atlas Carta, either defender concedes alone"
}

concession {
  consent: one
  proposer: any_defender
}
"""


def _spec(tmp_path, name: str, text: str):
    path = tmp_path / f"{name}.touti"
    path.write_text(text, encoding="utf-8")
    return load_spec(path)


def test_a_concession_by_one_defender_refuses_no_vote_and_no_second_proposal(tmp_path):
    """With `consent: one` a proposal ends the round at once: nobody answers it (consent refuses nothing) and no second
    proposal of the trick is ever made (any_defender refuses nobody): both are outcomes, each checked by a case."""
    spec = _spec(tmp_path, "one-defender-concedes", ONE_DEFENDER_CONCEDES)
    assert rule_kind(spec, spec.rule("concession.consent")) == "outcome"
    assert rule_kind(spec, spec.rule("concession.proposer")) == "outcome"
    cases = [case for group in generate(spec, rounds=12).values() for case in group]
    rows = {row.rule_id: row.status for row in coverage(spec, cases)}
    assert rows["concession.consent"] == rows["concession.proposer"] == "outcome"


def test_a_concession_by_one_defender_to_play_still_refuses_the_other_defender(tmp_path):
    spec = _spec(tmp_path, "one-defender-concedes", ONE_DEFENDER_CONCEDES.replace("any_defender", "defender_to_play"))
    assert rule_kind(spec, spec.rule("concession.consent")) == "outcome"
    assert rule_kind(spec, spec.rule("concession.proposer")) == "refusing"
    base = load_spec("spec/atlas-carta.touti")  # two defenders must agree: the vote refuses the wrong one
    assert rule_kind(base, base.rule("concession.consent")) == "refusing"


OPEN_AUCTION = """touti 1

system "open-auction" extends "tutti-ma" {
  title: "Tutti-ma, a pass is not final"
}

bidding {
  pass: not_final
}
"""


def test_a_pass_that_is_not_final_refuses_nothing_where_no_call_leaves_the_bidding(tmp_path):
    """`bidding.pass: not_final`: a seat that passed may bid again, so the rule refuses nothing; the case of a bid after
    a pass checks it.  Only a call that leaves (atlas-carta's pre-announcement) still puts a seat out for good."""
    spec = _spec(tmp_path, "open-auction", OPEN_AUCTION)
    assert rule_kind(spec, spec.rule("bidding.pass")) == "outcome"
    shown = [{"rules": ["bidding.pass"], "polarity": "positive"}]
    assert {row.rule_id: row.status for row in coverage(spec, shown)}["bidding.pass"] == "outcome"
    leaving = _spec(tmp_path, "open-atlas", OPEN_AUCTION.replace("tutti-ma", "atlas-carta"))
    assert rule_kind(leaving, leaving.rule("bidding.pass")) == "refusing"


def test_a_generated_suite_of_a_pass_that_is_not_final_covers_it_as_an_outcome(tmp_path):
    """Session 18's Touti hunt: tutti-ma with `pass: not_final` (a player who passed may bid again) was MISSING its
    negative case: nobody is ever out of the bidding there, so the rule is an outcome (a bid after a pass, allowed);
    where a call leaves the bidding (Atlas Carta's pre-announcement), the rule still refuses that caller's bid."""
    body = "\n\nbidding {\n  pass: not_final\n}\n"
    tutti = _spec(tmp_path, "tutti-come-back", 'touti 1\n\nsystem "tutti-come-back" extends "tutti-ma" {\n'
                                                '  title: "x"\n}' + body)
    assert rule_kind(tutti, tutti.rule("bidding.pass")) == "outcome"
    cases = [case for group in generate(tutti, rounds=12).values() for case in group]
    assert {row.rule_id: row.status for row in coverage(tutti, cases)}["bidding.pass"] == "outcome"
    atlas = _spec(tmp_path, "atlas-come-back", 'touti 1\n\nsystem "atlas-come-back" extends "atlas-carta" {\n'
                                                '  title: "x"\n}' + body)
    assert rule_kind(atlas, atlas.rule("bidding.pass")) == "refusing"
