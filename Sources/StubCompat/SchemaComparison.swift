import Foundation
import StubFormats
import StubOpenAPI

/// One change found inside a schema, relative to where the walk entered it: the field below that
/// point, and a reason that reads after the field's name.
struct SchemaChange {
    /// The rule's name after its `request-body-`/`response-property-`… prefix, or the whole name
    /// when `fullRule` is true.
    var stem: String
    var fullRule: Bool
    var level: CompatFinding.Level
    var oldPointer: String?
    var newPointer: String?
    /// The field below the entry point: `.Data.Account[].Nickname`, empty for the entry schema.
    var field: String
    var reason: String
    /// True for an enum value added to a response, which `--exhaustive-enums` makes breaking.
    var enumAdded = false
}

/// Walks two schemas in step for one direction.
///
/// Each pair of schemas is compared once (`local`): what is written in it, down through inline
/// subschemas, with an edge wherever either side crosses a `$ref`. The pairs and edges reachable
/// from every operation's schemas form one graph, built once; then, from each pair that holds
/// changes, a walk back along the edges finds every operation that reaches it, by its shortest
/// field path. Real documents (Stripe's) reach a component by exponentially many paths, and a
/// walk forward per operation visits the whole graph hundreds of times.
final class SchemaComparison {
    let old: OpenAPISource
    let new: OpenAPISource
    private var memo: [String: Node] = [:]
    /// Every schema the walk entered, by pointer, in each document.
    private(set) var visitedOld: Set<String> = []
    private(set) var visitedNew: Set<String> = []

    /// What one pair holds: its own changes, and the referenced pairs below it.
    struct Node {
        var changes: [SchemaChange] = []
        var edges: [Edge] = []
    }

    /// A pair of schemas below another, reached through a `$ref` on either side.
    struct Edge {
        var field: String
        let oldValue: Any
        let oldPointer: String
        let newValue: Any
        let newPointer: String
    }

    init(old: OpenAPISource, new: OpenAPISource) {
        self.old = old
        self.new = new
    }

    /// A pair the walk starts from, e.g. a response body's schema: its key, or nil when either
    /// side is not a schema.
    func root(_ oldValue: Any?, at oldPointer: String, _ newValue: Any?, at newPointer: String,
              direction: CompatFinding.Direction) -> String? {
        guard let oldValue, let newValue else { return nil }
        return local(oldValue, at: oldPointer, newValue, at: newPointer, direction: direction)?.1
    }

    /// Every change below each of `roots`, each changed pair once per root by its shortest path.
    func changes(below roots: Set<String>) -> [String: [SchemaChange]] {
        // The graph: every pair reachable from a root, and the edges back up.
        var parents: [String: [(parent: String, field: String)]] = [:]
        var order: [String] = []
        var seen: Set<String> = []
        var queue = Array(roots).sorted()
        var next = 0
        while next < queue.count {
            let key = queue[next]
            next += 1
            guard seen.insert(key).inserted, let node = memo[key] else { continue }
            order.append(key)
            for edge in node.edges {
                guard let (_, child) = local(edge.oldValue, at: edge.oldPointer, edge.newValue, at: edge.newPointer,
                                             direction: Self.direction(of: key)) else { continue }
                parents[child, default: []].append((key, edge.field))
                queue.append(child)
            }
        }
        // From each changed pair back to the roots: `toward[a]` is a's first step on a shortest path down to it.
        var found: [String: [SchemaChange]] = [:]
        for changed in order {
            guard let node = memo[changed], !node.changes.isEmpty else { continue }
            var toward: [String: (field: String, child: String)] = [:]
            var reached: Set<String> = [changed]
            var frontier = [changed]
            var index = 0
            while index < frontier.count {
                let key = frontier[index]
                index += 1
                for (parent, field) in parents[key] ?? [] where reached.insert(parent).inserted {
                    toward[parent] = (field, key)
                    frontier.append(parent)
                }
            }
            for root in roots where reached.contains(root) {
                var path = ""
                var at = root
                while at != changed, let step = toward[at] {
                    path += step.field
                    at = step.child
                }
                found[root, default: []] += node.changes.map { $0.below(path) }
            }
        }
        return found
    }

    static func direction(of key: String) -> CompatFinding.Direction {
        key.hasPrefix(CompatFinding.Direction.request.rawValue + "|") ? .request : .response
    }

    /// The pair's own changes and edges, computed once.
    private func local(_ oldValue: Any?, at oldPointer: String, _ newValue: Any?, at newPointer: String,
                       direction: CompatFinding.Direction) -> (Node, String)? {
        guard let (o, op, oldTarget) = Self.entered(oldValue, at: oldPointer, in: old),
              let (n, np, newTarget) = Self.entered(newValue, at: newPointer, in: new) else { return nil }
        let key = "\(direction.rawValue)|\(op)|\(np)"
        if let known = memo[key] { return (known, key) }
        visitedOld.insert(oldTarget)
        visitedNew.insert(newTarget)
        memo[key] = Node()  // A pair that reaches itself inline stops here.
        let node = compareResolved(OpenAPISchema(o, pointer: op), OpenAPISchema(n, pointer: np), direction: direction)
        memo[key] = node
        return (node, key)
    }

    /// The schema `value` (written at `pointer`) is, with the pointer the walk knows it by, and the
    /// pointer of the schema its `$ref` chain ends at (for which schemas an operation reaches).
    /// Where keywords beside a 3.1 `$ref` constrain it (`{$ref: Amount, maximum: 100}`), it is
    /// the target with them laid over it, as `OpenAPISource.followed` reads it for every shape
    /// reader, known by the place it is written: a schema of its own, compared with its
    /// counterpart there. Annotations beside a `$ref` (`description`, `example`) change nothing,
    /// so such a reference is its target, compared once however often it is used.
    static func entered(_ value: Any?, at pointer: String, in document: OpenAPISource)
        -> (object: [String: Any], pointer: String, target: String)? {
        guard let (object, target) = document.resolve(value, at: pointer) else { return nil }
        if let written = document.schema(value, at: pointer),
           let beside = written.besideReference(keywordsApply: document.keywordsBesideReferencesApply),
           !isEmptySchema(beside.raw), let laid = document.resolved(written) {
            return (laid.raw, pointer, target)
        }
        return (object, target, target)
    }

    /// `segment` below the pair: inline subschemas are compared here, a `$ref` on either side
    /// becomes an edge.
    private func descend(_ oldValue: Any, at oldPointer: String, _ newValue: Any, at newPointer: String, segment: String,
                         direction: CompatFinding.Direction, into node: inout Node) {
        let oldReference = (oldValue as? [String: Any])?["$ref"] as? String, newReference = (newValue as? [String: Any])?["$ref"] as? String
        if let oldReference, let newReference, oldReference != newReference {
            // Another schema by name; what differs in its content is found below.
            node.changes.append(SchemaChange(stem: "schema-reference-changed", fullRule: false, level: .info, oldPointer: oldPointer,
                                             newPointer: newPointer, field: "",
                                             reason: "now refers to `\(newReference)` (was `\(oldReference)`)").below(segment))
        }
        if oldReference != nil || newReference != nil {
            node.edges.append(Edge(field: segment, oldValue: oldValue, oldPointer: oldPointer, newValue: newValue, newPointer: newPointer))
            return
        }
        guard let o = oldValue as? [String: Any], let n = newValue as? [String: Any] else { return }
        let inner = compareResolved(OpenAPISchema(o, pointer: oldPointer), OpenAPISchema(n, pointer: newPointer), direction: direction)
        node.changes += inner.changes.map { $0.below(segment) }
        node.edges += inner.edges.map { edge in
            var edge = edge
            edge.field = segment + edge.field
            return edge
        }
    }

    // MARK: - One pair of schemas

    private func compareResolved(_ o: OpenAPISchema, _ n: OpenAPISchema, direction: CompatFinding.Direction) -> Node {
        let op = o.pointer, np = n.pointer
        var node = Node()
        var changes: [SchemaChange] = []
        let request = direction == .request
        func add(_ stem: String, _ level: CompatFinding.Level, _ oldKey: String?, _ newKey: String?, _ reason: String,
                 full: Bool = false, enumAdded: Bool = false) {
            changes.append(SchemaChange(stem: stem, fullRule: full, level: level,
                                        oldPointer: oldKey.map { OpenAPISource.child(op, $0) } ?? op,
                                        newPointer: newKey.map { OpenAPISource.child(np, $0) } ?? np,
                                        field: "", reason: reason, enumAdded: enumAdded))
        }

        // Types, with `nullable` (3.0) and type lists (3.1) as one set.
        let oldTypes = Self.types(o, in: old), newTypes = Self.types(n, in: new)
        var typesOverlap = true
        if let oldTypes, let newTypes {
            let oldSolid = oldTypes.subtracting(["null"]), newSolid = newTypes.subtracting(["null"])
            typesOverlap = !oldSolid.isEmpty && !newSolid.isEmpty ? !Self.covered(oldSolid, by: newSolid).isEmpty
                || !Self.covered(newSolid, by: oldSolid).isEmpty : true
            // What a client sends must still be accepted (new ⊇ old); what it reads must still be
            // known to it (old ⊇ new). One test, the sides swapped.
            let (accepted, produced) = request ? (newSolid, oldSolid) : (oldSolid, newSolid)
            let outside = produced.subtracting(Self.covered(produced, by: accepted))
            if !outside.isEmpty {
                let listed = oldSolid.count > 1 || newSolid.count > 1
                add(listed ? (request ? "list-of-types-narrowed" : "list-of-types-widened") : "type-changed", .breaking, "type", "type",
                    request
                        ? "is now \(Self.describe(newSolid)), not \(Self.describe(oldSolid)): a client sending \(Self.describe(outside)) is refused"
                        : "may now be \(Self.describe(outside)) (was \(Self.describe(oldSolid))): a client decoding it as before fails")
            }
            let (acceptsNull, producesNull) = request ? (newTypes.contains("null"), oldTypes.contains("null"))
                : (oldTypes.contains("null"), newTypes.contains("null"))
            if producesNull && !acceptsNull {
                add(request ? "became-not-nullable" : "became-nullable", .breaking, "nullable", "nullable",
                    request ? "no longer accepts null: a client sending null is refused"
                        : "may now be null: a client that reads it as a value fails on null")
            }
        } else if oldTypes != nil, newTypes == nil, !request {
            add("type-generalized", .breaking, "type", nil, "no longer has a type: it may now be anything, so a client decoding it fails")
        } else if oldTypes == nil, let newTypes, request, !newTypes.isEmpty, Self.isEmptySchema(o.raw) {
            add("type-changed", .breaking, nil, "type", "must now be \(Self.describe(newTypes)): it accepted any value before")
        }
        guard typesOverlap else { return Node(changes: changes) }

        // Format.
        let oldFormat = o.format, newFormat = n.format
        if oldFormat != newFormat {
            if request, let newFormat {
                add("format-changed", .breaking, "format", "format",
                    "must now be in format \(newFormat)\(oldFormat.map { " (was \($0))" } ?? ""): a client sending the old form is refused")
            } else if !request, let oldFormat {
                add("format-changed", .breaking, "format", "format",
                    "is no longer in format \(oldFormat)\(newFormat.map { " (now \($0))" } ?? ""): a client parsing it as \(oldFormat) fails")
            } else {
                add("format-changed", .info, "format", "format", "changed format from \(oldFormat ?? "none") to \(newFormat ?? "none")")
            }
        }

        compareEnums(o, n, request: request, add: add)
        compareBounds(o, n, request: request, add: add)

        // Objects: properties and required, with `allOf` members merged.
        let oldObject = ObjectShape(o, in: old), newObject = ObjectShape(n, in: new)
        node.changes = changes
        if !oldObject.properties.isEmpty || !newObject.properties.isEmpty {
            compareObjects(oldObject, newObject, direction: direction, into: &node)
        }

        // Items and map values.
        if let oldItems = o.items, let newItems = n.items {
            descend(oldItems.raw, at: oldItems.pointer, newItems.raw, at: newItems.pointer, segment: "[]", direction: direction, into: &node)
        }
        if case .schema(let oldMap) = o.additionalProperties, case .schema(let newMap) = n.additionalProperties {
            descend(oldMap.raw, at: oldMap.pointer, newMap.raw, at: newMap.pointer, segment: "{}", direction: direction, into: &node)
        }

        // Alternatives.
        compareAlternatives("oneOf", o.oneOf, n.oneOf, op, np, direction: direction, into: &node)
        compareAlternatives("anyOf", o.anyOf, n.anyOf, op, np, direction: direction, into: &node)
        return node
    }

    private func compareEnums(_ o: OpenAPISchema, _ n: OpenAPISchema, request: Bool,
                              add: (String, CompatFinding.Level, String?, String?, String, Bool, Bool) -> Void) {
        let oldValues = Self.enumValues(o), newValues = Self.enumValues(n)
        let oldKey = o.enumValues != nil ? "enum" : (o.constValue != nil ? "const" : nil)
        let newKey = n.enumValues != nil ? "enum" : (n.constValue != nil ? "const" : nil)
        switch (oldValues, newValues) {
        case let (oldValues?, newValues?):
            let added = newValues.filter { !oldValues.contains($0) }, removed = oldValues.filter { !newValues.contains($0) }
            if !added.isEmpty {
                if request {
                    add("enum-value-added", .info, oldKey, newKey, "accepts \(Self.list(added)) as well", false, false)
                } else {
                    add("enum-value-added", .warning, oldKey, newKey,
                        "may now be \(Self.list(added)): a client that switches over every known value has no case for it", false, true)
                }
            }
            if !removed.isEmpty {
                if request {
                    add("enum-value-removed", .breaking, oldKey, newKey,
                        "no longer accepts \(Self.list(removed)): a client sending it is refused", false, false)
                } else {
                    add("enum-value-removed", .info, oldKey, newKey, "is no longer \(Self.list(removed))", false, false)
                }
            }
        case (nil, _?):
            if request {
                add("became-enum", .breaking, nil, newKey, "accepts only \(Self.list(newValues ?? [])) now: any other value is refused", false, false)
            } else {
                add("became-enum", .info, nil, newKey, "is now one of \(Self.list(newValues ?? []))", false, false)
            }
        case (_?, nil):
            if !request {
                add("enum-removed", .warning, oldKey, nil,
                    "is no longer limited to \(Self.list(oldValues ?? [])): a client that switches over them gets other values", false, true)
            }
        default:
            break
        }
    }

    private func compareBounds(_ o: OpenAPISchema, _ n: OpenAPISchema, request: Bool,
                               add: (String, CompatFinding.Level, String?, String?, String, Bool, Bool) -> Void) {
        // Read through the typed schema, so 3.0's `exclusiveMaximum: true` beside `maximum: 5` and
        // 3.1's `exclusiveMaximum: 5` are the same bound, and moving a document from one to the
        // other is no change.
        let bounds: [(key: String, stem: String, upper: Bool, read: (OpenAPISchema) -> Double?)] = [
            ("maxLength", "max-length", true, { $0.maxLength.map(Double.init) }), ("maximum", "max", true, { $0.maximum }),
            ("maxItems", "max-items", true, { $0.maxItems.map(Double.init) }), ("exclusiveMaximum", "exclusive-max", true, { $0.exclusiveMaximum }),
            ("minLength", "min-length", false, { $0.minLength.map(Double.init) }), ("minimum", "min", false, { $0.minimum }),
            ("minItems", "min-items", false, { $0.minItems.map(Double.init) }), ("exclusiveMinimum", "exclusive-min", false, { $0.exclusiveMinimum }),
        ]
        for bound in bounds {
            let oldBound = bound.read(o), newBound = bound.read(n)
            guard oldBound != newBound else { continue }
            let name = bound.key
            let tighter: Bool  // The new bound admits fewer values.
            switch (oldBound, newBound) {
            case let (oldBound?, newBound?): tighter = bound.upper ? newBound < oldBound : newBound > oldBound
            case (nil, _?): tighter = true
            default: tighter = false
            }
            let verb = switch (oldBound, newBound) {
            case (nil, _): "set"
            case (_, nil): "unset"
            case let (oldBound?, newBound?): (newBound > oldBound) ? "increased" : "decreased"
            }
            let text = "\(name) \(oldBound.map(Self.show) ?? "none") → \(newBound.map(Self.show) ?? "none")"
            if request && tighter {
                add("\(bound.stem)-\(verb)", oldBound == nil ? .warning : .breaking, oldBound == nil ? nil : name, name,
                    "\(text): a value the old document allowed is now refused", false, false)
            } else if !request && !tighter {
                add("\(bound.stem)-\(verb)", .breaking, name, newBound == nil ? nil : name,
                    "\(text): the response may now hold a value the old document ruled out", false, false)
            } else {
                add("\(bound.stem)-\(verb)", .info, oldBound == nil ? nil : name, newBound == nil ? nil : name, text, false, false)
            }
        }
        let oldPattern = o.pattern, newPattern = n.pattern
        if oldPattern != newPattern {
            if request, newPattern != nil {
                add(oldPattern == nil ? "pattern-added" : "pattern-changed", oldPattern == nil ? .breaking : .warning,
                    oldPattern == nil ? nil : "pattern", "pattern",
                    "must now match \(newPattern ?? ""): a value the old document allowed may be refused", false, false)
            } else if !request, let oldPattern {
                add(newPattern == nil ? "pattern-removed" : "pattern-changed", .warning, "pattern", newPattern == nil ? nil : "pattern",
                    "no longer always matches \(oldPattern): a client that relies on its shape may fail", false, false)
            } else {
                add("pattern-changed", .info, oldPattern == nil ? nil : "pattern", newPattern == nil ? nil : "pattern",
                    "pattern \(oldPattern ?? "none") → \(newPattern ?? "none")", false, false)
            }
        }
    }

    private func compareObjects(_ o: ObjectShape, _ n: ObjectShape, direction: CompatFinding.Direction, into node: inout Node) {
        var changes: [SchemaChange] = []
        defer { node.changes += changes }
        let request = direction == .request
        for (name, oldProperty) in o.properties.sorted(by: { $0.key < $1.key }) {
            let oldRequired = o.required.contains(name)
            guard let newProperty = n.properties[name] else {
                if request && oldProperty.isReadOnly(in: old) || !request && oldProperty.isWriteOnly(in: old) { continue }
                let change: SchemaChange
                if request {
                    change = SchemaChange(stem: "request-property-removed", fullRule: true, level: .warning, oldPointer: oldProperty.pointer,
                                          newPointer: nil, field: "", reason: "is gone from the request: a server that refuses unknown fields "
                                              + "refuses a client that still sends it")
                } else if oldRequired {
                    change = SchemaChange(stem: "response-required-property-removed", fullRule: true, level: .breaking,
                                          oldPointer: oldProperty.pointer, newPointer: nil, field: "",
                                          reason: "was required and is gone: a client that reads it fails")
                } else {
                    change = SchemaChange(stem: "response-optional-property-removed", fullRule: true, level: .warning,
                                          oldPointer: oldProperty.pointer, newPointer: nil, field: "",
                                          reason: "is gone: a client that shows it loses it, one that needs it fails")
                }
                changes.append(change.below(".\(name)"))
                continue
            }
            let newRequired = n.required.contains(name)
            if oldRequired != newRequired {
                let oldPointer = o.requiredPointer ?? o.pointer, newPointer = n.requiredPointer ?? n.pointer
                let change: SchemaChange
                switch (request, newRequired) {
                case (true, true):
                    change = SchemaChange(stem: "request-property-became-required", fullRule: true, level: .breaking, oldPointer: oldPointer,
                                          newPointer: newPointer, field: "", reason: "is now required: a client that leaves it out is refused")
                case (true, false):
                    change = SchemaChange(stem: "request-property-became-optional", fullRule: true, level: .info, oldPointer: oldPointer,
                                          newPointer: newPointer, field: "", reason: "is no longer required")
                case (false, false):
                    change = SchemaChange(stem: "response-property-became-optional", fullRule: true, level: .breaking, oldPointer: oldPointer,
                                          newPointer: newPointer, field: "",
                                          reason: "is no longer required: a client that reads it unguarded fails when it is missing")
                case (false, true):
                    change = SchemaChange(stem: "response-property-became-required", fullRule: true, level: .info, oldPointer: oldPointer,
                                          newPointer: newPointer, field: "", reason: "is now required, so always present")
                }
                if !(request && newProperty.isReadOnly(in: new)) && !(!request && newProperty.isWriteOnly(in: new)) {
                    changes.append(change.below(".\(name)"))
                }
            }
            descend(oldProperty.value, at: oldProperty.pointer, newProperty.value, at: newProperty.pointer, segment: ".\(name)",
                    direction: direction, into: &node)
        }
        for (name, newProperty) in n.properties.sorted(by: { $0.key < $1.key }) where o.properties[name] == nil {
            let required = n.required.contains(name)
            if request && newProperty.isReadOnly(in: new) || !request && newProperty.isWriteOnly(in: new) { continue }
            let change: SchemaChange
            if request {
                change = SchemaChange(stem: required ? "new-required-request-property" : "new-optional-request-property", fullRule: true,
                                      level: required ? .breaking : .info, oldPointer: nil, newPointer: newProperty.pointer, field: "",
                                      reason: required ? "is new and required: a client that does not send it is refused" : "is new and optional")
            } else {
                change = SchemaChange(stem: required ? "response-required-property-added" : "response-optional-property-added", fullRule: true,
                                      level: .info, oldPointer: nil, newPointer: newProperty.pointer, field: "",
                                      reason: "is new; a client that does not read it is unaffected")
            }
            changes.append(change.below(".\(name)"))
        }
        // A name required without being declared (as real documents have it) still binds.
        let undeclared = o.required.union(n.required).filter { o.properties[$0] == nil && n.properties[$0] == nil }
        for name in undeclared.sorted() where o.required.contains(name) != n.required.contains(name) {
            let nowRequired = n.required.contains(name)
            let oldPointer = o.requiredPointer ?? o.pointer, newPointer = n.requiredPointer ?? n.pointer
            let (stem, level, reason): (String, CompatFinding.Level, String) = switch (request, nowRequired) {
            case (true, true): ("new-required-request-property", .breaking, "is now required: a client that leaves it out is refused")
            case (true, false): ("request-property-became-optional", .info, "is no longer required")
            case (false, false) where o.closed:
                ("response-property-became-optional", .info, "is no longer required; it was never allowed (additionalProperties: false), "
                    + "so no answer could have held it")
            case (false, false): ("response-property-became-optional", .breaking,
                                  "is no longer required: a client that reads it unguarded fails when it is missing")
            case (false, true): ("response-property-became-required", .info, "is now required, so always present")
            }
            changes.append(SchemaChange(stem: stem, fullRule: true, level: level, oldPointer: oldPointer, newPointer: newPointer, field: "",
                                        reason: reason + " (it is required without being declared under properties)").below(".\(name)"))
        }
    }

    private func compareAlternatives(_ keyword: String, _ old: [OpenAPISchema]?, _ new: [OpenAPISchema]?, _ op: String, _ np: String,
                                     direction: CompatFinding.Direction, into node: inout Node) {
        let oldList = old ?? [], newList = new ?? []
        guard !oldList.isEmpty || !newList.isEmpty else { return }
        func identity(_ value: OpenAPISchema, _ index: Int) -> String { value.reference ?? "#\(index)" }
        let oldIds = oldList.enumerated().map { identity($1, $0) }, newIds = newList.enumerated().map { identity($1, $0) }
        var changes: [SchemaChange] = []
        let stem = keyword == "oneOf" ? "one-of" : "any-of"
        let added = newIds.filter { !oldIds.contains($0) }, removed = oldIds.filter { !newIds.contains($0) }
        let request = direction == .request
        if !oldList.isEmpty, !added.isEmpty, !request {
            changes.append(SchemaChange(stem: "\(stem)-added", fullRule: false, level: .breaking, oldPointer: OpenAPISource.child(op, keyword),
                                        newPointer: OpenAPISource.child(np, keyword), field: "",
                                        reason: "may now be \(Self.list(added)) as well: a client that decodes only the old alternatives fails"))
        }
        if !newList.isEmpty, !removed.isEmpty, request {
            changes.append(SchemaChange(stem: "\(stem)-removed", fullRule: false, level: .breaking, oldPointer: OpenAPISource.child(op, keyword),
                                        newPointer: OpenAPISource.child(np, keyword), field: "",
                                        reason: "no longer accepts \(Self.list(removed)): a client sending it is refused"))
        }
        for (oldIndex, id) in oldIds.enumerated() {
            guard let newIndex = newIds.firstIndex(of: id) else { continue }
            descend(oldList[oldIndex].raw, at: oldList[oldIndex].pointer, newList[newIndex].raw, at: newList[newIndex].pointer,
                    segment: "", direction: direction, into: &node)
        }
        node.changes += changes
    }

    // MARK: - Reading schemas

    /// The schema's types with `null` for `nullable: true`; nil when it says none (any type).
    static func types(_ schema: OpenAPISchema, in tree: OpenAPISource, depth: Int = 0) -> Set<String>? {
        var found: Set<String>
        let written = schema.types
        if written.isEmpty, depth < 8, let members = schema.allOf {
            // Every member holds: the types they all allow.
            let known = members.compactMap { tree.resolved($0).flatMap { types($0, in: tree, depth: depth + 1) } }
            guard var shared = known.first else { return nil }
            for more in known.dropFirst() { shared = covered(shared, by: more).union(covered(more, by: shared)) }
            found = shared
        } else if written.isEmpty, depth < 8, let alternatives = schema.alternatives {
            // One alternative holds: any type one of them allows, or any at all when one says none.
            var union: Set<String> = []
            for alternative in alternatives {
                guard let resolved = tree.resolved(alternative), let more = types(resolved, in: tree, depth: depth + 1) else { return nil }
                union.formUnion(more)
            }
            found = union
        } else if !written.isEmpty {
            found = Set(written)
        } else if schema.declaresProperties {
            found = ["object"]
        } else if schema.items != nil {
            found = ["array"]
        } else {
            return nil
        }
        if schema.nullable { found.insert("null") }
        return found
    }

    /// Which of `types` another set covers (`integer` is covered by `number`).
    static func covered(_ types: Set<String>, by other: Set<String>) -> Set<String> {
        types.filter { other.contains($0) || ($0 == "integer" && other.contains("number")) }
    }

    static func isEmptySchema(_ schema: [String: Any]) -> Bool {
        schema.keys.allSatisfy { ["description", "title", "example", "examples", "$comment"].contains($0) }
    }

    static func enumValues(_ schema: OpenAPISchema) -> [String]? {
        if let list = schema.enumValues { return list.map(show) }
        if let constant = schema.constValue { return [show(constant)] }
        return nil
    }

    /// An enum's or a const's value as a person writes it, read by the one converter of loaded
    /// values: `5`, `1.5`, `true`, `null`, `GBP`.
    static func show(_ value: Any) -> String {
        let json = JSONSchemaValidator.json(value)
        if case .null = json { return "null" }
        return json.text ?? String(describing: value)
    }

    static func describe(_ types: Set<String>) -> String { types.sorted().joined(separator: " or ") }

    static func list(_ values: [String]) -> String {
        let shown = values.prefix(6).map { "`\($0)`" }.joined(separator: ", ")
        return values.count > 6 ? shown + " and \(values.count - 6) more" : shown
    }
}

/// An object schema's properties and required names, with `allOf` members merged.
struct ObjectShape {
    struct Property {
        let schema: OpenAPISchema
        var value: Any { schema.raw }
        var pointer: String { schema.pointer }

        func isReadOnly(in tree: OpenAPISource) -> Bool { tree.resolved(schema)?.readOnly == true }
        func isWriteOnly(in tree: OpenAPISource) -> Bool { tree.resolved(schema)?.writeOnly == true }
    }

    var properties: [String: Property] = [:]
    var required: Set<String> = []
    /// `additionalProperties: false`: no name outside `properties` may appear.
    var closed = false
    let pointer: String
    /// Where the first `required` list is written.
    var requiredPointer: String?

    init(_ schema: OpenAPISchema, in tree: OpenAPISource) {
        self.pointer = schema.pointer
        merge(schema, in: tree, depth: 0)
    }

    private mutating func merge(_ schema: OpenAPISchema, in tree: OpenAPISource, depth: Int) {
        guard depth < 16 else { return }
        for (name, property) in schema.properties where properties[name] == nil {
            properties[name] = Property(schema: property)
        }
        if case .forbidden = schema.additionalProperties { closed = true }
        if !schema.required.isEmpty || schema.raw["required"] != nil {
            required.formUnion(schema.required)
            if requiredPointer == nil { requiredPointer = OpenAPISource.child(schema.pointer, "required") }
        }
        for member in schema.allOf ?? [] {
            guard let resolved = tree.resolved(member) else { continue }
            merge(resolved, in: tree, depth: depth + 1)
        }
    }
}

extension SchemaChange {
    /// This change seen from one level up: `segment` (`.name`, `[]`, `{}`) goes in front of its field.
    func below(_ segment: String) -> SchemaChange {
        var change = self
        change.field = segment + field
        return change
    }
}
