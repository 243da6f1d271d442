import ArgumentParser
import Foundation
import Enrollment
import Testing
@testable import enrollsim

/// Issue 28.1: `enrollsim` alone starts on `TUIOptions()`, without ArgumentParser; `enrollsim tui …`
/// parses `TUICommand` and maps its flags into the same value. These keep the two from drifting:
/// the same defaults, and every option of the command a field of the value and the other way round.
@Suite struct TUIOptionsTests {
    /// An option of `tui` as ArgumentParser describes it (its help dump, hidden options included).
    struct Described {
        let name: String
        let isFlag: Bool
        let defaultValue: String?
        let values: [String]

        /// A system's flag, declared by its front (`--platform`): all set `systemOptions`.
        var isSystems = false

        /// The field of `TUIOptions` it sets: `--admin-token` is `adminToken`.
        var field: String {
            if isSystems { return "systemOptions" }
            let words = name.split(separator: "-")
            return words.first.map(String.init)! + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    static func described() throws -> [Described] {
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(TUICommand._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let declared: [Described] = arguments.compactMap { argument in
            guard let preferred = argument["preferredName"] as? [String: Any], let name = preferred["name"] as? String,
                  name != "help" else { return nil }
            return Described(name: name, isFlag: argument["kind"] as? String == "flag",
                             defaultValue: argument["defaultValue"] as? String, values: argument["allValues"] as? [String] ?? [])
        }
        // The systems' flags, declared by their fronts (no default: the scenario's).
        return declared + SessionFlags.flagged.map { Described(name: $0.flag.name, isFlag: false, defaultValue: nil, values: $0.option.values, isSystems: true) }
    }

    /// Every field of the options (the groups' fields flattened), as text.
    static func fields(_ options: TUIOptions) -> [String: String] {
        var fields: [String: String] = [:]
        for value in [options as Any, options.source, options.session] {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label, !(child.value is WorldSource), !(child.value is SessionChoice) else { continue }
                fields[label] = String(describing: child.value)
            }
        }
        return fields
    }

    /// A value each option accepts that is not its default (the first of a list that is not).
    static func sample(_ option: Described) -> [String] {
        if option.isFlag { return ["--\(option.name)"] }
        let special = ["backend": "http://127.0.0.1:9", "sdk": "2.1"]
        let value = option.values.first { $0 != option.defaultValue } ?? special[option.name] ?? "sample-\(option.name)"
        return ["--\(option.name)", value]
    }

    @Test func noArgumentsParseToTheDefaultOptions() throws {
        let parsed = try TUICommand.parse([]).options
        #expect(parsed == TUIOptions())
        #expect(Self.fields(parsed) == Self.fields(TUIOptions()))
    }

    @Test func everyOptionOfTheCommandIsAFieldOfTheOptionsAndNoOtherField() throws {
        let options = try Self.described()
        #expect(options.count >= 15)
        #expect(Set(options.map(\.field)) == Set(Self.fields(TUIOptions()).keys))
    }

    @Test func everyOptionsDefaultIsTheFieldsDefault() throws {
        let defaults = Self.fields(TUIOptions())
        for option in try Self.described() {
            let field = try #require(defaults[option.field], "--\(option.name)")
            // No default in the help: the field is unset (nil), or a flag that is off.
            let expected: String? = field == "nil" || (option.isFlag && field == "false") || option.isSystems ? nil : field
            #expect(option.defaultValue == expected, "--\(option.name): help says \(option.defaultValue ?? "none"), TUIOptions() has \(field)")
        }
    }

    @Test func eachOptionSetsItsOwnFieldAndNoOther() throws {
        let defaults = Self.fields(TUIOptions())
        for option in try Self.described() {
            let arguments = Self.sample(option)
            let fields = Self.fields(try TUICommand.parse(arguments).options)
            let changed = Set(fields.keys.filter { fields[$0] != defaults[$0] })
            #expect(changed == [option.field], "\(arguments)")
        }
    }
}
