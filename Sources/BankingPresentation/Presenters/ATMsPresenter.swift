public import BankingDomain
import Foundation

/// One cash machine in the list.
public struct ATMRow: Sendable, Equatable, Identifiable {
    /// The machine's id.
    public let id: String
    /// The machine's name.
    public let name: String
    /// Its street address.
    public let address: String
    /// "350 m" or "2.4 km", when a location was given.
    public let distance: String?
    /// What VoiceOver reads: the name, the address, and the distance (`350 m away`).
    public let accessibilityLabel: String
}

/// The ATM finder.
@MainActor
public final class ATMsPresenter {
    /// What the screen shows.
    public private(set) var state: ViewState<[ATMRow]> = .loading
    private let atms: any ATMRepository
    private let locale: Locale
    private let errors = ErrorPresenter()

    /// A presenter over the ATM repository, formatting distances for the environment's locale.
    public init(atms: any ATMRepository, environment: PresentationEnvironment) {
        self.atms = atms
        self.locale = environment.locale
    }

    /// Loads the machines near a point (nearest first), or all of them without one.
    public func load(latitude: Double? = nil, longitude: Double? = nil, radiusKm: Double? = nil) async {
        state = .loading
        let near = latitude.flatMap { lat in longitude.map { (latitude: lat, longitude: $0) } }
        state = await ListLoad.state(empty: "No cash machines nearby.", errors: errors, row: row) { () async throws(BankingError) in
            try await atms.atms(near: near, radiusKm: radiusKm)
        } ?? state
    }

    private func row(_ atm: ATM) -> ATMRow {
        let distance = atm.distanceKm.map(distance)
        let spoken = distance.map { ", \($0) away" } ?? ""
        return ATMRow(id: atm.id, name: atm.name, address: atm.address, distance: distance,
                      accessibilityLabel: "\(atm.name), \(atm.address)\(spoken)")
    }

    private func distance(_ km: Double) -> String {
        if km < 1 { return "\(Int((km * 1000 / 10).rounded()) * 10) m" }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.maximumFractionDigits = 1
        formatter.minimumFractionDigits = 1
        return "\(formatter.string(from: km as NSNumber) ?? String(km)) km"
    }
}
