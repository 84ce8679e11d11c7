"""python -m host_tools.bench: the desktop and VM half of `make bench`."""

import sys

from host_tools.bench.table import main

sys.exit(main())
