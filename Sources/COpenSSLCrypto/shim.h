// OpenSSL's libcrypto (Debian libssl-dev): SHA-256 of the session tokens. The process loads it
// anyway, through libcurl (FoundationNetworking), so it costs no build time and no extra library.
#include <openssl/sha.h>
