/// Turns the bytes a terminal sends into events, however the reads cut them: keys named by the
/// terminal's key database (terminfo's `kcuu1`, `kf1`, … given as `sequences`), the common
/// xterm forms (CSI and SS3, with or without modifiers), clicks and the wheel (SGR and X10 mouse
/// reports), bracketed paste (through `BracketedPaste`) and UTF-8 text. A sequence it does not know
/// is dropped whole, never typed as text. The driver reads everything waiting in one `read` and
/// feeds it here, instead of a `read` per byte.
///
/// A sequence cut by the end of a read is held (`isWaiting`): the rest normally follows at once.
/// If nothing comes within the driver's Esc delay, `flush()` takes what is held as typed: a lone
/// Esc is the Esc key.
public struct KeyDecoder: Sendable {
    /// Escape sequences of the terminal's key database, by their bytes.
    private let sequences: [[UInt8]: Key]
    /// Every proper prefix of those sequences: input that may still become one.
    private let prefixes: Set<[UInt8]>
    /// The same, up to 8 bytes long, as integers: a key is looked up without building arrays.
    private let shortSequences: [PackedBytes: Key]
    private let shortPrefixes: Set<PackedBytes>
    /// Bytes not decoded yet: the start of a sequence or of a UTF-8 character.
    private var held: [UInt8] = []
    private var paste = BracketedPaste()
    /// Whether the program asked for mouse reports: when not, a report that comes anyway (sent by
    /// hand, or left over from another program) is dropped, not a click.
    public var readsMouse = true

    public init(sequences: [[UInt8]: Key] = [:]) {
        let escaped = sequences.filter { $0.key.count > 1 && $0.key.first == 0x1B }
        self.sequences = escaped
        var prefixes = Set<[UInt8]>()
        for bytes in escaped.keys {
            for end in 1..<bytes.count { prefixes.insert(Array(bytes[..<end])) }
        }
        self.prefixes = prefixes
        shortSequences = Dictionary(uniqueKeysWithValues: escaped.compactMap { bytes, key in PackedBytes(bytes).map { ($0, key) } })
        shortPrefixes = Set(prefixes.compactMap { PackedBytes($0) })
    }

    /// Input is held that the next read may complete (the Esc delay is worth waiting).
    public var isWaiting: Bool { !held.isEmpty }
    /// A paste has begun and its end marker has not come yet.
    public var isInsidePaste: Bool { paste.isInsidePaste }

    /// Decodes what `bytes` complete, together with what was held.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [TerminalEvent] {
        held.append(contentsOf: bytes)
        return decodeHeld()
    }

    /// Decodes what `bytes` complete, together with what was held (a read's part of the buffer).
    public mutating func feed(_ bytes: ArraySlice<UInt8>) -> [TerminalEvent] {
        held.append(contentsOf: bytes)
        return decodeHeld()
    }

    private mutating func decodeHeld() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var i = 0
        while i < held.count {
            let step = paste.isInsidePaste ? pasted(at: i) : decoded(at: i)
            guard let step else { break }  // cut by the end of the input: wait for the rest
            for input in step.inputs { events += paste.feed(input) }
            if let event = step.event, readsMouse { events.append(event) }
            i += step.length
        }
        held.removeFirst(i)
        return events
    }

    /// Nothing more came: what is held was typed as it is. A lone Esc is the Esc key, and Esc with
    /// `[` or `O` is Esc and that key (Alt-[ and Alt-O); the start of a longer sequence, or of a
    /// character, is dropped.
    public mutating func flush() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        if !paste.isInsidePaste, held.first == 0x1B, held.count <= 2 {
            for byte in held { events += paste.feed(.scalar(Unicode.Scalar(byte))) }
        }
        held = []
        return events + paste.flush()
    }

    /// A paste whose end marker never came: what arrived, as a paste, so that keys are keys again.
    public mutating func endStalledPaste() -> [TerminalEvent] {
        held = []
        return paste.endStalledPaste()
    }

    // MARK: Decoding

    /// What one decoded piece of input hands to the paste decoder (or, a click, straight out), and
    /// how many bytes it took.
    struct Step {
        var inputs: [TerminalInput] = []
        var event: TerminalEvent?
        var length: Int
    }

    /// Inside a paste every byte is text (the paste decoder finds the end marker among it).
    private func pasted(at i: Int) -> Step? {
        guard let (scalar, length) = UTF8Input.scalar(in: held, at: i) else { return nil }
        return Step(inputs: scalar.map { [.scalar($0)] } ?? [], length: length)
    }

    private func decoded(at i: Int) -> Step? {
        guard held[i] == 0x1B else { return pasted(at: i) }
        let rest = held[i...]
        // The key database first: its sequences need not follow any standard's syntax.
        if let (key, length) = longestSequence(in: rest) { return Step(inputs: [.key(key)], length: length) }
        let isPrefix = if let packed = PackedBytes(rest) { shortPrefixes.contains(packed) } else { prefixes.contains(Array(rest)) }
        if isPrefix { return nil }
        guard rest.count > 1 else { return nil }
        switch held[i + 1] {
        case UInt8(ascii: "["):
            return EscapeSequence.control(in: rest)
        case UInt8(ascii: "O"):
            // Old xterms put a modifier before the final byte (`ESC O 5 A`).
            var end = i + 2
            while end < held.count, (0x30...0x3B).contains(held[end]) { end += 1 }
            guard end < held.count else { return nil }
            let key = EscapeSequence.singleShift(final: held[end])
            return Step(inputs: key.map { [.key($0)] } ?? [], length: end - i + 1)
        default:
            // Esc then a key (Alt-x typed, or Esc typed quickly before it): the Esc key, then the
            // next byte decoded on its own.
            return Step(inputs: [.key(.escape)], length: 1)
        }
    }

    private func longestSequence(in rest: ArraySlice<UInt8>) -> (Key, Int)? {
        guard !sequences.isEmpty, let first = rest.first else { return nil }
        var best: (Key, Int)?
        var packed = PackedBytes(first)
        for byte in rest.dropFirst() {
            // Past 8 bytes (no terminal's key is that long, but the database may say otherwise).
            guard packed.count < PackedBytes.capacity else { return longestLongSequence(in: rest) }
            packed.append(byte)
            if let key = shortSequences[packed] { best = (key, packed.count) }
            guard shortPrefixes.contains(packed) else { break }
        }
        return best
    }

    private func longestLongSequence(in rest: ArraySlice<UInt8>) -> (Key, Int)? {
        guard let first = rest.first else { return nil }
        var best: (Key, Int)?
        // One candidate grown a byte at a time: the first two bytes, then three, …
        var candidate = [first]
        candidate.reserveCapacity(8)
        for byte in rest.dropFirst() {
            candidate.append(byte)
            if let key = sequences[candidate] { best = (key, candidate.count) }
            guard prefixes.contains(candidate) else { break }
        }
        return best
    }
}

/// Up to 8 bytes as one integer, with their count: a short byte string that hashes as two words.
struct PackedBytes: Hashable, Sendable {
    static let capacity = 8
    private var bits: UInt64
    private(set) var count: Int

    init(_ first: UInt8) {
        bits = UInt64(first)
        count = 1
    }

    /// Nil when there are more than `capacity` bytes.
    init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count <= Self.capacity else { return nil }
        bits = 0
        count = 0
        for byte in bytes { append(byte) }
    }

    mutating func append(_ byte: UInt8) {
        precondition(count < Self.capacity, "at most 8 bytes")
        bits |= UInt64(byte) << (8 * count)
        count += 1
    }
}

/// UTF-8 read a scalar at a time from bytes that may end in the middle of one.
enum UTF8Input {
    /// The scalar at `i` and its length; a `nil` scalar for a byte that starts none (dropped);
    /// `nil` when the input ends inside the character.
    static func scalar(in bytes: [UInt8], at i: Int) -> (Unicode.Scalar?, Int)? {
        let lead = bytes[i]
        let length = switch lead {
        case 0..<0x80: 1
        case 0xC2..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF5: 4
        default: 0
        }
        guard length > 0 else { return (nil, 1) }
        if length == 1 { return (Unicode.Scalar(lead), 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
            guard i + k < bytes.count else { return nil }
            let byte = bytes[i + k]
            guard byte & 0xC0 == 0x80 else { return (nil, k) }  // a broken character: dropped
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (Unicode.Scalar(value), length)
    }
}
