#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import Foundation
import StubFormats

/// Formats instants as the wire's UTC strings without `DateFormatter`.
///
/// Every journal entry, status answer and generated transaction needs one, and Foundation's
/// formatter costs microseconds and takes a lock each time (see Benchmarks/README.md).
package enum UTCTimestamp {
    /// The UTC calendar fields of an instant.
    package struct Fields {
        package var year, month, day, hour, minute, second: Int
    }

    /// `2026-11-20T12:00:00Z` (RFC 3339, whole seconds, as in the contract).
    package static func dateTime(_ date: Date) -> String { dateTime(fields(date)) }

    /// `2026-11-20`, the UTC calendar day.
    package static func day(_ date: Date) -> String { day(fields(date)) }

    package static func dateTime(_ parts: Fields) -> String {
        text(capacity: 20) { bytes in
            appendDay(parts, to: &bytes)
            bytes.append(UInt8(ascii: "T"))
            append(parts.hour, digits: 2, to: &bytes); bytes.append(UInt8(ascii: ":"))
            append(parts.minute, digits: 2, to: &bytes); bytes.append(UInt8(ascii: ":"))
            append(parts.second, digits: 2, to: &bytes); bytes.append(UInt8(ascii: "Z"))
        }
    }

    package static func day(_ parts: Fields) -> String {
        text(capacity: 10) { appendDay(parts, to: &$0) }
    }

    private static func text(capacity: Int, _ write: (inout [UInt8]) -> Void) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(capacity)
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendDay(_ parts: Fields, to bytes: inout [UInt8]) {
        append(parts.year, digits: 4, to: &bytes); bytes.append(UInt8(ascii: "-"))
        append(parts.month, digits: 2, to: &bytes); bytes.append(UInt8(ascii: "-"))
        append(parts.day, digits: 2, to: &bytes)
    }

    /// Parses `yyyy-MM-dd` as midnight UTC; nil unless it is a real calendar day in exactly that form.
    package static func parseDay(_ text: String) -> Date? {
        guard let (year, month, day) = RFC3339.fullDate(text.utf8) else { return nil }
        var broken = tm()
        broken.tm_year = Int32(year - 1900)
        broken.tm_mon = Int32(month - 1)
        broken.tm_mday = Int32(day)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&broken)))
    }

    /// The UTC calendar fields of `date`.
    package static func fields(_ date: Date) -> Fields {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var broken = tm()
        gmtime_r(&seconds, &broken)
        return Fields(year: Int(broken.tm_year) + 1900, month: Int(broken.tm_mon) + 1, day: Int(broken.tm_mday),
                      hour: Int(broken.tm_hour), minute: Int(broken.tm_min), second: Int(broken.tm_sec))
    }

    private static func append(_ value: Int, digits: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = max(0, value)
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
