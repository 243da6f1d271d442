import SimKernel

/// The fronts' session options as command-line flags (`--platform ios`, `--sdk=2.1`): the executable
/// declares none of them; it hands the arguments its own parser did not take here, and they are
/// read against the options the registered fronts declare (`SystemFront.sessionOptions`,
/// `SessionSetup.Option.flag`), checked as the session screen would take them.
public struct SessionFlags: Hashable, Sendable {
    /// One flag given: its option's name, the flag as declared, and the value (one of its values).
    public struct Given: Hashable, Sendable {
        public let option: String
        public let flag: String
        public let value: String
    }

    /// The flags given, in order (a later one of the same option wins).
    public var given: [Given] = []

    public init() {}

    /// Why the arguments were refused, in one line that names the flag and what it takes; for an
    /// unknown flag, the flags there are (the executable names the nearest).
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
        public var unknownFlag: String?
        public var knownFlags: [String] = []
    }

    /// Every registered front's options that have a flag, in the fronts' order.
    public static var flagged: [(front: any SystemFront.Type, option: SessionSetup.Option, flag: SessionSetup.Option.Flag)] {
        SystemFronts.registered.flatMap { front in front.sessionOptions.compactMap { o in o.flag.map { (front, o, $0) } } }
    }

    /// Reads `--name value` and `--name=value` pairs against the fronts' flags.
    public static func parse(_ arguments: [String]) throws(Refusal) -> SessionFlags {
        let flagged = flagged
        var flags = SessionFlags()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw Refusal(description: "unexpected argument '\(argument)'")
            }
            let spelled = argument.dropFirst(2)
            let name = String(spelled.prefix { $0 != "=" })
            guard let (front, option, flag) = flagged.first(where: { $0.flag.name == name }) else {
                throw Refusal(description: "unknown option '--\(name)'", unknownFlag: name, knownFlags: flagged.map(\.flag.name))
            }
            let value: String
            if let equals = spelled.firstIndex(of: "=") {
                value = String(spelled[spelled.index(after: equals)...])
            } else if let next = rest.first, !next.hasPrefix("--") {
                value = next
                rest = rest.dropFirst()
            } else {
                throw Refusal(description: "missing value for '--\(flag.name)': \(front.system.rawValue)'s \(option.name), \(option.allowed)")
            }
            var scratch = SessionConfig()
            guard option.set(value, in: &scratch) else {
                throw Refusal(description: "the value '\(value)' is invalid for '--\(flag.name)': \(front.system.rawValue)'s \(option.name) is \(option.allowed)")
            }
            flags.given.append(Given(option: option.name, flag: flag.name, value: value))
        }
        return flags
    }

    /// The value given for the option so named, if any (the last one).
    public func value(of option: String) -> String? { given.last { $0.option == option }?.value }

    /// Sets each option given in `config`.
    public func apply(to config: inout SessionConfig) {
        for flag in given {
            guard let option = Self.flagged.first(where: { $0.option.name == flag.option })?.option else { continue }
            _ = option.set(flag.value, in: &config)
        }
    }

    /// For `--help`: one paragraph per front with flags, from their declarations ("PIMS: --platform
    /// ios or android: the platform: …; --sdk …").
    public static var help: [String] {
        SystemFronts.registered.compactMap { front in
            let flags = front.sessionOptions.compactMap { o in o.flag.map { "--\($0.name) \(o.allowed) (\($0.help))" } }
            return flags.isEmpty ? nil : "\(front.system.rawValue): " + flags.joined(separator: "; ") + "."
        }
    }
}
