/// The Futurae enrollment's keys, as the end-to-end tests press them.
extension TmuxSession {
    /// On the method list: Enter starts the QR code method, `s` scans the code on screen.
    func scanFuturaeQR() throws {
        try sendKeys("Enter")
        try wait(for: "s scan")
        try sendKeys("s")
    }

    /// The SDK PIN prompt: the PIN twice, then Enter.
    func chooseSDKPIN(_ pin: String) throws {
        try wait(for: "Choose the SDK PIN")
        try type(pin)
        try sendKeys("Tab")
        try type(pin)
        try sendKeys("Enter")
    }
}
