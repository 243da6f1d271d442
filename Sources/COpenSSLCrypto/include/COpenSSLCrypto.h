#ifndef COPENSSLCRYPTO_H
#define COPENSSLCRYPTO_H

// OpenSSL's libcrypto (SHA-256 of the session tokens, HMAC-SHA256 of the Auth API's signatures, the
// certificate of `serve --tls-self-signed`): its types and constants from the headers (libssl-dev),
// the library itself opened with dlopen on first use (ccrypto_load), so the binary names no
// libcrypto and the terminal app never loads it (its relocations and constructors cost a start).
#include <openssl/sha.h>
#include <openssl/hmac.h>
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <openssl/bn.h>
#include <stddef.h>

/// Opens libcrypto.so.3 and finds its functions, once per process (thread-safe). NULL when it is
/// ready, else why not (a static string that says what to install).
const char *ccrypto_load(void);

/// Every libcrypto function used, as ccrypto_NAME with NAME's signature: F(type, name, parameters,
/// arguments), V(name, parameters, arguments) for those that return nothing. Call ccrypto_load first.
#define CCRYPTO_FUNCTIONS(F, V) \
    F(unsigned char *, SHA256, (const unsigned char *d, size_t n, unsigned char *md), (d, n, md)) \
    F(unsigned char *, HMAC, (const EVP_MD *md, const void *key, int key_len, const unsigned char *data, size_t data_len, \
                              unsigned char *out, unsigned int *out_len), (md, key, key_len, data, data_len, out, out_len)) \
    F(const EVP_MD *, EVP_sha256, (void), ()) \
    F(EVP_PKEY_CTX *, EVP_PKEY_CTX_new_id, (int id, ENGINE *e), (id, e)) \
    V(EVP_PKEY_CTX_free, (EVP_PKEY_CTX *ctx), (ctx)) \
    F(int, EVP_PKEY_keygen_init, (EVP_PKEY_CTX *ctx), (ctx)) \
    F(int, EVP_PKEY_CTX_set_ec_paramgen_curve_nid, (EVP_PKEY_CTX *ctx, int nid), (ctx, nid)) \
    F(int, EVP_PKEY_keygen, (EVP_PKEY_CTX *ctx, EVP_PKEY **key), (ctx, key)) \
    V(EVP_PKEY_free, (EVP_PKEY *key), (key)) \
    F(X509 *, X509_new, (void), ()) \
    V(X509_free, (X509 *x), (x)) \
    F(BIGNUM *, BN_bin2bn, (const unsigned char *s, int len, BIGNUM *ret), (s, len, ret)) \
    V(BN_free, (BIGNUM *a), (a)) \
    F(int, X509_set_version, (X509 *x, long version), (x, version)) \
    F(ASN1_INTEGER *, BN_to_ASN1_INTEGER, (const BIGNUM *bn, ASN1_INTEGER *ai), (bn, ai)) \
    F(ASN1_INTEGER *, X509_get_serialNumber, (X509 *x), (x)) \
    F(ASN1_TIME *, X509_gmtime_adj, (ASN1_TIME *s, long adj), (s, adj)) \
    F(ASN1_TIME *, X509_getm_notBefore, (const X509 *x), (x)) \
    F(ASN1_TIME *, X509_getm_notAfter, (const X509 *x), (x)) \
    F(int, X509_set_pubkey, (X509 *x, EVP_PKEY *key), (x, key)) \
    F(X509_NAME *, X509_get_subject_name, (const X509 *x), (x)) \
    F(int, X509_NAME_add_entry_by_txt, (X509_NAME *name, const char *field, int type, const unsigned char *bytes, int len, \
                                        int loc, int set), (name, field, type, bytes, len, loc, set)) \
    F(int, X509_set_issuer_name, (X509 *x, const X509_NAME *name), (x, name)) \
    V(X509V3_set_ctx, (X509V3_CTX *ctx, X509 *issuer, X509 *subject, X509_REQ *req, X509_CRL *crl, int flags), \
                      (ctx, issuer, subject, req, crl, flags)) \
    F(X509_EXTENSION *, X509V3_EXT_conf_nid, (LHASH_OF(CONF_VALUE) *conf, X509V3_CTX *ctx, int nid, const char *value), \
                                             (conf, ctx, nid, value)) \
    F(int, X509_add_ext, (X509 *x, X509_EXTENSION *ex, int loc), (x, ex, loc)) \
    V(X509_EXTENSION_free, (X509_EXTENSION *ex), (ex)) \
    F(int, X509_sign, (X509 *x, EVP_PKEY *key, const EVP_MD *md), (x, key, md)) \
    F(int, PEM_write_bio_X509, (BIO *out, const X509 *x), (out, x)) \
    F(int, PEM_write_bio_PrivateKey, (BIO *out, const EVP_PKEY *x, const EVP_CIPHER *enc, const unsigned char *kstr, int klen, \
                                      pem_password_cb *cb, void *u), (out, x, enc, kstr, klen, cb, u)) \
    F(BIO *, BIO_new, (const BIO_METHOD *type), (type)) \
    F(const BIO_METHOD *, BIO_s_mem, (void), ()) \
    F(int, BIO_free, (BIO *a), (a)) \
    F(size_t, BIO_ctrl_pending, (BIO *b), (b)) \
    F(int, BIO_read, (BIO *b, void *data, int length), (b, data, length))

#define CCRYPTO_DECLARE(type, name, parameters, arguments) type ccrypto_##name parameters;
#define CCRYPTO_DECLARE_VOID(name, parameters, arguments) void ccrypto_##name parameters;
CCRYPTO_FUNCTIONS(CCRYPTO_DECLARE, CCRYPTO_DECLARE_VOID)

#endif
