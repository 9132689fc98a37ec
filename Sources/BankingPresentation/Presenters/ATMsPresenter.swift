public import BankingDomain
import Foundation

/// One cash machine in the list.
public struct ATMRow: Sendable, Equatable, Identifiable {
    public let id: String
    public let name: String
    public let address: String
    /// "350 m" or "2.4 km", when a location was given.
    public let distance: String?
    /// What VoiceOver reads: the name, the address, and the distance (`350 m away`).
    public let accessibilityLabel: String
}

/// The ATM finder.
@MainActor
public final class ATMsPresenter {
    public private(set) var state: ViewState<[ATMRow]> = .loading
    private let atms: any ATMRepository
    private let locale: Locale
    private let errors = ErrorPresenter()

    public init(atms: any ATMRepository, environment: PresentationEnvironment) {
        self.atms = atms
        self.locale = environment.locale
    }

    public func load(latitude: Double? = nil, longitude: Double? = nil, radiusKm: Double? = nil) async {
        state = .loading
        let near = latitude.flatMap { lat in longitude.map { (latitude: lat, longitude: $0) } }
        do {
            let list = try await atms.atms(near: near, radiusKm: radiusKm)
            state = list.isEmpty ? .empty(message: "No cash machines nearby.") : .content(list.map(row))
        } catch {
            state = errors.alert(for: error).map(ViewState.error) ?? state
        }
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
