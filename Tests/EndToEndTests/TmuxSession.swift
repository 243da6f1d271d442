import Foundation

/// The real binary in a real terminal: a private tmux server (its own socket, no config) with one
/// 80×24 pane, driven by `send-keys` and read by `capture-pane`. Waits poll the pane for text until
/// a deadline, never a fixed sleep; the deadline is generous (a minute), so that a machine busy
/// with a build is only slower, never failing. The server is killed when the session goes away.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let socket = "enrollsim-e2e-\(UUID().uuidString.prefix(8))"
    private var isRunning = false
    /// The server's socket file, which tmux leaves behind when it exits.
    private var socketPath: String?

    /// Starts `command` (a shell command line) in a detached session of the given size.
    init(command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        var args = ["new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { args += ["-e", "\(name)=\(value)"] }
        args.append(command)
        try tmux(args)
        isRunning = true
        socketPath = try? tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { kill() }

    /// How long a wait polls before it fails: only a program that is stuck should reach it.
    static let patience: Duration = .seconds(60)
    /// Swift's backtracer takes seconds to symbolicate a crash report (far more on a busy machine).
    static let patienceForCrashReports: Duration = .seconds(180)

    /// tmux key names, each sent as a key: `"Up"`, `"C-c"`, `"Enter"`, `"BTab"`, `"F5"`.
    func sendKeys(_ keys: String...) throws { try sendKeys(keys) }
    func sendKeys(_ keys: [String]) throws { try tmux(["send-keys", "-t", "e2e"] + keys) }

    /// Pastes `text` as a terminal does: tmux brackets it (`ESC [200~` … `ESC [201~`) only if the
    /// program turned bracketed paste on, and sends line breaks as CR.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "e2e", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", "e2e"])
    }

    /// A left click at a cell (0-based), as a terminal reports it in xterm's normal mouse mode
    /// (`ESC [ M` button, column, row, each plus 32): a press, then a release.
    func click(x: Int, y: Int) throws {
        let cx = String(format: "%02x", 33 + x), cy = String(format: "%02x", 33 + y)
        try tmux(["send-keys", "-t", "e2e", "-H", "1b", "5b", "4d", "20", cx, cy, "1b", "5b", "4d", "23", cx, cy])
    }

    /// A tmux format of the pane (`#{mouse_any_flag}`: whether the program asked for mouse reports).
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "e2e", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Lets the program set tmux's paste buffer with OSC 52 (off by default).
    func acceptClipboard() throws { try tmux(["set-option", "-s", "set-clipboard", "on"]) }

    /// The newest paste buffer, where an accepted OSC 52 lands.
    func clipboard() throws -> String { try tmux(["show-buffer"]) }

    /// Where `text` is on the visible pane: its column and row, 0-based.
    func position(of text: String) throws -> (x: Int, y: Int)? {
        for (y, line) in try capture().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = line.range(of: text) { return (line[..<r.lowerBound].count, y) }
        }
        return nil
    }

    /// Whether the pane shows its cursor (a program that hid it must show it again on exit).
    func cursorIsVisible() throws -> Bool {
        try tmux(["display-message", "-p", "-t", "e2e", "#{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Text typed literally, character by character.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "e2e", "-l", text]) }

    /// The visible pane; `escapes` keeps colours and attributes as SGR sequences; `history` adds
    /// what scrolled off the top, with long lines the terminal wrapped joined again.
    func capture(escapes: Bool = false, history: Bool = false) throws -> String {
        var args = ["capture-pane", "-p", "-t", "e2e"]
        if escapes { args.append("-e") }
        if history { args += ["-S", "-", "-J"] }
        return try tmux(args)
    }

    /// The pane's terminal device, for writing to it behind the program's back.
    func paneTTY() throws -> String {
        try tmux(["display-message", "-p", "-t", "e2e", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the pane until `condition` holds; returns that screen, or fails showing the last one.
    @discardableResult
    func wait(timeout: Duration = patience, history: Bool = false, for what: String, until condition: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try capture(history: history)
            if condition(screen) { return screen }
            usleep(50_000)  // polling interval, not a wait for the program
        }
        throw Failure(description: "timed out after \(timeout) waiting for \(what); the pane shows:\n\(screen)")
    }

    @discardableResult
    func wait(for text: String, timeout: Duration = patience, history: Bool = false) throws -> String {
        try wait(timeout: timeout, history: history, for: "\"\(text)\"") { $0.contains(text) }
    }

    func kill() {
        guard isRunning else { return }
        isRunning = false
        _ = try? tmux(["kill-server"])
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    @discardableResult
    private func tmux(_ args: [String]) throws -> String {
        var env = ProcessInfo.processInfo.environment
        env["LC_ALL"] = "C.UTF-8"  // tmux decides from the client's locale whether to keep UTF-8
        env.removeValue(forKey: "TMUX")
        let result = try CleanSpawn.run(["tmux", "-u", "-L", socket, "-f", "/dev/null"] + args, environment: env)
        guard result.status == 0 else {
            throw Failure(description: "tmux \(args.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
        }
        return result.output
    }
}
