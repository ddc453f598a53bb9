# Checks Formula/profile.rb without Homebrew (none on Linux): loads it against a stand-in for the part of Homebrew's
# Formula API it uses (Library/Homebrew/formula.rb: `std_swift_args`, `bin`, `man1`, `bash_completion`
# (prefix/etc/bash_completion.d), `zsh_completion` (share/zsh/site-functions), `fish_completion`
# (share/fish/vendor_completions.d), `shell_output`, `testpath`), then
#   - runs its `install` in a copy of the repository's committed files (as Homebrew checks out the tag), with the
#     `swift build` it asks for replaced by an already built `profile` (a release build is the formula's business;
#     the command line is checked), and checks every file lands where Homebrew links it from;
#   - runs its `test do` block against the installed binary, in a temporary directory.
# Usage: ruby Scripts/check-formula.rb PROFILE_BINARY   (.ci/run: the binary `swift test` built)
require "fileutils"
require "open3"
require "pathname"
require "tmpdir"

ROOT = Pathname(__dir__).parent
BINARY = Pathname(ARGV.fetch(0) { abort "usage: ruby Scripts/check-formula.rb PROFILE_BINARY" }).expand_path

# Homebrew's Pathname#install: `install "a"` or `install "a" => "b"` into this folder.
class Pathname
  def install(*sources)
    mkpath
    sources.each do |source|
      pairs = source.is_a?(Hash) ? source : { source => File.basename(source) }
      pairs.each { |from, to| FileUtils.cp(from, join(to)) }
    end
  end

  # Homebrew's Pathname#write creates the parent folder (Library/Homebrew/extend/pathname.rb) and never overwrites.
  alias ruby_write write
  def write(content, *args)
    raise "Will not overwrite #{self}" if exist?

    dirname.mkpath
    ruby_write(content, *args)
  end
end

class Formula
  class << self
    attr_reader :facts

    def record(key, *values)
      (@facts ||= Hash.new { |hash, name| hash[name] = [] })[key] << values
    end

    %i[desc homepage url head license depends_on uses_from_macos].each do |name|
      define_method(name) { |*values| record(name, *values) }
    end

    def test(&block) = @test_block = block
    attr_reader :test_block
  end

  attr_reader :prefix, :systems

  def initialize(prefix) = (@prefix = prefix) && (@systems = [])
  def bin = prefix/"bin"
  def share = prefix/"share"
  def man1 = share/"man/man1"
  def bash_completion = prefix/"etc/bash_completion.d"
  def zsh_completion = share/"zsh/site-functions"
  def fish_completion = share/"fish/vendor_completions.d"
  def std_swift_args = ["--configuration", "release", "--jobs", "2"]
  def version = self.class.facts[:url].first[1][:tag]

  # `swift build` is the one command the formula runs: recorded, and its product put where a release build puts it.
  def system(*command)
    @systems << command
    raise "unexpected command #{command.inspect}" unless command.first == "swift" && command[1] == "build"
    raise "swift build without --product profile" unless command.each_cons(2).include?(["--product", "profile"])

    FileUtils.mkdir_p(".build/release")
    FileUtils.cp(BINARY, ".build/release/profile")
  end

  def testpath = @testpath
  def run_test(directory) = (@testpath = Pathname(directory)) && Dir.chdir(directory) { instance_eval(&self.class.test_block) }

  def shell_output(command, expected = 0)
    output, status = Open3.capture2(command)
    raise "`#{command}` exited #{status.exitstatus}, not #{expected}" unless status.exitstatus == expected

    output
  end

  def assert_match(expected, actual) = actual.include?(expected) || raise("#{actual.inspect} lacks #{expected.inspect}")
  def assert_equal(expected, actual) = expected == actual || raise("expected #{expected.inspect}, got #{actual.inspect}")
end

load ROOT/"Formula/profile.rb"
facts = Profile.facts
raise "no libyaml dependency" unless facts[:depends_on].include?(["libyaml"])
# `brew audit`'s rules for `desc` (Library/Homebrew/rubocops/shared/desc_helper.rb): at most 80 characters, no leading
# article or formula name, no trailing full stop.
desc = facts[:desc].first.first
raise "desc is #{desc.length} characters; brew audit allows 80" if desc.length > 80
raise "desc starts with an article or the formula's name" if desc.match?(/\A(an?|the|profile)\b/i)
raise "desc ends with a full stop" if desc.end_with?(".")
# The licence: the repository's LICENSE file, named by its SPDX identifier.
license = facts[:license].first&.first
raise "the formula names no licence" if license.nil?
first_line = File.read(ROOT/"LICENSE").lines.first.strip
raise "LICENSE is `#{first_line}`, the formula says #{license}" unless first_line == "#{license} License"
tag = facts[:url].first[1][:tag]
version = File.read(ROOT/"Sources/ProfilePlatform/Support/ProfileVersion.swift")[/package static let current = "([0-9.]+)"/, 1]
raise "the formula builds tag #{tag}, the version is #{version}" unless tag == version

Dir.mktmpdir("profile-formula") do |work|
  source = Pathname(work)/"source"
  prefix = Pathname(work)/"Cellar/profile"/version
  source.mkpath
  # The committed files, as the tag's checkout has them.
  archive, status = Open3.capture2("git", "-C", ROOT.to_s, "archive", "--format=tar", "HEAD", binmode: true)
  raise "git archive failed" unless status.success?

  Open3.capture2("tar", "-x", "-C", source.to_s, stdin_data: archive, binmode: true)
  formula = Profile.new(prefix)
  Dir.chdir(source) { formula.install }
  expected = %w[bin/profile etc/bash_completion.d/profile share/zsh/site-functions/_profile
                share/fish/vendor_completions.d/profile.fish share/man/man1/profile.1]
  expected.each { |path| raise "not installed: #{path}" unless (prefix/path).file? }
  installed = Dir.glob("**/*", base: prefix).select { |path| (prefix/path).file? }.sort
  raise "installed #{installed}, expected #{expected.sort}" unless installed == expected.sort

  puts "install: #{formula.systems.map { |command| command.join(" ") }.join("; ")}"
  puts "installed: #{installed.join(", ")}"
  testdir = Pathname(work)/"test"
  testdir.mkpath
  formula.run_test(testdir)
  puts "test do: passed (profile --version, profile run of a temporary profile)"
end
