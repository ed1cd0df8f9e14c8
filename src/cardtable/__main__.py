"""``python -m cardtable``: the same as the ``cardtable`` command (see :mod:`cardtable.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
