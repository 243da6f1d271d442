import SimKernel

/// C10 `casa.deleteAccount` (C9 is a look-up: `CardStep.run`).
extension CardStep {
    /// C10: off this phone; the server's record stays (a card active on another phone stays so).
    mutating func deleteAccount(_ accountId: String) throws(CardFailure) -> [String: JSONValue] {
        guard let i = device.accounts.firstIndex(of: accountId) else { throw .invalid("no account \"\(accountId)\" on this device") }
        device.accounts.remove(at: i)
        return ["accountId": .string(accountId)]
    }
}
