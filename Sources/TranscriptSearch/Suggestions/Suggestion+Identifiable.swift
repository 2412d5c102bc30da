extension Suggestion: Identifiable {
    /// The suggestion's query token (`speaker:"José García"`): one kind and value, so unique in a
    /// list of suggestions, as SwiftUI's `searchable(text:tokens:)` and `ForEach` need.
    public var id: String { token }
}
