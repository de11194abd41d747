// The one C boundary for libmpv: the client and software-render APIs, and the loader that maps
// libmpv on first use (MPVLoader.c). eventplayer is not linked against libmpv: commands that play
// nothing (--help, login, events, rewrite, export) never map it or the 230 libraries it pulls in.
#ifndef EVENTPLAYER_CMPV_SHIM_H
#define EVENTPLAYER_CMPV_SHIM_H
#include <stddef.h>
#include <mpv/client.h>
#include <mpv/render.h>

/// Maps libmpv (once per process; later calls return the first answer). The library is
/// $EVENTPLAYER_LIBMPV when that is set, else libmpv.so.2, else libmpv.so. Returns 0 when libmpv
/// is loaded and speaks the client API major version eventplayer was built for; else -1 with a
/// one-line reason in `error` (dlopen's message, a missing function, or the version found).
int eventplayer_mpv_load(char *error, size_t error_size);

/// The file libmpv was loaded from (dlinfo's path), or NULL before a successful load.
const char *eventplayer_mpv_loaded_path(void);

#endif
