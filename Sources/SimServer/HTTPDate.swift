import Foundation
import Synchronization

/// The `Date` header's text (RFC 9110, as Hummingbird writes it), made once a second.
enum HTTPDate {
    private static let cache = Mutex<(second: Int, text: String)>((-1, ""))

    static var now: String {
        let seconds = time(nil)
        return cache.withLock { cache in
            if cache.second != seconds {
                cache = (seconds, RFC2822Date.format(Date(timeIntervalSince1970: TimeInterval(seconds)), zone: "GMT"))
            }
            return cache.text
        }
    }
}
