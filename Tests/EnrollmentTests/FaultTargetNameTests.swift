import Testing
@testable import Enrollment

/// Issue 38 (7): fault targets told apart in a narrow column.
@Suite struct FaultTargetNameTests {
    static let pims = PIMSFront.faultTargets

    @Test func wholeNamesWhenEveryTargetFits() {
        for name in Self.pims { #expect(FaultTargetName.shown(name, among: Self.pims, width: 40) == name) }
    }

    @Test func theSharedPrefixGoesForAllOnceOneTargetDoesNotFit() {
        #expect(FaultTargetName.shown("pims.authentication.otp", among: Self.pims, width: 30) == "authentication.otp")
        #expect(FaultTargetName.shown("pims.vehicle.vin", among: Self.pims, width: 30) == "vehicle.vin")
        #expect(FaultTargetName.shown("pims.authentication.trustedphonenumber", among: Self.pims, width: 30) == "…trustedphonenumber")
    }

    @Test(arguments: [12, 20, 29, 33])
    func everyTargetReadsDifferentlyAndFits(width: Int) {
        let shown = Self.pims.map { FaultTargetName.shown($0, among: Self.pims, width: width) }
        #expect(Set(shown).count == Self.pims.count, "\(shown)")
        #expect(shown.allSatisfy { $0.count <= width || !$0.dropFirst().contains(".") }, "\(shown)")
    }

    @Test func aTailSharedWithAnotherTargetGrowsUntilItIsUnique() {
        let all = ["x.a.vin", "x.b.vin", "x.c.other"]
        #expect(FaultTargetName.shown("x.a.vin", among: all, width: 4) == "…a.vin")
        #expect(FaultTargetName.sharedPrefix(all) == "x.")
        #expect(FaultTargetName.sharedPrefix(["a.b", "c.d"]) == "")
    }
}
