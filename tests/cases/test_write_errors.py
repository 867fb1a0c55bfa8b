"""`touti generate --out DIR` where DIR cannot hold the cases: a located error (E903), not a traceback."""

from __future__ import annotations

import pytest

from touti_dsl.cases.build import write_groups
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_named


def test_an_out_folder_that_is_a_file_is_a_located_error(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        write_groups(load_named("tute"), {"play": []}, blocked)
    problem = caught.value.diagnostics[0]
    assert problem.code == "E903" and "cannot write the cases of tute" in problem.message
    assert problem.loc.file.startswith(str(blocked)) and "--out" in problem.hint
