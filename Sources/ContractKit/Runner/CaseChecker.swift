/// Compares an observation with a case's expectations, layer by layer, data first: the first
/// expectation that does not hold names the failing layer. With concurrent callers, domain and
/// presentation expectations must hold for every one of them.
enum CaseChecker {
    static func check(_ expectation: Expectation, against observation: Observation, caseId: String = "",
                      screens: ScreenRecorder? = nil) -> (CaseResult.Layer, String)? {
        let ordered = expectation.values.sorted { lhs, rhs in
            let left = (ExpectationKey.layerOrder(lhs.key.layer), rank(lhs.key), lhs.key.name)
            let right = (ExpectationKey.layerOrder(rhs.key.layer), rank(rhs.key), rhs.key.name)
            return left < right
        }
        let callers = observation.callers ?? [OperationReport(domain: observation.domain, presentation: observation.presentation)]
        for (key, expected) in ordered {
            if key.layer == .data || key == .signals {
                if let message = mismatch(key, expected, observation, callers[0], caseId: caseId, screens: screens) { return (key.layer, message) }
                continue
            }
            for (index, caller) in callers.enumerated() {
                if let message = mismatch(key, expected, observation, caller, caseId: caseId, screens: screens) {
                    return (key.layer, callers.count > 1 ? "caller \(index + 1) of \(callers.count): \(message)" : message)
                }
            }
        }
        return nil
    }

    /// Typed keys first, in the order people read them; a team's keys after.
    static func rank(_ key: ExpectationKey) -> Int {
        [ExpectationKey.http, .transport, .urlError, .fault, .requests, .served, .replayed, .success, .error, .retryAfter, .count, .signals,
         .state, .alert, .actions, .rows, .sections, .contains, .notContains, .screen, .order, .rowsWith, .accessibility]
            .firstIndex(of: key) ?? 100
    }

    /// Requests `route` served. A route file's journal name carries its id (`GET /x [route-id]`);
    /// a key without one counts every route of that pattern, so a case written against the
    /// built-in bank reads the same against route files, such as a recording of it.
    static func servedCount(_ route: String, in served: [String: Int]) -> Int {
        if route.hasSuffix("]") { return served[route, default: 0] }
        return served.reduce(0) { total, entry in
            let pattern = entry.key.hasSuffix("]") ? String(entry.key.prefix { $0 != "[" }.dropLast()) : entry.key
            return total + (pattern == route ? entry.value : 0)
        }
    }

    /// Why `key` does not hold for `caller`'s report, or nil when it does.
    static func mismatch(_ key: ExpectationKey, _ expected: ReportValue, _ observation: Observation, _ caller: OperationReport,
                         caseId: String = "", screens: ScreenRecorder? = nil) -> String? {
        let data = observation.data, domain = caller.domain, presentation = caller.presentation
        let text = expected.text ?? expected.description
        switch key {
        case .served:
            let served = data.served
            for (route, count) in (expected.counts ?? [:]).sorted(by: { $0.key < $1.key }) {
                let seen = servedCount(route, in: served)
                if seen != count {
                    return "expected \(count) × \(route), saw \(seen); served: \(ReportValue.map(served.mapValues { .number(Double($0)) }))"
                }
            }
            return nil
        case .replayed:
            return data.replays == expected.integer ? nil
                : "expected \(text) replayed answers, saw \(data.replays): \(data.exchanges.map(describe).joined(separator: ", "))"
        case .urlError:
            let last = data.urlErrors.last ?? "none"
            let all = data.urlErrors.count > 1 ? " (all: \(data.urlErrors.joined(separator: ", ")))" : ""
            return last == text ? nil : "expected URLError \(text), saw \(last)\(all)"
        case .signals:
            for (name, count) in (expected.counts ?? [:]).sorted(by: { $0.key < $1.key }) where observation.signals[name, default: 0] != count {
                return "expected signal \(name) \(count) time\(count == 1 ? "" : "s"), saw \(observation.signals[name, default: 0])"
                    + " (waited up to \(Int(CaseExecution.signalWait)) s)"
            }
            return nil
        case .rows:
            return presentation.rows == expected.integer ? nil : "expected \(text) rows, saw \(presentation.rows.map(String.init) ?? "none")"
        case .sections:
            return presentation.sections == expected.integer ? nil
                : "expected \(text) sections, saw \(presentation.sections.map(String.init) ?? "none")"
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
            let seen = domain.retryAfter.map { ReportValue.number($0).description } ?? "none"
            return domain.retryAfter == expected.number ? nil : "expected retryAfter \(text), saw \(seen)"
        case .count:
            return domain.count == expected.integer ? nil : "expected \(text) items, saw \(domain.count.map(String.init) ?? "none")"
        case .state:
            let alert = presentation.alert.map { " (\($0))" } ?? ""
            return presentation.state == text ? nil : "expected state \(text), saw \(presentation.state)\(alert)"
        case .alert:
            return presentation.alert == text ? nil : "expected alert \(text), saw \(presentation.alert ?? "none")"
        case .actions:
            let actions = presentation.actions ?? []
            return actions == expected.texts ? nil : "expected actions \(expected), saw \(ReportValue.list(actions.map(ReportValue.string)))"
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
        case .screen:
            if expected.text == "recorded" {
                guard let screens else { return "screen: recorded needs the cases folder, to find screens/\(ScreenRecorder.fileName(for: caseId))" }
                return screens.recording ? nil : screens.mismatch(caseId: caseId, screen: presentation.screen)
            }
            do { return ScreenCheck.screen(try ScreenPattern(expected), presentation.screen) } catch { return error.reason }
        case .order:
            return ScreenCheck.order(expected, presentation.screen)
        case .rowsWith:
            return ScreenCheck.rowsWith(expected, presentation.screen)
        case .accessibility:
            return ScreenCheck.accessibilityComplete(presentation.screen)
        default:
            let seen = key.layer == .domain ? domain.values[key.name] : presentation.values[key.name]
            return seen == expected ? nil : "expected \(key.name) \(expected), saw \(seen?.description ?? "none")"
        }
    }

    static func describe(_ exchange: ServedExchange?) -> String {
        guard let exchange else { return "no request" }
        return "\(exchange.method) \(exchange.path) → \(exchange.status.map(String.init) ?? exchange.fault ?? "?")"
            + (exchange.status != nil ? exchange.fault.map { " (\($0))" } ?? "" : "") + (exchange.replayed == true ? " (replayed)" : "")
    }

    static func describe(_ data: DataObservation) -> String {
        if let transport = data.transport { return transport }
        return describe(data.last)
    }
}
