/// The signed-in customer.
public struct UserProfile: Hashable, Sendable {
    /// The bank's id for the customer.
    public let id: String
    /// What the customer signs in with.
    public let username: String
    /// Given name.
    public let firstName: String
    /// Family name.
    public let lastName: String
    /// Contact e-mail address.
    public let email: String
    /// Contact phone number, E.164.
    public let phone: String
    /// BCP 47 tag, e.g. `de-DE`.
    public let locale: String
    /// The day the customer joined the bank.
    public let customerSince: Day

    /// A profile as the bank reports it.
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

    /// First and last name, for greetings.
    public var displayName: String { "\(firstName) \(lastName)" }
}
