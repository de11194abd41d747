// Swift's crash backtracer reads SWIFT_BACKTRACE once, in libswiftCore's initialiser, before any
// Swift code runs; the only way to change its settings afterwards was to set the variable and
// re-exec (about 20 ms, a whole second start-up). This file sets it before that initialiser, in
// the executable's DT_PREINIT_ARRAY, which the dynamic loader runs before the initialiser of every
// shared object (libc's included).
//
// setenv cannot be used there: libc's own initialiser, which runs after this, sets `environ` to the
// initial environment array on the stack (whatever setenv had put in place is lost), and the Swift
// runtime finds argv by walking back from `environ` on that stack (CommandLine.arguments). So the
// array on the stack is changed in place: an existing SWIFT_BACKTRACE entry is replaced by one with
// our settings added (eventplayer_backtrace_settings), else one entry's slot is borrowed for it:
// one of the variables shells keep for themselves (`_`, the command's path, which bash and zsh
// set; OLDPWD; SHLVL), which no library reads while starting. main puts the borrowed entry back
// first thing (eventplayer_early_start_finish; putenv, which copies the array): not an ELF
// constructor, since with a statically linked Swift runtime the runtime's own constructors, which
// walk back from `environ` to argv, would run after it. With none of those variables (env -i)
// nothing is changed here, and main re-execs at a terminal as before (Backtracer.configureOrReexec).
//
// The release build links the Swift runtime statically (half the start-up: docs/benchmarks.md).
// A static runtime looks for its crash helper, swift-backtrace, next to the executable, not in the
// toolchain; `make release` and `make install` put the toolchain's self-contained one in
// <bin>/../libexec/eventplayer/, and this points the `swift-backtrace` key there when the user did
// not set one. Without the helper a crash still ends the same way, with no backtrace in the log.
#include "CEarlyStart.h"
#include "CBacktraceSettings.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NAME "SWIFT_BACKTRACE="
enum { nameLength = sizeof NAME - 1 };

/// "SWIFT_BACKTRACE=<settings>": static storage, since no allocation is safe this early.
static char entry[4096] = NAME;
/// The entry whose slot holds ours until eventplayer_early_start_finish.
static char *borrowed;

#define HELPER_KEY "swift-backtrace="
#define HELPER "/../libexec/eventplayer/swift-backtrace"

/// True when the settings (after NAME) already name the helper.
static int namesHelper(const char *settings) {
    for (const char *pair = settings; pair; pair = strchr(pair, ',')) {
        if (*pair == ',') pair++;
        while (*pair == ' ' || *pair == '\t') pair++;
        if (strncmp(pair, HELPER_KEY, sizeof HELPER_KEY - 1) == 0) return 1;
    }
    return 0;
}

/// Appends ",swift-backtrace=<bin>/../libexec/eventplayer/swift-backtrace" to `entry` when that
/// file is there and no helper is named. Only what is safe before libc's initialiser: readlink,
/// access and the string functions, no allocation, no formatting.
static void addHelper(void) {
    if (namesHelper(entry + nameLength)) return;
    char path[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path);
    if (length <= 0 || (size_t)length >= sizeof path) return;
    while (length > 0 && path[length - 1] != '/') length--;
    if (length == 0 || (size_t)length + sizeof HELPER > sizeof path) return;
    memcpy(path + length - 1, HELPER, sizeof HELPER);   // replaces the last '/' onwards
    if (access(path, X_OK) != 0) return;
    size_t used = strlen(entry), pathLength = strlen(path);
    if (used + 1 + (sizeof HELPER_KEY - 1) + pathLength + 1 > sizeof entry) return;
    char *end = entry + used;
    if (used > nameLength) *end++ = ',';
    memcpy(end, HELPER_KEY, sizeof HELPER_KEY - 1);
    memcpy(end + sizeof HELPER_KEY - 1, path, pathLength + 1);
}

static int borrowable(const char *variable) {
    static const char *const names[] = {"_=", "OLDPWD=", "SHLVL="};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strncmp(variable, names[i], strlen(names[i])) == 0) return 1;
    }
    return 0;
}

static void placeBacktraceSettings(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    if (!envp) return;
    char **slot = NULL, **spare = NULL;
    for (char **variable = envp; *variable; variable++) {
        if (strncmp(*variable, NAME, nameLength) == 0) {
            if (slot) return;   // twice: the runtime takes the last, getenv the first; leave it to main
            slot = variable;
        } else if (!spare && borrowable(*variable)) {
            spare = variable;
        }
    }
    const char *current = slot ? *slot + nameLength : NULL;
    size_t length = eventplayer_backtrace_settings(current, entry + nameLength, sizeof entry - nameLength);
    if (length >= sizeof entry - nameLength) return;   // too long for the buffer: main re-execs
    addHelper();
    if (!slot) {
        if (!spare) return;
        slot = spare;
        borrowed = *spare;
    }
    *slot = entry;
}

__attribute__((section(".preinit_array"), used))
static void (*placeBacktraceSettingsEntry)(int, char **, char **) = placeBacktraceSettings;

void eventplayer_early_start_finish(void) {
    if (borrowed) putenv(borrowed);
    borrowed = NULL;
}
