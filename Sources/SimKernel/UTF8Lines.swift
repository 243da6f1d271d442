import Foundation

public enum UTF8Lines {
    /// The line (1-based) of the first byte that is not UTF-8: where a file refused as "not UTF-8
    /// text" must be mended.
    public static func firstInvalid(in data: Data) -> Int {
        var bytes = data.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput, .error: return line
            }
        }
    }
}
