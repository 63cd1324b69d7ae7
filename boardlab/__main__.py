"""``python -m boardlab``: the command line (``boardlab.cli``)."""

import sys

from boardlab.cli import main

sys.exit(main())
