/// The signed-in customer.
public struct UserProfile: Hashable, Sendable {
    public let id: String
    public let username: String
    public let firstName: String
    public let lastName: String
    public let email: String
    public let phone: String
    /// BCP 47 tag, e.g. `de-DE`.
    public let locale: String
    public let customerSince: Day

    public init(id: String, username: String, firstName: String, lastName: String, email: String, phone: String,
                locale: String, customerSince: Day) {
        self.id = id
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.locale = locale
        self.customerSince = customerSince
    }

    public var displayName: String { "\(firstName) \(lastName)" }
}
