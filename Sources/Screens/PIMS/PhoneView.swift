import Foundation
import Enrollment
import PIMS
import TerminalUI

/// The simulated phone: the SMS the current prompt waits for, its code and its remaining lifetime
/// in simulated time, and the key that types it.
enum PhoneView {
    static let width = 30
    /// Rows the phone takes: its box, the SMS, the code, and the key that types it.
    static let height = 6

    static func render(_ context: ScreenContext, into frame: inout Frame, area: Rect) {
        guard area.width >= 20, area.height >= 5 else { return }
        let phone = context.shared.inbox?.phone ?? "phone"
        let inside = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, height)), title: "☎ " + phone)
        // The SMS the prompt waits for; at a prompt that asks for none, the newest the phone holds.
        let inbox = context.shared.inbox
        guard let (message, codeState) = context.smsOnPhone ?? inbox.flatMap({ i in i.newest(for: nil).map { ($0, i.state($0)) } }) else {
            frame.put("No SMS yet.", x: inside.x, y: inside.y, style: .hint, clip: inside)
            return
        }
        let asked = context.smsOnPhone != nil
        frame.put("SMS " + message.purpose, x: inside.x, y: inside.y, style: .hint, clip: inside)
        var x = frame.put("code ", x: inside.x, y: inside.y + 1, clip: inside)
        x = frame.put(message.code, x: x, y: inside.y + 1, style: .code, clip: inside)
        frame.put("  " + codeState.words, x: x, y: inside.y + 1, style: style(codeState), clip: inside)
        guard asked else {
            if inside.height > 2 { frame.put("no code asked at this step", x: inside.x, y: inside.y + 2, style: .hint, clip: inside) }
            return
        }
        if inside.height > 2, !codeState.isLive {
            frame.put("ask for a new code", x: inside.x, y: inside.y + 2, style: .hint, clip: inside)
        }
        if inside.height > 3, let key = context.key(.choose(.autofillCode)) {
            x = frame.put(key, x: inside.x, y: inside.y + 3, style: .key, clip: inside)
            frame.put(" types the code", x: x, y: inside.y + 3, style: .hint, clip: inside)
        }
    }

    /// A live code is a hint; one that can no longer be used is marked failed (consumed is done).
    static func style(_ s: PhoneInbox.CodeState) -> Style {
        switch s {
        case .live, .replaced: .hint
        case .consumed: .done
        case .burnt, .expired: .failed
        }
    }
}

/// What PIMS's screens read of the app beside their flow's state: the phone and the vehicles.
extension ScreenContext {
    /// The SMS the simulated phone shows beside a code prompt, with its state.
    var smsOnPhone: (message: PhoneInbox.Message, state: PhoneInbox.CodeState)? { app.smsOnPhone }
    /// The account's vehicles, as the simulator reported them.
    var vehicles: [AccountSnapshot.Vehicle] { shared.vehicles }
}
