/// Whether console text is coloured, and the colours: ANSI escapes on a terminal, nothing when
/// the output is a file or a CI log, or when `NO_COLOR` is set (https://no-color.org).
public struct ConsoleStyle: Sendable, Equatable {
    /// Whether escapes are written.
    public var colour: Bool

    /// No escapes: for files, pipes and CI logs.
    public static let plain = ConsoleStyle(colour: false)

    /// A style.
    public init(colour: Bool) { self.colour = colour }

    /// Colour only on a terminal, with `NO_COLOR` unset or empty and `TERM` not `dumb`.
    public static func detect(isTerminal: Bool, environment: [String: String]) -> ConsoleStyle {
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return ConsoleStyle(colour: isTerminal && !noColour)
    }

    /// Passing text.
    public func green(_ text: String) -> String { wrap(text, "32") }
    /// Failing text.
    public func red(_ text: String) -> String { wrap(text, "31") }
    /// Text to notice that is not a failure.
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Secondary text.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// Headings.
    public func bold(_ text: String) -> String { wrap(text, "1") }

    private func wrap(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
