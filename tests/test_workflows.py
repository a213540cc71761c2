"""CI security: the rules the workflow linters do not enforce on their own (issue 6, reliability 6).

`make lint` runs zizmor and actionlint; these tests pin down this project's own policy on top: every action
pinned by a full commit SHA with its version in a comment, no permission granted by default, credentials not
left in the checkout, Pages rights only where the site is deployed, write access to the repository only where
main's version tags are pushed, and no expression expanded into a shell.
The packages CI installs are pinned by hash too: every requirement carries a sha256, and the Makefile installs
them with --require-hashes (issue "Safe to build a stranger's pull request").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))
REQUIREMENTS = ROOT / "requirements.txt"
TORCH_REQUIREMENTS = ROOT / "requirements-torch.txt"
MAKEFILE = ROOT / "Makefile"
RE_PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")
RE_USES_LINE = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$")
RE_VERSION_COMMENT = re.compile(r"#\s*v\d+\.\d+\.\d+\s*$")
DEPLOY_RIGHTS = {"pages", "id-token"}
ON_MAIN = "github.event_name == 'push' && github.ref == 'refs/heads/main'"
TAGGING = ("python scripts/release_tags.py --create", 'git push "https://x-access-token:${GITHUB_TOKEN}@github.com/')
RE_HASHED_PIN = re.compile(r"^[A-Za-z0-9][\w.-]*==[\w.+!-]+(?: --hash=sha256:[0-9a-f]{64})+$")
RE_PIP_INSTALL = re.compile(r"\bpip install\b(.*)$")


def load(path: Path) -> dict[str, Any]:
    """The workflow as data (YAML 1.1 reads the key `on` as True; it is not needed here)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def steps(workflow: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every step of every job, with its job's name."""
    return [(name, step) for name, job in workflow["jobs"].items() for step in job.get("steps", [])]


def test_there_is_a_workflow() -> None:
    """Assert the repository has at least one workflow for the tests below to check."""
    assert WORKFLOWS


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_action_is_pinned_by_commit_with_its_version(path: Path) -> None:
    """Assert each `uses:` names a 40-hex commit and carries a `# vX.Y.Z` comment saying which release."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = RE_USES_LINE.match(line)
        if match is None or match.group(1).startswith("./"):
            continue
        ref, rest = match.groups()
        assert RE_PINNED.match(ref), f"{path.name}:{number}: {ref!r} is not pinned by a full commit SHA"
        assert RE_VERSION_COMMENT.search(rest), f"{path.name}:{number}: {ref!r} has no '# vX.Y.Z' comment"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_no_permission_is_granted_by_default(path: Path) -> None:
    """Assert the workflow's top-level permissions are empty or read-only, so jobs must ask for more."""
    workflow = load(path)
    assert "permissions" in workflow, f"{path.name}: no top-level permissions"
    granted = workflow["permissions"] or {}
    assert isinstance(granted, dict), f"{path.name}: permissions {granted!r} is not a mapping"
    assert set(granted.values()) <= {"read", "none"}, f"{path.name}: top-level permissions {granted}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_pages_rights_only_in_the_deploy_job(path: Path) -> None:
    """Assert only a job that runs deploy-pages holds pages or id-token rights."""
    for name, job in load(path)["jobs"].items():
        granted = job.get("permissions") or {}
        deploys = any(str(step.get("uses", "")).startswith("actions/deploy-pages@") for step in job["steps"])
        extra = sorted(set(granted) & DEPLOY_RIGHTS)
        assert deploys or not extra, f"{path.name}: job {name!r} holds {extra} but deploys nothing"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_only_the_tagging_of_main_writes_to_the_repository(path: Path) -> None:
    """Assert a job that may write contents runs only on a push to main, after the tests passed, and runs nothing but
    the script that makes the version tags and the push of those tags: no pull request gets a token that writes."""
    for name, job in load(path)["jobs"].items():
        if (job.get("permissions") or {}).get("contents", "read") in {"read", "none"}:
            continue
        assert job.get("if") == ON_MAIN and job.get("needs"), f"{path.name}: job {name!r} writes contents off main"
        commands = [line.strip() for step in job["steps"] for line in str(step.get("run", "")).splitlines()]
        assert [line for line in commands if line and not line.startswith(TAGGING)] == [], f"{path.name}: {name!r}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_checkout_leaves_no_credentials(path: Path) -> None:
    """Assert every actions/checkout step sets persist-credentials: false."""
    for job, step in steps(load(path)):
        if str(step.get("uses", "")).startswith("actions/checkout@"):
            assert (step.get("with") or {}).get("persist-credentials") is False, f"{path.name}: job {job!r}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_no_expression_is_expanded_into_a_shell(path: Path) -> None:
    """Assert no `run:` script contains `${{ }}`: values reach scripts through `env:`, never as code."""
    for job, step in steps(load(path)):
        assert "${{" not in str(step.get("run", "")), f"{path.name}: job {job!r}, step {step.get('name')!r}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_runs_have_a_concurrency_group_and_time_limits(path: Path) -> None:
    """Assert the workflow has a concurrency group and every job a timeout, so runs never pile up or hang."""
    workflow = load(path)
    assert "concurrency" in workflow, f"{path.name}: no concurrency group"
    for name, job in workflow["jobs"].items():
        assert "timeout-minutes" in job, f"{path.name}: job {name!r} has no timeout-minutes"


def requirement_lines(text: str) -> list[str]:
    """The requirements of a requirements file, each with its continuation lines joined and comments dropped."""
    joined = re.sub(r"\\\n\s*", " ", text)
    lines = (line.split(" #", 1)[0].strip() for line in joined.splitlines())
    return [" ".join(line.split()) for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize("requirements", [REQUIREMENTS, TORCH_REQUIREMENTS], ids=lambda path: path.name)
def test_every_requirement_is_pinned_with_a_hash(requirements: Path) -> None:
    """Assert each line of a requirements file pins one version (==) and carries at least one --hash=sha256."""
    lines = requirement_lines(requirements.read_text(encoding="utf-8"))
    assert lines, f"{requirements.name} pins nothing"
    for line in lines:
        assert RE_HASHED_PIN.match(line), f"{requirements.name}: {line[:80]!r} is not 'name==version --hash=sha256:...'"


def test_pytorch_is_the_cpu_build_and_only_the_tests_install_it() -> None:
    """Assert PyTorch is pinned as the CPU build (a plain `torch` from the registry is a CUDA build of several GB),
    in its own file, which `make test` and `make quick` install and `make serve` does not."""
    torch_pins = [line for line in requirement_lines(TORCH_REQUIREMENTS.read_text(encoding="utf-8"))
                  if line.startswith("torch==")]
    assert len(torch_pins) == 1 and torch_pins[0].split()[0].endswith("+cpu"), torch_pins
    assert not any(line.startswith("torch==") for line in requirement_lines(REQUIREMENTS.read_text(encoding="utf-8")))
    makefile = MAKEFILE.read_text(encoding="utf-8")
    targets = {line.split(":")[0]: line for line in makefile.splitlines() if re.match(r"^[a-z]+:", line)}
    assert "$(TORCH)" in targets["setup"] and "$(TORCH)" in targets["quick"]
    assert "$(TORCH)" not in targets["serve"]


def test_pip_and_its_build_backend_are_hashed_too() -> None:
    """Assert pip and setuptools (which builds the editable project without isolation) are pinned with hashes."""
    names = {line.split("==")[0].lower() for line in requirement_lines(REQUIREMENTS.read_text(encoding="utf-8"))}
    assert {"pip", "setuptools"} <= names


def test_makefile_installs_only_with_require_hashes() -> None:
    """Assert every `pip install` in the Makefile uses --require-hashes, except the editable project itself."""
    text = re.sub(r"\\\n\s*", " ", MAKEFILE.read_text(encoding="utf-8"))
    installs = [match.group(1) for line in text.splitlines() if (match := RE_PIP_INSTALL.search(line))]
    assert any("--require-hashes" in args and "-r requirements.txt" in args for args in installs), installs
    for args in installs:
        editable = args.split()[-2:] == ["-e", "."] and "--no-deps" in args and "--no-build-isolation" in args
        assert "--require-hashes" in args or editable, f"Makefile: 'pip install{args}' installs without hashes"
