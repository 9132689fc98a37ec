/// A case's `with:` values, with the defaults a case may leave out.
struct CaseArguments: Sendable {
    let values: [String: String]

    subscript(_ name: String) -> String? { values[name] }

    func string(_ name: String, default fallback: String) -> String { values[name] ?? fallback }

    func double(_ name: String) -> Double? { values[name].flatMap(Double.init) }
}
