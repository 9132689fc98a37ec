import StubFormats
import Testing

@Suite struct HexTests {
    @Test func bytesAsLowerCaseHex() {
        #expect(Hex.string([0x00, 0x0f, 0xa5, 0xff]) == "000fa5ff")
        #expect(Hex.string([UInt8]()) == "")
    }
}

@Suite struct FileProblemTests {
    @Test func namesFileLineAndReason() {
        #expect(FileProblem(file: "routes/a.yaml", line: 4, reason: "unknown field").description == "routes/a.yaml:4: unknown field")
        #expect(FileProblem(file: "stubbank.yaml", line: nil, reason: "unreadable").description == "stubbank.yaml: unreadable")
    }
}

@Suite struct DurationMillisecondsTests {
    @Test func keepsTheFraction() {
        #expect(Duration.milliseconds(250).inMilliseconds == 250)
        #expect(Duration.microseconds(1500).inMilliseconds == 1.5)
        #expect(Duration.seconds(2).inMilliseconds == 2000)
    }
}

/// RFC 3339's times as `RFC3339` reads them (JSON Schema's `time` and `date-time`): the shortest
/// full time is nine bytes, `12:00:00Z`; an offset's hours run to 23 and its minutes to 59; a
/// leap second is only the last second of a UTC day.
@Suite struct RFC3339Tests {
    @Test func fullTimesAndTheirOffsets() {
        for valid in ["12:00:00Z", "12:00:00z", "00:00:00-00:00", "23:59:59+23:59", "12:00:00.5Z", "23:59:60Z", "22:59:60-01:00"] {
            #expect(RFC3339.isFullTime(Array(valid.utf8)), "\(valid)")
        }
        for invalid in ["12:00:00", "12:00:00+24:00", "12:00:00-05:60", "12:00:00+5:00", "24:00:00Z", "12:60:00Z", "12:00:61Z",
                        "12:00:60Z", "12:00:00.Z", "1:00:00Z", "12:00:00Z "] {
            #expect(!RFC3339.isFullTime(Array(invalid.utf8)), "\(invalid)")
        }
        #expect(RFC3339.isDateTime("2026-11-29T12:00:00Z") && RFC3339.isDateTime("2026-11-29t12:00:00+01:00"))
        #expect(!RFC3339.isDateTime("2026-11-29T12:00:00+01:60"))
    }

    /// A full date names a real day: February has a 29th in years divisible by 4, except
    /// centuries not divisible by 400; April, June, September and November have 30 days.
    @Test func fullDatesAreRealDays() {
        for valid in ["2000-02-29", "2024-02-29", "1600-02-29", "2026-01-31", "2026-04-30", "2026-12-31", "0000-01-01"] {
            #expect(RFC3339.fullDate(valid.utf8) != nil, "\(valid)")
        }
        for invalid in ["1900-02-29", "2026-02-29", "2100-02-29", "2026-02-30", "2026-04-31", "2026-11-31", "2026-13-01",
                        "2026-00-10", "2026-01-00", "2026-1-01", "2026-01-1", "2026/01/01", "２０２６-01-01", "2026-01-01T"] {
            #expect(RFC3339.fullDate(invalid.utf8) == nil, "\(invalid)")
        }
        #expect(RFC3339.fullDate("2000-02-29".utf8).map { [$0.year, $0.month, $0.day] } == [2000, 2, 29])
    }
}
