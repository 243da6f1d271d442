import CZlib
import Foundation

/// A `.tar.gz` of a few small files, as `tar -xzf` reads it: ustar entries (regular files, mode
/// 0600) compressed by zlib. Enough for a bug-report bundle; read back by the same code.
public enum TarGzip {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var data: Data
        public init(name: String, data: Data) {
            self.name = name
            self.data = data
        }
    }

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    public static func archive(_ entries: [Entry], modified: Date = Date()) throws -> Data {
        var tar = Data()
        for entry in entries {
            tar.append(try header(entry, modified: modified))
            tar.append(entry.data)
            tar.append(Data(count: (512 - entry.data.count % 512) % 512))
        }
        tar.append(Data(count: 1024))  // two empty blocks end the archive
        return try gzip(tar)
    }

    public static func extract(_ gz: Data) throws -> [Entry] {
        let tar = try gunzip(gz)
        var entries: [Entry] = []
        var offset = 0
        while offset + 512 <= tar.count {
            let block = tar.subdata(in: offset..<offset + 512)
            if block.allSatisfy({ $0 == 0 }) { break }
            let name = field(block, 0, 100)
            guard let size = Int(field(block, 124, 12).trimmingCharacters(in: .whitespaces), radix: 8), size >= 0 else {
                throw Refusal(description: "entry \(entries.count + 1) has no size")
            }
            guard checksumHolds(block) else { throw Refusal(description: "entry \(entries.count + 1)'s header is damaged (checksum)") }
            let type = block[block.startIndex + 156]
            let start = offset + 512
            guard start + size <= tar.count else { throw Refusal(description: "\(name): the archive ends inside it") }
            if type == UInt8(ascii: "0") || type == 0 {
                entries.append(Entry(name: name, data: tar.subdata(in: start..<start + size)))
            }
            offset = start + (size + 511) / 512 * 512
        }
        return entries
    }

    static func header(_ entry: Entry, modified: Date) throws -> Data {
        let name = Array(entry.name.utf8)
        guard !name.isEmpty, name.count < 100 else { throw Refusal(description: "\(entry.name): a name of 1 to 99 bytes") }
        var h = [UInt8](repeating: 0, count: 512)
        func put(_ bytes: [UInt8], at: Int) { for (i, b) in bytes.enumerated() { h[at + i] = b } }
        func octal(_ value: Int, width: Int) -> [UInt8] { Array((String(repeating: "0", count: width - 1) + String(value, radix: 8)).suffix(width - 1).utf8) + [0] }
        put(name, at: 0)
        put(octal(0o600, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(entry.data.count, width: 12), at: 124)
        put(octal(max(0, Int(modified.timeIntervalSince1970)), width: 12), at: 136)
        put(Array(repeating: UInt8(ascii: " "), count: 8), at: 148)
        h[156] = UInt8(ascii: "0")
        put(Array("ustar\0".utf8) + Array("00".utf8), at: 257)
        let sum = h.reduce(0) { $0 + Int($1) }
        put(Array((String(repeating: "0", count: 6) + String(sum, radix: 8)).suffix(6).utf8) + [0, UInt8(ascii: " ")], at: 148)
        return Data(h)
    }

    /// A header's sum of bytes, its checksum field counted as spaces, is what that field says.
    static func checksumHolds(_ block: Data) -> Bool {
        guard let stored = Int(field(block, 148, 8).trimmingCharacters(in: .whitespaces), radix: 8) else { return false }
        var sum = 0
        for (i, byte) in block.enumerated() { sum += (148..<156).contains(i) ? 32 : Int(byte) }
        return sum == stored
    }

    static func field(_ block: Data, _ at: Int, _ length: Int) -> String {
        let bytes = block[(block.startIndex + at)..<(block.startIndex + at + length)].prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// zlib's deflate with a gzip wrapper (window bits 15 + 16).
    public static func gzip(_ data: Data) throws -> Data {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw Refusal(description: "zlib would not start") }
        defer { deflateEnd(&stream) }
        var out = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let status: Int32 = data.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw Refusal(description: "zlib could not compress (\(status))") }
        out.count = Int(stream.total_out)
        return out
    }

    public static func gunzip(_ data: Data) throws -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Refusal(description: "zlib would not start")
        }
        defer { inflateEnd(&stream) }
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        try data.withUnsafeBytes { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let status: Int32 = chunk.withUnsafeMutableBytes { buffer in
                    stream.next_out = buffer.bindMemory(to: Bytef.self).baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                out.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                if status == Z_STREAM_END { return }
                guard status == Z_OK else { throw Refusal(description: "not a gzip file, or a damaged one") }
                // A bundle is a few megabytes at most: past this it is not one of ours.
                guard out.count <= maximumSize else { throw Refusal(description: "more than \(maximumSize / 1_048_576) MiB unpacked") }
                if stream.avail_in == 0 && stream.avail_out != 0 { throw Refusal(description: "the gzip stream ends early") }
            }
        }
        return out
    }

    static let maximumSize = 256 * 1_048_576
}
