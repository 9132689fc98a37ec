package import Yams

/// The behaviour fields a route, response or folder defaults may carry.
extension RouteFileLoader {
    package func behaviour(_ fields: [(key: String, keyNode: Node, value: Node)], at: String,
                   reader: inout NodeReader) -> RouteBehaviour {
        var result = RouteBehaviour()
        for (key, _, value) in fields {
            switch key {
            case "latency":
                if let latency = reader.decode(LatencyModel.self, value, at: "\(at).latency") {
                    for (field, reason) in latency.problems() { reader.fail(value, "\(at).latency.\(field) \(reason)") }
                    result.latency = latency
                }
            case "bandwidth":
                if let bandwidth = reader.decode(Bandwidth.self, value, at: "\(at).bandwidth") {
                    if bandwidth.bytesPerSecond < 1 || (bandwidth.chunkBytes ?? 1) < 1 {
                        reader.fail(value, "\(at).bandwidth: bytesPerSecond and chunkBytes must be at least 1")
                    }
                    result.bandwidth = bandwidth
                }
            case "fault":
                if let text = reader.string(value, at: "\(at).fault") {
                    if let fault = Fault(rawValue: text) { result.fault = fault } else {
                        reader.fail(value, "\(at).fault must be one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                }
            case "probability":
                if let probability = reader.double(value, at: "\(at).probability") {
                    if !(0...1).contains(probability) { reader.fail(value, "\(at).probability must be between 0 and 1") }
                    result.probability = probability
                }
            case "times":
                if let times = reader.int(value, at: "\(at).times") {
                    if times < 1 { reader.fail(value, "\(at).times must be at least 1") }
                    result.times = times
                }
            case "tamperSignature": result.tamperSignature = reader.bool(value, at: "\(at).tamperSignature")
            default: break
            }
        }
        return result
    }
}
