# The release build flags of the `profile` product: the one place they are written.
#
#   source Benchmarks/release-flags.sh   ->  PROFILE_RELEASE_FLAGS=(...)  (a bash array) and PROFILE_LINK_MODE
#   bash Benchmarks/release-flags.sh     ->  prints the flags on one line (for a Makefile: $(shell bash ...))
#
#   swift build -c release "${PROFILE_RELEASE_FLAGS[@]}" --product profile
#
# Chosen by measuring `profile run` launch time against `env K=V /bin/true` for each link mode
# (`Benchmarks/run.sh --compare-link-modes` measures them again):
#   Linux: -static-executable (the whole binary static: no dynamic loader, no relocations of Swift's
#          shared libraries). `profile` calls no NSS function (getpwnam_r...), so the linker's warnings about
#          them (they come from FoundationEssentials, linked in by swift-argument-parser) do not apply to it;
#          libyaml comes from /usr/lib/x86_64-linux-gnu/libyaml.a (Debian's libyaml-dev).
#   macOS: there is no -static-executable, and the Swift runtime ships in the OS (--static-swift-stdlib is
#          not supported on Darwin): the default link.
# PROFILE_LINK_MODE=default|static-stdlib|static-executable in the environment overrides the choice (for
# measuring the others); profile_link_flags MODE prints any mode's flags.
#
# In every link mode, two code-generation flags for generic type metadata (PROFILE_METADATA_FLAGS):
#   -disable-concrete-type-metadata-mangled-name-accessors  the compiler's default finds the metadata of a concrete
#          generic type (`[Setting<Bool>]`, `[String: Slot]`...) by demangling its name at first use (~17,000
#          instructions each, ~50 such types on the `run` path); with this flag it calls the type's metadata
#          accessor directly. `profile run` went from 2.48 M to 1.90 M instructions (valgrind --tool=callgrind
#          --dump-before=execve), for a 0.25% larger binary.
#   -prespecialize-generic-metadata  emits those types' metadata at compile time (1.90 M -> 1.86 M).

profile_link_flags() {
    case "$1" in
        default) ;;
        static-stdlib) printf '%s\n' --static-swift-stdlib ;;
        static-executable) printf '%s\n' -Xswiftc -static-executable ;;
        *) echo "release-flags.sh: unknown link mode \`$1\` (default, static-stdlib, static-executable)" >&2; return 1 ;;
    esac
}

if [[ -z "${PROFILE_LINK_MODE:-}" ]]; then
    case "$(uname -s)" in
        Linux) PROFILE_LINK_MODE=static-executable ;;
        *) PROFILE_LINK_MODE=default ;;
    esac
fi
if ! profile_link_flags "$PROFILE_LINK_MODE" >/dev/null; then
    return 1 2>/dev/null || exit 1
fi
PROFILE_METADATA_FLAGS=(
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    -Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata
)
PROFILE_RELEASE_FLAGS=("${PROFILE_METADATA_FLAGS[@]}")
while IFS= read -r flag; do
    [[ -n "$flag" ]] && PROFILE_RELEASE_FLAGS+=("$flag")
done < <(profile_link_flags "$PROFILE_LINK_MODE")

# Executed rather than sourced: print the flags.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    echo "${PROFILE_RELEASE_FLAGS[*]}"
fi
