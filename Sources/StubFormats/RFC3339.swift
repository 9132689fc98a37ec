/// RFC 3339's dates and times, as JSON Schema's `date`, `date-time` and `time` formats and
/// StubBank's own timestamps read them: ASCII digits only, real calendar days, hours to 23,
/// minutes to 59, and a leap second only at 23:59:60 UTC. `T` and `Z` may be lower case (RFC
/// 3339 §5.6). The one place these rules are written.
package enum RFC3339 {
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `yyyy-MM-dd` naming a real day, as its fields; nil for anything else.
    package static func fullDate<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (year: Int, month: Int, day: Int)? {
        let bytes = Array(bytes)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        return (year, month, day)
    }

    /// `HH:mm:ss[.fraction]` and an offset (`Z` or `±HH:mm`).
    package static func isFullTime<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let bytes = Array(bytes)
        guard bytes.count >= 9, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
              let hour = number(bytes, 0..<2), let minute = number(bytes, 3..<5), let second = number(bytes, 6..<8),
              hour <= 23, minute <= 59, second <= 60 else { return false }
        var index = 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > digits else { return false }
        }
        guard index < bytes.count else { return false }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count - index == 6, bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = number(bytes, index + 1..<index + 3), let minutes = number(bytes, index + 4..<index + 6),
                  hours <= 23, minutes <= 59 else { return false }
            offset = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return false
        }
        // A leap second is the last second of a UTC day.
        return second < 60 || ((hour * 60 + minute - offset) % 1440 + 1440) % 1440 == 23 * 60 + 59
    }

    /// `yyyy-MM-ddTHH:mm:ss[.fraction]` and an offset.
    package static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return false }
        return fullDate(bytes[..<10]) != nil && isFullTime(bytes[11...])
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }
}
