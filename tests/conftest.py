"""Shared pytest setup for boardlab's tests (MPLBACKEND is cleared in the root conftest.py)."""


def pytest_report_header(config):
    """Say how many seeds and examples the conformance suite plays (tests/conformance.py)."""
    from conformance import header

    return header()
