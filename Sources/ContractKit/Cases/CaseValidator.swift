import Foundation
import Yams
import StubFormats

/// Checks one case's YAML against the client that will run it, with lines: fields that do not
/// exist, layers and keys no registered operation reports, and values of the wrong shape.
struct CaseValidator {
    let client: ContractClient
    let file: String

    static let fields: Set<String> = ["id", "persona", "summary", "given", "when", "except", "with", "expect", "timeoutSeconds",
                                      "concurrency", "zone"]
    static let givenFields: Set<String> = ["behaviour", "offline", "expireTokens"]
    /// The most callers one case may start at once.
    static let maxConcurrency = 50

    /// Problems in `node`, the mapping of `contractCase`; the operations it expands to when it
    /// is fine (one, or every registered one for `when: "*"`), empty for an unregistered one.
    func validate(_ contractCase: ContractCase, node: Node) -> [CaseLoadProblem] {
        var problems: [CaseLoadProblem] = []
        func problem(_ at: Node?, _ reason: String) {
            problems.append(CaseLoadProblem(file: file, line: at?.mark?.line, reason: "case \(contractCase.id): \(reason)"))
        }
        guard let mapping = node.mapping else { return [] }
        for (key, value) in mapping {
            guard let name = key.string else { continue }
            if !Self.fields.contains(name) {
                problem(key,
                    "unknown field \(name)\(Spelling.hint(for: name, in: Self.fields)); fields: \(Self.fields.sorted().joined(separator: ", "))")
            }
            if name == "given", let items = value.sequence {
                for item in items {
                    for (givenKey, _) in Array(item.mapping ?? Node.Mapping([])) where !Self.givenFields.contains(givenKey.string ?? "") {
                        let given = givenKey.string ?? "?"
                        let hint = Spelling.hint(for: given, in: Self.givenFields)
                        problem(givenKey, "unknown given \(given)\(hint); use behaviour, offline or expireTokens")
                    }
                }
            }
        }
        if let callers = contractCase.concurrency, !(1...Self.maxConcurrency).contains(callers) {
            problem(node["concurrency"], "concurrency must be 1 to \(Self.maxConcurrency), not \(callers)")
        }
        if let zone = contractCase.zone, TimeZone(identifier: zone) == nil {
            problem(node["zone"], "zone \(zone) is not a time zone name such as Europe/London or Pacific/Auckland")
        }
        if contractCase.except != nil, !contractCase.isEveryOperation {
            problem(node["except"], "except only goes with when: \"*\"")
        }
        let operations = targets(of: contractCase)
        guard let expect = mapping["expect"]?.mapping else { return problems }
        let known = client.knownKeys
        for (layerNode, keys) in expect {
            let layerName = layerNode.string ?? ""
            guard let layer = CaseResult.Layer(rawValue: layerName), layer != .setup else {
                let hint = Spelling.hint(for: layerName, in: ["data", "domain", "presentation"])
                problem(layerNode, "unknown layer \(layerName)\(hint); use data, domain or presentation")
                continue
            }
            for (keyNode, valueNode) in Array(keys.mapping ?? Node.Mapping([])) {
                let key = ExpectationKey(layer, keyNode.string ?? "")
                guard known.contains(key) else {
                    let inLayer = known.filter { $0.layer == layer }.map(\.name)
                    let knownKeys = known.sorted().map(\.description).joined(separator: ", ")
                    problem(keyNode, "unknown expectation key \(key)\(Spelling.hint(for: key.name, in: inLayer)); known keys: \(knownKeys)")
                    continue
                }
                if let kind = ExpectationKey.typed[key], let value = contractCase.expect[key] {
                    if !kind.accepts(value) {
                        problem(valueNode, "\(key) must be \(kind.rawValue), not \(value)")
                    } else if let wrong = Self.screenProblem(key, value) {
                        problems.append(CaseLoadProblem(file: file, line: ScreenPattern.line(of: wrong.path, in: valueNode),
                                                        reason: "case \(contractCase.id): \(key): \(wrong.reason)"))
                    }
                }
                for operation in operations where !operation.expectable.contains(key) {
                    let reported = operation.expectable.sorted().map(\.description).joined(separator: ", ")
                    problem(keyNode, "operation \(operation.name) does not report \(key); it reports: \(reported)")
                }
            }
        }
        return problems
    }

    /// What is wrong inside a `screen` or `rowsWith` value, with where.
    static func screenProblem(_ key: ExpectationKey, _ value: ReportValue) -> ScreenPattern.Problem? {
        do {
            switch key {
            case .screen where value.text != "recorded": _ = try ScreenPattern(value)
            case .rowsWith:
                if case .list(let items) = value {
                    for (index, item) in items.enumerated() { _ = try ScreenCheck.RowQuery(item, at: [.index(index)]) }
                } else {
                    _ = try ScreenCheck.RowQuery(value)
                }
            default: break
            }
        } catch {
            return error
        }
        return nil
    }

    /// The registered operations a case runs: its own, or every one for `when: "*"`.
    func targets(of contractCase: ContractCase) -> [RegisteredOperation] {
        guard contractCase.isEveryOperation else { return client.operation(named: contractCase.when).map { [$0] } ?? [] }
        let excluded = Set(contractCase.except ?? [])
        return client.operations.filter { !excluded.contains($0) }.compactMap(client.operation(named:))
    }
}
