// The settings eventplayer gives Swift's crash backtracer (SWIFT_BACKTRACE), in C so that the
// executable's pre-initialisation (CEarlyStart, before the Swift runtime reads the variable) and
// Swift (`Backtracer.settings(adding:)`) compute the same value with the same code.
#ifndef EVENTPLAYER_BACKTRACE_SETTINGS_H
#define EVENTPLAYER_BACKTRACE_SETTINGS_H
#include <stddef.h>

/// `current` (a SWIFT_BACKTRACE value, or NULL) with eventplayer's settings added: interactive=no
/// (always: every `interactive` key the user set becomes no), color=no, output-to=stderr,
/// symbolicate=fast (function names from the symbol tables; no lines or inlined frames, which
/// read the DWARF and took seconds), images=mentioned, registers=none, each added only when
/// missing; the user's other
/// keys and values are kept, in their order. Writes at most `size` bytes including the NUL (when
/// `size` > 0) and returns the length of the whole value, like snprintf: the value was cut short
/// when the result is >= `size`. Allocates nothing and calls only string functions (strlen,
/// strchr, memchr, memcmp), so it is safe before libc has initialised. Applied to its own result
/// it returns that result unchanged.
size_t eventplayer_backtrace_settings(const char *current, char *out, size_t size);

#endif
