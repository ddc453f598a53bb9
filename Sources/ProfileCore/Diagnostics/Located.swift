/// A value with the place it was written.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where it was written.
    public var location: SourceLocation
    /// How many Unicode scalars the caret underlines when pointing at it (the unit of ``Mark/column``).
    public var length: Int

    /// Creates a located value.
    public init(_ value: Value, at location: SourceLocation, length: Int = 1) {
        self.value = value
        self.location = location
        self.length = max(1, length)
    }
}
