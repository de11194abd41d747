// The one C boundary for ncursesw. Wide-character API on; macros that Swift
// cannot import are wrapped as `cn_` functions.
#ifndef EVENTPLAYER_CNCURSES_SHIM_H
#define EVENTPLAYER_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

static inline int cn_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int cn_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cn_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline unsigned int cn_a_bold(void) { return A_BOLD; }
static inline unsigned int cn_a_reverse(void) { return A_REVERSE; }
static inline unsigned int cn_a_dim(void) { return A_DIM; }
static inline unsigned int cn_a_underline(void) { return A_UNDERLINE; }
#endif
