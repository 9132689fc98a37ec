/// Compares an observation with a case's expectations, layer by layer, data first: the first
/// expectation that does not hold names the failing layer.
enum CaseChecker {
    static func check(_ expectation: Expectation, against observation: Observation) -> (CaseResult.Layer, String)? {
        let ordered = expectation.values.sorted { lhs, rhs in
            (ExpectationKey.layerOrder(lhs.key.layer), rank(lhs.key), lhs.key.name) < (ExpectationKey.layerOrder(rhs.key.layer), rank(rhs.key), rhs.key.name)
        }
        for (key, expected) in ordered {
            if let message = mismatch(key, expected, observation) { return (key.layer, message) }
        }
        return nil
    }

    /// Typed keys first, in the order people read them; a team's keys after.
    static func rank(_ key: ExpectationKey) -> Int {
        [ExpectationKey.http, .transport, .fault, .requests, .success, .error, .retryAfter, .count, .state, .alert, .actions, .contains, .notContains]
            .firstIndex(of: key) ?? 100
    }

    /// Why `key` does not hold, or nil when it does.
    static func mismatch(_ key: ExpectationKey, _ expected: ReportValue, _ observation: Observation) -> String? {
        let data = observation.data, domain = observation.domain, presentation = observation.presentation
        let text = expected.text ?? expected.description
        switch key {
        case .http:
            return data.last?.status == expected.integer ? nil : "expected HTTP \(text), saw \(describe(data.last))"
        case .transport:
            return data.transport == text ? nil : "expected transport failure \(text), saw \(describe(data))"
        case .fault:
            return data.last?.fault == text ? nil : "expected the stub to serve fault \(text), saw \(describe(data.last))"
        case .requests:
            return data.exchanges.count == expected.integer ? nil
                : "expected \(text) requests, saw \(data.exchanges.count): \(data.exchanges.map(describe).joined(separator: ", "))"
        case .success:
            let succeeded = domain.error == nil
            if succeeded == expected.flag { return nil }
            return succeeded ? "expected an error, saw success" : "expected success, saw \(domain.error ?? "?")"
        case .error:
            return domain.error == text ? nil : "expected \(text), saw \(domain.error ?? "success")"
        case .retryAfter:
            return domain.retryAfter == expected.number ? nil : "expected retryAfter \(text), saw \(domain.retryAfter.map { ReportValue.number($0).description } ?? "none")"
        case .count:
            return domain.count == expected.integer ? nil : "expected \(text) items, saw \(domain.count.map(String.init) ?? "none")"
        case .state:
            return presentation.state == text ? nil : "expected state \(text), saw \(presentation.state)\(presentation.alert.map { " (\($0))" } ?? "")"
        case .alert:
            return presentation.alert == text ? nil : "expected alert \(text), saw \(presentation.alert ?? "none")"
        case .actions:
            return (presentation.actions ?? []) == expected.texts ? nil : "expected actions \(expected), saw \(ReportValue.list((presentation.actions ?? []).map(ReportValue.string)))"
        case .contains:
            return presentation.text.contains { $0.contains(text) } ? nil
                : "expected text containing \"\(text)\", saw \(presentation.text.prefix(6))"
        case .notContains:
            for fragment in expected.texts ?? [text] {
                if let line = presentation.text.first(where: { $0.contains(fragment) }) {
                    return "expected no text containing \"\(fragment)\", saw \"\(line)\""
                }
            }
            return nil
        default:
            let seen = key.layer == .domain ? domain.values[key.name] : presentation.values[key.name]
            return seen == expected ? nil : "expected \(key.name) \(expected), saw \(seen?.description ?? "none")"
        }
    }

    static func describe(_ exchange: ServedExchange?) -> String {
        guard let exchange else { return "no request" }
        return "\(exchange.method) \(exchange.path) → \(exchange.status.map(String.init) ?? exchange.fault ?? "?")"
            + (exchange.status != nil ? exchange.fault.map { " (\($0))" } ?? "" : "")
    }

    static func describe(_ data: DataObservation) -> String {
        if let transport = data.transport { return transport }
        return describe(data.last)
    }
}
