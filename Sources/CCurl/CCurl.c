#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Every libcurl function the client uses, found by name in the library opened at run time.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

#ifdef __APPLE__
#define LIBCURL "libcurl.4.dylib"
#else
#define LIBCURL "libcurl.so.4"
#endif

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static const char *load_error;
static char load_message[512];

#define FIND(name) \
    if (!(*(void **)&curl.name = dlsym(library, "curl_" #name))) { \
        snprintf(load_message, sizeof load_message, LIBCURL " has no curl_%s (libcurl 7.68 or later is needed)", #name); \
        load_error = load_message; \
        return; \
    }

static void load(void) {
    // RTLD_LOCAL: its symbols stay out of the process's namespace; never closed (connections and
    // the resolver's threads outlive any one request).
    void *library = dlopen(LIBCURL, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_message, sizeof load_message,
                 "the HTTP client needs " LIBCURL ", which could not be loaded (%s): install it, e.g. apt-get install libcurl4",
                 dlerror());
        load_error = load_message;
        return;
    }
    FIND(global_init) FIND(easy_init) FIND(easy_cleanup) FIND(easy_setopt) FIND(easy_getinfo) FIND(easy_strerror)
    FIND(multi_init) FIND(multi_setopt) FIND(multi_add_handle) FIND(multi_remove_handle) FIND(multi_perform)
    FIND(multi_poll) FIND(multi_wakeup) FIND(multi_info_read) FIND(slist_append) FIND(slist_free_all)
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) load_error = "libcurl could not start (curl_global_init failed)";
}

const char *ccurl_load(void) {
    pthread_once(&loaded, load);
    return load_error;
}

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *easy) { curl.easy_cleanup(easy); }
CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value) { return curl.easy_setopt(easy, option, value); }
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, const void *value) { return curl.easy_setopt(easy, option, value); }
CURLcode ccurl_easy_setopt_offset(CURL *easy, CURLoption option, curl_off_t value) { return curl.easy_setopt(easy, option, value); }
CURLcode ccurl_easy_setopt_callback(CURL *easy, CURLoption option, ccurl_data_callback value) { return curl.easy_setopt(easy, option, value); }
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) { return curl.easy_getinfo(easy, info, value); }
CURLcode ccurl_easy_getinfo_pointer(CURL *easy, CURLINFO info, char **value) { return curl.easy_getinfo(easy, info, value); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) { return curl.multi_setopt(multi, option, value); }
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy) { return curl.multi_add_handle(multi, easy); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy) { return curl.multi_remove_handle(multi, easy); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) { return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }

int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int left;
    CURLMsg *message;
    while ((message = curl.multi_info_read(multi, &left))) {
        if (message->msg != CURLMSG_DONE) continue;
        *easy = message->easy_handle;
        *result = message->data.result;
        return 1;
    }
    return 0;
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) { return curl.slist_append(list, text); }
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
