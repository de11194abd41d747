// zlib (Debian's zlib1g-dev): compresses kitty graphics payloads (o=z).
#include <zlib.h>
