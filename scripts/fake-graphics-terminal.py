#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal that answers eventplayer's start-up graphics queries as a
terminal with sixel, kitty graphics, both, or none would (none: no answer at all, as a terminal
that ignores them). Everything else passes through unchanged, so it runs inside tmux; the
queries never reach the outer terminal (tmux would answer them too), and sixel images (DCS
strings) and kitty images (APC strings), which tmux does not draw, are taken out and counted into
$FAKE_TERMINAL_IMAGES if set, as "images shared-memory-images pid WxH" (pid: the command's; WxH:
the last sixel image's size, 0x0 before one); the bytes the command wrote, images included, go to
$FAKE_TERMINAL_BYTES at exit if set.
The cell size it reports (CSI 16 t) is 8x16 pixels, or what $FAKE_TERMINAL_CELL_FILE holds (WxH,
read at each query: a test changes the font); TIOCGWINSZ reports no pixel size.

kitty+local and both+local are a kitty terminal on this machine: it reads images from POSIX
shared memory (t=s), answers the shared memory query OK and unlinks every object it reads, as
kitty does; plain kitty and both are kitty over SSH, which answers that query with an error.

Usage: scripts/fake-graphics-terminal.py sixel|kitty|both|kitty+local|both+local|none -- command [args...]
"""
import base64, fcntl, os, pty, re, select, signal, struct, sys, termios, tty

QUERIES = [b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\", b"\x1b[>0q", b"\x1b[16t", b"\x1b[?1;1;0S", b"\x1b[c"]


SHARED_MEMORY_QUERY = re.compile(rb"\x1b_Gi=32,s=1,v=1,a=q,t=s,f=24;([A-Za-z0-9+/=]*)\x1b\\")


def read_shared_memory(name):
    """What kitty does with a t=s image: read the object (here: check it is there) and unlink it."""
    try:
        os.unlink("/dev/shm" + name)
        return True
    except OSError:
        return False


def replies_for(answer):
    """(query, reply) pairs, in the order a terminal answers them."""
    if answer == "none":
        return []
    replies = []
    if answer.split("+")[0] in ("kitty", "both"):
        replies.append((QUERIES[0], b"\x1b_Gi=31;OK\x1b\\"))
    replies.append((QUERIES[1], b"\x1bP>|fake-terminal(1)\x1b\\"))
    replies.append((QUERIES[2], cell_size_reply))
    if answer.split("+")[0] in ("sixel", "both"):
        replies.append((QUERIES[3], b"\x1b[?1;0;256S"))
    replies.append((QUERIES[4], b"\x1b[?62;4c" if answer.split("+")[0] in ("sixel", "both") else b"\x1b[?62;22c"))
    return replies


def cell_size_reply():
    """CSI 6 ; height ; width t, from $FAKE_TERMINAL_CELL_FILE when set."""
    width, height = 8, 16
    try:
        with open(os.environ["FAKE_TERMINAL_CELL_FILE"]) as f:
            width, height = (int(n) for n in f.read().strip().split("x"))
    except (KeyError, OSError, ValueError):
        pass
    return b"\x1b[6;%d;%dt" % (height, width)


def answer_shared_memory_query(data, answer, master):
    """Takes the shared memory query out of data; a local kitty answers OK if it read the object,
    a remote one an error (it cannot open it); others ignore it."""
    def reply(match):
        if answer.split("+")[0] not in ("kitty", "both"):
            return b""
        if answer.endswith("+local") and read_shared_memory(base64.b64decode(match.group(1)).decode()):
            os.write(master, b"\x1b_Gi=32;OK\x1b\\")
        else:
            os.write(master, b"\x1b_Gi=32;ENOENT:Failed to open shared memory\x1b\\")
        return b""
    return SHARED_MEMORY_QUERY.sub(reply, data)


class Strings:
    """The DCS and APC strings (images) seen so far: counted, and kitty's t=s ones read."""
    def __init__(self):
        self.images = 0
        self.shared = 0
        self.size = "0x0"
        self.head = b""   # the start of the string being read (its keys and a t=s name)

    def ended(self):
        self.images += 1
        raster = re.match(rb'P[0-9;]*q"1;1;([0-9]+);([0-9]+)', self.head)
        if raster:
            self.size = "%sx%s" % (raster.group(1).decode(), raster.group(2).decode())
        match = re.match(rb"_G([^;]*);([A-Za-z0-9+/=]*)", self.head)
        if match and b"t=s" in match.group(1).split(b","):
            try:
                if read_shared_memory(base64.b64decode(match.group(2)).decode()):
                    self.shared += 1
            except ValueError:
                pass
        self.head = b""


def strip_images(data, state, strings):
    """Drops DCS and APC strings (sixel and kitty images) from data. state is None outside an image, else the
    image's last byte so far (an ESC may be the first half of its terminator). Returns what is
    left and the state at the end; strings counts the images completed."""
    out = bytearray()
    i = 0
    while i < len(data):
        if state is not None:
            if state == 0x1B and data[i] == 0x5C:
                state, i = None, i + 1
                strings.ended()
                continue
            end = data.find(b"\x1b\\", i)
            if len(strings.head) < 512:
                strings.head += data[i:end if end >= 0 else len(data)][:512]
            if end < 0:
                return bytes(out), data[-1]
            state, i = None, end + 2
            strings.ended()
        else:
            starts = [p for p in (data.find(b"\x1bP", i), data.find(b"\x1b_", i)) if p >= 0]
            start = min(starts) if starts else -1
            if start < 0:
                out += data[i:]
                break
            out += data[i:start]
            strings.head = data[start + 1:start + 2]
            state, i = 0, start + 2
    return bytes(out), state


def cells_only(size):
    rows, columns, _, _ = struct.unpack("HHHH", size)
    return struct.pack("HHHH", rows, columns, 0, 0)


def main():
    answer = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    size = cells_only(fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(command[0], command)

    def resize(*_):
        fcntl.ioctl(master, termios.TIOCSWINSZ, cells_only(fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)))
        os.kill(pid, signal.SIGWINCH)
    signal.signal(signal.SIGWINCH, resize)
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    replies = replies_for(answer)
    images_file = os.environ.get("FAKE_TERMINAL_IMAGES")
    seen, state, strings, carry, written, total = b"", None, Strings(), b"", None, 0
    try:
        while True:
            ready, _, _ = select.select([0, master], [], [])
            if 0 in ready:
                data = os.read(0, 1024)
                if not data:
                    break
                os.write(master, data)
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                total += len(data)
                seen = (seen + data)[-4096:]
                # In the order of the queries, as a terminal answers: the kitty query, the shared
                # memory one, then the rest (device attributes last).
                for index, (query, reply) in enumerate(replies):
                    if index == 1 or (index == 0 and query != QUERIES[0]):
                        data = answer_shared_memory_query(data, answer, master)
                    if query in seen:
                        os.write(master, reply() if callable(reply) else reply)
                        seen = seen.replace(query, b"")
                data = answer_shared_memory_query(data, answer, master)   # none answered: the query still goes
                for query in QUERIES:
                    data = data.replace(query, b"")
                # An ESC at the end of a read may start an image in the next one: hold it back.
                data, carry = carry + data, b""
                if state is None and data.endswith(b"\x1b"):
                    data, carry = data[:-1], b"\x1b"
                data, state = strip_images(data, state, strings)
                counts = f"{strings.images} {strings.shared} {pid} {strings.size}"
                if strings.images and counts != written and images_file:
                    with open(images_file, "w") as f:
                        f.write(counts)
                    written = counts
                os.write(1, data)
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
        if os.environ.get("FAKE_TERMINAL_BYTES"):
            with open(os.environ["FAKE_TERMINAL_BYTES"], "w") as f:
                f.write(str(total))
        _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
