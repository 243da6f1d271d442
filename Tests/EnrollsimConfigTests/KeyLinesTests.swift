import Testing
@testable import EnrollsimConfig

/// The line scan that places a refused key: what looks like a key inside a string, an array or a
/// table must not be taken for one.
@Suite struct KeyLinesTests {
    @Test func topLevelKeysHaveTheirLines() {
        let lines = KeyLines.scan("""
            # a comment: theme = "x"
            backend = "http://h:1"   # trailing = comment

              device='d'
            "platform" = "ios"
            sdk.minor = 3
            """)
        #expect(lines == ["backend": 2, "device": 4, "platform": 5, "sdk": 6])
    }

    @Test func stringsAndArraysHideWhatLooksLikeKeys() {
        let lines = KeyLines.scan(#"""
            user = """
            theme = "inside a string"
            """
            scenario = [
              "device", 'mouse = 1',
              { platform = "x" },
            ]
            note = "escaped \" quote = still a string"
            theme = "dark"
            """#)
        #expect(lines == ["user": 1, "scenario": 4, "note": 8, "theme": 9])
    }

    @Test func keysAfterATableHeaderAreNotTopLevel() {
        let lines = KeyLines.scan("""
            mouse = true
            [tui]
            theme = "light"
            [[servers]]
            """)
        #expect(lines == ["mouse": 1, "tui": 2, "servers": 4])
    }
}
