import SimKernel
import Testing

/// A `StateBag` reads each state by its key, and compares and hashes as the states it keeps: a
/// state set back to its key's empty state counts as never kept.
@Suite struct StateBagTests {
    static let count = StateKey("count", empty: 0)
    static let name = StateKey("name", empty: "")

    @Test func aKeyNeverSetReadsItsEmptyStateAndEachKeyKeepsItsOwnType() {
        var bag = StateBag()
        #expect(bag[Self.count] == 0)
        bag[Self.count] = 3
        bag[Self.name] = "alice"
        #expect(bag[Self.count] == 3)
        #expect(bag[Self.name] == "alice")
        // The same id under another type is another state: it reads its own empty state.
        #expect(bag[StateKey("count", empty: "none")] == "none")
    }

    @Test func bagsCompareByTheirStatesAndAnEmptyStateEqualsNone() {
        var a = StateBag(), b = StateBag()
        a[Self.count] = 3
        #expect(a != b)
        b[Self.count] = 3
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b[Self.name] = "bob"
        #expect(a != b)
        #expect(b != a)
        b[Self.name] = ""
        #expect(a == b, "set back to empty: as if never kept")
        #expect(b == a)
        #expect(a.hashValue == b.hashValue)
        a[Self.count] = 0
        #expect(a == StateBag())
        #expect(a.hashValue == StateBag().hashValue)
    }
}
