"""Options of the reasoning family (`-O KEY=VALUE`), typed, with their defaults in one place."""

from __future__ import annotations

import re

from pydantic import Field, field_validator

from finprobe.core.benchmark import FamilyOptions

_HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")


class ReasoningOptions(FamilyOptions):
    corrections: str | None = Field(
        None, description="corrections overlay: default the bundled overlay made for the data file (FinQA test "
                          "and dev); 'none' for the original tasks; a YAML path; 'bundled:SPLIT' for one "
                          "bundled split's")
    sha256: str | None = Field(None, description="pin the data file's bytes: its 64-hex-digit sha256")

    @field_validator("sha256")
    @classmethod
    def _hex(cls, value: str | None) -> str | None:
        if value is not None and not _HEX64.match(value):
            raise ValueError("must be the 64 hexadecimal digits of a sha256")
        return value

    @property
    def uses_overlay(self) -> bool:
        return self.corrections is None or self.corrections.lower() not in ("none", "false", "off")
