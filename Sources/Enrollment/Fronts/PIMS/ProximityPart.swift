/// The three requirements of the car key (tutorial 2-6), as the simulator toggles them.
public enum ProximityPart: String, Hashable, Sendable, CaseIterable {
    case bluetooth, paired, keyInside

    public var title: String {
        switch self {
        case .bluetooth: "Bluetooth on"
        case .paired: "phone paired"
        case .keyInside: "key inside"
        }
    }
}
