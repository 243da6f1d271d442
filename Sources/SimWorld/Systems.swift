import Card
import Futurae
import PIMS
import SimKernel

extension World {
    /// The built-in systems, in the order their sections are read. A new system is one line here
    /// (`RegisteredSystem(S.self)` keeps its state in `World.systemStates`).
    static let builtinSystems: [RegisteredSystem] = [
        RegisteredSystem(PIMSSystem.self, \.pims),
        RegisteredSystem(FuturaeSystem.self, \.futurae),
        RegisteredSystem(CardSystem.self, \.casa),
    ]

    /// Systems registered from outside the module (a test target's), for the task that registered
    /// them and the tasks it starts: parallel tests never see another test's system.
    @TaskLocal static var added: [RegisteredSystem] = []

    /// The systems of the world: the built-in ones, then those registered.
    public static var systems: [RegisteredSystem] {
        let added = added
        return added.isEmpty ? builtinSystems : builtinSystems + added
    }

    /// Runs `body` with `systems` registered after the others: their calls, controls, options,
    /// scenario sections, export, invariants and coverage are the world's while it runs.
    public static func registering<R>(_ systems: [RegisteredSystem], _ body: () async throws -> R) async rethrows -> R {
        try await $added.withValue(added + systems, operation: body)
    }

    /// The system that answers calls named `name`: the one whose prefix it has. A name no system claims
    /// goes to the first system, whose input checks answer it (PIMS: 2002 "API not supported").
    static func system(forCall name: String) -> RegisteredSystem {
        // By bytes, compared in place: String.hasPrefix compares Characters, on every call.
        var name = name
        return name.withUTF8 { bytes in
            systems.first { system in
                let prefix = system.callPrefixBytes
                guard bytes.count >= prefix.count else { return false }
                for i in prefix.indices where bytes[i] != prefix[i] { return false }
                return true
            }
        } ?? systems[0]
    }

    static func system(forControl kind: String) -> RegisteredSystem? {
        systems.first { $0.controlKinds.contains(kind) }
    }

    /// Reads a control without running it: why it would be refused before it runs (an unknown kind,
    /// a missing or mistyped field, session settings no system accepts).
    public static func check(_ control: SimControl) throws(ControlError) {
        if let kernel = try KernelControl(control) {
            if case .session(_, let settings) = kernel, let (_, reason) = settingsProblem(settings) { throw ControlError("session: \(reason)") }
            if case .fault(let rule) = kernel, let problem = faultProblem(rule) { throw ControlError("fault: \(problem)") }
            return
        }
        guard let system = system(forControl: control.kind) else {
            throw ControlError("unknown control \"\(control.kind)\" (\(controlKinds.joined(separator: ", ")))")
        }
        try system.checkControl(control)
    }

    static func sessionOption(_ key: String) -> SessionOption? {
        for system in systems { if let option = system.sessionOptions.first(where: { $0.key == key }) { return option } }
        return nil
    }

    /// Every control kind, for help and error texts.
    public static var controlKinds: [String] { KernelControl.kinds + systems.flatMap(\.controlKinds) }

    /// Each option in the form its system writes it (`sdk: 2.0` read as a number is the version "2.0"),
    /// and the defaults that are always written filled in. A value no system accepts is left as
    /// written, for the invariants (or the session control) to report.
    public static func completed(_ settings: SessionSettings) -> SessionSettings {
        var s = settings
        for (key, value) in settings.options {
            if let option = sessionOption(key), let canonical = option.canonical(value) { s.options[key] = canonical }
        }
        for system in systems {
            for option in system.sessionOptions where s.options[option.key] == nil {
                if let written = option.written { s.options[option.key] = written }
            }
        }
        return s
    }

    /// Why these settings cannot open a session, or nil: an option no system reads, or a value its
    /// system does not accept.
    /// The option keys of `settings` that no system of this build reads (a newer enrollsim's), sorted.
    public static func unknownSessionOptions(_ settings: SessionSettings) -> [String] {
        settings.options.keys.sorted().filter { sessionOption($0) == nil }
    }

    static func settingsProblem(_ settings: SessionSettings) -> (key: String, reason: String)? {
        if settings.device.isEmpty { return ("device", "the device id is empty") }
        for key in settings.options.keys.sorted() {
            guard let option = sessionOption(key) else {
                let known = sessionOptionKeys
                return (key, "unknown session option \"\(key)\" (known: device, \(known.joined(separator: ", ")))")
            }
            if option.canonical(settings.options[key]!) == nil {
                return (key, "\(key) must be \(option.allowed), not \(JSONText.encode(settings.options[key]!))")
            }
        }
        return nil
    }
}

/// A system as the world uses it: its declarations, and its entry points bound to its state in the
/// world. A class: it is looked up on every call, and one reference is cheaper to hand around than
/// a dozen closures.
public final class RegisteredSystem: Sendable {
    public let id: String
    /// The calls' name prefix, as bytes: compared on every call.
    let callPrefixBytes: [UInt8]
    let controlKinds: [String]
    let sessionOptions: [SessionOption]
    let ruleCatalogue: RuleCatalogue
    let faultCodeProblem: @Sendable (ErrorCodeValue) -> String?
    let kernelFailure: @Sendable (KernelFailure) -> CallError
    let handle: @Sendable (CallRequest, inout World, inout KernelContext) -> SystemAnswer
    let control: @Sendable (SimControl, inout World, inout KernelContext) throws(ControlError) -> SimAnswer
    let checkControl: @Sendable (SimControl) throws(ControlError) -> Void
    let openSession: @Sendable (String, SessionSettings, inout World) -> Void
    let isUsed: @Sendable (World) -> Bool
    let advance: @Sendable (SimTime, inout World, inout KernelContext) -> Void
    let injectedAnswer: @Sendable (ErrorCodeValue, CallRequest, inout World, inout KernelContext) -> SystemAnswer?
    let faultRuleProblem: @Sendable (FaultRule) -> String?
    /// For a system with a section of its own: how it is read, written and checked.
    let section: Section?

    struct Section: Sendable {
        let key: String
        let decode: @Sendable (KeyedDecodingContainer<AnyCodingKey>, inout World) throws -> Void
        let encode: @Sendable (World, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void
        let firstProblem: @Sendable (World) -> ScenarioProblem?
    }

    /// A system with its own section of the scenario file.
    convenience init<S: SectionedSystem>(_ system: S.Type, _ state: WritableKeyPath<World, S.State> & Sendable) {
        let key = AnyCodingKey(S.section)
        self.init(declarations: system, state, section: Section(
            key: S.section,
            decode: { c, world in
                world[keyPath: state] = try c.decodeIfPresent(S.State.self, forKey: key) ?? S.emptyState
            },
            encode: { world, c in
                let value = world[keyPath: state]
                if value != S.emptyState { try c.encode(value, forKey: key) }
            },
            firstProblem: { world in
                S.firstProblem(in: world[keyPath: state], sessions: world.sessions.map(\.name))
                    .map { ScenarioProblem(path: [S.section] + $0.path, reason: $0.reason) }
            }))
    }

    convenience init<S: SimSystem>(_ system: S.Type, _ state: WritableKeyPath<World, S.State> & Sendable) {
        self.init(declarations: system, state, section: nil)
    }

    /// A system whose state the world keeps in its keyed store (`World.systemStates`, by `S.id`):
    /// registering it is this one line, no stored property of `World`.
    public convenience init<S: SectionedSystem>(_ system: S.Type) {
        self.init(system, \World.systemStates[StateKey(S.id, empty: S.emptyState)])
    }

    /// What every system declares, bound to its state in the world.
    private init<S: SimSystem>(declarations system: S.Type, _ state: WritableKeyPath<World, S.State> & Sendable, section: Section?) {
        self.section = section
        id = S.id
        callPrefixBytes = Array(S.callPrefix.utf8)
        controlKinds = S.controlKinds
        sessionOptions = S.sessionOptions
        ruleCatalogue = S.ruleCatalogue
        faultCodeProblem = { S.faultCodeProblem($0) }
        kernelFailure = { S.kernelFailure($0) }
        handle = { request, world, kernel in S.handle(request, state: &world[keyPath: state], kernel: &kernel) }
        control = { (control, world, kernel) throws(ControlError) in try S.control(control, state: &world[keyPath: state], kernel: &kernel) }
        checkControl = { (control) throws(ControlError) in try S.checkControl(control) }
        openSession = { name, settings, world in S.openSession(name, settings: settings, state: &world[keyPath: state]) }
        isUsed = { world in S.isUsed(world[keyPath: state]) }
        advance = { until, world, kernel in S.advance(until: until, state: &world[keyPath: state], kernel: &kernel) }
        injectedAnswer = { code, request, world, kernel in S.injectedAnswer(code, request, state: &world[keyPath: state], kernel: &kernel) }
        faultRuleProblem = { S.faultRuleProblem($0) }
    }
}

extension World {
    /// The systems this world is about, in the systems' order (`SimSystem.id`): those whose part it
    /// fills (PIMS's accounts, a system's own section). A front opens on the first.
    public var systemIDs: [String] { World.systems.filter { $0.isUsed(self) }.map(\.id) }

    /// Each system's rules and error codes, in the systems' order (coverage).
    public static var ruleCatalogues: [RuleCatalogue] { systems.map(\.ruleCatalogue) }

    /// Every session option key any system reads, once (two systems may read the same device
    /// property: `biometrics`; the first system's declaration checks it).
    public static var sessionOptionKeys: [String] {
        var seen = Set<String>()
        return systems.flatMap(\.sessionOptions).map(\.key).filter { seen.insert($0).inserted }
    }
}

/// A coding key for sections named at run time.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
