// OpenSSL's libcrypto (Debian libssl-dev): SHA-256 of the session tokens, HMAC-SHA256 of the Auth
// API's request signatures, and the self-signed certificate of `serve --tls-self-signed`. The process
// loads it anyway, through libcurl (FoundationNetworking), so it costs no build time and no extra
// library.
#include <openssl/sha.h>
#include <openssl/hmac.h>
#include <openssl/evp.h>
#include <openssl/crypto.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <openssl/bn.h>
