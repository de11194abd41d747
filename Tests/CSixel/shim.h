// libsixel's decoder, for tests that check our sixel output (Debian's libsixel-dev).
#include <sixel/sixel.h>
