# Homebrew formula for `profile`, kept in the repository so that the repository is its own tap:
#
#   brew tap <you>/profile https://github.com/<you>/profile
#   brew install <you>/profile/profile
#
# It builds the release tag from source (Scripts/release.sh checks that `tag:` below names the version it tags) with
# Homebrew's libyaml, and installs the completions where Homebrew's bash-completion@2, zsh and fish read them
# (`bash_completion`, `zsh_completion`, `fish_completion`) and the man page (`man1`).
class Profile < Formula
  desc "Launch any process with a YAML profile: arguments, environment, flags and mocks"
  homepage "https://github.com/<you>/profile"
  url "https://github.com/<you>/profile.git", tag: "0.1.0"
  head "https://github.com/<you>/profile.git", branch: "main"
  license "MIT"

  # Swift tools 6.2 (Package.swift): Xcode 26 or later on macOS; Homebrew's swift on Linux.
  depends_on xcode: ["26.0", :build]
  depends_on "pkgconf" => :build
  depends_on "libyaml"
  depends_on macos: :ventura

  uses_from_macos "swift" => :build

  def install
    system "swift", "build", *std_swift_args, "--product", "profile"
    bin.install ".build/release/profile"
    bash_completion.install "completions/profile.bash" => "profile"
    zsh_completion.install "completions/_profile"
    fish_completion.install "completions/profile.fish"
    man1.install "man/profile.1"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/profile --version")

    (testpath/"profiles/hello.yml").write <<~YAML
      description: A temporary profile
      env:
        GREETING: hello from the profile
    YAML
    output = shell_output("#{bin}/profile run --profiles-dir #{testpath}/profiles hello -- " \
                          "/bin/sh -c 'printf %s \"$GREETING\"'")
    assert_equal "hello from the profile", output
  end
end
