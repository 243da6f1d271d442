#include "COpenSSLCrypto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Every libcrypto function used, found by name in the library opened at run time.
#define POINTER(type, name, parameters, arguments) type (*name) parameters;
#define POINTER_VOID(name, parameters, arguments) void (*name) parameters;
static struct { CCRYPTO_FUNCTIONS(POINTER, POINTER_VOID) } crypto;

#ifdef __APPLE__
#define LIBCRYPTO "libcrypto.3.dylib"
#else
#define LIBCRYPTO "libcrypto.so.3"
#endif

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static const char *load_error;
static char load_message[512];

#define FIND(type, name, parameters, arguments) FIND_VOID(name, parameters, arguments)
#define FIND_VOID(name, parameters, arguments) \
    if (!(*(void **)&crypto.name = dlsym(library, #name))) { \
        snprintf(load_message, sizeof load_message, LIBCRYPTO " has no %s (OpenSSL 3 is needed: apt-get install libssl3)", #name); \
        load_error = load_message; \
        return; \
    }

static void load(void) {
    // RTLD_LOCAL: its symbols stay out of the process's namespace; never closed (OpenSSL cleans up
    // at exit itself).
    void *library = dlopen(LIBCRYPTO, RTLD_NOW | RTLD_LOCAL);
#ifdef __APPLE__
    // macOS ships no OpenSSL: Homebrew's openssl@3, which is not on the loader's search path.
    if (!library) library = dlopen("/opt/homebrew/opt/openssl@3/lib/" LIBCRYPTO, RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("/usr/local/opt/openssl@3/lib/" LIBCRYPTO, RTLD_NOW | RTLD_LOCAL);
#endif
    if (!library) {
        snprintf(load_message, sizeof load_message,
                 "the team server needs OpenSSL's " LIBCRYPTO ", which could not be loaded (%s): install it, e.g. apt-get install libssl3",
                 dlerror());
        load_error = load_message;
        return;
    }
    CCRYPTO_FUNCTIONS(FIND, FIND_VOID)
}

const char *ccrypto_load(void) {
    pthread_once(&loaded, load);
    return load_error;
}

#define CALL(type, name, parameters, arguments) type ccrypto_##name parameters { return crypto.name arguments; }
#define CALL_VOID(name, parameters, arguments) void ccrypto_##name parameters { crypto.name arguments; }
CCRYPTO_FUNCTIONS(CALL, CALL_VOID)
