"""Real-browser tests of the notebooks and the app mode (see conftest.py)."""
