#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Formats instants as the wire's UTC strings without `DateFormatter`.
///
/// Every journal entry, status answer and generated transaction needs one, and Foundation's
/// formatter costs microseconds and takes a lock each time (see Benchmarks/README.md).
enum UTCTimestamp {
    /// `2026-11-20T12:00:00Z` (RFC 3339, whole seconds, as in the contract).
    static func dateTime(_ date: Date) -> String {
        let parts = fields(date)
        var bytes = [UInt8]()
        bytes.reserveCapacity(20)
        append(parts.year, digits: 4, to: &bytes); bytes.append(UInt8(ascii: "-"))
        append(parts.month, digits: 2, to: &bytes); bytes.append(UInt8(ascii: "-"))
        append(parts.day, digits: 2, to: &bytes); bytes.append(UInt8(ascii: "T"))
        append(parts.hour, digits: 2, to: &bytes); bytes.append(UInt8(ascii: ":"))
        append(parts.minute, digits: 2, to: &bytes); bytes.append(UInt8(ascii: ":"))
        append(parts.second, digits: 2, to: &bytes); bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2026-11-20`, the UTC calendar day.
    static func day(_ date: Date) -> String {
        let parts = fields(date)
        var bytes = [UInt8]()
        bytes.reserveCapacity(10)
        append(parts.year, digits: 4, to: &bytes); bytes.append(UInt8(ascii: "-"))
        append(parts.month, digits: 2, to: &bytes); bytes.append(UInt8(ascii: "-"))
        append(parts.day, digits: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTC calendar fields of `date`.
    static func fields(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var broken = tm()
        gmtime_r(&seconds, &broken)
        return (Int(broken.tm_year) + 1900, Int(broken.tm_mon) + 1, Int(broken.tm_mday),
                Int(broken.tm_hour), Int(broken.tm_min), Int(broken.tm_sec))
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
