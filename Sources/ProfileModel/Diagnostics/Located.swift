/// A value with the place it was written.
package struct Located<Value: Sendable>: Sendable {
    /// The value.
    package var value: Value
    /// Where it was written.
    package var location: SourceLocation
    /// How many Unicode scalars the caret underlines when pointing at it (the unit of ``Mark/column``).
    package var length: Int

    /// Creates a located value.
    package init(_ value: Value, at location: SourceLocation, length: Int = 1) {
        self.value = value
        self.location = location
        self.length = max(1, length)
    }
}
