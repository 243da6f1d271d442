#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D flags, so the wide-character API must be switched on here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <ncursesw/curses.h>

int wcwidth(wchar_t c);

// Globals and attribute macros do not import into Swift 6: wrap them.
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cnc_key_resize(void) { return KEY_RESIZE; }
static inline int cnc_err(void) { return ERR; }
static inline int cnc_key_code_yes(void) { return KEY_CODE_YES; }
#endif
