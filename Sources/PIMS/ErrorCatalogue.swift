import SimKernel
/// Every error code of the SDK reference with its label; labels with placeholders (`[PARAMETER]`,
/// `[stepsID]`, …) are filled per call, e.g. 2101 with `pinCode` → "Missing pinCode parameter".
public enum ErrorCatalogue {
    public struct Entry: Sendable, Equatable {
        public let code: Int
        /// The reference's error type: "Input error", "PIMS specific error", …
        public let kind: String
        /// The message as written, placeholders included.
        public let message: String
        public let hasSubErrors: Bool
    }

    public static var allCodes: [Int] { table.keys.sorted() }

    public static func entry(_ code: Int) -> Entry? { table[code] }

    /// The label of `code`, each bracketed placeholder replaced in turn by `fillers` (a placeholder
    /// with no filler is left as written). Unknown codes read "Unknown error".
    public static func label(_ code: Int, _ fillers: [String] = []) -> String {
        guard let entry = table[code] else { return table[2000]!.message }
        return fill(entry.message, fillers)
    }

    static func fill(_ message: String, _ fillers: [String]) -> String {
        var result = ""
        var rest = Substring(message)
        var fillers = fillers[...]
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]"), let filler = fillers.first {
            result += rest[..<open]
            result += filler
            fillers = fillers.dropFirst()
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
