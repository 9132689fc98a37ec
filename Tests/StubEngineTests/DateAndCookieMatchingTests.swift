import Foundation
import Testing
@testable import StubEngine
import StubFormats
import HTTPTypes

/// Date matchers (WireMock's `before`, `after`, `equalToDateTime`) and cookies in route files,
/// with no HTTP: the engine's clock decides `now`.
@Suite struct DateAndCookieMatchingTests {
    /// 2026-11-20T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    static func condition(_ comparison: DateCondition.Comparison, _ spec: String, _ options: [String: String] = [:]) throws -> DateCondition {
        try DateCondition(comparison, expected: spec, options: options)
    }

    @Test func aDateIsComparedWithAFixedMomentOrWithNow() throws {
        let before = try Self.condition(.before, "2026-12-01T00:00:00Z")
        #expect(before.holds("2026-11-30T23:59:59Z", now: Self.now))
        #expect(!before.holds("2026-12-01T00:00:00Z", now: Self.now), "before is strict")
        #expect(before.holds("2026-12-01T00:30:00+01:00", now: Self.now), "an offset is read: that is 23:30 UTC")
        #expect(!before.holds("not a date", now: Self.now))
        let recent = try Self.condition(.after, "now -1 days")
        #expect(recent.holds("2026-11-19T12:00:01Z", now: Self.now))
        #expect(!recent.holds("2026-11-19T11:59:59Z", now: Self.now))
        #expect(try Self.condition(.after, "now +1 months").expectedMoment(now: Self.now) == DateCondition.read("2026-12-20T12:00:00Z", format: nil))
        let exactly = try Self.condition(.equal, "2026-11-20")
        #expect(exactly.holds("2026-11-20T00:00:00Z", now: Self.now) && exactly.holds("2026-11-20", now: Self.now))
        #expect(exactly.holds("Fri, 20 Nov 2026 00:00:00 GMT", now: Self.now), "RFC 1123, as HTTP headers carry dates")
        #expect(exactly.holds("2026-11-20T00:00:00.000Z", now: Self.now), "fractional seconds")
    }

    @Test func formatsTruncationAndOffsetsAsWireMockWritesThem() throws {
        let dayFirst = try Self.condition(.equal, "2026-11-20", ["actualFormat": "dd/MM/yyyy"])
        #expect(dayFirst.holds("20/11/2026", now: Self.now) && !dayFirst.holds("2026-11-20", now: Self.now))
        let unix = try Self.condition(.before, "now", ["actualFormat": "unix"])
        #expect(unix.holds("1795175999", now: Self.now) && !unix.holds("1795176001", now: Self.now), "seconds, not milliseconds")
        #expect(try Self.condition(.after, "now", ["actualFormat": "epoch"]).holds("1795176000001", now: Self.now))
        // This month's first day, whatever day of it the request is sent.
        let thisMonth = try Self.condition(.equal, "now", ["truncateExpected": "first day of month", "truncateActual": "first day of month"])
        #expect(thisMonth.holds("2026-11-03T08:00:00Z", now: Self.now) && !thisMonth.holds("2026-10-31T23:00:00Z", now: Self.now))
        let lastOfMonth = try Self.condition(.equal, "now", ["truncateExpected": "last day of month"])
        #expect(lastOfMonth.holds("2026-11-30", now: Self.now))
        let nextYear = try Self.condition(.equal, "now", ["truncateExpected": "first_day_of_next_year"])
        #expect(nextYear.holds("2027-01-01T00:00:00Z", now: Self.now))
        let offset = try Self.condition(.before, "now", ["expectedOffset": "-3", "expectedOffsetUnit": "days"])
        #expect(offset.spec == "now -3 days" && offset.holds("2026-11-17T11:00:00Z", now: Self.now))
        let shouted = try Self.condition(.before, "NOW", ["expectedOffset": "-3", "expectedOffsetUnit": "DAYS"])
        #expect(shouted.spec == "now -3 days", "now and its unit in any case, as an expected date alone reads them")
        // Truncated then moved (the default), or moved then truncated.
        let moved = try Self.condition(.equal, "now +1 days", ["truncateExpected": "first day of month"])
        #expect(moved.expectedMoment(now: Self.now) == DateCondition.read("2026-11-02", format: nil))
        let last = try Self.condition(.equal, "now +15 days", ["truncateExpected": "first day of month", "applyTruncationLast": "true"])
        #expect(last.expectedMoment(now: Self.now) == DateCondition.read("2026-12-01", format: nil))
        let notLast = try Self.condition(.equal, "now +15 days", ["truncateExpected": "first day of month", "applyTruncationLast": "False"])
        #expect(notLast.expectedMoment(now: Self.now) == DateCondition.read("2026-11-16", format: nil), "false, in any case, is the default")
        #expect(throws: ValueMatcherError.self) { try Self.condition(.equal, "now", ["applyTruncationLast": "yes"]) }
        // A sample for a replay holds.
        for condition in [offset, thisMonth, dayFirst, try Self.condition(.after, "2030-01-01T00:00:00Z")] {
            #expect(condition.holds(condition.sample(now: Self.now), now: Self.now), "\(condition.description)")
        }
    }

    /// Every form a date is read in without `actualFormat` (ISO 8601 with and without offset or
    /// fraction, a date alone, down to a year; the three forms HTTP dates take), each giving
    /// the moment it names, in UTC when it names no offset.
    @Test func everyDateFormReadsAsTheMomentItNames() throws {
        func at(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }
        let forms: [(String, Date)] = [
            ("2026-11-20T12:34:56Z", at("2026-11-20T12:34:56Z")),
            ("2026-11-20T12:34:56+02:00", at("2026-11-20T10:34:56Z")),
            ("2026-11-20T12:34:56.250Z", at("2026-11-20T12:34:56Z").addingTimeInterval(0.25)),
            ("2026-11-20T12:34:56.5-01:00", at("2026-11-20T13:34:56Z").addingTimeInterval(0.5)),
            ("2026-11-20T12:34:56", at("2026-11-20T12:34:56Z")),
            ("2026-11-20T12:34:56.125", at("2026-11-20T12:34:56Z").addingTimeInterval(0.125)),
            ("2026-11-20T12:34", at("2026-11-20T12:34:00Z")),
            ("2026-11-20", at("2026-11-20T00:00:00Z")),
            ("2026-11", at("2026-11-01T00:00:00Z")),
            ("2026", at("2026-01-01T00:00:00Z")),
            ("Fri, 20 Nov 2026 12:34:56 GMT", at("2026-11-20T12:34:56Z")),
            ("Friday, 20-Nov-26 12:34:56 GMT", at("2026-11-20T12:34:56Z")),
            ("Fri Nov 20 12:34:56 2026", at("2026-11-20T12:34:56Z")),
        ]
        for (text, moment) in forms {
            let read = DateCondition.read(text, format: nil)
            #expect(read.map { abs($0.timeIntervalSince(moment)) < 0.001 } == true, "\(text) → \(String(describing: read))")
        }
        for text in ["20/11/2026", "2026-13-01", "yesterday", ""] { #expect(DateCondition.read(text, format: nil) == nil, "\(text)") }
    }

    /// Each truncation, from 2026-11-20T12:34:56Z (and the year's turn from December), and units
    /// written singular or plural.
    @Test func everyTruncationAndUnitAsWireMockNamesThem() throws {
        let moment = try #require(DateCondition.read("2026-11-20T12:34:56Z", format: nil))
        let expected: [DateCondition.Truncation: String] = [
            .firstSecondOfMinute: "2026-11-20T12:34:00Z", .firstMinuteOfHour: "2026-11-20T12:00:00Z",
            .firstHourOfDay: "2026-11-20T00:00:00Z", .firstDayOfMonth: "2026-11-01T00:00:00Z",
            .firstDayOfNextMonth: "2026-12-01T00:00:00Z", .lastDayOfMonth: "2026-11-30T00:00:00Z",
            .firstDayOfYear: "2026-01-01T00:00:00Z", .firstDayOfNextYear: "2027-01-01T00:00:00Z",
            .lastDayOfYear: "2026-12-31T00:00:00Z",
        ]
        #expect(Set(expected.keys) == Set(DateCondition.Truncation.allCases))
        for (truncation, text) in expected {
            #expect(truncation.apply(moment) == DateCondition.read(text, format: nil), "\(truncation.rawValue)")
        }
        let december = try #require(DateCondition.read("2026-12-15T09:00:00Z", format: nil))
        #expect(DateCondition.Truncation.firstDayOfNextMonth.apply(december) == DateCondition.read("2027-01-01T00:00:00Z", format: nil))
        #expect(DateCondition.Truncation.lastDayOfMonth.apply(december) == DateCondition.read("2026-12-31T00:00:00Z", format: nil))
        for (text, amount, unit) in [("now +1 day", 1, DateCondition.Unit.days), ("now -1 month", -1, .months), ("2 hours", 2, .hours),
                                     ("now +1 Year", 1, .years), ("now -30 seconds", -30, .seconds), ("now 1 minute", 1, .minutes)] {
            let offset = try #require(try DateCondition.nowOffset(text), "\(text)")
            #expect(offset.amount == amount && offset.unit == unit, "\(text)")
        }
        #expect(try Self.condition(.after, "now -1 day").holds("2026-11-19T12:00:01Z", now: Self.now))
    }

    @Test func whatCannotBeReadIsRefusedWithTheReason() {
        for (spec, options, reason) in [("tomorrow", [:], "is neither a date-time"), ("now +3 fortnights", [:], "fortnights is not one of"),
                                        ("now", ["truncateActual": "first day of week"], "is not one of first second of minute"),
                                        ("2026-01-01", ["expectedOffset": "3", "expectedOffsetUnit": "days"], "goes with before: now"),
                                        ("now", ["expectedOffset": "3"], "needs a whole number and expectedOffsetUnit")] {
            #expect(throws: ValueMatcherError.self) { try Self.condition(.before, spec, options) }
            do {
                _ = try Self.condition(.before, spec, options)
            } catch let error as ValueMatcherError {
                #expect(error.reason.contains(reason), "\(error.reason)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func routeFilesMatchDatesOnTheEnginesClockAndCookiesByName() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: statement
                request:
                  method: GET
                  path: /v1/statements
                  query:
                    from: { after: "now -90 days", actualFormat: yyyy-MM-dd }
                  headers:
                    X-Request-Date: { before: now, expectedOffset: 1, expectedOffsetUnit: minutes }
                  cookies:
                    session: { matches: "s-[0-9]+" }
                    consent: { absent: true }
                responses: [{ status: 200, body: '{{#now}}epoch{{/now}}' }]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let clock: @Sendable () -> Date = { Self.now }
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: clock)])
        let headers = ["X-Request-Date": "Fri, 20 Nov 2026 12:00:30 GMT", "Cookie": "theme=dark; session=s-42"]
        let matched = probe.answer("/v1/statements?from=2026-10-01", headers: headers)
        #expect(matched.status.code == 200)
        #expect(String(decoding: matched.body, as: UTF8.self) == "1795176000", "the answer is rendered on the same clock")
        let old = probe.answer("/v1/statements?from=2026-01-01", headers: headers)
        #expect(old.status.code == 404)
        let oldText = String(decoding: old.body, as: UTF8.self)
        #expect(oldText.contains("query from expected a date after now -90 days (as yyyy-MM-dd) (2026-08-22T12:00:00Z)"), "\(oldText)")
        // A value that is not a date in the route's form is said to be one, not compared.
        let notInForm = String(decoding: probe.answer("/v1/statements?from=01/10/2026", headers: headers).body, as: UTF8.self)
        #expect(notInForm.contains("01/10/2026") && notInForm.contains(", which is not a date in that form"), "\(notInForm)")
        var undated = headers
        undated["X-Request-Date"] = "soon"
        let notADate = String(decoding: probe.answer("/v1/statements?from=2026-10-01", headers: undated).body, as: UTF8.self)
        #expect(notADate.contains("soon") && notADate.contains(", which is not a date") && !notADate.contains("in that form"), "\(notADate)")
        var late = headers
        late["X-Request-Date"] = "Fri, 20 Nov 2026 12:02:00 GMT"
        #expect(probe.answer("/v1/statements?from=2026-10-01", headers: late).status.code == 404, "after now +1 minute")
        var consented = headers
        consented["Cookie"] = "session=s-42; consent=yes"
        let miss = probe.answer("/v1/statements?from=2026-10-01", headers: consented)
        #expect(miss.status.code == 404 && String(decoding: miss.body, as: UTF8.self).contains("cookie consent must be absent"))
        var none = headers
        none["Cookie"] = nil
        #expect(probe.answer("/v1/statements?from=2026-10-01", headers: none).status.code == 404)
    }

    /// A cookie's name is matched as written, case and all (RFC 6265 §5.3 compares names
    /// exactly, unlike header names): `JSESSIONID` is not `jsessionid`.
    @Test func aCookieIsMatchedByItsNameAsWritten() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: session
                request:
                  path: /v1/me
                  cookies:
                    JSESSIONID: { equals: abc }
                responses: [{ status: 200 }]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: { Date() })])
        #expect(probe.answer("/v1/me", headers: ["Cookie": "theme=dark; JSESSIONID=abc"]).status.code == 200)
        let lowered = probe.answer("/v1/me", headers: ["Cookie": "jsessionid=abc"])
        #expect(lowered.status.code == 404 && String(decoding: lowered.body, as: UTF8.self).contains("cookie JSESSIONID"),
                "\(String(decoding: lowered.body, as: UTF8.self))")
    }

    @Test func cookieFieldsAreReadAsRFC6265Writes() {
        let cookies = RequestCondition.cookies(["a=1; b=\"two words\"", "a=3;c=", " ; d", "token=YWJjZA==; q=\""])
        #expect(cookies["a"] == ["1", "3"] && cookies["b"] == ["two words"] && cookies["c"] == [""] && cookies["d"] == [""])
        #expect(cookies["token"] == ["YWJjZA=="], "a value runs to the next ';', '=' and all (base64's padding)")
        #expect(cookies["q"] == ["\""], "one double quote is a value, not an empty quoted one")
    }

    @Test func aDateOptionWithoutADateMatcherIsRefusedAtLoad() {
        let (_, problems) = RouteFolder.load("""
            routes:
              - id: r
                request: { path: /a, headers: { X-Date: { equals: x, actualFormat: dd/MM/yyyy } } }
                responses: [{ status: 200 }]
              - id: s
                request: { path: /b, headers: { X-Date: { after: yesterday } } }
                responses: [{ status: 200 }]
            """)
        #expect(problems.contains { $0.line == 3 && $0.reason.contains("actualFormat goes with before, after or equalToDateTime") }, "\(problems)")
        #expect(problems.contains { $0.line == 6 && $0.reason.contains("after: \"yesterday\" is neither") }, "\(problems)")
    }
}
