import CQRencode

/// A QR code as a square of modules (true = dark), made by libqrencode. A value: the screens draw
/// it with half blocks, the tests turn it into an image and decode it.
public struct QRCode: Hashable, Sendable {
    /// Modules per side, without the quiet zone.
    public let width: Int
    /// Row by row, `width × width`; true is a dark module.
    public let modules: [Bool]

    public enum Failure: Error, Equatable { case tooLong, encoderFailed }

    /// The smallest QR code of `text` as bytes, at error correction level L (the payload must fit
    /// a terminal of 80×24: a Futurae payload of 76 bytes is a version 4, 33 modules).
    public init(_ text: String) throws(Failure) {
        guard text.utf8.count <= 2_953 else { throw .tooLong }
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_L) else { throw .encoderFailed }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour (libqrencode's documented layout).
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
        self.width = width
    }

    public func isDark(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < width && modules[y * width + x]
    }
}
