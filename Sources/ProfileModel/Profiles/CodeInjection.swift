/// Environment variables that make the dynamic loader inject code into a process (`LD_PRELOAD`, `DYLD_*`).
package enum CodeInjection {
    /// Whether setting `name` makes the dynamic loader inject code into the child.
    package static func isInjecting(_ name: String) -> Bool {
        // Every such name starts with `L` or `D` (a byte no other character's canonical form starts with).
        guard let first = name.utf8.first, first == UInt8(ascii: "L") || first == UInt8(ascii: "D") else {
            return false
        }
        return name == "LD_PRELOAD" || name == "LD_LIBRARY_PATH" || name == "LD_AUDIT" || name.hasPrefix("DYLD_")
    }
}
