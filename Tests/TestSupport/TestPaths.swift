import Foundation

/// Where the tests find the repository and the built products.
package enum TestPaths {
    /// The repository root (this file is `Tests/TestSupport/TestPaths.swift`).
    package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `relative` (`Sources/ProfileRuntime`) in the repository.
    package static func repositoryPath(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent(relative).path
    }

    /// The folder holding the built products (`profile`, `countries`, the modules and objects of each target).
    package static let productsDirectory: URL = {
        #if os(macOS)
        // The test bundle (`profilePackageTests.xctest`) is in the products folder: found from a class compiled into
        // it, as swift-argument-parser's test helpers find it (Sources/ArgumentParserTestHelpers/TestHelpers.swift,
        // 1.8.2, lines 330-335), whichever process loaded the bundle (`Bundle.main` is that process's).
        let bundleURL = Bundle(for: BundleMarker.self).bundleURL
        return bundleURL.lastPathComponent.hasSuffix("xctest") ? bundleURL.deletingLastPathComponent() : bundleURL
        #else
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
        #endif
    }()
}

#if os(macOS)
/// A class of the test bundle, for `Bundle(for:)`.
private final class BundleMarker {}
#endif
