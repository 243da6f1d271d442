import SimKernel

extension SessionSetup {
    /// One of the session's options chosen by key: an open set. The shell's (the scenario, the
    /// backend, the system) change the form too and are cycled by the session screen. A front
    /// declares its own once (`.platform` in PIMS's folder, `.lockType` in Futurae's) and lists them
    /// in `SystemFront.options`: the declaration says how its key cycles it, the values it takes (as
    /// the command line and a walk header spell them), its command-line flag and its walk-header
    /// field. The executable's flags, the walk header and the session screen are derived from it.
    public struct Option: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        let next: (@Sendable (inout SessionConfig) -> Void)?
        /// Its values, spelled, in the order its key cycles them (empty for the shell's).
        public let values: [String]
        /// The command line's flag (`--platform`) and its help, when it has one.
        public let flag: Flag?
        /// Its field in a walk's header (its value spelled), when it has one; nil: the front's
        /// `walkFields` writes it if at all.
        public let walkField: String?
        private let spellValue: (@Sendable (SessionConfig) -> String)?
        private let parseValue: (@Sendable (inout SessionConfig, String) -> Bool)?

        /// A command-line flag of a front's option: `--name value`, with a few words for `--help`.
        public struct Flag: Hashable, Sendable {
            public let name: String
            public let help: String
            public init(_ name: String, help: String) {
                self.name = name
                self.help = help
            }
        }

        /// A front's option held in `SessionConfig` at `path`: its key cycles `values` in order; a
        /// value is spelled by `spell` and read back by `parse` (by default: the value so spelled).
        public init<Value: Equatable & Sendable>(_ name: String, _ path: WritableKeyPath<SessionConfig, Value> & Sendable,
                                                 values: [Value], spell: @escaping @Sendable (Value) -> String,
                                                 parse: (@Sendable (String) -> Value?)? = nil,
                                                 flag: Flag? = nil, walkField: String? = nil) {
            self.name = name
            self.values = values.map(spell)
            self.flag = flag
            self.walkField = walkField
            next = { config in
                config[keyPath: path] = values[((values.firstIndex(of: config[keyPath: path]) ?? -1) + 1) % values.count]
            }
            spellValue = { spell($0[keyPath: path]) }
            let read = parse ?? { text in values.first { spell($0) == text } }
            parseValue = { config, text in
                guard let value = read(text) else { return false }
                config[keyPath: path] = value
                return true
            }
        }

        /// An option whose values are spelled by their raw values (`ios`, `android`).
        public init<Value: RawRepresentable & Equatable & Sendable>(
            _ name: String, _ path: WritableKeyPath<SessionConfig, Value> & Sendable, values: [Value],
            flag: Flag? = nil, walkField: String? = nil) where Value.RawValue == String {
            self.init(name, path, values: values, spell: { $0.rawValue }, parse: { Value(rawValue: $0) }, flag: flag, walkField: walkField)
        }

        /// An option that is on or off (`true`, `false`), cycled by toggling.
        public init(_ name: String, _ path: WritableKeyPath<SessionConfig, Bool> & Sendable, flag: Flag? = nil, walkField: String? = nil) {
            self.init(name, path, values: [false, true], spell: { $0 ? "true" : "false" }, flag: flag, walkField: walkField)
        }

        init(shell name: String, next: (@Sendable (inout SessionConfig) -> Void)? = nil) {
            self.name = name
            self.next = next
            values = []
            flag = nil
            walkField = nil
            spellValue = nil
            parseValue = nil
        }

        /// Its value in `config`, spelled as its values are (nil for the shell's).
        public func value(in config: SessionConfig) -> String? { spellValue?(config) }

        /// Sets it from its spelling; false, and `config` unchanged, when `text` is none of its values.
        public func set(_ text: String, in config: inout SessionConfig) -> Bool { parseValue?(&config, text) ?? false }

        /// Its values as help texts say them: "ios or android".
        public var allowed: String { spelled(values) }

        public static func == (a: Self, b: Self) -> Bool { a.name == b.name }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
        public var description: String { name }

        public static let scenario = Self(shell: "scenario"), backend = Self(shell: "backend"), system = Self(shell: "system")
        /// The device's biometrics (Futurae's and the card app's).
        public static let biometrics = Self(shell: "biometrics") { $0.biometrics.toggle() }
    }
}
