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
static inline unsigned int cn_a_normal(void) { return A_NORMAL; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int cn_key_f(int n) { return KEY_F(n); }
#endif
