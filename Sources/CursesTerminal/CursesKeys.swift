#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesW
import TerminalUI

/// The keys' escape sequences from the terminal's database (terminfo), for `KeyDecoder`: a
/// terminal whose keys follow no common form (the Linux console's F1 is `ESC [[A`) is read right.
enum CursesKeys {
    /// Read after curses has loaded the terminal's entry.
    static func sequences() -> [[UInt8]: Key] {
        var table: [[UInt8]: Key] = [:]
        let named: [(String, Key)] = [
            ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
            ("khome", .home), ("kend", .end), ("kpp", .pageUp), ("knp", .pageDown),
            ("kcbt", .backTab), ("kent", .enter), ("kdch1", .delete), ("kich1", .insert),
        ] + (1...12).map { ("kf\($0)", .function($0)) }
        for (name, key) in named {
            guard let sequence = cnc_key_sequence(name) else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(sequence).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(sequence)))
            // Where two keys share a sequence, the first named keeps it.
            if !bytes.isEmpty, table[bytes] == nil { table[bytes] = key }
        }
        return table
    }
}
