// The one C boundary for libmpv: the client and software-render APIs.
#ifndef EVENTPLAYER_CMPV_SHIM_H
#define EVENTPLAYER_CMPV_SHIM_H
#include <mpv/client.h>
#include <mpv/render.h>
#endif
