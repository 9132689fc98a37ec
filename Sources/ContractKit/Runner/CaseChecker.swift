/// Compares an observation with a case's expectations, layer by layer, data first.
enum CaseChecker {
    static func check(_ expectation: Expectation, against observation: Observation) -> (CaseResult.Layer, String)? {
        if let data = expectation.data {
            let last = observation.data.last
            if let http = data.http, last?.status != http {
                return (.data, "expected HTTP \(http), saw \(describe(last))")
            }
            if let transport = data.transport, last?.transportError != transport {
                return (.data, "expected transport failure \(transport), saw \(describe(last))")
            }
            if let requests = data.requests, observation.data.exchanges.count != requests {
                return (.data, "expected \(requests) requests, saw \(observation.data.exchanges.count): \(observation.data.exchanges.map(describe).joined(separator: ", "))")
            }
        }
        if let domain = expectation.domain {
            let seen = observation.domain
            if domain.success == true, let error = seen.error { return (.domain, "expected success, saw \(error)") }
            if let error = domain.error, seen.error != error { return (.domain, "expected \(error), saw \(seen.error ?? "success")") }
            if let retryAfter = domain.retryAfter, seen.retryAfter != retryAfter {
                return (.domain, "expected retryAfter \(retryAfter), saw \(seen.retryAfter.map { "\($0)" } ?? "none")")
            }
            if let count = domain.count, seen.count != count { return (.domain, "expected \(count) items, saw \(seen.count.map(String.init) ?? "none")") }
        }
        if let presentation = expectation.presentation {
            let seen = observation.presentation
            if let state = presentation.state, seen.state != state { return (.presentation, "expected state \(state), saw \(seen.state)\(seen.alert.map { " (\($0))" } ?? "")") }
            if let alert = presentation.alert, seen.alert != alert { return (.presentation, "expected alert \(alert), saw \(seen.alert ?? "none")") }
            if let actions = presentation.actions, seen.actions ?? [] != actions {
                return (.presentation, "expected actions \(actions), saw \(seen.actions ?? [])")
            }
            if let fragment = presentation.contains, !seen.text.contains(where: { $0.contains(fragment) }) {
                return (.presentation, "expected text containing \"\(fragment)\", saw \(seen.text.prefix(6))")
            }
        }
        return nil
    }

    static func describe(_ exchange: Exchange?) -> String {
        guard let exchange else { return "no request" }
        return "\(exchange.method) \(exchange.path) → \(exchange.status.map(String.init) ?? exchange.transportError ?? "?")"
    }
}
