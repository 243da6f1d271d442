/// A busy screen using every widget, wide and combining characters and every style: what
/// `enrollsim tui-selftest` shows (the driver's own end-to-end tests), and what the benchmark renders.
public enum Showcase {
    /// Shown by the self-test; tests look for it to know which line carries the wide characters.
    public static let wideSample = "漢字テスト ✓ ✗ ▶ e\u{301}té 🚗"

    public static func frame(size: Size, lastEvent: String = "none", processID: Int32? = nil, showsHelp: Bool = false, showsDialog: Bool = false) -> Frame {
        var frame = Frame(size: size)
        guard size.fits(.minimum) else {
            let message = "Terminal too small: \(size) (needs \(Size.minimum))"
            let box = frame.bounds.centered(width: message.terminalWidth, height: 1)
            frame.put(message, x: box.x, y: box.y, style: .warning, clip: frame.bounds)
            return frame
        }
        let keymap = Keymap<StandardCommand>.standard
        let banner = Banner(.error, title: "PIMS-4012 PIN blocked", message: "Three wrong PINs: the PIN is blocked for this account.", nextStep: "Remove all enrollments (Account E) and enroll again.")
        let rows = frame.bounds.splitRows([.fixed(1), .fixed(1), .fill(), .fixed(banner.height(forWidth: size.width)), .fixed(1)])

        frame.fill(rows[0], style: .title)
        frame.put(" enrollsim · terminal self-test", x: 0, y: 0, style: .title)
        let status = "last: \(lastEvent)  size: \(size)" + (processID.map { "  pid: \($0)" } ?? "") + " "
        frame.put(status, x: size.width - status.terminalWidth, y: 0, style: .title)
        let x = frame.put(" wide ", x: 0, y: 1, style: .hint)
        frame.put(wideSample, x: x, y: 1, style: .code)

        let columns = rows[2].splitColumns([.fixed(28), .fill()], gap: 1)
        let flow = frame.panel(columns[0], title: "Flow")
        frame.render(Menu(items: steps, selected: 2, isFocused: false), in: flow)

        let right = frame.panel(columns[1], title: "Enrollment")
        let fields = right.splitRows([.fixed(2), .fixed(1), .fixed(1), .fixed(1), .fill()])
        frame.render(TextField(label: "Phone ", text: "0612345678", isFocused: false, message: "Use 10 digits, starting with 06."), in: fields[0])
        frame.render(PINField(label: "PIN   ", digits: "12", isFocused: true), in: fields[1])
        frame.render(CodeField(label: "SMS   ", value: "4821", length: 6), in: fields[2])
        frame.render(LogView(entries: log, selected: log.count - 1, showsDetail: true), in: fields[4])

        frame.render(banner, in: rows[3])
        frame.render(HelpBar(keymap: keymap), in: rows[4])
        if showsDialog {
            frame.render(Dialog(title: "Remove all enrollments?", body: "Every device enrolled on this account is removed. The PIN is reset.", buttons: ["Cancel", "Remove"], selectedButton: 1, style: .error), in: frame.bounds)
        }
        if showsHelp { frame.render(HelpOverlay(keymap: keymap), in: frame.bounds.inset(by: 1)) }
        return frame
    }

    static let steps: [MenuItem] = [
        MenuItem("1 Trusted phone", marker: "✓", style: .done),
        MenuItem("2 Send SMS", marker: "✓", style: .done),
        MenuItem("3 Verify code", marker: "▶", style: .current),
        MenuItem("4 Set PIN", marker: "·", style: .pending),
        MenuItem("4·1 Confirm PIN", marker: "·", style: .pending),
        MenuItem("4·2 PIN policy", marker: "↷", style: .skipped),
        MenuItem("5 Enroll device", marker: "✗", style: .failed),
        MenuItem("6 Subscriptions", marker: "·", style: .pending),
        MenuItem("7 Car key", marker: "·", style: .pending),
        MenuItem("8 Done", marker: "·", style: .pending),
    ]

    static let log: [LogEntry] = [
        LogEntry(time: "09:00:01", summary: "GET trustedphonenumber", status: "200", style: .success),
        LogEntry(time: "09:00:02", summary: "POST sms/send", status: "200", style: .success),
        LogEntry(time: "09:00:09", summary: "POST pin/verify", status: "PIMS-4012", style: .error, detail: """
            {
              "error": {
                "code": "PIMS-4012",
                "label": "PIN blocked"
              },
              "attemptsLeft": 0
            }
            """),
    ]
}
