"""finprobe: measure how LLM agents handle financial questions (see README.md)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("finprobe")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0+unknown"
