/// A row of a `KeyedList`: found by its key, and by the tags (secondary keys) it declares.
public protocol KeyedRow: Sendable, Hashable {
    associatedtype Tag: Hashable & Sendable = Never
    var rowKey: String { get }
    /// What else the list finds this row by (an account: its phone, the phones its codes went to).
    var rowTags: [Tag] { get }
}

extension KeyedRow where Tag == Never {
    public var rowTags: [Never] { [] }
}

/// A list in order (the order a scenario and an export write) that finds a row by key and by tag in
/// constant time, whatever its length, and logs which rows a step changed so that a store writes
/// those rows only. Equality and coding see the rows alone.
///
/// The indexes follow every change made through the list: a row changed in place (`list[i].x = …`)
/// is re-indexed when its key or tags moved; an append indexes the new row; anything else (an
/// insert or a removal, which moves positions) rebuilds them.
public struct KeyedList<Row: KeyedRow>: Sendable {
    public private(set) var rows: [Row]
    /// The first position of each key (as `firstIndex` would find it).
    private var positions: [String: Int] = [:]
    private var tagged: [Row.Tag: Set<Int>] = [:]
    public private(set) var log = ChangeLog<Row>()

    public init(_ rows: [Row]) {
        self.rows = rows
        rebuild()
    }

    /// The position of the row with this key.
    public func index(of key: String) -> Int? { positions[key] }

    public subscript(key key: String) -> Row? { positions[key].map { rows[$0] } }

    /// The positions of the rows tagged `tag`, in list order.
    public func positions(tagged tag: Row.Tag) -> [Int] { tagged[tag].map { $0.sorted() } ?? [] }

    // MARK: the change log

    /// Starts a new log: from now on `changes(since: token)` tells what changed.
    public mutating func startLog(_ token: UInt64) { log = ChangeLog(token: token) }

    /// The positions of the rows that differ from what they were when the log with `token` started
    /// (new rows included), in order; nil when the list was replaced or its rows moved since (every
    /// row is to be written).
    public func changes(since token: UInt64) -> [Int]? {
        guard token == log.token, token != 0, !log.moved else { return nil }
        return log.before.filter { i, old in old != rows[i] }.keys.sorted()
    }

    private mutating func rebuild() {
        positions = [:]
        tagged = [:]
        positions.reserveCapacity(rows.count)
        for (i, row) in rows.enumerated() {
            if positions[row.rowKey] == nil { positions[row.rowKey] = i }
            for tag in row.rowTags { tagged[tag, default: []].insert(i) }
        }
    }

    /// After the row at `i` changed from `old`.
    private mutating func reindex(_ i: Int, old: Row) {
        if log.token != 0 && log.before.index(forKey: i) == nil { log.before[i] = old }
        let row = rows[i]
        if row.rowKey != old.rowKey {
            rebuild()
            return
        }
        let (oldTags, newTags) = (old.rowTags, row.rowTags)
        if newTags == oldTags { return }
        for tag in oldTags where !newTags.contains(tag) {
            tagged[tag]?.remove(i)
            if tagged[tag]?.isEmpty == true { tagged[tag] = nil }
        }
        for tag in newTags { tagged[tag, default: []].insert(i) }
    }
}

/// What a list's rows were before a step changed them: each touched position's first value (nil for a
/// row added), unless rows moved (an insert or a removal), when every row counts as changed.
public struct ChangeLog<Row: Sendable & Hashable>: Sendable {
    /// 0 for a list made afresh: no log started (nothing is recorded), and everything in it is new.
    var token: UInt64 = 0
    var before: [Int: Row?] = [:]
    var moved = false
}

extension KeyedList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    public init() { self.init([]) }

    public subscript(position: Int) -> Row {
        get { rows[position] }
        set {
            let old = rows[position]
            rows[position] = newValue
            reindex(position, old: old)
        }
        _modify {
            let old = rows[position]
            defer { reindex(position, old: old) }
            yield &rows[position]
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Row {
        if subrange.isEmpty && subrange.lowerBound == rows.count {
            // An append: the rows before keep their positions.
            for row in newElements {
                let i = rows.count
                rows.append(row)
                if positions[row.rowKey] == nil { positions[row.rowKey] = i }
                for tag in row.rowTags { tagged[tag, default: []].insert(i) }
                if log.token != 0 { log.before[i] = .some(nil) }
            }
            return
        }
        rows.replaceSubrange(subrange, with: newElements)
        log.moved = true
        rebuild()
    }
}

extension KeyedList: Hashable {
    public static func == (a: Self, b: Self) -> Bool { a.rows == b.rows }
    public func hash(into hasher: inout Hasher) { hasher.combine(rows) }
}

extension KeyedList: ExpressibleByArrayLiteral {
    public init(arrayLiteral rows: Row...) { self.init(rows) }
}

extension KeyedList: Codable where Row: Codable {
    public init(from decoder: any Decoder) throws { self.init(try [Row](from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try rows.encode(to: encoder) }
}

extension KeyedList: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { rows.description }
    public var debugDescription: String { rows.debugDescription }
}
