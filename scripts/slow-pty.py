#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal whose output reaches this terminal at most RATE bytes per
second, like a slow SSH link: the program's writes back up in the pty (its output queue fills),
keys go through at once. The window size follows this terminal's.

RATE 0 lets the output through unlimited. With $SLOW_PTY_BYTES set, the bytes let through so far
are written to that file as they pass (a benchmark reads it before and after a measurement). With
$SLOW_PTY_LOG set, every byte the command writes is appended to that file (a test reads the raw
escape sequences).

Usage: scripts/slow-pty.py RATE -- command [args...]     (RATE in bytes/s, e.g. 200000)
"""
import fcntl, os, pty, select, signal, struct, sys, termios, time, tty

def main():
    rate = int(sys.argv[1])
    command = sys.argv[sys.argv.index("--") + 1:]
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(command[0], command)

    def resize(*_):
        fcntl.ioctl(master, termios.TIOCSWINSZ, fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
        os.kill(pid, signal.SIGWINCH)
    signal.signal(signal.SIGWINCH, resize)
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    tick = 0.01
    chunk = max(1, int(rate * tick)) if rate > 0 else 65536   # bytes let through per tick: no buffering of our own
    count_file = os.environ.get("SLOW_PTY_BYTES")
    log = open(os.environ["SLOW_PTY_LOG"], "ab", buffering=0) if os.environ.get("SLOW_PTY_LOG") else None
    total = 0
    try:
        while True:
            start = time.monotonic()
            ready, _, _ = select.select([0, master], [], [], tick)
            if 0 in ready:
                data = os.read(0, 1024)
                if not data:
                    break
                os.write(master, data)
            if master in ready:
                try:
                    data = os.read(master, chunk)
                except OSError:
                    break
                if not data:
                    break
                os.write(1, data)
                if log:
                    log.write(data)
                total += len(data)
                if count_file:
                    with open(count_file + ".new", "w") as f:
                        f.write(str(total))
                    os.replace(count_file + ".new", count_file)
                # Hold the link busy for as long as these bytes take at RATE.
                if rate > 0:
                    time.sleep(max(0, len(data) / rate - (time.monotonic() - start)))
    finally:
        os.close(master)   # the command's terminal hangs up (SIGHUP): it ends with us
        try:
            termios.tcsetattr(0, termios.TCSADRAIN, saved)
        except termios.error:
            pass
        _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))

if __name__ == "__main__":
    main()
