import Foundation

/// How the end-to-end tests start `enrollsim` in a pane, and read what it left behind.
enum EnrollsimProcess {
    /// The binary `swift build` put next to the test bundle; `ENROLLSIM_BINARY` overrides.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["ENROLLSIM_BINARY"] { return path }
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().appendingPathComponent("enrollsim").path
    }

    /// Printed by the pane's shell when the program ends; `exitMarker + "0]"` means exit status 0.
    static let exitMarker = "[enrollsim exited "

    /// A shell line that runs enrollsim with `arguments`, then reports its exit status and the
    /// terminal modes it left, and keeps the pane open for capture.
    static func commandLine(_ arguments: String, environment: [String: String] = [:]) -> String {
        // No configuration file unless the test writes one (XDG_CONFIG_HOME points at none).
        let env = ["SWIFT_BACKTRACE": "interactive=no,output-to=stderr", "LC_ALL": "C.UTF-8",
                   "XDG_CONFIG_HOME": "/nonexistent/enrollsim-tests"].merging(environment) { $1 }
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        // NO_COLOR and the settings' variables only when the test asks: the runner's own
        // environment must not leak in.
        let unset = (["NO_COLOR"] + settingVariables).map { "-u \($0)" }.joined(separator: " ")
        return "env \(unset) \(assignments) '\(binary)' \(arguments); echo \"\(exitMarker)$?]\"; stty -a; exec sleep 3600"
    }

    static let settingVariables = ["ENROLLSIM_BACKEND", "ENROLLSIM_SCENARIO", "ENROLLSIM_USER", "ENROLLSIM_DEVICE",
                                   "ENROLLSIM_PLATFORM", "ENROLLSIM_SDK", "ENROLLSIM_SYSTEM", "ENROLLSIM_THEME",
                                   "ENROLLSIM_MOUSE", "ENROLLSIM_ADMIN_TOKEN"]

    /// Terminal modes in `stty -a` output after the exit marker: `["echo": true, "icanon": true, …]`.
    static func terminalModes(in screen: String) -> [String: Bool] {
        guard let marker = screen.range(of: exitMarker, options: .backwards) else { return [:] }
        var modes: [String: Bool] = [:]
        for token in screen[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }) {
            let name = token.hasPrefix("-") ? token.dropFirst() : token
            guard name.allSatisfy({ $0.isLetter || $0.isNumber }) else { continue }
            modes[String(name)] = !token.hasPrefix("-")
        }
        return modes
    }

    /// The process id the self-test shows in its title bar.
    static func selftestPID(in screen: String) -> Int32? {
        guard let range = screen.range(of: #"pid: \d+"#, options: .regularExpression) else { return nil }
        return Int32(screen[range].dropFirst(5))
    }

    /// SGR parameters that set a colour (30–38, 40–48, 90–97, 100–107); 39 and 49 only reset.
    static func colorCodes(in screen: String) -> [String] {
        let sgr = try! NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m")
        let text = screen as NSString
        return sgr.matches(in: screen, range: NSRange(location: 0, length: text.length)).flatMap { match in
            text.substring(with: match.range(at: 1)).split(separator: ";").filter { p in
                guard let n = Int(p) else { return false }
                return (30...38).contains(n) || (40...48).contains(n) || (90...97).contains(n) || (100...107).contains(n)
            }.map(String.init)
        }
    }
}
