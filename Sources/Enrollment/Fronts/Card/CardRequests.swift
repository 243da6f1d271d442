import Card
import SimKernel

extension Notice {
    /// A card failure as the front shows it: the error code, its label, and what to do.
    public static func card(_ error: CallError) -> Notice {
        Notice(kind: .error, code: error.code.description, label: error.label, detail: error.detail,
               advice: CardError(error)?.whatToDo ?? "See the API log for the full answer.")
    }
}

