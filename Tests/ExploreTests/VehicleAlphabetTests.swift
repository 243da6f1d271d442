import Explore
import Testing

/// The explorer's values for the Vehicle screen's forms (R29): a deferred time of day derived from
/// the world's clock, and the programs' words the form sends as JSON.
@Suite struct VehicleAlphabetTests {
    @Test("The deferred-charge form's time: a quarter of an hour after the world's clock (PT<h>H<m>M), beside fixed and wrong ones")
    func deferredTimeFollowsTheClock() async throws {
        let start = try #require(try ExploreStart.all(["remote-ready"]).first)
        let run = try await ExploreRun(start, oracles: Oracles(enabled: []))
        // Logged in, the Vehicle screen, the e-208 selected; +1 min; the deferred form, its time edited.
        for key in ["Enter", "PgDn", "Enter", "Enter", "t", "d", "Tab", "i"] { _ = await run.apply(.key(key)) }
        #expect(run.state.editingField?.id == .deferredTime)
        // remote-ready starts at 09:00:00Z; t advanced the clock a minute: 09:16 is a quarter of an hour on.
        let values = Alphabet.values(run.state, harvest: run.harvest)
        #expect(values.first == "PT9H16M", "\(values)")
        #expect(values.contains("PT22H30M") && values.contains("later"))
    }

    @Test("The preconditioning form's programs: keep, none, a program the form turns into R29's JSON, and wrong ones")
    func programsAreTheFormsWords() async throws {
        let start = try #require(try ExploreStart.all(["remote-ready"]).first)
        let run = try await ExploreRun(start, oracles: Oracles(enabled: []))
        for key in ["Enter", "PgDn", "Enter", "Enter", "a", "Tab", "i"] { _ = await run.apply(.key(key)) }
        #expect(run.state.editingField?.id == .programs)
        #expect(Alphabet.values(run.state, harvest: run.harvest).prefix(3) == ["keep", "none", "07:30 mon,wed"])
    }
}
