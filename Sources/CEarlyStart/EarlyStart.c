// Swift's crash backtracer reads SWIFT_BACKTRACE once, in libswiftCore's initialiser, before any
// Swift code runs, and offers no way to change its settings afterwards short of setting the
// variable and re-executing (about 20 ms, a whole second start-up). This file sets it before that
// initialiser, in the executable's DT_PREINIT_ARRAY, which the dynamic loader runs before the
// initialiser of every shared object (libc's included).
//
// setenv cannot be used there: libc's own initialiser, which runs after this, sets `environ` to the
// initial environment array on the stack (whatever setenv had put in place is lost), and the Swift
// runtime finds argv by walking back from `environ` on that stack (CommandLine.arguments). So the
// array on the stack is changed in place: an existing SWIFT_BACKTRACE entry is replaced by one with
// our settings added (eventplayer_backtrace_settings), else one entry's slot is borrowed for it:
// one of the variables shells keep for themselves (`_`, the command's path, which bash and zsh
// set; OLDPWD; SHLVL), which no library reads while starting. main puts the borrowed entry back
// first thing (eventplayer_early_start_finish; putenv, which copies the array).
//
// With none of those variables (`env -i`), or SWIFT_BACKTRACE set twice, there is no slot. Then a
// constructor of the first priority (placeBacktraceSettingsLate), which runs after libc's
// initialiser and, when the Swift runtime is linked statically (the release build), before the
// runtime's own constructors, points `environ` at a new array holding the settings, and tells the
// runtime where argv is (_swift_stdlib_overrideUnsafeArgvArgc): its argv finder walks back from
// `environ` and would find nothing in a heap array. With a shared runtime (the debug build) its
// initialiser has read the variable by then, and this changes nothing: a crash there gets the
// runtime's defaults, which the fatal handler makes harmless (stdin at /dev/null, so no prompt
// waits; the watchdog). Nothing re-executes.
//
// The release build links the Swift runtime statically (half the start-up: docs/benchmarks.md).
// A static runtime looks for its crash helper, swift-backtrace, next to the executable, not in the
// toolchain; `make release` and `make install` put the toolchain's self-contained one in
// <bin>/../libexec/eventplayer/, and this points the `swift-backtrace` key there when the user did
// not set one. Without the helper a crash still ends the same way, with no backtrace in the log.
#define _GNU_SOURCE
#include "CEarlyStart.h"
#include "CBacktraceSettings.h"
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The Swift runtime's override of CommandLine.arguments (libswiftCore, exported).
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((swiftcall, weak));

#define NAME "SWIFT_BACKTRACE="
enum { nameLength = sizeof NAME - 1 };

/// "SWIFT_BACKTRACE=<settings>": static storage, since no allocation is safe this early.
static char entry[4096] = NAME;
/// The entry whose slot holds ours until eventplayer_early_start_finish.
static char *borrowed;
/// The settings are in the initial environment (set by the pre-initialisation).
static int placed;
/// The process's arguments, as the pre-initialisation was given them.
static int savedArgc;
static char **savedArgv;

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
    savedArgc = argc;
    savedArgv = argv;
    if (!envp) return;
    char **slot = NULL, **spare = NULL;
    for (char **variable = envp; *variable; variable++) {
        if (strncmp(*variable, NAME, nameLength) == 0) {
            if (slot) return;   // twice: the runtime takes the last, getenv the first; the constructor below
            slot = variable;
        } else if (!spare && borrowable(*variable)) {
            spare = variable;
        }
    }
    const char *current = slot ? *slot + nameLength : NULL;
    size_t length = eventplayer_backtrace_settings(current, entry + nameLength, sizeof entry - nameLength);
    if (length >= sizeof entry - nameLength) return;   // too long for the buffer: the constructor below
    addHelper();
    if (!slot) {
        if (!spare) return;
        slot = spare;
        borrowed = *spare;
    }
    *slot = entry;
    placed = 1;
}

__attribute__((section(".preinit_array"), used))
static void (*placeBacktraceSettingsEntry)(int, char **, char **) = placeBacktraceSettings;

/// True when the Swift runtime is part of this executable (linked statically), so that its
/// constructors, which read SWIFT_BACKTRACE, run after this file's first-priority constructor.
static int runtimeLinkedStatically(void) {
    Dl_info runtime, executable;
    if (!_swift_stdlib_overrideUnsafeArgvArgc) return 0;
    if (!dladdr((void *)_swift_stdlib_overrideUnsafeArgvArgc, &runtime)) return 0;
    if (!dladdr((void *)runtimeLinkedStatically, &executable)) return 0;
    return runtime.dli_fbase == executable.dli_fbase;
}

/// When the pre-initialisation found no slot: a new environment, every entry of the initial one
/// but SWIFT_BACKTRACE's, then SWIFT_BACKTRACE with our settings added to the last value the
/// user set (the one the runtime takes). libc has initialised: allocation is safe.
__attribute__((constructor(101)))
static void placeBacktraceSettingsLate(void) {
    if (placed || !savedArgv || !environ || !runtimeLinkedStatically()) return;
    size_t count = 0;
    const char *current = NULL;
    for (char **variable = environ; *variable; variable++) {
        count++;
        if (strncmp(*variable, NAME, nameLength) == 0) current = *variable + nameLength;
    }
    size_t length = eventplayer_backtrace_settings(current, entry + nameLength, sizeof entry - nameLength);
    if (length >= sizeof entry - nameLength) return;   // over 4 KB of settings: left as they are
    addHelper();
    char **array = malloc((count + 2) * sizeof *array);
    if (!array) return;
    size_t used = 0;
    for (char **variable = environ; *variable; variable++) {
        if (strncmp(*variable, NAME, nameLength) != 0) array[used++] = *variable;
    }
    array[used++] = entry;
    array[used] = NULL;
    _swift_stdlib_overrideUnsafeArgvArgc(savedArgv, savedArgc);
    environ = array;
    placed = 1;
}

void eventplayer_early_start_finish(void) {
    if (borrowed) putenv(borrowed);
    borrowed = NULL;
}
