/// What sets this binary apart from `stubbank serve`. (A second file also keeps SwiftPM from
/// compiling a lone `@main` file as top-level code, which crashes at start.)
enum ServerBinary {
    /// One line for `--help`.
    static let summary = "The same as `stubbank serve`, in a binary that links only the server: no contract harness, "
        + "run stores, importers or recorder, so it idles in less memory."
}
