// libmpv loaded on first use: every mpv_* function eventplayer calls is defined here and forwards
// to the function of the same name in libmpv, mapped with dlopen by eventplayer_mpv_load(). The
// Swift side (Player/MPV/MPVLibrary.swift) loads before it makes the first handle, so a missing or
// incompatible libmpv is a clear error when playback is asked for, and every other command works.
#define _GNU_SOURCE
#include "shim.h"
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Every function used: return type, name, parameters, the call's arguments.
#define EVENTPLAYER_MPV_FUNCTIONS(X, V) \
    X(unsigned long, mpv_client_api_version, (void), ()) \
    X(const char *, mpv_error_string, (int error), (error)) \
    V(mpv_free, (void *data), (data)) \
    X(mpv_handle *, mpv_create, (void), ()) \
    X(int, mpv_initialize, (mpv_handle *ctx), (ctx)) \
    V(mpv_terminate_destroy, (mpv_handle *ctx), (ctx)) \
    X(int, mpv_set_option_string, (mpv_handle *ctx, const char *name, const char *data), (ctx, name, data)) \
    X(int, mpv_command_async, (mpv_handle *ctx, uint64_t reply_userdata, const char **args), (ctx, reply_userdata, args)) \
    X(int, mpv_set_property_string, (mpv_handle *ctx, const char *name, const char *data), (ctx, name, data)) \
    X(int, mpv_set_property_async, (mpv_handle *ctx, uint64_t reply_userdata, const char *name, mpv_format format, void *data), \
      (ctx, reply_userdata, name, format, data)) \
    X(int, mpv_get_property, (mpv_handle *ctx, const char *name, mpv_format format, void *data), (ctx, name, format, data)) \
    X(char *, mpv_get_property_string, (mpv_handle *ctx, const char *name), (ctx, name)) \
    X(int, mpv_observe_property, (mpv_handle *mpv, uint64_t reply_userdata, const char *name, mpv_format format), \
      (mpv, reply_userdata, name, format)) \
    X(const char *, mpv_event_name, (mpv_event_id event), (event)) \
    X(int, mpv_request_log_messages, (mpv_handle *ctx, const char *min_level), (ctx, min_level)) \
    X(mpv_event *, mpv_wait_event, (mpv_handle *ctx, double timeout), (ctx, timeout)) \
    V(mpv_set_wakeup_callback, (mpv_handle *ctx, void (*cb)(void *d), void *d), (ctx, cb, d)) \
    X(int, mpv_render_context_create, (mpv_render_context **res, mpv_handle *mpv, mpv_render_param *params), (res, mpv, params)) \
    V(mpv_render_context_set_update_callback, (mpv_render_context *ctx, mpv_render_update_fn callback, void *callback_ctx), \
      (ctx, callback, callback_ctx)) \
    X(uint64_t, mpv_render_context_update, (mpv_render_context *ctx), (ctx)) \
    X(int, mpv_render_context_render, (mpv_render_context *ctx, mpv_render_param *params), (ctx, params)) \
    V(mpv_render_context_free, (mpv_render_context *ctx), (ctx))

#define POINTER(ret, name, params, args) static ret (*real_##name) params;
#define POINTER_VOID(name, params, args) static void (*real_##name) params;
EVENTPLAYER_MPV_FUNCTIONS(POINTER, POINTER_VOID)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int state;            // 0 not tried, 1 loaded, -1 failed
static char failure[512];
static char loaded_path[512];

static int resolve(void *library) {
#define RESOLVE(ret, name, params, args) \
    if (!(*(void **)&real_##name = dlsym(library, #name))) { \
        snprintf(failure, sizeof failure, "the libmpv found has no %s (too old: eventplayer needs libmpv 2, mpv 0.35 or later)", #name); \
        return -1; \
    }
#define RESOLVE_VOID(name, params, args) RESOLVE(void, name, params, args)
    EVENTPLAYER_MPV_FUNCTIONS(RESOLVE, RESOLVE_VOID)
    return 0;
}

static int load_locked(void) {
    const char *wanted = getenv("EVENTPLAYER_LIBMPV");
    const char *candidates[] = {"libmpv.so.2", "libmpv.so", NULL};
    const char *single[] = {wanted, NULL};
    const char **names = (wanted && *wanted) ? single : candidates;
    void *library = NULL;
    for (const char **name = names; *name && !library; name++) {
        library = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            const char *why = dlerror();
            snprintf(failure, sizeof failure, "%s", why ? why : *name);
        }
    }
    if (!library) return -1;
    if (resolve(library) != 0) return -1;
    unsigned long version = real_mpv_client_api_version();
    if ((version >> 16) != (MPV_CLIENT_API_VERSION >> 16)) {
        snprintf(failure, sizeof failure, "the libmpv found speaks client API %lu.%lu; eventplayer needs %lu.x (mpv 0.35 or later)",
                 version >> 16, version & 0xffff, (unsigned long)(MPV_CLIENT_API_VERSION >> 16));
        return -1;
    }
    struct link_map *map = NULL;
    if (dlinfo(library, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name)
        snprintf(loaded_path, sizeof loaded_path, "%s", map->l_name);
    return 0;
}

int eventplayer_mpv_load(char *error, size_t error_size) {
    pthread_mutex_lock(&lock);
    if (state == 0) state = load_locked() == 0 ? 1 : -1;
    int result = state == 1 ? 0 : -1;
    if (result != 0 && error && error_size > 0) snprintf(error, error_size, "%s", failure);
    pthread_mutex_unlock(&lock);
    return result;
}

const char *eventplayer_mpv_loaded_path(void) {
    pthread_mutex_lock(&lock);
    const char *path = state == 1 && loaded_path[0] ? loaded_path : NULL;
    pthread_mutex_unlock(&lock);
    return path;   // written once, before state became 1; never changes after
}

// A call before a successful load is a bug in eventplayer (MPVLibrary loads first): say so and stop.
static void require_loaded(const char *name) {
    char why[512];
    if (eventplayer_mpv_load(why, sizeof why) == 0) return;
    fprintf(stderr, "eventplayer: error: %s called without libmpv: %s\n", name, why);
    abort();
}

#define STUB(ret, name, params, args) \
    ret name params { if (!real_##name) require_loaded(#name); return real_##name args; }
#define STUB_VOID(name, params, args) \
    void name params { if (!real_##name) require_loaded(#name); real_##name args; }
EVENTPLAYER_MPV_FUNCTIONS(STUB, STUB_VOID)
