#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal that answers eventplayer's start-up graphics queries as a
terminal with sixel, kitty graphics, both, or none would (none: no answer at all, as a terminal
that ignores them). Everything else passes through unchanged, so it runs inside tmux; the
queries never reach the outer terminal (tmux would answer them too), and sixel images (DCS
strings) and kitty images (APC strings), which tmux does not draw, are taken out and counted into
$FAKE_TERMINAL_IMAGES if set.
The cell size it reports (CSI 16 t) is 8x16 pixels; TIOCGWINSZ reports no pixel size.

Usage: scripts/fake-graphics-terminal.py sixel|kitty|both|none -- command [args...]
"""
import fcntl, os, pty, select, signal, struct, sys, termios, tty

QUERIES = [b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\", b"\x1b[>0q", b"\x1b[16t", b"\x1b[?1;1;0S", b"\x1b[c"]


def replies_for(answer):
    """(query, reply) pairs, in the order a terminal answers them."""
    if answer == "none":
        return []
    replies = []
    if answer in ("kitty", "both"):
        replies.append((QUERIES[0], b"\x1b_Gi=31;OK\x1b\\"))
    replies.append((QUERIES[1], b"\x1bP>|fake-terminal(1)\x1b\\"))
    replies.append((QUERIES[2], b"\x1b[6;16;8t"))
    if answer in ("sixel", "both"):
        replies.append((QUERIES[3], b"\x1b[?1;0;256S"))
    replies.append((QUERIES[4], b"\x1b[?62;4c" if answer in ("sixel", "both") else b"\x1b[?62;22c"))
    return replies


def strip_images(data, state, images):
    """Drops DCS and APC strings (sixel and kitty images) from data. state is None outside an image, else the
    image's last byte so far (an ESC may be the first half of its terminator). Returns what is
    left, the state at the end, and the count of images completed."""
    out = bytearray()
    i = 0
    while i < len(data):
        if state is not None:
            if state == 0x1B and data[i] == 0x5C:
                state, images, i = None, images + 1, i + 1
                continue
            end = data.find(b"\x1b\\", i)
            if end < 0:
                return bytes(out), data[-1], images
            state, images, i = None, images + 1, end + 2
        else:
            starts = [p for p in (data.find(b"\x1bP", i), data.find(b"\x1b_", i)) if p >= 0]
            start = min(starts) if starts else -1
            if start < 0:
                out += data[i:]
                break
            out += data[i:start]
            state, i = 0, start + 2
    return bytes(out), state, images


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
    seen, state, images, carry = b"", None, 0, b""
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
                seen = (seen + data)[-4096:]
                for query, reply in replies:
                    if query in seen:
                        os.write(master, reply)
                        seen = seen.replace(query, b"")
                for query in QUERIES:
                    data = data.replace(query, b"")
                # An ESC at the end of a read may start an image in the next one: hold it back.
                data, carry = carry + data, b""
                if state is None and data.endswith(b"\x1b"):
                    data, carry = data[:-1], b"\x1b"
                data, state, counted = strip_images(data, state, images)
                if counted != images and images_file:
                    with open(images_file, "w") as f:
                        f.write(str(counted))
                images = counted
                os.write(1, data)
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
        _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
