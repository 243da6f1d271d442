import Testing
import TerminalUI

/// The driver's queue of events read ahead: in order, but Ctrl-C first, dropping what was typed
/// before it, as a terminal's interrupt flushes typed-ahead input.
@Suite struct TypeAheadTests {
    static func keys(_ text: String) -> [TerminalEvent] { Key.typing(text).map { .key($0) } }

    @Test func eventsComeOutInOrder() {
        var queue = TypeAhead()
        queue.append(contentsOf: Self.keys("ab") + [.resize(Size(width: 100, height: 30)), .paste("x\ny")])
        #expect(queue.count == 4)
        var out: [TerminalEvent] = []
        while let event = queue.next() { out.append(event) }
        #expect(out == Self.keys("ab") + [.resize(Size(width: 100, height: 30)), .paste("x\ny")])
        #expect(queue.isEmpty)
    }

    @Test func ctrlCGoesBeforeTenThousandKeysAndDropsThem() {
        var queue = TypeAhead()
        queue.append(contentsOf: Array(repeating: .key(.char("x")), count: 10_000))
        queue.append(.key(.ctrlC))
        queue.append(contentsOf: Self.keys("after"))
        #expect(queue.next() == .key(.ctrlC))
        var rest: [TerminalEvent] = []
        while let event = queue.next() { rest.append(event) }
        #expect(rest == Self.keys("after"))
    }

    @Test func eachCtrlCIsHandedOutOnce() {
        var queue = TypeAhead()
        queue.append(contentsOf: Self.keys("a") + [.key(.ctrlC)] + Self.keys("b") + [.key(.ctrlC)] + Self.keys("c"))
        #expect(queue.next() == .key(.ctrlC))
        #expect(queue.next() == .key(.ctrlC))
        #expect(queue.next() == .key(.char("c")))
        #expect(queue.next() == nil)
    }

    @Test func aQueueFedWhileItDrainsKeepsEveryEventInOrder() {
        var queue = TypeAhead()
        var out: [TerminalEvent] = []
        for i in 0..<20_000 {
            queue.append(.key(.char(Character(String(i % 10)))))
            if i % 3 == 0, let event = queue.next() { out.append(event) }
        }
        while let event = queue.next() { out.append(event) }
        #expect(out == (0..<20_000).map { .key(.char(Character(String($0 % 10)))) })
    }
}
