import StubEngine

extension Bank {
    /// Version of the wire API, as in `Contracts/openapi.yaml`.
    package static let apiVersion = "1.0.0"
}
