"""python -m agree …: the agree command line shipped in this package."""

import os
import subprocess
import sys

from ._cli import binary


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    exe = binary()
    if os.name != "nt" and argv is None:
        os.execv(exe, [exe] + args)  # the binary replaces this process: signals and status are its own
    return subprocess.call([exe] + args)


if __name__ == "__main__":
    sys.exit(main())
