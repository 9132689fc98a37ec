import Foundation
import HTTPTypes
import StubEngine

extension BankAPI {
    package static func atmRoutes() -> [Route] {
        [
            Route("GET /v1/atms", "listATMs", "Cash machines, nearest first when lat and lon are given", auth: false) { call throws(APIError) in
                let request = call.request
                var details: [WireErrorDetail] = []
                func number(_ name: String, _ range: ClosedRange<Double>) throws(APIError) -> Double? {
                    guard let text = try request.queryValue(name) else { return nil }
                    guard let value = Double(text), value.isFinite, range.contains(value) else {
                        details.append(.init(code: "out_of_range", path: name,
                            message: "\(name) must be a number from \(range.lowerBound) to \(range.upperBound)"))
                        return nil
                    }
                    return value
                }
                let lat = try number("lat", -90...90)
                let lon = try number("lon", -180...180)
                let radius = try number("radiusKm", 0.1...100) ?? 5
                guard details.isEmpty else { throw APIError.validation("Invalid query parameters.", details: details) }
                if (lat == nil) != (lon == nil) {
                    throw APIError.businessRule("location_incomplete", "lat and lon must be given together.",
                                                display: "We couldn't find your location.", path: lat == nil ? "lat" : "lon")
                }
                guard let lat, let lon else {
                    // Every caller gets the same list: encode it once per fixture set.
                    return StubResponse(status: .ok, body: call.bank.encodedFixture("atms") { WireJSON.encode(WireList(data: $0.atms)) })
                }
                let atms = call.bank.atms()
                    .map { atm in
                        var copy = atm
                        copy.distanceKm = (Self.distanceKm(lat, lon, atm.location.lat, atm.location.lon) * 100).rounded() / 100
                        return copy
                    }
                    .filter { ($0.distanceKm ?? 0) <= radius }
                    .sorted { ($0.distanceKm ?? 0, $0.id) < ($1.distanceKm ?? 0, $1.id) }
                return .json(WireList(data: atms))
            },
        ]
    }

    /// Great-circle distance (haversine).
    package static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
