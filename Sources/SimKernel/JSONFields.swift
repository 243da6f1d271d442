/// A JSON object's members in the order written, found by scanning: `batch` reads four or five keys
/// of each line's envelope, and a dictionary built for that hashed every key twice (a sixth of a
/// line's cost). Past `indexedFrom` members a set of the keys keeps the duplicate check linear.
public struct JSONFields: Sendable {
    private var members: [(key: String, value: JSONValue)] = []
    private var keys: Set<String>?
    private static let indexedFrom = 16

    public init() {}

    public var count: Int { members.count }

    public subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The members as a dictionary.
    public var dictionary: [String: JSONValue] { dictionary(without: nil) }

    /// The members but `key` as a dictionary (a control's fields, without its `sim`).
    public func dictionary(without key: String?) -> [String: JSONValue] {
        var out = [String: JSONValue](minimumCapacity: members.count)
        for member in members where member.key != key { out[member.key] = member.value }
        return out
    }
}

extension JSONFields: JSONObjectMembers {
    mutating func add(_ key: String, _ value: JSONValue) -> Bool {
        if keys == nil, members.count >= Self.indexedFrom { keys = Set(members.map(\.key)) }
        if keys != nil {
            guard keys!.insert(key).inserted else { return false }
        } else if members.contains(where: { $0.key == key }) {
            return false
        }
        members.append((key, value))
        return true
    }
}
