import Foundation
import SimTestSupport
import Testing

/// Push authentication in the real binary, in tmux, by the keyboard alone (docs/futurae-rules.md F8–F10):
/// in process, the back office pushes logins (F8, y) that the phone approves under a locked SDK
/// (unlocked by its SDK PIN first), rejects, reports as fraud and lets expire on the simulated clock;
/// on a team server, the login comes from a signed Auth API request (FA13) over the event stream and
/// the service reads the phone's answer (FA14).
@Suite(.serialized) struct FuturaeLoginEndToEndTests {
    /// The documented credentials of the built-in Futurae scenarios (FA6).
    static let serviceId = "07b7e1f4-2197-481a-b776-1adcb140af06"
    static let key = "acme-bank-auth-api-key-for-enrollsim"
    static let question = "Acme Bank: approve login as alice@example.com?"

    private func opened(_ session: TmuxSession) throws {
        try session.wait(for: "Enter log in")
        #expect(try session.capture().contains("Futurae (activation code"), "a Futurae scenario opens on Futurae")
        try session.sendKeys("Enter")
        try session.wait(for: "Futurae SDK on alice-iphone")
    }

    private func quit(_ session: TmuxSession) throws {
        try session.sendKeys("q")
        _ = try session.wait(history: true, for: "the exit marker") { $0.contains(EnrollsimProcess.exitMarker + "0]") }
    }

    /// The back office (F8) pushes a login; Esc goes back; F6 opens it on the phone.
    private func pushAndOpen(_ session: TmuxSession) throws {
        try session.sendKeys("F8")
        try session.wait(for: "Back office · logins")
        try session.sendKeys("y")
        try session.wait(for: Self.question)
        try session.sendKeys("Escape")
        try session.wait(for: "F6 open login")
        try session.sendKeys("F6")
        try session.wait(for: "y approve · n reject · f report fraud")
    }

    @Test("In process at 80×24: a locked SDK unlocked by PIN to approve; reject; fraud; expiry; the back office's list at 120×40")
    func pushApprovalInProcess() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario futurae-enrolled"))
        try opened(session)

        // futurae-enrolled's SDK is locked: approve asks for the unlock first (F9).
        try pushAndOpen(session)
        let request = try session.capture()
        #expect(request.contains("Acme Bank") && request.contains("alice@example.com") && request.contains("left (simulated)"), "\(request)")
        try session.sendKeys("y")
        try session.wait(for: "the unlock prompt") { $0.contains("The SDK is locked: unlock it to") && $0.contains("e SDK PIN · b biometrics") }
        try session.sendKeys("e")
        try session.wait(for: "Unlock with the SDK PIN to approve the")
        try session.type("1234")
        try session.sendKeys("Enter")
        try session.wait(for: "✓ Login approved")
        try session.sendKeys("Enter")  // back to the requests
        try session.wait(for: "No login request.")

        try pushAndOpen(session)
        try session.sendKeys("n")
        try session.wait(for: "✗ Login rejected")
        try session.sendKeys("Enter")

        try pushAndOpen(session)
        try session.sendKeys("f")
        try session.wait(for: "⚠ Login reported as fraud")
        try session.sendKeys("Enter")

        // Not answered: two simulated minutes pass.
        try pushAndOpen(session)
        try session.sendKeys("w")
        try session.wait(for: "1:00 left")
        try session.sendKeys("w")
        try session.wait(for: "✗ The login request expired")

        // The back office lists the four, as the service reads them (FA14).
        try session.resize(width: 120, height: 40)
        try session.sendKeys("F8")
        let listed = try session.wait(for: "the four logins") {
            $0.contains("Back office · logins (4)") && $0.contains("alice@example.com · allow") && $0.contains("deny (fraud)")
                && $0.contains("deny (timeout)") && $0.components(separatedBy: "alice@example.com · deny").count == 4
        }
        #expect(listed.contains("Z · alice-iphone"), "\(listed)")
        try session.sendKeys("Escape")
        try quit(session)
    }

    @Test("On a team server at 120×40: a login by a signed Auth API request reaches the phone, approved after the unlock; auth/status reads allow")
    func pushApprovalOnServer() throws {
        let server = try TUIOnServerEndToEndTests.Server(scenario: "futurae-enrolled")
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token)"),
                                      width: 120, height: 40)
        try opened(session)
        let started = try Self.signed(server.url, "/srv/auth/v1/user/auth", ["username": "alice@example.com", "factor": "approve", "device_id": "auto"])
        let id = try #require(started["session_id"] as? String, "\(started)")
        // The push arrives over the server's event stream while Home is shown.
        try session.wait(for: Self.question)
        try session.sendKeys("F6")
        try session.wait(for: "y approve · n reject · f report fraud")
        #expect(try Self.signed(server.url, "/srv/auth/v1/user/auth/status", ["session_id": id])["result"] as? String == "waiting")
        try session.sendKeys("y")
        try session.wait(for: "The SDK is locked: unlock it to approve the login.")
        try session.sendKeys("e")
        try session.wait(for: "Unlock with the SDK PIN")
        try session.type("1234")
        try session.sendKeys("Enter")
        try session.wait(for: "✓ Login approved")
        let status = try Self.signed(server.url, "/srv/auth/v1/user/auth/status", ["session_id": id])
        #expect(status["result"] as? String == "allow" && status["status"] as? String == "allow", "\(status)")
        try quit(session)
    }

    /// Issue 38 (15): a login pushed while the login requests are open says "F6 opens it"; once F6
    /// opened it, that banner is gone (it said what was just done).
    @Test("On a team server: a push that arrives on the login requests screen, opened by F6, leaves no \"F6 opens it\" behind")
    func theOpenedPushDropsItsBanner() throws {
        let server = try TUIOnServerEndToEndTests.Server(scenario: "futurae-enrolled")
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token)"))
        try opened(session)
        try session.sendKeys("Down", "Down", "Enter")  // Login requests
        try session.wait(for: "g reload")
        let pushed = try server.batch([#"{"sim": "futurae.auth", "user": "alice@example.com"}"#])
        #expect(pushed.contains(#""ok":true"#), "\(pushed)")
        try session.wait(for: "F6 opens it")
        try session.sendKeys("F6")
        let open = try session.wait(for: "y approve · n reject · f report fraud")
        #expect(!open.contains("F6 opens it"), "the banner outlived the push it announced:\n\(open)")
        try session.sendKeys("C-c")  // q would ask first: a request is being decided
        _ = try session.wait(history: true, for: "the exit marker") { $0.contains(EnrollsimProcess.exitMarker + "0]") }
    }

    /// A signed Auth API POST (FA2) through the worked example's own client class; its JSON answer.
    static func signed(_ url: String, _ path: String, _ body: [String: String]) throws -> [String: Any] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/futurae-auth-demo.py").path
        let program = """
            import importlib.util, json, sys
            spec = importlib.util.spec_from_file_location("demo", sys.argv[1])
            demo = importlib.util.module_from_spec(spec); spec.loader.exec_module(demo)
            server = demo.Server(sys.argv[2], sys.argv[3], sys.argv[4], None)
            status, answer = server.signed("POST", sys.argv[5], json.loads(sys.argv[6]))
            print(json.dumps({"status": status, "answer": answer}))
            """
        let bodyText = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, script, url, serviceId, key, path, bodyText]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try ProcessLaunch.run(process)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let json, json["status"] as? Int == 200, let answer = json["answer"] as? [String: Any] else {
            throw TmuxSession.Failure(description: "\(path) answered: \(String(decoding: data, as: UTF8.self))")
        }
        return answer
    }
}
