#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import StubEngine
import BuiltInBank
#endif

/// The `Date` header's value (RFC 9110 §5.6.7, `Sun, 06 Nov 1994 08:49:37 GMT`), formatted at
/// most once a second. One per connection handler, so it needs no lock.
struct HTTPDateCache {
    private var second = -1
    private var text = ""

    /// The value for now.
    mutating func now() -> String {
        let current = time(nil)
        if current != second {
            second = current
            text = Self.format(current)
        }
        return text
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `seconds` since 1970 as an HTTP date.
    static func format(_ seconds: Int) -> String {
        var clock = time_t(seconds)
        var parts = tm()
        gmtime_r(&clock, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(1900 + parts.tm_year) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
