"""Root pytest configuration: applies to tests/ and notebooks/ alike.

nbval kernels inherit the environment; with MPLBACKEND=Agg they would drop
inline figures and every figure cell would fail, so it is cleared here,
before any kernel starts.

``make test`` runs on two workers (pytest-xdist, ``-n 2``): a notebook's cells
share one kernel and run in order, so each notebook is kept whole on one worker;
the modules of ``ONE_SETUP`` too, whose module-scoped fixture costs more than their tests
(split over two workers, each worker would make it); every other test goes to whichever
worker is free (``NotebooksWhole``).
"""

import os

os.environ.pop("MPLBACKEND", None)

#: Test modules kept whole on one worker, with what their module fixture makes once: the
#: durations report of a two-worker run showed each made twice, once per worker.
ONE_SETUP = {
    "tests/test_site.py": "the no-install site, built (~17 s on a quiet machine)",
    "tests/test_bare_jambo.py": "Jambo games of the engine and of the bare re-implementation",
    "tests/test_bare_tembo.py": "Tembo games of the engine and of the bare re-implementation",
}


def pytest_xdist_make_scheduler(config, log):
    """xdist's ``load`` distribution, except that a notebook's cells are one unit of work.

    (``--dist loadgroup`` with an ``xdist_group`` mark would say the same, but pytest 9
    computes a node id from the collection tree, so xdist's group suffix never reaches
    the scheduler; a scheduler that reads the path from the node id does not depend on
    it.) Bigger units are handed out first, so the notebooks start at once and the
    single tests fill in around them.
    """
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class NotebooksWhole(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if path.endswith(".ipynb") or path in ONE_SETUP else nodeid

    return NotebooksWhole(config, log)
