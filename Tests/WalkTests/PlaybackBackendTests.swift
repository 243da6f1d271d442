import Foundation
import SimKernel
import Testing
import Walk
import WalkPlayer

/// The player's backend answers only the calls the walk made; any other call is the replay leaving
/// the walk's path, said as such for every system (not as one system's "unknown error").
@Suite struct PlaybackBackendTests {
    @Test func aCallTheWalkNeverMadeAnswersReplayDiverged() async throws {
        let walk = try Walk.read(path: WalkSuiteTests.keptTours + "/shortcut-enrollment.jsonl")
        let made = try #require(walk.calls.first)
        let backend = PlaybackBackend(walk, clock: PlaybackClock())

        let strange = CallRequest(.call, "pims.never.called")
        let diverged = await backend.send(strange, session: made.session)
        #expect(diverged.error?.code == .text("REPLAY_DIVERGED"))
        #expect(diverged.error?.label == "The walk never made this call")
        #expect(diverged.error?.detail?.contains("pims.never.called") == true)

        // The walk's own call is answered with what the walk recorded.
        #expect(await backend.send(made.request, session: made.session) == made.response)
    }
}
