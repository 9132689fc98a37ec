/// What the behaviour layer decided for one request, with every random draw already made.
package struct BehaviourDecision: Sendable {
    package var behaviourId: String?
    package var status: Int?
    package var headers: [String: String] = [:]
    package var error: ErrorOverride?
    package var delayMs: Double = 0
    package var bandwidth: Bandwidth?
    package var fault: Fault?
    package var tamperSignature = false

    package static let none = BehaviourDecision()
}
