/// Compares the stub's answer shape with the upstream's, place by place. A field the stub has
/// and the upstream lacks, a changed type, a new enum value and a new null are breaking: a
/// client decoding the stub's shape may fail. A field only upstream has is additive.
enum ShapeDiff {
    static func compare(stub: JSONShape, upstream: JSONShape, route: String, path: String = "$") -> [DriftFinding] {
        func finding(_ change: DriftFinding.Change, _ at: String, _ stubText: String, _ upstreamText: String, breaking: Bool) -> DriftFinding {
            DriftFinding(route: route, path: at, change: change, stub: stubText, upstream: upstreamText, breaking: breaking)
        }
        var found: [DriftFinding] = []
        let stubKinds = stub.concreteKinds, upstreamKinds = upstream.concreteKinds
        if !stubKinds.isEmpty, !upstreamKinds.isEmpty, !upstreamKinds.isSubset(of: stubKinds) {
            found.append(finding(.typeChanged, path, names(stubKinds), names(upstreamKinds), breaking: true))
            return found
        }
        if upstream.kinds.contains(.null), !stub.kinds.contains(.null), !stubKinds.isEmpty {
            found.append(finding(.becameNullable, path, names(stubKinds), "null", breaking: true))
        }
        if stubKinds == [.string], upstreamKinds == [.string], stub.enumLike, upstream.enumLike, !stub.enumValues.isEmpty {
            let new = upstream.enumValues.subtracting(stub.enumValues)
            // A field with many distinct values is data, not an enum.
            if !new.isEmpty, stub.enumValues.count <= 12 {
                found.append(finding(.newEnumValue, path, stub.enumValues.sorted().joined(separator: ", "),
                                     new.sorted().joined(separator: ", "), breaking: true))
            }
        }
        if stubKinds.contains(.object), upstreamKinds.contains(.object) {
            for name in Set(stub.fields.keys).union(upstream.fields.keys).sorted() {
                let at = path + "." + name
                switch (stub.fields[name], upstream.fields[name]) {
                case let (mine?, theirs?):
                    found += compare(stub: mine, upstream: theirs, route: route, path: at)
                case let (mine?, nil):
                    found.append(finding(.fieldRemoved, at, names(mine.concreteKinds), "absent", breaking: true))
                case let (nil, theirs?):
                    found.append(finding(.fieldAdded, at, "absent", names(theirs.concreteKinds), breaking: false))
                case (nil, nil):
                    break
                }
            }
        }
        if let mine = stub.element?.shape, let theirs = upstream.element?.shape {
            found += compare(stub: mine, upstream: theirs, route: route, path: path + "[*]")
        }
        return found
    }

    private static func names(_ kinds: Set<JSONShape.Kind>) -> String {
        kinds.isEmpty ? "null" : kinds.sorted().map(\.rawValue).joined(separator: " or ")
    }
}
