/// The version of `profile` (the package, its command and its libraries): the one place it is written.
/// `profile --version` prints it, `CHANGELOG.md`'s latest release heading names it (a test checks), and the release
/// step (README, "Releasing": `bash Scripts/release.sh`) tags the commit with it.
package enum ProfileVersion {
    /// `major.minor.patch`.
    package static let current = "0.1.0"
}
