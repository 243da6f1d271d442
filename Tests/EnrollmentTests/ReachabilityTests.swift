import Enrollment
import PIMS
import SimWorld
import Testing

/// Issue 9.4: every error code the PIMS contract names can be met from the screens. Each code is
/// reached by keys on the in-process simulator (the fault form puts any code of the contract on the
/// next call); the codes that need a path of their own have one (2002, 2010, 2366, 2317 → step A).
@Suite struct ReachabilityTests {
    /// The codes the contract's rules answer (docs/pims-rules.md, as coverage counts them), and the
    /// codes of its faults (§7).
    static let contractCodes = Set(PIMSSystem.ruleCatalogue.errorCodes.compactMap { Int($0) } + [2201, 2202, 2204]).sorted()

    @Test func theContractNamesTheCodesThisSuiteExpects() {
        // If the contract gains a code, this list (and the paths below) must be looked at again.
        #expect(Self.contractCodes.count >= 25)
        #expect(Set([2002, 2010, 2302, 2307, 2317, 2366]).isSubset(of: Self.contractCodes))
    }

    @Test("Every code of the contract reaches the banner through the simulator's fault form (F6) and a flow", arguments: contractCodes)
    func reachableByTheFaultForm(_ code: Int) async throws {
        let app = try await App.start("fresh")
        // Simulator: target pims.authentication.account (t twice), F6, the code, Enter.
        await app.send(.choose(.open(.simulator)), .simulator(.cycleFaultTarget), .simulator(.cycleFaultTarget), .simulator(.openFaultForm))
        #expect(await app.state.simulator.faultTargetName == "pims.authentication.account")
        #expect(await app.state.editing, "the form is typed into at once")
        await app.type("\(code)")
        await app.send(.submit)
        let added = await app.state.simulator
        #expect(added.faults.count == 1, "\(String(describing: added.dialog?.form.error))")
        // The guided enrollment's step 1 meets it.
        await app.send(.cancel, .choose(.open(.guided)))
        let state = await app.state
        if code == 2302 {
            // Strong authentication needed: the OTP page is how the app answers it (R17).
            #expect(state.route == .otp)
        } else {
            #expect(state.notice?.code == "\(code)")
            #expect(state.log.entries.last?.response?.error?.code == ErrorCodeValue.number(code))
        }
    }

    @Test("A code outside the contract is refused by the backend, and the form says so")
    func aCodeOutsideTheContractIsRefused() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.simulator)), .simulator(.openFaultForm))
        await app.type("9999")
        await app.send(.submit)
        let state = await app.state
        #expect(state.simulator.faults.isEmpty)
        #expect(state.notice?.kind == .error)
    }

    @Test("2002: on SDK 2.0 the flow says why 4·1 is skipped and offers to force it, without send as typed: R8 answers 2002")
    func shortcutForcedOnSDK20() async throws {
        let app = try await App.start("legacy-sdk", SessionConfig(sdk: .v2_0))
        await app.send(.choose(.open(.guided)))
        var state = await app.state
        #expect(state.guided.stage == .registerPhone, "SDK 2.0 goes straight to the full method")
        #expect(state.guided.message?.contains("4·1 skipped: The shortcut (4·1) needs SDK 2.1 or later") == true)
        #expect(!state.sendAsTyped)
        #expect(state.availableCommands.contains { $0.action == .guided(.chooseShortcut) && $0.title == "force 4·1" })
        await app.send(.guided(.chooseShortcut))
        #expect(await app.state.guided.stage == .shortcutPhone)
        await app.send(.choose(.edit))
        await app.type("0612345678")
        await app.send(.submit, .choose(.autofillCode))  // the code, then the focus on the PIN
        await app.typePINTwice("1357")
        await app.send(.submit)
        state = await app.state
        #expect(state.notice?.code == "2002")
        #expect(state.guided.statuses[.s4_1] == .failed)
    }

    @Test("2317 from another flow (account management C on pin-blocked) offers step A; A asks before it removes")
    func forbiddenOperationOffersStepA() async throws {
        let app = try await App.start("pin-blocked")
        await app.send(.choose(.open(.account)), .account(.startTask(.updatePIN)))
        await app.sendUpdatePIN(old: "1234", new: "4321")
        var state = await app.state
        #expect(state.notice?.code == "2317")
        if await app.state.editing { await app.send(.cancel) }  // letters are commands again
        state = await app.state
        let stepA = try #require(state.availableCommands.first { $0.action == .choose(.stepA) })
        #expect(stepA.key == .char("A"))
        await app.send(.choose(.stepA))
        state = await app.state
        #expect(state.route == .account)
        #expect(state.account.task == .removeAll)
        #expect(state.confirmation != nil, "step A asks first")
        #expect(state.notice == nil, "C's 2317 stays with C: A's confirmation has no banner of its own yet")
        await app.send(.submit)
        #expect(await app.account().pin == nil)
        #expect(await app.state.notice?.code != "2317")
    }

    @Test("Leaving a screen leaves its banner: Home does not show advice with keys it does not have")
    func bannerStaysWithItsScreen() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.carKey)), .carKey(.checkStatus))
        #expect(await app.state.notice?.code == "2010")
        await app.send(.cancel)
        let state = await app.state
        #expect(state.route == .home)
        #expect(state.notice == nil)
    }
}
