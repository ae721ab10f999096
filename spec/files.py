"""The one way cardspec reads a user's file and writes one (records, variants, grids, saves, caches).

Reading (:func:`read_user_file`): only a regular file is opened (a FIFO, a device or a folder is
refused without blocking on it), at most ``limit`` bytes, as UTF-8; then :func:`check_text`
refuses what would make a parser slow or fail later: numbers of more digits than any count or
seed needs, and (for TOML) keys so long or so deeply dotted that ``tomllib`` takes quadratic
time over them. Every problem is one :class:`~spec.errors.CardspecError` line naming the file.

Writing (:func:`write_atomic`): only to a regular file (or a link to one) or a new name; the
data goes to a temporary file beside it, is flushed to disk, renamed over the target (which
keeps its mode), and the folder is flushed too. Temporaries are named after their target and
process, so that one left by a killed save is removed by the next save of the same file. Every
``OSError`` becomes one line naming the path and the reason.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile

from spec.errors import CardspecError

__all__ = ["read_user_file", "check_text", "check_writable", "write_atomic", "MAX_DIGITS"]

#: the most digits a number in a user's file may have (a 64-bit seed has 20)
MAX_DIGITS = 24
#: the longest TOML key (before its ``=``, or inside ``[...]``) and the most dots in one
MAX_KEY_CHARS, MAX_KEY_DOTS = 200, 16
_DIGITS = re.compile(rf"[0-9][0-9_]{{{MAX_DIGITS},}}")
_TOML_KEY = re.compile(r"^\s*(\[\[?[^\]\n]*|[^=\n\"'#]*=)", re.M)


def read_user_file(path: str | os.PathLike, *, what: str, limit: int) -> str:
    """The text of the user's file ``path`` (``what`` names the kind of file, for the error line)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise CardspecError(f"{path}: cannot read {what} ({exc.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CardspecError(f"{path}: not a regular file (a folder, a FIFO or a device); a {what} is read "
                                "from a file")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise CardspecError(f"{path}: cannot read {what} ({exc.strerror})") from None
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise CardspecError(f"{path}: larger than {limit:,} bytes; not a {what}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardspecError(f"{path}: not UTF-8 text (byte {exc.start}); a {what} is UTF-8 text") from None


def check_text(text: str, source: str, *, toml: bool = False) -> str:
    """``text`` unchanged, or one error line: a number of more than :data:`MAX_DIGITS` digits, or
    (``toml``) a key longer than ``MAX_KEY_CHARS`` characters or with more than
    ``MAX_KEY_DOTS`` dots."""
    m = _DIGITS.search(text)
    if m:
        line = text.count("\n", 0, m.start()) + 1
        raise CardspecError(f"{source}: line {line}: a number of {len(m.group(0))} digits; allowed: numbers of at "
                            f"most {MAX_DIGITS} digits")
    if toml:
        for m in _TOML_KEY.finditer(text):
            key = m.group(1)
            if len(key) > MAX_KEY_CHARS or key.count(".") > MAX_KEY_DOTS:
                line = text.count("\n", 0, m.start()) + 1
                raise CardspecError(f"{source}: line {line}: a key of {len(key):,} characters and {key.count('.')} "
                                    f"dots; allowed: keys of at most {MAX_KEY_CHARS} characters and "
                                    f"{MAX_KEY_DOTS} dots")
    return text


def check_writable(path: str | os.PathLike) -> str:
    """The file ``path`` will really be written to (a symlink's target), or one error line.

    Called before a long job, so that a bad ``--save`` path fails at once.
    """
    if not str(path):
        raise CardspecError("an empty file name; give a file to save to")
    try:  # stat follows the links, /proc's "magic" ones too (/dev/stdout on a pipe has no real path)
        mode = os.stat(path).st_mode
    except OSError:
        mode = None  # a new name, or one the checks below explain
    if mode is not None and stat.S_ISDIR(mode):
        raise CardspecError(f"{path}: is a folder; give a file name to save to")
    if mode is not None and not stat.S_ISREG(mode):
        raise CardspecError(f"{path}: not a regular file (a FIFO or a device); cardspec saves only to files, "
                            "and leaves this one as it is")
    target = os.path.realpath(path)
    directory = os.path.dirname(target)
    if not os.path.isdir(directory):
        raise CardspecError(f"{path}: folder {directory} does not exist")
    if not os.access(directory, os.W_OK):
        raise CardspecError(f"{path}: folder {directory} is not writable")
    return target


def _temp_prefix(target: str) -> str:
    return f".{os.path.basename(target)}.cardspec-"


def _remove_stale(target: str) -> None:
    """Remove the temporaries that a killed save of ``target`` left (their process is gone)."""
    folder, prefix = os.path.dirname(target), _temp_prefix(target)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        m = re.fullmatch(re.escape(prefix) + r"(\d+)-[^/]*\.tmp", name)
        if m and not _alive(int(m.group(1))):
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def write_atomic(path: str | os.PathLike, text: str, *, sync: bool = True) -> None:
    """Write ``text`` so that a crash leaves either the old file or the whole new one (see the module).

    ``sync=False`` leaves out the flushes to disk, for a file that is only a cache: one lost in a
    crash is computed again, and a sweep writes thousands of them."""
    target = check_writable(path)
    _remove_stale(target)
    folder = os.path.dirname(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    except OSError as exc:
        raise CardspecError(f"{path}: cannot write ({exc.strerror})") from None
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f"{_temp_prefix(target)}{os.getpid()}-", suffix=".tmp")
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            if sync:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, target)
        tmp = None
        if sync:
            _sync_folder(folder)
    except OSError as exc:
        raise CardspecError(f"{path}: cannot write ({exc.strerror or exc})") from None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)


def _sync_folder(folder: str) -> None:
    """Flush the folder, so that the rename itself survives a crash."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the data itself is on disk
    finally:
        os.close(fd)
