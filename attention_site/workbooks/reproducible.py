"""Byte-identical files: one fixed instant for the document's dates and for every zip entry.

openpyxl stamps `modified` with the clock when it saves and zip entries with the local time; both are
replaced here. The instant comes from SOURCE_DATE_EPOCH (the Makefile sets it from the last commit), or
is the zip format's first date, 1980-01-01, which says plainly that no date was given.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from datetime import UTC, datetime

ZIP_EPOCH = datetime(1980, 1, 1, tzinfo=UTC)
RE_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")


def build_time(environ: dict[str, str] | None = None) -> datetime:
    """The instant from SOURCE_DATE_EPOCH (whole seconds, UTC), never before 1980; else 1980-01-01."""
    value = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH", "").strip()
    if not value:
        return ZIP_EPOCH
    if not value.isdigit():
        raise ValueError(f"SOURCE_DATE_EPOCH={value!r} is not a whole number of seconds since 1970")
    return max(ZIP_EPOCH, datetime.fromtimestamp(int(value), tz=UTC))


def w3cdtf(when: datetime) -> bytes:
    """The date as the document properties write it: 2026-12-01T20:00:00Z."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ").encode()


def repack(data: bytes, when: datetime) -> bytes:
    """The same zip with every entry dated `when`, in the same order, and `modified` set to `when`."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    stamp = when.astimezone(UTC).timetuple()[:6]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                content = RE_MODIFIED.sub(rb"\g<1>" + w3cdtf(when) + rb"\g<2>", content)
            entry = zipfile.ZipInfo(info.filename, date_time=stamp)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            target.writestr(entry, content)
    return out.getvalue()
