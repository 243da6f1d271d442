#ifndef CCURL_H
#define CCURL_H

// libcurl's types and constants only: the library itself is opened with dlopen on the first
// request (ccurl_load), so the binary names no libcurl and the terminal app never loads it.
#include <curl/curl.h>
#include <stddef.h>

/// Opens libcurl.so.4 and finds its functions, once per process (thread-safe). NULL when it is
/// ready, else why not (a static string, fit for a message).
const char *ccurl_load(void);

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *easy);
CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, const void *value);
CURLcode ccurl_easy_setopt_offset(CURL *easy, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_callback(CURL *easy, CURLoption option, ccurl_data_callback value);
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_pointer(CURL *easy, CURLINFO info, char **value);
const char *ccurl_easy_strerror(CURLcode code);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
/// Safe from any thread: ends a ccurl_multi_poll that is waiting.
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/// The next finished transfer: 1 with its handle and result, or 0 when none is left.
int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

#endif
