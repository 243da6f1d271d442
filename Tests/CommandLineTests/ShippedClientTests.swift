import Foundation
import Testing

extension Tag {
    /// Runs the shipped binary against clients nobody here wrote (`swift test --filter .tags:shipped`).
    @Tag static var shipped: Self
}

/// What an integrator meets on day one (issue 37): the release tarball's `enrollsim serve` with its
/// default flags, driven by curl, Python's standard library, ApacheBench, OpenSSL and a few lines of
/// Java compiled here with javac, each doing the quick starts of docs/server.md and
/// docs/futurae-auth-api.md. The clients are the files in scripts/clients, which integrators can
/// read and copy. Every request must be answered 2xx: an ordinary client is never refused.
@Suite(.serialized, .tags(.shipped)) struct ShippedClientTests {
    static let serviceId = "07b7e1f4-2197-481a-b776-1adcb140af06"
    static let authAPIKey = "acme-bank-auth-api-key-for-enrollsim"

    @Test func curlWalksTheServerGuidesQuickStart() async throws {
        let server = try await ShippedServer.start()
        let run = try await server.run(#""$CLIENTS/server-quickstart.sh" "$S" "$A""#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)\n\(server.errors)")
        #expect(run.stdout.contains("ok: faults event") && run.stdout.contains("ok: attach default"), "\(run.stdout)")
        #expect(await server.stopped() == 0, "\(server.errors)")
    }

    /// The loop of issue 37: a device session per request, a new connection each, one after another.
    @Test func aThousandCurlRequestsInAShellLoopAreAllAnswered() async throws {
        let server = try await ShippedServer.start()
        let run = try await server.run(#""$CLIENTS/curl-loop.sh" "$S" 1000"#)
        #expect(ShippedServer.counts(run.stdout) == ["201": 1000], "\(run.stdout)\(run.stderr)")
    }

    @Test func aThousandPythonURLlibRequestsEachOnANewConnectionAreAllAnswered() async throws {
        let server = try await ShippedServer.start()
        let run = try await server.run(#"python3 "$CLIENTS/urllib_loop.py" "$S" 1000"#)
        #expect(ShippedServer.counts(run.stdout) == ["201": 500, "200": 500], "\(run.stdout)\(run.stderr)")
    }

    /// ApacheBench: 50 clients at once for 10 s, HTTP/1.0 without keep-alive (a new connection per
    /// request), calls on a device session. Every request answered, every answer 2xx.
    @Test func fiftyClientsAtOnceWithoutKeepAliveAreAllAnswered() async throws {
        let server = try await ShippedServer.start()
        let run = try await server.run(#"""
            T=$(curl -s -XPOST "$S/v1/sessions" -H 'Content-Type: application/json' -d '{"device": "ab"}' \
                | python3 -c 'import json,sys; print(json.load(sys.stdin)["session"])')
            printf '%s' '{"type": "get", "name": "pims.authentication.trustedphonenumber", "params": {}}' > call.json
            ab -q -l -c 50 -t 10 -n 1000000 -s 60 -p call.json -T application/json -H "Authorization: Bearer $T" "$S/v1/call"
            """#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let complete = Self.field("Complete requests:", in: run.stdout)
        #expect((complete ?? 0) > 50, "\(run.stdout)")
        #expect(Self.field("Failed requests:", in: run.stdout) == 0, "\(run.stdout)")
        // ab prints this line only when some answers were not 2xx.
        #expect(!run.stdout.contains("Non-2xx responses"), "\(run.stdout)")
    }

    /// Refusal, forced with a low limit: every one of 4 slots holds a request in flight, and a new
    /// client (curl, then urllib) reads a complete 429 with `Retry-After` and a JSON body, never a reset.
    @Test func aRefusedClientReadsAComplete429WithRetryAfter() async throws {
        let server = try await ShippedServer.start(["--max-connections", "4", "--request-timeout", "10m"])
        let run = try await server.run(#"""
            python3 - "$S" <<'EOF'
            import json, socket, subprocess, sys, time, urllib.error, urllib.parse, urllib.request
            url = urllib.parse.urlsplit(sys.argv[1])
            held = []
            for _ in range(4):  # a head that has arrived, a body that has not: in flight
                s = socket.create_connection((url.hostname, url.port))
                s.sendall(b"POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
                held.append(s)
            # Until the server has taken all four in (a patience limit, not a timing).
            for _ in range(1200):
                curl = subprocess.run(["curl", "-sS", "-i", sys.argv[1] + "/healthz"], capture_output=True, text=True)
                if curl.stdout.startswith("HTTP/1.1 429"):
                    break
                time.sleep(0.1)
            print("CURL " + json.dumps(curl.stdout + curl.stderr))
            try:
                urllib.request.urlopen(sys.argv[1] + "/healthz", timeout=60)
                print("URLLIB answered 2xx")
            except urllib.error.HTTPError as error:
                print("URLLIB", error.code, error.headers["Retry-After"], json.dumps(json.loads(error.read())))
            EOF
            """#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let curl = run.stdout.split(separator: "\n").first { $0.hasPrefix("CURL ") }.map { String($0.dropFirst(5)) } ?? ""
        // Python's text mode has turned CRLF into LF.
        let curlText = (try? JSONDecoder().decode(String.self, from: Data(curl.utf8))) ?? ""
        #expect(curlText.hasPrefix("HTTP/1.1 429 Too Many Requests\n"), "\(curlText)")
        #expect(curlText.lowercased().contains("\nretry-after: 1\n"), "\(curlText)")
        let body = curlText.components(separatedBy: "\n\n").last ?? ""
        let error = (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])?["error"] ?? ""
        #expect(error.contains("connections") && error.hasSuffix("retry in 1 s"), "\(curlText)")
        #expect(run.stdout.contains(#"URLLIB 429 1 {"error": ""#) && run.stdout.contains(#"retry in 1 s"}"#), "\(run.stdout)")
    }

    /// A few lines of Java (scripts/clients/QuickStart.java) compiled with javac: the quick start,
    /// then 200 requests with keep-alive off.
    @Test func javaHttpURLConnectionWalksTheQuickStart() async throws {
        let server = try await ShippedServer.start()
        let run = try await server.run(#"javac -d classes "$CLIENTS/QuickStart.java" && java -cp classes QuickStart "$S" 200"#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("ok: 200 health checks, a new connection each"), "\(run.stdout)")
    }

    /// HTTPS from the tarball (FA5): `--tls-self-signed` with the default scenario, trusted by curl
    /// (--cacert), openssl s_client and a JVM's trust store made with keytool, and refused by them
    /// without the trust; the server guide's quick start over it.
    @Test(.enabled(if: ShippedServer.hasTLS, Comment(rawValue: ShippedServer.withoutTLS)))
    func httpsWithTheSelfSignedCertificateTrustedByEveryClient() async throws {
        let server = try await ShippedServer.start(["--tls-self-signed"])
        #expect(server.url.hasPrefix("https://127.0.0.1:"), "\(server.url)")
        let environment = ["CERT": server.certificate]

        let curl = try await server.run(#"curl -sS --fail --cacert "$CERT" "$S/healthz""#, environment: environment)
        #expect(curl.status == 0 && curl.stdout.contains(#""status":"ok""#), "\(curl.stdout)\(curl.stderr)")
        let untrusted = try await server.run(#"curl -sS "$S/healthz""#)
        #expect(untrusted.status == 60, "curl without --cacert: \(untrusted.status) \(untrusted.stderr)")

        let guide = try await server.run(#""$CLIENTS/server-quickstart.sh" "$S" "$A" --cacert "$CERT""#, environment: environment)
        #expect(guide.status == 0 && guide.stdout.contains("ok: attach default"), "\(guide.stdout)\(guide.stderr)\n\(server.errors)")

        let sClient = try await server.run(#"""
            port=${S##*:}
            printf 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' \
              | openssl s_client -connect "127.0.0.1:$port" -servername localhost -CAfile "$CERT" -verify_return_error -quiet 2>&1
            """#, environment: environment)
        #expect(sClient.status == 0 && sClient.stdout.contains("HTTP/1.1 200 OK") && sClient.stdout.contains(#""status":"ok""#),
                "\(sClient.stdout)\(sClient.stderr)")
        // With the system's authorities only: refused for the certificate it cannot verify.
        let sClientUntrusted = try await server.run(#"""
            port=${S##*:}
            printf 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' \
              | openssl s_client -connect "127.0.0.1:$port" -servername localhost -verify_return_error -quiet 2>&1
            """#)
        #expect(sClientUntrusted.status != 0 && sClientUntrusted.stdout.contains("self-signed certificate"), "\(sClientUntrusted.stdout)")

        let java = try await server.run(#"""
            keytool -importcert -noprompt -alias enrollsim -file "$CERT" -keystore client-truststore.jks -storepass enrollsim >/dev/null &&
            javac -d classes "$CLIENTS/QuickStart.java" &&
            java -Djavax.net.ssl.trustStore=client-truststore.jks -Djavax.net.ssl.trustStorePassword=enrollsim -cp classes QuickStart "$S" 50
            """#, environment: environment)
        #expect(java.status == 0 && java.stdout.contains("ok: 50 health checks"), "\(java.stdout)\(java.stderr)")
        let javaUntrusted = try await server.run(#"javac -d classes "$CLIENTS/QuickStart.java" && java -cp classes QuickStart "$S" 1"#)
        #expect(javaUntrusted.status != 0 && javaUntrusted.stderr.contains("PKIX path building failed"), "\(javaUntrusted.stdout)\(javaUntrusted.stderr)")
        #expect(await server.stopped() == 0, "\(server.errors)")
    }

    /// The Auth API's quick start over HTTPS (docs/futurae-auth-api.md): the signed lookup with curl
    /// and openssl, the identity provider's whole sequence with Python's standard library (the
    /// worked example, playing the phone), and the signed lookup from Java with a trust store.
    @Test(.enabled(if: ShippedServer.hasTLS, Comment(rawValue: ShippedServer.withoutTLS)))
    func theAuthAPIsQuickStartOverHTTPSFromCurlPythonAndJava() async throws {
        let server = try await ShippedServer.start(["--scenario", "futurae-fresh", "--tls-self-signed"])
        let environment = ["CERT": server.certificate, "SID": Self.serviceId, "KEY": Self.authAPIKey]

        let signed = try await server.run(#""$CLIENTS/auth-api-curl.sh" "$S" "$SID" "$KEY" --cacert "$CERT""#, environment: environment)
        #expect(signed.status == 0 && signed.stdout.contains(#""user_id""#), "\(signed.stdout)\(signed.stderr)")
        let wrongKey = try await server.run(#""$CLIENTS/auth-api-curl.sh" "$S" "$SID" not-the-key-0123456789 --cacert "$CERT""#, environment: environment)
        #expect(wrongKey.status == 22 && wrongKey.stdout.contains("40100"), "\(wrongKey.stdout)\(wrongKey.stderr)")

        let python = try await server.run(#"""
            python3 "$CLIENTS/../futurae-auth-demo.py" --url "$S" --cafile "$CERT" --service-id "$SID" --key "$KEY" \
                --username carol@example.com --play-phone --poll 0.2 --timeout 60 --admin-token "$A"
            """#, environment: environment)
        #expect(python.status == 0 && python.stdout.contains("auth/status: allow"), "\(python.stdout)\(python.stderr)")

        let java = try await server.run(#"""
            keytool -importcert -noprompt -alias enrollsim -file "$CERT" -keystore client-truststore.jks -storepass enrollsim >/dev/null &&
            javac -d classes "$CLIENTS/QuickStart.java" &&
            java -Djavax.net.ssl.trustStore=client-truststore.jks -Djavax.net.ssl.trustStorePassword=enrollsim \
                 -cp classes QuickStart "$S" 10 "$SID" "$KEY"
            """#, environment: environment)
        #expect(java.status == 0 && java.stdout.contains("ok: signed Auth API lookup"), "\(java.stdout)\(java.stderr)")
        #expect(await server.stopped() == 0, "\(server.errors)")
    }

    /// A build says whether it serves HTTPS before any other check of its flags (what release.sh
    /// asks, to write the INSTALL note's HTTPS line), and the release says yes.
    @Test func theBinarySaysWhetherItServesHTTPS() async throws {
        let release = try ReleaseTests.unpacked.get()
        let probe = try Run.program(release.binary, ["serve", "--tls-self-signed", "--port=-1"], environment: Run.environment())
        #expect(probe.status == 64)
        let note = try String(contentsOf: release.root.appendingPathComponent("INSTALL"), encoding: .utf8)
        if ShippedServer.hasTLS {
            #expect(probe.stderr.contains("--port must be between 0 and 65535"), "\(probe.stderr)")
            #expect(note.contains("HTTPS: enrollsim serve --tls-self-signed"), "\(note)")
        } else {
            #expect(probe.stderr.contains("this enrollsim was built without TLS: the release tarball has it"), "\(probe.stderr)")
            #expect(note.contains("HTTPS: not in this build"), "\(note)")
        }
        #expect(!release.isRelease || ShippedServer.hasTLS, "the release tarball has no HTTPS")
    }

    /// The number after `label` on ApacheBench's report (`Failed requests:        0`).
    static func field(_ label: String, in report: String) -> Int? {
        report.split(separator: "\n").first { $0.hasPrefix(label) }
            .flatMap { Int($0.dropFirst(label.count).trimmingCharacters(in: .whitespaces)) }
    }
}
