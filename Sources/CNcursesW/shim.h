#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D flags, so the wide-character API must be switched on here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
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
static inline int cnc_err(void) { return ERR; }
// A key's escape sequence from the terminal's database (tigetstr's name, "kcuu1"); NULL when the
// terminal has none (tigetstr's (char *)-1 for a name that is no string capability included).
static inline const char *cnc_key_sequence(const char *name) {
    char *s = tigetstr(name);
    return (s == NULL || s == (char *)-1) ? NULL : s;
}

// The mouse: left-button presses and clicks and the wheel only (the rest stays the terminal's),
// reported at once (no click interval to wait out). Off again with cnc_mouse(0). curses only
// turns the terminal's reports on and off: KeyDecoder reads them.
#if NCURSES_MOUSE_VERSION > 1
#define CNC_WHEEL_DOWN BUTTON5_PRESSED
#else
#define CNC_WHEEL_DOWN 0
#endif
static inline void cnc_mouse(int on) {
    mousemask(on ? (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | CNC_WHEEL_DOWN) : 0, NULL);
    if (on) mouseinterval(0);
}
// newterm, unlike initscr, returns NULL instead of exiting when the terminal is unusable;
// stdin/stdout are C globals Swift 6 refuses.
static inline SCREEN *cnc_newterm(void) { return newterm(NULL, stdout, stdin); }

// Signal plumbing without Swift's view of the sigaction union.
typedef void (*cnc_signal_handler)(int);
static inline int cnc_catch_signal(int sig, cnc_signal_handler handler, struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, previous);
}
static inline int cnc_restore_signal(int sig, const struct sigaction *previous) {
    return sigaction(sig, previous, NULL);
}
static inline int cnc_default_signal(int sig) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, NULL);
}

// SIGRTMIN and SIGRTMAX are functions of the C library, behind macros Swift does not import.
static inline int cnc_sigrtmin(void) { return SIGRTMIN; }
static inline int cnc_sigrtmax(void) { return SIGRTMAX; }
// Whether this process is in the terminal's foreground process group (async-signal-safe).
static inline int cnc_in_foreground(void) { return tcgetpgrp(0) == getpgrp(); }

// Crash signals: a handler that gets the signal's details (to pass them on), on the alternate
// stack when the thread has one (a stack overflow leaves no room on the thread's own stack).
typedef void (*cnc_crash_handler)(int, siginfo_t *, void *);
static inline int cnc_catch_crash(int sig, cnc_crash_handler handler, struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, previous);
}
// Runs a handler found earlier as the kernel would have; 0 when it was the default or ignore.
static inline int cnc_run_handler(const struct sigaction *handler, int sig, siginfo_t *info, void *context) {
    if (handler->sa_flags & SA_SIGINFO) {
        if (handler->sa_sigaction == NULL) return 0;
        handler->sa_sigaction(sig, info, context);
        return 1;
    }
    if (handler->sa_handler == SIG_DFL || handler->sa_handler == SIG_IGN) return 0;
    handler->sa_handler(sig);
    return 1;
}

// The terminal's size from the kernel, for resizeterm after SIGWINCH.
static inline int cnc_terminal_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}
#endif
