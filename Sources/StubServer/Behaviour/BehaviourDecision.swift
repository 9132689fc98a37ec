/// What the behaviour layer decided for one request, with every random draw already made.
struct BehaviourDecision: Sendable {
    var behaviourId: String?
    var status: Int?
    var headers: [String: String] = [:]
    var error: ErrorOverride?
    var delayMs: Double = 0
    var bandwidth: Bandwidth?
    var fault: Fault?
    var tamperSignature = false

    static let none = BehaviourDecision()
}
