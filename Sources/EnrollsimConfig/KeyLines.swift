/// The line of each top-level key and table header in a TOML text that has parsed: TOMLKit reports
/// lines for syntax errors only, and a refusal of a key's value must name its line too.
///
/// The scan skips what cannot hold a key: comments, strings (multi-line ones included) and the
/// continuation lines of arrays and inline tables. For a dotted key (`a.b = 1`) and a table header
/// (`[a.b]`) the first segment is recorded; the first occurrence of a name wins.
enum KeyLines {
    static func scan(_ text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        var scanner = Scanner(Array(text.unicodeScalars))
        var inTable = false
        while !scanner.atEnd {
            scanner.skipBlank()
            let line = scanner.line
            guard let c = scanner.peek else { break }
            if c == "\n" || c == "#" {
                scanner.skipToNextLine()
                continue
            }
            if c == "[" {
                // [table] or [[array of tables]]: later keys belong to it.
                while scanner.peek == "[" { scanner.advance() }
                scanner.skipBlank()
                if let name = scanner.keySegment(), lines[name] == nil { lines[name] = line }
                inTable = true
                scanner.skipToNextLine()
                continue
            }
            if let name = scanner.keySegment(), !inTable, lines[name] == nil { lines[name] = line }
            scanner.skipValue()
        }
        return lines
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        mutating func skipBlank() {
            while let c = peek, c == " " || c == "\t" || c == "\r" { advance() }
        }

        mutating func skipToNextLine() {
            while let c = peek, c != "\n" { advance() }
            if !atEnd { advance() }
        }

        /// A bare or quoted key segment, without its quotes.
        mutating func keySegment() -> String? {
            guard let c = peek else { return nil }
            if c == "\"" || c == "'" {
                let start = index + 1
                skipString()
                return String(String.UnicodeScalarView(scalars[start..<max(start, index - 1)]))
            }
            var name = String.UnicodeScalarView()
            while let c = peek, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" {
                name.append(c)
                advance()
            }
            return name.isEmpty ? nil : String(name)
        }

        /// From after a key to the end of its value: brackets nest, strings and comments hide them.
        mutating func skipValue() {
            var depth = 0
            while let c = peek {
                switch c {
                case "\"", "'": skipString()
                case "#":
                    while let c = peek, c != "\n" { advance() }
                case "[", "{":
                    depth += 1
                    advance()
                case "]", "}":
                    depth -= 1
                    advance()
                case "\n":
                    advance()
                    if depth <= 0 { return }
                default: advance()
                }
            }
        }

        /// A string in any of TOML's four forms, from its opening quote to after its closing one.
        mutating func skipString() {
            guard let quote = peek else { return }
            let multiLine = peek(1) == quote && peek(2) == quote
            if multiLine {
                advance(); advance(); advance()
                while !atEnd {
                    if quote == "\"" && peek == "\\" { advance(); if !atEnd { advance() }; continue }
                    if peek == quote && peek(1) == quote && peek(2) == quote {
                        advance(); advance(); advance()
                        // Up to two more quotes belong to the content ("""a""""" is valid).
                        while peek == quote { advance() }
                        return
                    }
                    advance()
                }
                return
            }
            advance()
            while let c = peek, c != "\n" {
                if quote == "\"" && c == "\\" { advance(); if !atEnd { advance() }; continue }
                advance()
                if c == quote { return }
            }
        }
    }
}
