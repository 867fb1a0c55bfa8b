"""The JSON Schemas: shipped with the package, copied at the repo top, and describing what we send."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from touti_dsl.conformance import protocol
from touti_dsl.conformance.adapter import ReferenceAdapter

from .conftest import case_file, make_case

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("case.schema.json", "protocol.schema.json")
EXAMPLES = sorted((ROOT / "conformance" / "examples").rglob("*.json"))


def packaged(name: str) -> dict:
    return json.loads(resources.files("touti_dsl.conformance").joinpath("schema", name).read_text(encoding="utf-8"))


def validator(name: str) -> jsonschema.Draft202012Validator:
    registry = Registry().with_resources((packaged(n)["$id"], Resource.from_contents(packaged(n))) for n in NAMES)
    return jsonschema.Draft202012Validator(packaged(name), registry=registry)


@pytest.mark.parametrize("name", NAMES)
def test_the_top_level_copy_matches_the_packaged_schema(name):
    """conformance/schema/ is for readers; the package copy is what tools load. Fix: cp touti_dsl/conformance/schema/*.json conformance/schema/"""
    assert json.loads((ROOT / "conformance" / "schema" / name).read_text(encoding="utf-8")) == packaged(name)


@pytest.mark.parametrize("name", NAMES)
def test_the_schemas_are_valid_draft_2020_12(name):
    jsonschema.Draft202012Validator.check_schema(packaged(name))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_case_files_follow_the_case_schema(path):
    validator("case.schema.json").validate(json.loads(path.read_text(encoding="utf-8")))


def test_the_case_schema_rejects_an_unknown_op_and_a_refusal_without_its_rule():
    check = validator("case.schema.json")
    for steps in ([{"op": "dance"}], [{"op": "refuse", "seat": 1, "action": "play 2o"}]):
        with pytest.raises(jsonschema.ValidationError):
            check.validate(case_file([make_case(["play.overtake"], steps, system="atlas-carta")], system="atlas-carta"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case_requests_and_adapter_replies_follow_the_protocol_schema(path):
    check = validator("protocol.schema.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    adapter = ReferenceAdapter(data["system"])
    check.validate(protocol.hello_request())
    check.validate(adapter.hello())
    check.validate(protocol.stop_request())
    for case in data["cases"]:
        request = protocol.case_request(case)
        check.validate(request)
        assert "expect" not in json.dumps(request["steps"]) and '"rule"' not in json.dumps(request["steps"])
        check.validate(adapter.run_case(request))
