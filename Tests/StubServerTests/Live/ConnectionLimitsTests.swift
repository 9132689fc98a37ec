import Testing
import StubRuntime

/// `--header-timeout`, `--body-timeout` and `--idle-timeout` take a tenth of a second to an hour,
/// both ends included; a value outside is refused naming its option.
@Suite struct ConnectionLimitsTests {
    @Test func eachTimeoutIsFromATenthOfASecondToAnHourBothIncluded() {
        #expect(ConnectionLimits().problems().isEmpty, "the defaults")
        let options = ["header-timeout", "body-timeout", "idle-timeout"]
        for (index, option) in options.enumerated() {
            for (value, allowed) in [(0.1, true), (3600, true), (0.099, false), (3600.01, false), (-1, false)] {
                var limits = ConnectionLimits()
                switch index {
                case 0: limits.headerSeconds = value
                case 1: limits.bodySeconds = value
                default: limits.idleSeconds = value
                }
                #expect(limits.problems().map(\.0) == (allowed ? [] : [option]), "\(option) \(value)")
            }
        }
    }
}
