"""Conformance: case files, the adapter protocol, the runner, the reference adapter, the pytest plugin.

cases.py (case files, ids, selection) -> protocol.py (messages) -> process.py (one
implementation process, never hanging) -> runner.py (jobs, outcomes) -> compare.py
(outputs against expectations) -> report.py (text, JSON, JUnit).  adapter.py serves the
reference engine through the protocol; pytest_plugin.py runs cases as pytest items.
"""
