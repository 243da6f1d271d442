import Synchronization

/// A row of a `KeyedList`: found by its key, and by the tags (secondary keys) it declares.
public protocol KeyedRow: Sendable, Hashable {
    associatedtype Tag: Hashable & Sendable = Never
    var rowKey: String { get }
    /// What else the list finds this row by (an account: its phone, the phones its codes went to).
    var rowTags: [Tag] { get }
    /// Whether `rowTags` would be `tags`: asked on every change of a row, where most changes leave
    /// the tags as they were, so a row may answer without building its tags.
    func hasRowTags(_ tags: [Tag]) -> Bool
    /// Whether `rowTags` has `tag`: how a short list (which keeps no index) finds a tag's rows, so a
    /// row may answer without building its tags.
    func isTagged(_ tag: Tag) -> Bool
}

extension KeyedRow {
    public func hasRowTags(_ tags: [Tag]) -> Bool { rowTags == tags }
    public func isTagged(_ tag: Tag) -> Bool { rowTags.contains(tag) }
}

extension KeyedRow where Tag == Never {
    public var rowTags: [Never] { [] }
    public func hasRowTags(_ tags: [Never]) -> Bool { true }
    public func isTagged(_ tag: Never) -> Bool { switch tag {} }
}

/// A list in order (the order a scenario and an export write) that finds a row by key and by tag in
/// constant time, whatever its length, and logs which rows a step changed so that a store writes
/// those rows only. Equality and coding see the rows alone.
///
/// The indexes follow every change made through the list: a row changed in place (`list[i].x = …`)
/// is re-indexed when its key or tags moved; an append indexes the new row; anything else (an
/// insert or a removal, which moves positions) rebuilds them. A short list (`scanLimit`) keeps none.
///
/// Everything here is `@inlinable`: each system's rules run through these accessors on every call, and
/// only code the compiler can specialize for the row type avoids generic metadata look-ups there
/// (issue 8's throughput figures).
public struct KeyedList<Row: KeyedRow>: Sendable {
    @usableFromInline var storage: [Row]
    /// The first position of each key (as `firstIndex` would find it).
    @usableFromInline var positions: [String: Int] = [:]
    /// The positions of each tag's rows, in order: a tag names one row or a few, where a sorted array
    /// costs less to change than a set and reads in order without sorting.
    @usableFromInline var tagged: [Row.Tag: [Int]] = [:]
    /// Each row's tags as last indexed (parallel to `storage`, in an indexed list): a change compares
    /// the row's new tags with these instead of computing the old ones again.
    @usableFromInline var tagsOf: [[Row.Tag]] = []
    @usableFromInline var changeLog = ChangeLog<Row>()

    public var rows: [Row] { storage }
    public var log: ChangeLog<Row> { changeLog }

    @inlinable
    public init(_ rows: [Row]) {
        self.storage = rows
        if !rows.isEmpty { rebuild() }
    }

    /// Up to this many rows, the list keeps no index: a key or a tag is found by asking the rows in
    /// order, and a change re-indexes nothing. A few comparisons cost less than hashing once, and the
    /// indexes cost a copy on a walk's first change after a reset; most worlds (every built-in
    /// scenario) are that short. A list that outgrows it builds its indexes.
    @inlinable static var scanLimit: Int { 8 }
    @inlinable var isIndexed: Bool { storage.count > Self.scanLimit }

    /// The position of the (first) row with this key.
    @inlinable
    public func index(of key: String) -> Int? {
        guard !isIndexed else { return positions[key] }
        return storage.withUnsafeBufferPointer { rows in
            for i in rows.indices where rows[i].rowKey == key { return i }
            return nil
        }
    }

    @inlinable
    public subscript(key key: String) -> Row? { index(of: key).map { storage[$0] } }

    /// The positions of the rows tagged `tag`, in list order.
    @inlinable
    public func positions(tagged tag: Row.Tag) -> [Int] {
        guard !isIndexed else { return tagged[tag] ?? [] }
        return storage.indices.filter { storage[$0].isTagged(tag) }
    }

    // MARK: the change log

    /// Starts a new log: from now on `changes(since: token)` tells what changed, and `count` (if
    /// given) counts each row the log records.
    @inlinable
    public mutating func startLog(_ token: UInt64, counting count: ChangeCount? = nil) { changeLog = ChangeLog(token: token, count: count) }

    /// The positions of the rows that differ from what they were when the log with `token` started
    /// (new rows included), in order; nil when the list was replaced or its rows moved since (every
    /// row is to be written).
    @inlinable
    public func changes(since token: UInt64) -> [Int]? {
        guard token == changeLog.token, token != 0, !changeLog.moved else { return nil }
        return changeLog.before.filter { i, old in old != storage[i] }.keys.sorted()
    }

    /// The first value of each row the log with `token` saw change (nil: a row added since), by
    /// position; nil when the list was replaced or its rows moved since. How a store writes what
    /// grew inside a row (a phone's pushes) without writing all of it.
    @inlinable
    public func rowsBefore(since token: UInt64) -> [Int: Row?]? {
        guard token == changeLog.token, token != 0, !changeLog.moved else { return nil }
        return changeLog.before
    }

    /// The indexes built afresh: none for a short list.
    @usableFromInline
    mutating func rebuild() {
        positions = [:]
        tagged = [:]
        tagsOf = []
        guard isIndexed else { return }
        positions.reserveCapacity(storage.count)
        tagsOf.reserveCapacity(storage.count)
        // Rows read in place: a copy of each would retain and release every field (a load's rows).
        storage.withUnsafeBufferPointer { rows in
            for i in rows.indices {
                let key = rows[i].rowKey
                if positions[key] == nil { positions[key] = i }
                let tags = rows[i].rowTags
                for tag in tags { tagged[tag, default: []].insertSorted(i) }
                tagsOf.append(tags)
            }
        }
    }

    /// Lends the row at `i` to `body` without copying it: the row is moved out of the storage and back.
    /// Reading it in place (`storage[i].x`, a buffer's subscript, a pointer's `pointee`) copies the
    /// whole row, so retains and releases every field, before a method of the row can read it: on
    /// every change of a row, twice (issue 8).
    @inlinable
    mutating func withRow<R>(_ i: Int, _ body: (Row) -> R) -> R {
        storage.withUnsafeMutableBufferPointer { rows in
            let slot = rows.baseAddress.unsafelyUnwrapped + i
            let row = slot.move()
            let result = body(row)
            slot.initialize(to: row)
            return result
        }
    }

    /// Before the row at `i` changes: the change log keeps its first value (only while a log runs, as
    /// keeping it makes the change copy the row's arrays).
    @inlinable
    mutating func logBefore(_ i: Int) {
        if changeLog.token != 0 && changeLog.before.index(forKey: i) == nil {
            changeLog.before[i] = storage[i]
            changeLog.count?.bump()
        }
    }

    /// After the row at `i` changed from a row with this key (an indexed list only).
    @inlinable
    mutating func reindex(_ i: Int, oldKey: String) {
        let oldTags = tagsOf[i]
        let (sameKey, sameTags) = withRow(i) { row in (row.rowKey == oldKey, row.hasRowTags(oldTags)) }
        if !sameKey {
            rebuild()
            return
        }
        if sameTags { return }
        let newTags = withRow(i) { $0.rowTags }
        tagsOf[i] = newTags
        for tag in oldTags where !newTags.contains(tag) {
            tagged[tag]?.removeAll { $0 == i }
            if tagged[tag]?.isEmpty == true { tagged[tag] = nil }
        }
        for tag in newTags { tagged[tag, default: []].insertSorted(i) }
    }
}

/// What a list's rows were before a step changed them: each touched position's first value (nil for a
/// row added), unless rows moved (an insert or a removal), when every row counts as changed.
public struct ChangeLog<Row: Sendable & Hashable>: Sendable {
    /// 0 for a list made afresh: no log started (nothing is recorded), and everything in it is new.
    @usableFromInline var token: UInt64 = 0
    @usableFromInline var before: [Int: Row?] = [:]
    @usableFromInline var moved = false
    /// Shared by the logs a world's store started together (`ChangeCount`).
    @usableFromInline var count: ChangeCount?

    @inlinable init() {}
    @inlinable init(token: UInt64, count: ChangeCount? = nil) {
        self.token = token
        self.count = count
    }
}

/// How many rows the logs started with it have recorded (a row's first change, an added row, rows
/// moved): one number for a whole world, so that its store learns whether a step changed any row
/// without asking each list which. Only ever counts up while the logs run; a list assigned anew
/// (not changed in place) is not counted: such a step must ask every list.
public final class ChangeCount: Sendable {
    @usableFromInline let recorded = Atomic<Int>(0)

    public init() {}

    /// Whether no log that shares it has recorded anything.
    public var isZero: Bool { recorded.load(ordering: .relaxed) == 0 }

    /// One more row recorded: for a change log's own use (a list's, a system's keyed state's).
    @inlinable public func bump() { recorded.add(1, ordering: .relaxed) }
}

extension KeyedList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.count }

    @inlinable public init() { self.init([]) }

    @inlinable
    public subscript(position: Int) -> Row {
        // Borrowed, not copied: `list[i].field` then retains the field alone, not every field of the row.
        _read { yield storage[position] }
        set {
            logBefore(position)
            guard isIndexed else {
                storage[position] = newValue
                return
            }
            let oldKey = storage[position].rowKey
            storage[position] = newValue
            reindex(position, oldKey: oldKey)
        }
        _modify {
            logBefore(position)
            guard isIndexed else {
                yield &storage[position]
                return
            }
            // The key only, not the row: a copy of the row held across the yield would make every
            // change copy the row's arrays.
            let oldKey = withRow(position) { $0.rowKey }
            defer { reindex(position, oldKey: oldKey) }
            yield &storage[position]
        }
    }

    /// The rows `shouldBeRemoved` picks removed in one pass, the indexes rebuilt once: the standard
    /// library's version swaps rows into place, and each swap here rebuilt them (closing a hundred
    /// of 10,000 sessions took minutes).
    public mutating func removeAll(where shouldBeRemoved: (Row) throws -> Bool) rethrows {
        let kept = try storage.filter { try !shouldBeRemoved($0) }
        guard kept.count != storage.count else { return }
        replaceSubrange(0..<storage.count, with: kept)
    }

    @inlinable
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Row {
        if subrange.isEmpty && subrange.lowerBound == rows.count {
            // An append: the rows before keep their positions.
            for row in newElements {
                let i = storage.count
                storage.append(row)
                if changeLog.token != 0 {
                    changeLog.before[i] = .some(nil)
                    changeLog.count?.bump()
                }
                if storage.count == Self.scanLimit + 1 {
                    rebuild()  // the list just outgrew scanning
                } else if isIndexed {
                    if positions[row.rowKey] == nil { positions[row.rowKey] = i }
                    let tags = row.rowTags
                    for tag in tags { tagged[tag, default: []].insertSorted(i) }
                    tagsOf.append(tags)
                }
            }
            return
        }
        storage.replaceSubrange(subrange, with: newElements)
        changeLog.moved = true
        changeLog.count?.bump()
        rebuild()
    }
}

extension KeyedList: Hashable {
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.storage == b.storage }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension KeyedList: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral rows: Row...) { self.init(rows) }
}

extension KeyedList: Codable where Row: Codable {
    public init(from decoder: any Decoder) throws { self.init(try [Row](from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try rows.encode(to: encoder) }
}

extension KeyedList: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { rows.description }
    public var debugDescription: String { rows.debugDescription }
}

extension Array where Element == Int {
    /// Inserts `i` where it keeps the positions in order, once.
    @inlinable
    mutating func insertSorted(_ i: Int) {
        var at = endIndex
        while at > startIndex && self[at - 1] > i { at -= 1 }
        if at > startIndex && self[at - 1] == i { return }
        insert(i, at: at)
    }
}
