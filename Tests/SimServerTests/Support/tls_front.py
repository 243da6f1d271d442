#!/usr/bin/env python3
"""A TLS front and a CONNECT proxy on loopback, for the HTTPS-through-a-proxy test (stdlib only).

    tls_front.py CERT KEY UPSTREAM_PORT

Listens on two ephemeral ports of 127.0.0.1: TLS (with CERT and KEY), relaying the decrypted requests to
UPSTREAM_PORT, as a TLS reverse proxy in front of `enrollsim serve` would; and an HTTP proxy that
accepts only CONNECT, as a company proxy does for https URLs, and reaches every host name on
127.0.0.1 (the name the client asked for resolves only here). Prints "ready TLS_PORT PROXY_PORT",
then one "CONNECT host:port" line per tunnel it opens. Runs until its standard input ends (the test
that started it ended, however it ended) or SIGTERM, which it takes even when its parent ignores it.
"""
import os, signal, socket, ssl, sys, threading


def shut(*sockets):
    for s in sockets:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def relay(a, b):
    try:
        while True:
            data = a.recv(65536)
            if not data:
                break
            b.sendall(data)
    except OSError:
        pass
    finally:
        shut(a, b)


def forward_requests(client, upstream, host):
    """Client to server, request by request, with the Host header set to the server's own address,
    as a reverse proxy's default does (the server refuses foreign names on loopback)."""
    buffer = b""
    try:
        while True:
            while b"\r\n\r\n" not in buffer:
                chunk = client.recv(65536)
                if not chunk:
                    return
                buffer += chunk
            head, buffer = buffer.split(b"\r\n\r\n", 1)
            lines = [b"Host: " + host if line.lower().startswith(b"host:") else line for line in head.split(b"\r\n")]
            length = next((int(line.split(b":", 1)[1]) for line in lines if line.lower().startswith(b"content-length:")), 0)
            while len(buffer) < length:
                chunk = client.recv(65536)
                if not chunk:
                    return
                buffer += chunk
            upstream.sendall(b"\r\n".join(lines) + b"\r\n\r\n" + buffer[:length])
            buffer = buffer[length:]
    except OSError:
        pass
    finally:
        shut(client, upstream)


def pipe(a, b):
    threading.Thread(target=relay, args=(a, b), daemon=True).start()
    threading.Thread(target=relay, args=(b, a), daemon=True).start()


def listener():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(64)
    return s


def serve_tls(server, context, upstream_port):
    while True:
        client, _ = server.accept()
        def handle(client=client):
            try:
                secure = context.wrap_socket(client, server_side=True)
            except (ssl.SSLError, OSError):
                client.close()  # the client refused the certificate, or spoke plain HTTP
                return
            upstream = socket.create_connection(("127.0.0.1", upstream_port))
            threading.Thread(target=forward_requests, args=(secure, upstream, b"127.0.0.1:%d" % upstream_port), daemon=True).start()
            threading.Thread(target=relay, args=(upstream, secure), daemon=True).start()
        threading.Thread(target=handle, daemon=True).start()


def serve_proxy(server):
    while True:
        client, _ = server.accept()
        def handle(client=client):
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = client.recv(4096)
                if not chunk:
                    client.close()
                    return
                head += chunk
            method, target = head.split(b"\r\n")[0].split(b" ")[:2]
            if method != b"CONNECT":
                client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                client.close()
                return
            host, port = target.decode().rsplit(":", 1)
            print("CONNECT " + target.decode(), flush=True)
            upstream = socket.create_connection(("127.0.0.1", int(port)))
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            pipe(client, upstream)
        threading.Thread(target=handle, daemon=True).start()


def main():
    # An ignored SIGTERM is inherited across exec (a server in the test process ignores it to
    # shut down gracefully): taken back to its default, so terminate() ends this process.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    cert, key, upstream_port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    tls, proxy = listener(), listener()
    threading.Thread(target=serve_tls, args=(tls, context, upstream_port), daemon=True).start()
    threading.Thread(target=serve_proxy, args=(proxy,), daemon=True).start()
    print("ready %d %d" % (tls.getsockname()[1], proxy.getsockname()[1]), flush=True)
    sys.stdin.buffer.read()  # until the test's end of the pipe closes
    os._exit(0)


if __name__ == "__main__":
    main()
