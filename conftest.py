"""Root pytest configuration: applies to tests/ and notebooks/ alike.

nbval kernels inherit the environment; with MPLBACKEND=Agg they would drop
inline figures and every figure cell would fail, so it is cleared here,
before any kernel starts.
"""

import os

os.environ.pop("MPLBACKEND", None)
