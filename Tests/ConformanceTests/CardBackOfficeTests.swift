import Card
import SimKernel
import SimWorld
import Testing

/// The back office's controls on a purchase waiting for the phone (docs/card-rules.md §4): the
/// cardholder's other phone answers it (`casa.otherPhone`), or the bank withdraws it (`casa.withdraw`);
/// the phone's own answer then meets C4–C8's transaction checks.
@Suite struct CardBackOfficeTests {
    @Test(arguments: BackendKind.available)
    func anotherPhoneRejectingClosesThePurchaseForEveryAnswerOfThisOne(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let auto = try await d.casa.purchase("8888")
            let answer = try await d.control(SimControl.casaOtherPhone(.reject).json)
            #expect(answer.ok && answer["transaction"]?["transactionId"] == .string(auto) && answer["transaction"]?["transactionStatus"] == "rejected",
                    "\(answer.json)")
            expectCardError(await d.casa.cancel(auto), .transactionClosed, mentioning: "is rejected")
            expectCardError(await d.casa.verifyPIN("1234", auto), .transactionClosed)
            expectCardError(await d.casa.touchID("success", auto), .transactionClosed)
            let standard = try await d.casa.purchase("4242")
            #expect(try await d.control(SimControl.casaOtherPhone(.approve).json).ok)
            expectCardError(await d.casa.authenticate("1234", standard), .transactionClosed, mentioning: "is approved")
            #expect(await d.casa.status(standard) == "approved")
            // Nothing is left waiting: a third answer is refused and changes nothing.
            let none = try await d.control(SimControl.casaOtherPhone(.reject).json)
            #expect(!none.ok && none.error?.contains("no purchase waiting on the phone of session \"default\"") == true, "\(none.json)")
        }
    }

    @Test(arguments: BackendKind.available)
    func anotherPhoneApprovingAnAutoEnrollmentSetsTheNewCardUpAndThisPhonesVerificationWaitsForNothing(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let auto = try await d.casa.purchase("8888")
            expectCardSuccess(await d.casa.verifyPIN("1234", auto))
            #expect(try await d.control(SimControl.casaOtherPhone(.approve, transaction: auto).json).ok)
            expectCardError(await d.casa.autoEnroll(), .notVerified)
            let world = try await d.casa.exportedWorld()
            #expect(world.casa.card("acct-8888")?.state == .active)
            #expect(world.casa.transaction(auto)?.status == .approved)
        }
    }

    @Test(arguments: BackendKind.available)
    func anotherPhoneCannotApproveWithALockedPINNorAnAnsweredPurchase(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase("4242")
            for _ in 0..<3 { await d.casa.authenticate("0000", id) }
            let other = try await d.casa.purchase("4242")
            let locked = try await d.control(SimControl.casaOtherPhone(.approve).json)
            #expect(!locked.ok && locked.error?.contains("is locked") == true, "\(locked.json)")
            #expect(await d.casa.status(other) == "pending")
            let declined = try await d.control(SimControl.casaOtherPhone(.reject, transaction: id).json)
            #expect(!declined.ok && declined.error?.contains("is declined") == true, "\(declined.json)")
        }
    }

    @Test(arguments: BackendKind.available)
    func aWithdrawnPurchaseIsUnknownToEveryAnswerAndGoneFromThePhone(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let auto = try await d.casa.purchase("8888")
            expectCardSuccess(await d.casa.verifyPIN("1234", auto))
            let answer = try await d.control(SimControl.casaWithdraw().json)
            #expect(answer.ok && answer["withdrawn"]?["transactionId"] == .string(auto) && answer["removedFrom"] == ["default"], "\(answer.json)")
            for response in [await d.casa.cancel(auto), await d.casa.verifyPIN("1234", auto), await d.casa.touchID("success", auto),
                             await d.casa.getTransaction(auto)] {
                expectCardError(response, .noTransaction, mentioning: "no transaction \(auto)")
            }
            expectCardError(await d.casa.autoEnroll(), .notVerified)
            let standard = try await d.casa.purchase("4242")
            #expect(try await d.control(SimControl.casaWithdraw(transaction: standard).json).ok)
            expectCardError(await d.casa.authenticate("1234", standard), .noTransaction)
            #expect(try await d.casa.pushes().isEmpty)
            let world = try await d.casa.exportedWorld()
            #expect(world.casa.transactions.isEmpty && world.casa.device(session: "default")?.pushes.isEmpty == true)
            let again = try await d.control(SimControl.casaWithdraw(transaction: standard).json)
            #expect(!again.ok && again.error == "casa.withdraw: no transaction \(standard)", "\(again.json)")
        }
    }

    @Test func theControlsAreReadStrictly() throws {
        #expect(try CardControl(SimControl(json: ["sim": "casa.otherPhone", "answer": "approve"])) == .otherPhone(session: "default", transaction: nil, answer: .approve))
        #expect(try CardControl(.casaWithdraw(session: "ipad", transaction: "T1")) == .withdraw(session: "ipad", transaction: "T1"))
        #expect(throws: ControlError.self) { try CardControl(SimControl(json: ["sim": "casa.otherPhone", "answer": "maybe"])) }
        #expect(throws: ControlError.self) { try CardControl(SimControl(json: ["sim": "casa.withdraw", "card": "4242"])) }
    }
}
