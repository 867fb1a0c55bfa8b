"""Build step that pyproject.toml cannot express: the wheel carries the bundled specs and suites.

The repository keeps one copy of the bundled systems (`spec/`) and their conformance
suites (`generated/`) at the top level; building a wheel copies both into the package as
`touti_dsl/_bundled/spec` and `touti_dsl/_bundled/generated`, where
`touti_dsl.search_path` finds them once installed.  An editable install copies nothing:
it reads the checkout's own folders.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
BUNDLED = ("spec", "generated")


class build_py_with_bundled_data(build_py):
    """build_py, then the top-level spec/ and generated/ folders copied under touti_dsl/_bundled/."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder in BUNDLED:
            self.copy_tree(str(HERE / folder), str(Path(self.build_lib) / "touti_dsl" / "_bundled" / folder))


setup(cmdclass={"build_py": build_py_with_bundled_data})
