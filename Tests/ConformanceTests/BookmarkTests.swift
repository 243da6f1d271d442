import PIMS
import SimWorld
import Testing

/// Bookmarks of the world (issue 29): `bookmark`, `restore`, `bookmarks` on every backend, kept with
/// the world (an export carries them, a load of it restores them).
@Suite("Bookmarks")
struct BookmarkTests {
    @Test(arguments: BackendKind.available)
    func aRestoreBringsBackTheWorldAsItWasBookmarked(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let taken = try await d.control(["sim": "bookmark", "name": "before the SMS"])
            #expect(taken.ok, "\(taken.error ?? "")")
            #expect(taken["bookmark"]?["name"] == "before the SMS")
            #expect(taken["bookmark"]?["at"] == "2026-01-05T09:00:00Z")
            let account = try await d.account()

            expectSuccess(await d.requestEnrollmentSMS())
            try await d.advance(120)
            #expect(try await d.control(["sim": "inbox", "phone": "0612345678"])["messages"]?.arrayValue?.count == 1)

            let restored = try await d.control(["sim": "restore", "name": "before the SMS"])
            #expect(restored.ok, "\(restored.error ?? "")")
            #expect(restored["now"] == "2026-01-05T09:00:00Z")
            #expect(try await d.control(["sim": "inbox", "phone": "0612345678"])["messages"] == [])
            #expect(try await d.account() == account)
            // The same path walks the same way again: a code is sent as the first time.
            expectSuccess(await d.requestEnrollmentSMS())

            let listed = try await d.control(["sim": "bookmarks"])
            #expect(listed["bookmarks"] == [["name": "before the SMS", "at": "2026-01-05T09:00:00Z"]])
        }
    }

    @Test(arguments: BackendKind.available)
    func theSameNameReplacesAndRestoreSurvivesResetAndExport(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            #expect(try await d.control(["sim": "bookmark", "name": "start"]).ok)
            try await d.advance(3600)
            let again = try await d.control(["sim": "bookmark", "name": "start"])
            #expect(again["bookmarks"] == [["name": "start", "at": "2026-01-05T10:00:00Z"]])
            #expect(try await d.control(["sim": "bookmark", "name": "later"]).ok)

            // reset goes back to the scenario loaded, and keeps the bookmarks.
            let reset = try await d.control(["sim": "reset"])
            #expect(reset.ok)
            let afterReset = try await d.control(["sim": "bookmarks"])["bookmarks"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(afterReset == ["start", "later"])
            let later = try await d.control(["sim": "restore", "name": "later"])
            #expect(later["now"] == "2026-01-05T10:00:00Z")

            // An export carries them; loading it brings them back.
            #expect(try await d.control(["sim": "bookmark", "name": "kept"]).ok)
            let exported = try #require(try await d.control(["sim": "export"])["scenario"]?.stringValue)
            #expect(exported.contains("bookmarks:"))
            #expect(try await d.control(["sim": "load", "yaml": .string(exported), "origin": "export"]).ok)
            let loaded = try await d.control(["sim": "bookmarks"])["bookmarks"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(loaded?.contains("kept") == true)
            #expect(try await d.control(["sim": "restore", "name": "kept"]).ok)
        }
    }

    @Test(arguments: BackendKind.available)
    func refusalsNameWhatIsWrongAndChangeNothing(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let missing = try await d.control(["sim": "restore", "name": "nope"])
            #expect(!missing.ok)
            #expect(missing.error == "restore: no bookmark \"nope\" (none kept)")
            let empty = try await d.control(["sim": "bookmark", "name": ""])
            #expect(empty.error?.contains("\"name\" must have 1 to 64 characters") == true, "\(empty.error ?? "")")
            let escape = try await d.control(["sim": "bookmark", "name": "a\u{1B}]0;x\u{07}"])
            #expect(escape.error?.contains("control or formatting characters") == true, "\(escape.error ?? "")")
            for i in 1...Bookmark.limit { #expect(try await d.control(["sim": "bookmark", "name": .string("b\(i)")]).ok) }
            let full = try await d.control(["sim": "bookmark", "name": "one more"])
            #expect(full.error == "bookmark: \(Bookmark.limit) bookmarks are kept already (the same name replaces one)")
            #expect(try await d.control(["sim": "bookmark", "name": "b3"]).ok, "the same name still replaces one")
            let listed = try await d.control(["sim": "bookmarks"])["bookmarks"]?.arrayValue
            #expect(listed?.count == Bookmark.limit)
            let unknown = try await d.control(["sim": "restore", "name": "nope"])
            #expect(unknown.error?.hasPrefix("restore: no bookmark \"nope\" (kept: b1, b2, b3,") == true, "\(unknown.error ?? "")")
        }
    }
}
