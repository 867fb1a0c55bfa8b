# Two entry points for a fresh machine with Python 3.11+: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SPECS := spec/atlas-carta.touti spec/tutti-ma.touti spec/touti-app.touti spec/tute.touti
EXAMPLES := $(wildcard spec/examples/*.touti)

.PHONY: demo test venv generate docs bench sweep clean

venv: $(STAMP)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(VENV)/bin/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m touti_dsl.demo

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

# every committed artefact computed by the engine: the suites, the hand-made examples' expectations, the mutants' witnesses
generate: $(STAMP)
	$(BIN)/touti generate $(SPECS) $(EXAMPLES) --out generated
	$(BIN)/python conformance/examples/build_examples.py
	$(BIN)/python conformance/mutants/witnesses.py

docs: $(STAMP)
	$(BIN)/touti docs --site $(SPECS) $(EXAMPLES) --out docs
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

# every single-rule mutant of the four seed systems through touti conform (slow: minutes per system; one job)
sweep: $(STAMP)
	$(BIN)/python conformance/mutants/sweep.py --jobs 1

clean:
	rm -rf $(VENV) site build *.egg-info .pytest_cache .hypothesis
