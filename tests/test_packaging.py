"""Keep pyproject.toml and environment.yml in step.

environment.yml (conda) must list every runtime dependency and every extra's
dependency of pyproject.toml. PyYAML may not be installed, so environment.yml
is read with a tiny parser for its simple list format.
"""

import re
import tomllib
from pathlib import Path

from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
ENVIRONMENT = ROOT / "environment.yml"

# A requirement's name: everything before extras, version specifiers,
# markers or whitespace.
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EXTRAS = re.compile(r"\[([^\]]*)\]")

# PyPI "name[extra]" whose extra is a separate conda package.
EXTRA_PACKAGES = {
    ("dask", "distributed"): ["distributed"],
}


def normalise(name: str) -> str:
    """Lowercase, with `_` and `.` as `-` (PEP 503 style)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pypi_names(requirement: str) -> set[str]:
    """Conda names that a PyPI requirement such as `dask[distributed]>=2024.1` needs."""
    match = _NAME.match(requirement)
    assert match, f"cannot read a package name from {requirement!r}"
    name = normalise(match.group(1))
    names = {name}
    rest = requirement[match.end() :]
    extras = _EXTRAS.match(rest.lstrip())
    if extras:
        for extra in extras.group(1).split(","):
            names.update(EXTRA_PACKAGES.get((name, normalise(extra.strip())), []))
    return names


def pyproject() -> dict:
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)


def conda_names(text: str) -> set[str]:
    """Names of the `- name...` entries of an environment.yml, pip section included."""
    names = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line.startswith("- "):
            continue
        entry = line[2:].strip().rstrip(":")
        if entry.startswith("-"):  # pip options such as "-e ."
            continue
        match = _NAME.match(entry)
        if match:
            names.add(normalise(match.group(1)))
    return names


def test_conda_parser_reads_simple_lists():
    text = "dependencies:\n  - python>=3.11\n  - Foo_Bar 1.2  # c\n  - pip:\n      - -e .\n"
    assert conda_names(text) == {"python", "foo-bar", "pip"}


def test_pypi_names_strip_specifiers_and_map_extras():
    assert pypi_names("dask[distributed]>=2024.1") == {"dask", "distributed"}
    assert pypi_names("Typing_Extensions >=4 ; python_version<'3.12'") == {"typing-extensions"}


def test_environment_yml_lists_every_pyproject_dependency():
    project = pyproject()["project"]
    wanted: dict[str, str] = {}
    for requirement in project.get("dependencies", []):
        for name in pypi_names(requirement):
            wanted.setdefault(name, "dependencies")
    for extra, requirements in project.get("optional-dependencies", {}).items():
        for requirement in requirements:
            for name in pypi_names(requirement):
                wanted.setdefault(name, f"extra '{extra}'")

    have = conda_names(ENVIRONMENT.read_text(encoding="utf-8"))
    missing = sorted(f"{name} (from {where})" for name, where in wanted.items() if name not in have)
    assert not missing, "environment.yml lacks these pyproject.toml dependencies:\n  " + (
        "\n  ".join(missing)
    )


def test_requires_python_is_at_least_311():
    spec = SpecifierSet(pyproject()["project"]["requires-python"])
    assert "3.11" in spec, f"requires-python {spec} must allow 3.11"
    assert "3.10" not in spec, f"requires-python {spec} must exclude 3.10 and older"


def test_environment_yml_pins_python_311_or_newer():
    lines = [
        line.split("#", 1)[0].strip()[2:].strip()
        for line in ENVIRONMENT.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith("- python")
    ]
    pythons = [entry for entry in lines if normalise(_NAME.match(entry).group(1)) == "python"]
    assert pythons == ["python>=3.11"], f"environment.yml python entry: {pythons}"
