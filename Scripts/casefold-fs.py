#!/usr/bin/env python3
"""A case-insensitive, case-preserving view of a folder, as macOS names files on its default APFS volume.

    python3 Scripts/casefold-fs.py BACKING MOUNTPOINT      # mounts, stays in the foreground; unmount with `umount`

Linux file systems tell `uitest.yml` from `UITest.yml`; the default APFS volume of every Mac does not, while keeping
the name a file was created with. Tests that mean something about names (profile lookup, overlays, import, export
in place) are run with their temporary folders in this mount (`.ci/run`), so that what APFS does to names is tested
for real on Linux, not faked.

What it does, as APFS's case-insensitive variant does:
- a name finds the existing entry whose name folds to the same text: Unicode case folding, and normalization
  insensitivity (APFS compares `é` and `e` + U+0301 as one name; both are folded through NFD here);
- creating a file or folder whose name folds to an existing one opens (or, for mkdir, refuses with EEXIST) the
  existing one, whose name does not change; a listing shows each name as it was created;
- renaming a file to another case of its own name changes the name's case; renaming onto an existing entry whose
  name differs only in case replaces that entry, and the result has the new name.

Everything else passes through to BACKING. The kernel's name caches are turned off (`entry_timeout=0`, ...): a
cached `UITest.yml` must not outlive the `uitest.yml` it was found for.

Needs fusepy (PyPI `fusepy`) over libfuse 2 (Debian `libfuse2`, macFUSE elsewhere) and `/dev/fuse`; run as root, or
with `fusermount` (Debian `fuse`) installed.
"""

import errno
import os
import sys
import threading
import unicodedata

from fuse import FUSE, FuseOSError, Operations


def fold(name):
    """The key two names share when APFS's case-insensitive variant takes them for one."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).casefold())


class CaseFolding(Operations):
    def __init__(self, root):
        self.root = os.path.realpath(root)
        # Name-changing operations (create, mkdir, rename, link, symlink, mknod) look a name up and then make it: one
        # at a time, so that two creations of `A` and `a` cannot both find no match.
        self.names = threading.RLock()

    # MARK: names

    def _match(self, directory, name):
        """The name in `directory` that folds to `name`'s key: `name` itself when it exists, else the first listed
        match, else None."""
        if os.path.lexists(os.path.join(directory, name)):
            return name
        key = fold(name)
        try:
            listed = os.listdir(directory)
        except OSError:
            return None
        return next((entry for entry in listed if fold(entry) == key), None)

    def _real(self, path):
        """The backing path of `path`: each component is the existing entry it folds to; a component with no match
        stays as given (a name about to be created, or one that does not exist)."""
        real = self.root
        for part in (part for part in path.split("/") if part):
            real = os.path.join(real, self._match(real, part) or part)
        return real

    def _parent_and_name(self, path):
        """The backing folder of `path`'s parent, and `path`'s last name as given."""
        parent, _, name = path.rstrip("/").rpartition("/")
        return self._real(parent or "/"), name

    def _new(self, path):
        """The backing path for creating `path`: the existing entry if a name folds to it, else the name as given."""
        parent, name = self._parent_and_name(path)
        return os.path.join(parent, self._match(parent, name) or name)

    # MARK: attributes and listing

    def getattr(self, path, fh=None):
        st = os.lstat(self._real(path)) if fh is None else os.fstat(fh)
        keys = ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid", "st_ino")
        return {key: getattr(st, key) for key in keys}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._real(path))

    def access(self, path, amode):
        if not os.access(self._real(path), amode):
            raise FuseOSError(errno.EACCES)

    def chmod(self, path, mode):
        os.chmod(self._real(path), mode)

    def chown(self, path, uid, gid):
        os.lchown(self._real(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._real(path), times, follow_symlinks=False)

    def readlink(self, path):
        return os.readlink(self._real(path))

    def statfs(self, path):
        st = os.statvfs(self._real(path))
        keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag",
                "f_frsize", "f_namemax")
        return {key: getattr(st, key) for key in keys}

    # MARK: names made and removed

    def mknod(self, path, mode, dev):
        with self.names:
            os.mknod(self._new(path), mode, dev)

    def mkdir(self, path, mode):
        with self.names:
            os.mkdir(self._new(path), mode)  # an existing folder in another case: EEXIST, as on APFS

    def rmdir(self, path):
        os.rmdir(self._real(path))

    def unlink(self, path):
        os.unlink(self._real(path))

    def symlink(self, target, source):
        # fusepy's order: `target` is the link's path, `source` what it points to.
        with self.names:
            os.symlink(source, self._new(target))

    def link(self, target, source):
        with self.names:
            os.link(self._real(source), self._new(target))

    def rename(self, old, new):
        with self.names:
            source = self._real(old)
            parent, name = self._parent_and_name(new)
            existing = self._match(parent, name)
            wanted = os.path.join(parent, name)
            if existing is not None and existing != name and os.path.join(parent, existing) != source:
                # Onto another entry in another case: it is replaced, and the result has the new name.
                os.rename(source, os.path.join(parent, existing))
                os.rename(os.path.join(parent, existing), wanted)
            else:
                # A new name, the same name, or another case of the file's own name (which changes its case).
                os.rename(source, wanted)

    # MARK: contents

    def open(self, path, flags):
        return os.open(self._real(path), flags)

    def create(self, path, mode, fi=None):
        # fusepy passes no flags here: read and write, so that the kernel can read the pages of a file the caller
        # maps shared and writable (a linker's output; write-only made lld die of SIGBUS).
        with self.names:
            return os.open(self._new(path), os.O_RDWR | os.O_CREAT | os.O_TRUNC, mode)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        if fh is None:
            os.truncate(self._real(path), length)
        else:
            os.ftruncate(fh, length)

    def flush(self, path, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)

    def fsync(self, path, datasync, fh):
        if datasync:
            os.fdatasync(fh)
        else:
            os.fsync(fh)


class Passing(CaseFolding):
    """Errors from the backing folder become the same errno for the caller (fusepy turns only FuseOSError into one)."""

    def __call__(self, op, *args):
        try:
            return super().__call__(op, *args)
        except OSError as error:
            if isinstance(error, FuseOSError):
                raise
            raise FuseOSError(error.errno or errno.EIO)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: casefold-fs.py BACKING MOUNTPOINT\n")
        return 2
    backing, mountpoint = sys.argv[1:]
    FUSE(
        # allow_other: tests run commands as `nobody` (setpriv) in these folders; default_permissions: the kernel checks
        # modes, so such a command meets the same EACCES as on any other file system.
        Passing(backing), mountpoint, foreground=True, nothreads=False, use_ino=True, allow_other=True,
        default_permissions=True,
        entry_timeout=0, attr_timeout=0, negative_timeout=0, fsname="casefold", subtype="casefold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
