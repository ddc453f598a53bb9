import Foundation

/// Whole generated outputs compared with committed files (golden files), so that a test shows every line that changed,
/// not the few substrings it happened to look for:
///
///     #expect(output == Golden.text("public-access", in: folder, writing: output))
///
/// The files are `<folder>/<name>.golden` in a test target's `Fixtures` (outside the target's sources: the generated
/// Swift in them is neither compiled nor formatted). After an intended change to what the generator writes,
/// regenerate them with
///
///     PROFILE_UPDATE_GOLDEN=1 swift test --filter 'SwiftGeneratorTests|GenerateTests'
///
/// which writes what the tests produce over the files (the tests pass); `git diff` then shows the change for review.
/// Without the variable nothing is written: the tests fail on any difference, and on a golden file no test compares
/// with (``unused(in:names:)``).
package enum Golden {
    /// Whether this run writes the golden files instead of reading them.
    package static var updating: Bool { ProcessInfo.processInfo.environment["PROFILE_UPDATE_GOLDEN"] == "1" }

    /// The path of golden file `name` in `folder` (relative to the repository: `Tests/…/Fixtures/Generated`).
    package static func path(_ name: String, in folder: String) -> String {
        TestPaths.repositoryPath("\(folder)/\(name).golden")
    }

    /// The golden file `name` in `folder` (nil when missing); when updating, `actual` is written there first.
    package static func text(_ name: String, in folder: String, writing actual: String?) -> String? {
        let file = path(name, in: folder)
        if updating, let actual {
            try? FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? actual.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return try? String(contentsOfFile: file, encoding: .utf8)
    }

    /// The golden files in `folder` that are none of `names` (left behind by a test renamed or removed).
    package static func unused(in folder: String, names: [String]) -> [String] {
        let present = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.repositoryPath(folder))) ?? []
        return present.filter { $0.hasSuffix(".golden") }.map { String($0.dropLast(".golden".count)) }
            .filter { !names.contains($0) }.sorted()
    }
}
