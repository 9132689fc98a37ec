public import Foundation
import Yams
public import StubFormats

/// Reads a folder of case files (`*.yaml`, one case or `cases: [...]` each) for one client.
///
/// Every case is checked against the client when it loads: unknown fields, layers and keys, keys
/// the operation does not report, and values of the wrong shape are problems with file and line.
/// A case for an operation the client does not register loads, and runs as not covered.
/// `when: "*"` expands into one case per registered operation. The good files still load.
public struct CaseLoader: Sendable {
    /// The folder of case files.
    public let directory: URL
    /// The client the cases are checked against.
    public let client: ContractClient

    /// A loader for the cases in `directory`, for `client`.
    public init(directory: URL, client: ContractClient) {
        self.directory = directory
        self.client = client
    }

    /// What loaded, and what did not.
    public struct Result: Sendable {
        /// The cases that loaded, in file order, with `when: "*"` expanded.
        public var cases: [ContractCase]
        /// Everything that kept a case from loading.
        public var problems: [CaseLoadProblem]
    }

    private struct CaseFile: Decodable { var cases: [ContractCase] }

    /// Loads every case file in the folder.
    public func load() -> Result {
        var result = Result(cases: [], problems: [])
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            result.problems.append(CaseLoadProblem(file: directory.path, line: nil, reason: "cases directory not found"))
            return result
        }
        var seen: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            let file = "cases/\(name)"
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
                result.problems.append(CaseLoadProblem(file: file, line: nil, reason: "unreadable"))
                continue
            }
            let validator = CaseValidator(client: client, file: file)
            for (var contractCase, node) in decode(text, file: file, problems: &result.problems) {
                contractCase.source = file
                let problems = validator.validate(contractCase, node: node)
                guard problems.isEmpty else { result.problems += problems; continue }
                for expanded in expand(contractCase, validator: validator) {
                    if let other = seen[expanded.id] {
                        result.problems.append(CaseLoadProblem(file: file, line: node["id"]?.mark?.line,
                                                               reason: "duplicate case id \(expanded.id) (also in \(other))"))
                        continue
                    }
                    seen[expanded.id] = file
                    result.cases.append(expanded)
                }
            }
        }
        return result
    }

    /// The case itself, or for `when: "*"` one case per registered operation it applies to;
    /// then, for a case with presentation expectations and no `zone:`, one per client zone.
    func expand(_ contractCase: ContractCase, validator: CaseValidator) -> [ContractCase] {
        let operations: [ContractCase]
        if contractCase.isEveryOperation {
            operations = validator.targets(of: contractCase).map { operation in
                var one = contractCase
                one.id = "\(operation.name).\(contractCase.id)"
                one.when = operation.name
                one.except = nil
                return one
            }
        } else {
            operations = [contractCase]
        }
        return operations.flatMap(inZones)
    }

    /// One case per client zone (the first keeps the id, others add `@<zone>`), for a case that
    /// checks the presentation and names no zone of its own.
    func inZones(_ contractCase: ContractCase) -> [ContractCase] {
        let presents = contractCase.expect.values.keys.contains { $0.layer == .presentation }
        guard contractCase.zone == nil, presents, let first = client.zones.first else { return [contractCase] }
        return client.zones.map { zone in
            var one = contractCase
            one.zone = zone
            if zone != first { one.id += "@\(zone)" }
            return one
        }
    }

    /// The cases of one file, each with its YAML node for lines.
    func decode(_ text: String, file: String, problems: inout [CaseLoadProblem]) -> [(ContractCase, Node)] {
        do {
            guard let root = try Yams.compose(yaml: text) else {
                problems.append(CaseLoadProblem(file: file, line: nil, reason: "the file is empty"))
                return []
            }
            if let list = root["cases"] {
                let cases = try YAMLDecoder().decode(CaseFile.self, from: text).cases
                return Array(zip(cases, list.sequence.map(Array.init) ?? []))
            }
            return [(try YAMLDecoder().decode(ContractCase.self, from: text), root)]
        } catch let error as DecodingError {
            problems.append(CaseLoadProblem(file: file, line: YAMLLineLocator.line(of: error, in: text), reason: Self.reason(error)))
        } catch let error as YamlError {
            problems.append(CaseLoadProblem(file: file, line: YAMLLineLocator.line(of: error),
                                            reason: "invalid YAML: \(YAMLLineLocator.summary(of: error, in: text))"))
        } catch {
            problems.append(CaseLoadProblem(file: file, line: nil, reason: "\(error)"))
        }
        return []
    }

    static func reason(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(key.stringValue) at \(path(context).isEmpty ? "top level" : path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(context.debugDescription) at \(path(context))"
        case .dataCorrupted(let context): return "\(context.debugDescription) \(context.underlyingError.map { "\($0)" } ?? "")"
        @unknown default: return "\(error)"
        }
    }
}
