/// The naming rules for profiles, keys and environment variables.
public enum Names {
    /// A profile name: letters, digits, `-` and `_`, starting with a letter or digit (`uitest`, `ci-macos`).
    /// No dots, so that `name.local.yml` is unambiguous.
    public static func isValidProfileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isAlphanumeric(first), bytes.count <= 128 else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// A flag, mock point or value key: words of letters, digits and `_`, joined by `.` or `-`
    /// (`skipOnboarding`, `http.timeout`, `countries-datasource`).
    public static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_"), bytes.count <= 256 else {
            return false
        }
        var previousWasSeparator = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") {
                if previousWasSeparator { return false }
                previousWasSeparator = true
            } else if isAlphanumeric(byte) || byte == UInt8(ascii: "_") {
                previousWasSeparator = false
            } else {
                return false
            }
        }
        return !previousWasSeparator
    }

    /// An environment variable name as POSIX shells accept it: `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isValidEnvironmentName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
    }

    /// A mock variant: any non-empty text without control characters, spaces or `,` `;` `=`.
    public static func isValidVariant(_ variant: String) -> Bool {
        !variant.isEmpty
            && variant.utf8.allSatisfy {
                $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ";")
                    && $0 != UInt8(ascii: "=")
            }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
