#!/usr/bin/env python3
"""The peers the tests require (Tests/peers.txt): which are missing here, and installing exactly those.

    python3 Scripts/peers.py missing     # the missing peers this system needs, one a line; exit 1 when there is one
    python3 Scripts/peers.py install     # installs them (apt-get on Linux, Homebrew on macOS, pip for Python
                                         # modules, with apt where the system's Python refuses pip); exit 1, naming
                                         # them, when some are still missing afterwards
    python3 Scripts/peers.py list        # every peer this system needs, with its state

`.ci/run` and the workflow's macOS job call `install`; the tests read the same file (Tests/TestSupport/Tools.swift).
"""

import ctypes.util
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "Tests", "peers.txt")
# Where a developer's shell finds tools beyond PATH: Homebrew on Apple silicon, then on Intel (as Tools.swift).
EXTRA_DIRECTORIES = ["/opt/homebrew/bin", "/usr/local/bin", "/usr/bin", "/bin"]
BASH_COMPLETION = ["/usr/share/bash-completion/bash_completion", "/opt/homebrew/etc/profile.d/bash_completion.sh",
                   "/usr/local/etc/profile.d/bash_completion.sh"]


class Peer:
    def __init__(self, name, kind, on, apt, brew, pip, why):
        self.name, self.kind, self.on, self.why = name, kind, on, why
        self.apt, self.brew, self.pip = (packages(column) for column in (apt, brew, pip))

    def needed_on(self, system):
        return self.on in ("all", system)


def packages(column):
    return [] if column == "-" else column.split(",")


def read(path=LIST):
    """The peers of the list, in its order. A malformed line is an error naming its line number."""
    peers = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split(None, 6)
            if len(fields) < 7:
                raise ValueError(f"{path}:{number}: expected 7 columns (name kind on apt brew pip why)")
            peer = Peer(*[field.strip() for field in fields])
            if peer.on not in ("all", "linux", "macos"):
                raise ValueError(f"{path}:{number}: `on` is all, linux or macos, not `{peer.on}`")
            if not re.fullmatch(r"command(:\d+)?|python|bash-completion|file:/\S+|library:\S+", peer.kind):
                raise ValueError(f"{path}:{number}: unknown kind `{peer.kind}`")
            peers.append(peer)
    return peers


def system():
    return "macos" if sys.platform == "darwin" else "linux"


def command_path(name, minimum=None):
    directories = [d for d in os.environ.get("PATH", "").split(":") if d.startswith("/")] + EXTRA_DIRECTORIES
    seen = set()
    for directory in directories:
        if directory in seen:
            continue
        seen.add(directory)
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK) and meets(candidate, minimum):
            return candidate
    return None


def meets(path, minimum):
    """Whether `path --version` prints `minimum` or more as its first number (no minimum: always)."""
    if minimum is None:
        return True
    try:
        output = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    found = re.search(r"\d+", output)
    return found is not None and int(found.group()) >= minimum


def present(peer):
    kind = peer.kind
    if kind.startswith("command"):
        minimum = int(kind.split(":")[1]) if ":" in kind else None
        return command_path(peer.name, minimum) is not None
    if kind == "python":
        return subprocess.run([sys.executable, "-c", f"import {peer.name}"], capture_output=True).returncode == 0
    if kind == "bash-completion":
        return any(os.access(path, os.R_OK) for path in BASH_COMPLETION)
    if kind.startswith("file:"):
        return os.access(kind[len("file:"):], os.R_OK)
    if kind.startswith("library:"):
        return ctypes.util.find_library(kind[len("library:"):]) is not None
    return False


def missing(peers, here):
    return [peer for peer in peers if peer.needed_on(here) and not present(peer)]


def run(command):
    print("+ " + " ".join(command), flush=True)
    return subprocess.run(command).returncode == 0


def as_root(command):
    return command if os.geteuid() == 0 or not shutil.which("sudo") else ["sudo"] + command


def apt_install(names):
    if not names or not shutil.which("apt-get"):
        return False
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(as_root(["apt-get", "update", "-qq"]), env=env)
    print("+ apt-get install " + " ".join(names), flush=True)
    return subprocess.run(as_root(["apt-get", "install", "-y", "-qq"] + names), env=env).returncode == 0


def install(peers, here):
    wanted = missing(peers, here)
    if not wanted:
        print("every peer is installed")
        return 0
    print("missing: " + ", ".join(peer.name for peer in wanted))
    python = [peer for peer in wanted if peer.kind == "python"]
    others = [peer for peer in wanted if peer.kind != "python"]
    system_packages = []
    for peer in others:
        system_packages += peer.apt if here == "linux" else peer.brew
    if system_packages:
        if here == "linux":
            apt_install(system_packages)
        elif shutil.which("brew"):
            run(["brew", "install"] + system_packages)
    pip = [name for peer in python for name in peer.pip]
    if pip and not run([sys.executable, "-m", "pip", "install", "--quiet"] + pip) and here == "linux":
        # The system's Python under PEP 668 (Debian, Ubuntu) takes its modules from apt.
        apt_install([name for peer in python for name in peer.apt])
    left = missing(peers, here)
    for peer in left:
        print(f"error: {peer.name} ({peer.kind}) is still missing; needed for: {peer.why}", file=sys.stderr)
    return 1 if left else 0


def main(arguments):
    if len(arguments) != 1 or arguments[0] not in ("missing", "install", "list"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    peers, here = read(), system()
    if arguments[0] == "install":
        return install(peers, here)
    if arguments[0] == "missing":
        left = missing(peers, here)
        for peer in left:
            print(peer.name)
        return 1 if left else 0
    for peer in peers:
        if peer.needed_on(here):
            print(f"{'ok     ' if present(peer) else 'missing'}  {peer.name:<16} {peer.why}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
