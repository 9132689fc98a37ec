package import HTTPTypes

extension HTTPFields {
    /// Sets `name` to `value`: appended when the fields do not have it (the common case, and
    /// cheaper than the subscript's search and replace), else replacing every field of that name.
    package mutating func put(_ name: HTTPField.Name, _ value: String) {
        if contains(name) { self[name] = value } else { append(HTTPField(name: name, value: value)) }
    }
}
