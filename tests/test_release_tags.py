"""Version tags made again from the changelog in any copy of the repository, since a tag does not travel with main."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.release_tags import ROOT, ReleaseError, git, main, release_headings, tag_releases

CHANGELOG_0_1 = "# Changelog\n\n## Unreleased\n\n## 0.1.0 (2027-01-01)\n\nThe first version.\n"
CHANGELOG_0_2 = "# Changelog\n\n## Unreleased\n\n## 0.2.0 (2027-02-01)\n\nMore.\n\n## 0.1.0 (2027-01-01)\n\nFirst.\n"


def commit(repository: Path, message: str, version: str, changelog: str) -> str:
    """Write pyproject.toml with `version` and CHANGELOG.md, commit both and return the commit's hash."""
    (repository / "pyproject.toml").write_text(f'[project]\nname = "site"\nversion = "{version}"\n', "utf-8")
    (repository / "CHANGELOG.md").write_text(changelog, "utf-8")
    git(repository, "add", "pyproject.toml", "CHANGELOG.md")
    git(repository, "-c", "user.name=Tester", "-c", "user.email=tester@example.org", "commit", "-q", "-m", message)
    return git(repository, "rev-parse", "HEAD")


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    """A new git repository with no commit, in the folder `repository` of the test's own folder."""
    folder = tmp_path / "repository"
    folder.mkdir()
    git(folder, "init", "-q", "--initial-branch=main")
    return folder


def test_the_projects_own_releases_resolve_to_their_commits() -> None:
    """Assert 0.1.0 is the commit the changelog names (the end of the first version, before pyproject's version
    ever changed) and 0.2.0 the release commit that set the version."""
    lines = tag_releases(ROOT, create=False)
    assert [line.rsplit(" ", 1)[0] for line in lines] == ["v0.2.0 bb635b48c6cf", "v0.1.0 cbc568340cb0"]


def test_a_release_is_tagged_at_the_commit_that_set_its_version(repository: Path) -> None:
    """Assert the tags land on the release commits, not on later ones, and a second run changes nothing."""
    first = commit(repository, "0.1.0", "0.1.0", CHANGELOG_0_1)
    commit(repository, "work after 0.1.0", "0.1.0", CHANGELOG_0_1.replace("## Unreleased\n", "## Unreleased\n\n- x\n"))
    second = commit(repository, "0.2.0", "0.2.0", CHANGELOG_0_2)
    commit(repository, "work after 0.2.0", "0.2.0", CHANGELOG_0_2 + "\n")
    assert tag_releases(repository, create=False) == [f"v0.2.0 {second[:12]} missing", f"v0.1.0 {first[:12]} missing"]
    assert tag_releases(repository, create=True) == [f"v0.2.0 {second[:12]} created", f"v0.1.0 {first[:12]} created"]
    assert git(repository, "rev-parse", "v0.1.0^{commit}", "v0.2.0^{commit}").split() == [first, second]
    assert tag_releases(repository, create=True) == [f"v0.2.0 {second[:12]} tagged", f"v0.1.0 {first[:12]} tagged"]


def test_a_heading_may_name_the_commit_of_its_release(repository: Path) -> None:
    """Assert a commit named in the heading wins over the one that set the version (0.1.0 was set at the start)."""
    start = commit(repository, "skeleton", "0.1.0", "# Changelog\n\n## Unreleased\n")
    end = commit(repository, "the first version", "0.1.0", "# Changelog\n\n## Unreleased\n\n- x\n")
    commit(repository, "0.1.0 written down", "0.1.0", CHANGELOG_0_1.replace("01)", f"01, commit {end[:7]})"))
    assert tag_releases(repository, create=True) == [f"v0.1.0 {end[:12]} created"]
    assert start != end


@pytest.mark.parametrize(("changelog", "version", "message"), [
    ("## 0.1.0 (2027-1-1)\n", "0.1.0",
     "CHANGELOG.md:1: '## 0.1.0 (2027-1-1)' is neither '## Unreleased' nor a release heading such as "
     "'## 1.2.0 (2027-01-31)' or '## 1.2.0 (2027-01-31, commit 1a2b3c4)'"),
    (CHANGELOG_0_2, "0.1.0",
     "pyproject.toml: version 0.1.0 is not the newest release of the changelog, 0.2.0 (CHANGELOG.md:5); "
     "a release changes both together"),
    ("## 0.1.0 (2027-01-01, commit 0123abc)\n", "0.1.0",
     "CHANGELOG.md:1: commit 0123abc is not in the history of HEAD"),
])
def test_a_release_that_cannot_be_tagged_names_its_line(repository: Path, changelog: str, version: str,
                                                       message: str) -> None:
    """Assert a malformed heading, a version pyproject does not carry and an unknown commit each stop with one line."""
    commit(repository, "release", version, changelog)
    with pytest.raises(ReleaseError) as error:
        tag_releases(repository, create=True)
    assert str(error.value) == message
    assert git(repository, "tag", "--list") == ""


def test_a_version_no_commit_ever_set_stops_with_what_to_write(repository: Path) -> None:
    """Assert a release whose version pyproject never carried asks for the commit in the heading."""
    commit(repository, "0.2.0", "0.2.0", CHANGELOG_0_2)
    with pytest.raises(ReleaseError, match=r"^CHANGELOG.md:9: no commit sets 'version = \"0.1.0\"' in pyproject.toml; "
                                           r"name the release's commit in the heading"):
        tag_releases(repository, create=False)


def test_a_tag_pointing_elsewhere_is_never_moved(repository: Path) -> None:
    """Assert an existing tag on another commit stops the run and stays where it was."""
    first = commit(repository, "0.1.0", "0.1.0", CHANGELOG_0_1)
    later = commit(repository, "later", "0.1.0", CHANGELOG_0_1 + "\n")
    git(repository, "tag", "v0.1.0", later)
    with pytest.raises(ReleaseError, match=rf"^CHANGELOG.md:5: tag v0.1.0 points at {later[:12]}, not at {first[:12]}"):
        tag_releases(repository, create=True)
    assert git(repository, "rev-parse", "v0.1.0") == later


def test_a_shallow_clone_is_refused_before_anything_is_tagged(repository: Path) -> None:
    """Assert a clone holding only the last commit, where that commit seems to set every version, tags nothing."""
    commit(repository, "0.1.0", "0.1.0", CHANGELOG_0_1)
    commit(repository, "later", "0.1.0", CHANGELOG_0_1 + "\n")
    shallow = repository.parent / "shallow"
    git(repository, "clone", "--quiet", "--depth", "1", f"file://{repository}", str(shallow))
    with pytest.raises(ReleaseError, match=r"^this clone is shallow: .* `git fetch --unshallow` brings the whole"):
        tag_releases(shallow, create=True)
    assert git(shallow, "tag", "--list") == ""


def test_the_headings_are_read_newest_first_and_unreleased_is_skipped() -> None:
    """Assert the parser returns (version, named commit, line) and passes over the Unreleased heading."""
    assert release_headings(CHANGELOG_0_2) == [("0.2.0", None, 5), ("0.1.0", None, 9)]


def test_the_command_lists_the_projects_tags_and_refuses_other_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """Assert the command prints one line per release and exits 2, with its usage, on an unknown argument."""
    assert main([]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("v0.1.0 cbc568340cb0 ")
    assert main(["--push"]) == 2
    assert "usage: python scripts/release_tags.py [--create]" in capsys.readouterr().err
