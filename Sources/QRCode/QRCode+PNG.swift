import CPNG

extension QRCode {
    /// The code as a greyscale PNG, written by libpng: `scale` pixels a module, a quiet zone of
    /// `margin` modules (the standard's four), dark modules black. What the Auth API's
    /// `activation_qrcode_url` serves and its data URI holds (FA9).
    public func png(scale: Int = 8, margin: Int = 4) throws(PNGFailure) -> [UInt8] {
        let side = (width + 2 * margin) * scale
        var pixels = [UInt8](repeating: 0xFF, count: side * side)
        for y in 0..<side {
            for x in 0..<side where isDark(x: x / scale - margin, y: y / scale - margin) { pixels[y * side + x] = 0 }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(side)
        image.height = UInt32(side)
        image.format = UInt32(PNG_FORMAT_GRAY)
        // The simplified API: libpng handles its own errors (no longjmp through Swift frames).
        var size: png_alloc_size_t = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels, 0, nil) != 0, size > 0 else {
            throw PNGFailure(message: Self.message(image))
        }
        var out = [UInt8](repeating: 0, count: Int(size))
        let written = out.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels, 0, nil)
        }
        png_image_free(&image)
        guard written != 0 else { throw PNGFailure(message: Self.message(image)) }
        return Array(out.prefix(Int(size)))
    }

    public struct PNGFailure: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { "libpng: \(message)" }
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
