/// The naming rules for profiles, keys and environment variables.
package enum Names {
    /// The most bytes a profile name may have.
    package static let maximumProfileNameLength = 128

    /// A profile name: letters, digits, `-` and `_`, starting with a letter or digit (`uitest`, `ci-macos`), at most
    /// ``maximumProfileNameLength`` bytes. No dots, so that `name.local.yml` is unambiguous.
    package static func isValidProfileName(_ name: String) -> Bool { profileNameProblem(name) == nil }

    /// Why `name` is not a valid profile name, in words that complete "… is not a valid profile name: …"; nil when it
    /// is. The one statement of the rule: every message about a profile name says which part of it failed.
    package static func profileNameProblem(_ name: String) -> String? {
        bytes(of: name) { bytes in
            guard let first = bytes.first else { return "it is empty" }
            for byte in bytes where !(isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")) {
                return "a profile name has letters, digits, `-` and `_`, and starts with a letter or digit"
            }
            guard isAlphanumeric(first) else {
                return "a profile name has letters, digits, `-` and `_`, and starts with a letter or digit"
            }
            guard bytes.count <= maximumProfileNameLength else {
                return "it is \(bytes.count) bytes long; a profile name takes at most \(maximumProfileNameLength)"
            }
            return nil
        }
    }

    /// A flag, mock point or value key: words of letters, digits and `_`, joined by `.` or `-`
    /// (`skipOnboarding`, `http.timeout`, `countries-datasource`).
    package static func isValidKey(_ key: String) -> Bool {
        bytes(of: key) { bytes in
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
    }

    /// An environment variable name: any non-empty text without `=` or NUL, as the kernel, `env` and Xcode take it
    /// (`API_URL`, `OPTION-B`, `io.sentry.sample-rate`). The one rule for a name a profile, a catalog, an import or
    /// an override sets; references (`${NAME}`) name shell identifiers only (``isShellIdentifier(_:)``).
    package static func isValidEnvironmentName(_ name: String) -> Bool { environmentNameProblem(name) == nil }

    /// Why `name` cannot be an environment variable's name, in words that complete "… is not a valid environment
    /// variable name: …"; nil when it can.
    package static func environmentNameProblem(_ name: String) -> String? {
        bytes(of: name) { bytes in
            guard !bytes.isEmpty else { return "it is empty" }
            if bytes.contains(UInt8(ascii: "=")) { return "a name holds no `=`" }
            if bytes.contains(0) { return "a name holds no NUL byte" }
            return nil
        }
    }

    /// A POSIX shell identifier, `[A-Za-z_][A-Za-z0-9_]*`: what `${NAME}` references and `export NAME=…` name.
    package static func isShellIdentifier(_ name: String) -> Bool {
        bytes(of: name) { bytes in
            guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
            for byte in bytes where !(isAlphanumeric(byte) || byte == UInt8(ascii: "_")) { return false }
            return true
        }
    }

    /// Runs `body` over the UTF-8 bytes of `text` (in place when the string is contiguous, as native ones are).
    @inline(__always)
    static func bytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// A mock variant: any non-empty text without control characters, spaces or `,` `;` `=`.
    package static func isValidVariant(_ variant: String) -> Bool {
        !variant.isEmpty
            && variant.utf8.allSatisfy {
                $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ";")
                    && $0 != UInt8(ascii: "=")
            }
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    @inline(__always) static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
