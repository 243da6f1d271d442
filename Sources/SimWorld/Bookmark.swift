import SimKernel

/// A moment of the world kept under a name (`{"sim": "bookmark", "name"}`): the whole world as it
/// was, to come back to with `restore` instead of replaying from the start. Kept with the world: in
/// an export (`bookmarks:`), and by the team server as rows of their own.
public struct Bookmark: Sendable, Hashable, Codable, KeyedRow {
    public var name: String
    /// The simulated time it was taken at.
    public var at: SimTime
    /// The world then, without bookmarks of its own.
    public var world: World

    public var rowKey: String { name }

    /// How many a world keeps: each is a whole world.
    public static let limit = 16

    public init(name: String, at: SimTime, world: World) {
        self.name = name
        self.at = at
        var world = world
        world.bookmarks = []
        self.world = world
    }

    public var summary: JSONValue { KernelAnswer.bookmark(name: name, at: at) }
}
