import Futurae
import SimKernel
import SimWorld
import Testing

@Suite("Futurae §4–§5: the futurae: section, strict, and the built-ins")
struct FuturaeScenarioTests {
    static let alice = "91133ec4-a568-42f6-a762-2bc180426939"
    static let bob = "45cab54d-bd65-43d1-a2df-7db70b375789"

    /// Line numbers below are this text's (line 1 is `name: t`).
    static let valid = """
        name: t
        description: d
        startTime: "2026-01-05T09:00:00Z"
        seed: 3
        session:
          device: dev
          lockType: sdkPinWithBiometricsOptional
        futurae:
          service:
            serviceId: s1
            serviceName: Acme Bank
          users:
            - userId: \(alice)
              username: alice@example.com
              devices: [dev]
          activations:
            - enrollmentId: a67d9732-b3be-4887-a42a-c092aea7c64d
              userId: \(alice)
              activationCode: 3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w
              shortCode: "2216 8578 5739 9044"
              bindingToken: 57S6KDIM
              expiresAt: "2026-01-05T09:10:00Z"
              status: pending
          devices:
            - session: default
              sdkPin: "1234"
              pinFailures: 1
              accounts:
                - userId: \(alice)
                  enrolledAt: "2026-01-04T18:30:00Z"
        """

    func refusal(_ yaml: String) -> ScenarioError? { scenarioRefusal(yaml, origin: "f.yaml") }

    @Test func aValidSectionLoads() throws {
        let world = try ScenarioLoader.parse(yaml: Self.valid, origin: "f.yaml")
        #expect(world.futurae.service?.serviceName == "Acme Bank")
        #expect(world.futurae.activations.first?.shortCode == ShortCode("2216857857399044"))
        #expect(world.futurae.activations.first?.bindingToken == BindingToken("57S6KDIM"))
        #expect(world.futurae.device(session: "default")?.sdkPin == SDKPIN("1234"))
        #expect(world.futurae.device(session: "default")?.pinFailures == 1)
        #expect(world.session.settings.lockType == .sdkPinWithBiometricsOptional)
        #expect(world.session.settings.unlockDuration == 60)  // the default, not written
    }

    @Test(arguments: [
        // (find, replace, line, reason)
        ("      sdkPin: \"1234\"", "      sdkPin: \"1234\"\n      pin: \"1\"", 27, "unknown key \"pin\" in futurae.devices[0]"),
        ("      status: pending", "      status: waiting", 23, "futurae.activations[0].status: not one of the allowed values"),
        ("3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w", "3qtYl0cd036QUJAhzL2/xKDWvcnUd3+iGORr2qzJw9w", 19,
         "is not an activation code (43 characters of base64url: 32 bytes)"),
        ("\"2216 8578 5739 9044\"", "\"2216 8578 5739\"", 20, "is not a shortcode"),
        ("bindingToken: 57S6KDIM", "bindingToken: 57S6KDI1", 21, "is not a binding token"),
        ("sdkPin: \"1234\"", "sdkPin: \"12\"", 26, "is not an SDK PIN (4 to 8 digits)"),
        ("      pinFailures: 1", "      pinFailures: one", 27, "futurae.devices[0].pinFailures: expected a whole number"),
        ("  service:\n    serviceId: s1\n    serviceName: Acme Bank\n", "", 8, "missing key \"service\" in futurae"),
        ("    serviceName: Acme Bank", "    serviceName: \"\"", 11, "serviceName is empty"),
        ("    - userId: \(alice)\n      username", "    - userId: alice\n      username", 13, "userId \"alice\" is not a UUID"),
        ("      userId: \(alice)\n      activationCode", "      userId: \(bob)\n      activationCode", 18, "who is not a user"),
        ("    - session: default", "    - session: ipad", 25, "no session named ipad"),
        ("      pinFailures: 1", "      pinFailures: 5", 27, "would be archived"),
        ("      sdkPin: \"1234\"\n", "", 26, "SDK PIN failures without an SDK PIN"),
        ("          enrolledAt: \"2026-01-04T18:30:00Z\"",
         "          enrolledAt: \"2026-01-04T18:30:00Z\"\n        - userId: \(alice)\n          enrolledAt: \"2026-01-04T18:30:00Z\"", 31,
         "is enrolled twice on this device"),
        ("  lockType: sdkPinWithBiometricsOptional", "  lockType: pin", 7, "lockType must be none, biometricsOnly"),
        ("  lockType: sdkPinWithBiometricsOptional", "  lockType: none\n  unlockDuration: 0", 8, "unlockDuration must be a whole number"),
    ])
    func everyRefusalNamesTheFileTheLineAndTheReason(find: String, replace: String, line: Int, reason: String) throws {
        try expectRefusal(of: Self.valid, replacing: find, with: replace, origin: "f.yaml", line: line, reason: reason)
    }

    @Test(arguments: [
        ("a67d9732-b3be-4887-a42a-c092aea7c64d", 24, "a second activation with enrollmentId"),
        ("9de78e67-037a-4436-b8b9-8ca0339b5720", 26, "this activation code is used by an earlier activation"),
    ])
    func activationsAreUniqueByIdAndCode(enrollmentId: String, line: Int, reason: String) throws {
        let second = "    - enrollmentId: \(enrollmentId)\n      userId: \(Self.alice)\n"
            + "      activationCode: 3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w\n      expiresAt: \"2026-01-05T09:10:00Z\"\n"
        let e = try #require(refusal(Self.valid.replacingOccurrences(of: "  devices:\n", with: second + "  devices:\n")))
        #expect(e.reason.contains(reason), "\(e)")
        #expect(e.line == line, "\(e)")
    }

    // MARK: PIMS files stay as they were

    @Test(arguments: ScenarioLoadingTests.pimsOnlyBuiltIns)
    func aPIMSScenarioExportsNoFuturaeSectionNorOption(name: String) throws {
        let world = try ScenarioLoader.load(.named(name))
        #expect(world.futurae == .empty)
        let yaml = try ScenarioExporter.yaml(world)
        for word in ["futurae", "lockType", "biometrics", "sessionBinding", "unlockDuration"] {
            #expect(!yaml.contains(word), "\(name) exports \(word)")
        }
    }

    // MARK: the built-ins (§5)

    static let futuraeBuiltIns = ["futurae-enrolled", "futurae-fresh", "futurae-lock-changed", "futurae-pin"]

    @Test func theFuturaeBuiltInsAreListed() {
        #expect(ScenarioLoader.builtinNames.filter { $0.hasPrefix("futurae-") } == Self.futuraeBuiltIns)
    }

    @Test(arguments: futuraeBuiltIns)
    func everyFuturaeBuiltInHasAcmeBankAliceBobAndTheDefaultSession(name: String) throws {
        let world = try ScenarioLoader.load(.named(name))
        #expect(world.name == name)
        #expect(!world.description.isEmpty)
        #expect(world.futurae.service?.serviceName == "Acme Bank")
        #expect(world.futurae.users.compactMap(\.username) == ["alice@example.com", "bob@example.com"])
        #expect(world.session.device == "alice-iphone")
        #expect(world.sessions.map(\.name) == ["default"])
        #expect(world.session.settings.biometricsAvailable)
    }

    /// An account but no SDK PIN under the SDK PIN lock type (the app changed its lock type after the
    /// enrollment): the next enroll without a PIN answers sdkPinEnrollRequired (F2.5), with one the
    /// account already there (F2.8).
    @Test func futuraeLockChangedHasAnAccountButNoSDKPIN() throws {
        let world = try ScenarioLoader.load(.named("futurae-lock-changed"))
        #expect(world.session.settings.lockType == .sdkPinWithBiometricsOptional)
        let device = try #require(world.futurae.devices.first)
        #expect(device.sdkPin == nil)
        #expect(device.accounts.count == 1)
        #expect(world.futurae.activations.filter { $0.status == .pending }.count == 1)
    }

    @Test func futuraeFreshHasNothingEnrolledUnderLockTypeNone() throws {
        let world = try ScenarioLoader.load(.named("futurae-fresh"))
        #expect(world.futurae.activations.isEmpty)
        #expect(world.futurae.devices.isEmpty)
        #expect(world.session.settings.lockType == LockConfigurationType.none)
        #expect(world.session.settings.sessionBinding == false)
    }

    @Test func futuraePinIsTheLongestPath() throws {
        let world = try ScenarioLoader.load(.named("futurae-pin"))
        #expect(world.session.settings.lockType == .sdkPinWithBiometricsOptional)
        #expect(world.session.settings.sessionBinding)
        #expect(world.futurae.devices.isEmpty)  // no SDK PIN yet
        let activation = try #require(world.futurae.activations.first)
        #expect(world.futurae.activations.count == 1)
        #expect(activation.userId == Self.alice)
        #expect(activation.status(at: world.clock) == .pending)
        #expect(activation.shortCode != nil)
        #expect(activation.binding)
    }

    @Test func futuraeEnrolledHasAliceLockedWithPIN1234AndBobPending() throws {
        let world = try ScenarioLoader.load(.named("futurae-enrolled"))
        #expect(world.session.settings.lockType == .sdkPinWithBiometricsOptional)
        let device = try #require(world.futurae.device(session: "default"))
        #expect(device.sdkPin == SDKPIN("1234"))
        #expect(device.accounts.map(\.userId) == [Self.alice])
        #expect(!device.isUnlocked(at: world.clock))
        #expect(world.futurae.user(Self.alice)?.devices == ["alice-iphone"])
        let pending = world.futurae.activations.filter { $0.status(at: world.clock) == .pending }
        #expect(pending.map(\.userId) == [Self.bob])
    }

    // MARK: round trip with every part of the section in use

    @Test func exportLoadExportIsIdenticalAfterFuturaeActivity() throws {
        var simulator = try Simulator(scenario: "futurae-enrolled")
        func call(_ name: String, _ params: [String: JSONValue] = [:]) -> CallResponse {
            simulator.handle(CallRequest(.call, name, params), session: "default").response
        }
        #expect(call("futurae.unlock", ["method": "sdkPin", "sdkPin": "0000"]).error?.name == "incorrectPin")
        #expect(call("futurae.unlock", ["method": "sdkPin", "sdkPin": "1234"]).status == .succeeded)
        let created = simulator.control(.futuraeActivation(user: "bob@example.com", shortCode: true, binding: true))
        #expect(created.ok)
        #expect(simulator.control(.fault(FaultRule(name: "futurae.enroll", latencyMs: 1500, times: 1))).ok)
        let bobsQR = try #require(created["activation"]?["qrCode"]?.stringValue)
        let token = try #require(created["activation"]?["bindingToken"]?.stringValue)
        #expect(call("futurae.enroll", ["activationCode": .string(bobsQR), "bindingToken": .string(token)]).status == .succeeded)
        #expect(simulator.control(.session(name: "ipad", settings: SessionSettings(device: "alice-ipad", options: ["lockType": "biometricsOnly"]))).ok)
        #expect(simulator.control(.advance(seconds: 30)).ok)

        let first = try ScenarioExporter.yaml(simulator.world)
        #expect(first.contains("enrollInFlightUntil"))
        #expect(first.contains("lockType: biometricsOnly"))
        let again = try ScenarioLoader.parse(yaml: first, origin: "export")
        #expect(again == simulator.world)
        #expect(try ScenarioExporter.yaml(again) == first)
    }
}
