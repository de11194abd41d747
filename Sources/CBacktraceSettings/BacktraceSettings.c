#include "CBacktraceSettings.h"
#include <string.h>

static const struct { const char *key, *value; } required[] = {
    {"interactive", "no"}, {"color", "no"}, {"output-to", "stderr"},
    {"symbolicate", "fast"}, {"images", "mentioned"}, {"registers", "none"},
};
enum { requiredCount = sizeof required / sizeof required[0] };

/// Output that keeps counting past the end of the buffer (snprintf's contract).
struct Output { char *bytes; size_t size, length; };

static void put(struct Output *output, const char *text, size_t count) {
    for (size_t i = 0; i < count; i++, output->length++) {
        if (output->length + 1 < output->size) output->bytes[output->length] = text[i];
    }
}

static void putString(struct Output *output, const char *text) { put(output, text, strlen(text)); }

static int isBlank(char c) { return c == ' ' || c == '\t'; }

static int keyIs(const char *key, size_t length, const char *name) {
    return strlen(name) == length && memcmp(key, name, length) == 0;
}

size_t eventplayer_backtrace_settings(const char *current, char *out, size_t size) {
    struct Output output = {out, size, 0};
    int present[requiredCount] = {0};
    const char *pair = current ? current : "";
    while (*pair) {
        const char *end = strchr(pair, ',');
        if (!end) end = pair + strlen(pair);
        if (end > pair) {   // empty pairs ("a,,b") are dropped
            const char *equals = memchr(pair, '=', (size_t)(end - pair));
            const char *key = pair, *keyEnd = equals ? equals : end;
            while (key < keyEnd && isBlank(*key)) key++;
            while (keyEnd > key && isBlank(keyEnd[-1])) keyEnd--;
            size_t keyLength = (size_t)(keyEnd - key);
            if (output.length > 0) put(&output, ",", 1);
            put(&output, key, keyLength);
            put(&output, "=", 1);
            if (keyIs(key, keyLength, "interactive")) {
                putString(&output, "no");
            } else if (equals) {
                put(&output, equals + 1, (size_t)(end - equals - 1));
            }
            for (int i = 0; i < requiredCount; i++) {
                if (keyIs(key, keyLength, required[i].key)) present[i] = 1;
            }
        }
        pair = *end ? end + 1 : end;
    }
    for (int i = 0; i < requiredCount; i++) {
        if (present[i]) continue;
        if (output.length > 0) put(&output, ",", 1);
        putString(&output, required[i].key);
        put(&output, "=", 1);
        putString(&output, required[i].value);
    }
    if (size > 0) out[output.length < size ? output.length : size - 1] = 0;
    return output.length;
}
