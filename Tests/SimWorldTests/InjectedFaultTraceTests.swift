import PIMS
import SimKernel
@testable import SimWorld
import Testing

/// An injected fault is traced to the rule the call would have gone through, when that rule lists
/// the fault's code (issue 41: QA reach an error branch's screens by a fault; coverage counts it apart).
@Suite("Injected faults in the answer's trace")
struct InjectedFaultTraceTests {
    @Test func aFaultWhoseCodeTheCallsRuleListsIsTracedToThatRuleAsInjected() throws {
        var sim = try Simulator(scenario: "enrolled")
        _ = sim.control(.fault(FaultRule(name: "pims.authentication.trustedphonenumber", code: 2307, times: 1)))
        let trace = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default").response.trace
        // R3 (trusted phone number) lists 2307.
        #expect(trace?.rule == "R3")
        #expect(trace?.branch == "2307")
        #expect(trace?.injected == true)
        // The fault is used up: the next call is the rule's own, not injected.
        let next = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default").response.trace
        #expect(next?.rule == "R3")
        #expect(next?.injected == false)
    }

    @Test func aCodeTheRuleDoesNotListStaysAFaultOfNoRule() throws {
        var sim = try Simulator(scenario: "enrolled")
        _ = sim.control(.fault(FaultRule(name: "pims.authentication.trustedphonenumber", code: 2351, times: 1)))
        let trace = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default").response.trace
        #expect(trace?.rule == nil)
        #expect(trace?.branch == "fault 2351")
        #expect(trace?.injected == false)
    }

    /// The rule is found by playing the call on a copy of the world: the world itself must not change.
    @Test func findingTheRuleChangesNothingInTheWorld() throws {
        var sim = try Simulator(scenario: "enrolled")
        _ = sim.control(.fault(FaultRule(name: "pims.authentication.enrollment", code: 2102, times: 1)))
        let before = sim.handle(PIMSRequests.isDeviceActivated, session: "default").response
        let faulted = sim.handle(PIMSRequests.removeEnrollments, session: "default").response
        #expect(faulted.error?.code.description == "2102")
        let after = sim.handle(PIMSRequests.isDeviceActivated, session: "default").response
        // Still enrolled: the removal the copy played was dropped with the copy.
        #expect(after.result == before.result)
        let removed = sim.handle(PIMSRequests.removeEnrollments, session: "default").response
        #expect(removed.error == nil)
        #expect(sim.handle(PIMSRequests.isDeviceActivated, session: "default").response.result != before.result)
    }

    @Test func theTraceRoundTripsThroughJSONWithItsMark() throws {
        let trace = AnswerTrace(system: "pims", rule: "R40", branch: "2351", at: SimTime(seconds: 0), injected: true)
        #expect(AnswerTrace(json: trace.json) == trace)
        #expect(trace.json["injected"] == .bool(true))
        let own = AnswerTrace(system: "pims", rule: "R40", branch: "2351", at: SimTime(seconds: 0))
        #expect(own.json["injected"] == nil)
        #expect(AnswerTrace(json: own.json)?.injected == false)
    }
}
