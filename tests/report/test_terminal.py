"""What reaches the terminal: data text without escape sequences or rich markup taking effect."""

from typer.testing import CliRunner

from finprobe.cli import app


def test_server_error_text_is_printed_plain(hostile_run):
    out = CliRunner().invoke(app, ["report", str(hostile_run)])
    assert out.exit_code == 0, out.output
    assert "\x1b" not in out.output and "\x07" not in out.output
    assert "red" in out.output and "[bold]markup[/bold]" in out.output  # the text itself, not its effect
    assert "1 samples ended in error" in out.output


def test_compare_listing_is_printed_plain(hostile_run):
    out = CliRunner().invoke(app, ["compare", str(hostile_run), str(hostile_run), "--resamples", "200"])
    assert out.exit_code == 0, out.output
    assert "\x1b" not in out.output and "pass→pass 2" in " ".join(out.output.split())
