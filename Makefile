# Build, install and uninstall `profile` with its shell completions and its man page.
#   make install [PREFIX=...] (DESTDIR honoured)     make uninstall     make test     make bench     make man
#
# PREFIX: on macOS, Homebrew's prefix when brew is installed (`brew --prefix`: /opt/homebrew on Apple Silicon,
# /usr/local on Intel), so the completions land where Homebrew's bash-completion@2, zsh and fish read them; else
# /usr/local. On Linux /usr/local. The completion folders are the ones Homebrew's own formulae install into
# (Library/Homebrew/formula.rb: `bash_completion` is etc/bash_completion.d, `zsh_completion` share/zsh/site-functions,
# `fish_completion` share/fish/vendor_completions.d); elsewhere bash-completion's share/bash-completion/completions.
# Each folder can also be given on its own (BINDIR, BASHDIR, ZSHDIR, FISHDIR, MANDIR).
UNAME := $(shell uname -s)
ifeq ($(UNAME),Darwin)
BREW_PREFIX := $(shell command -v brew >/dev/null 2>&1 && brew --prefix 2>/dev/null)
PREFIX ?= $(if $(BREW_PREFIX),$(BREW_PREFIX),/usr/local)
endif
PREFIX ?= /usr/local
# Into Homebrew's prefix, bash completions go where Homebrew's formulae put theirs (bash-completion@2 loads that
# folder); anywhere else, where bash-completion 2 looks them up by command name.
BASHDIR ?= $(DESTDIR)$(PREFIX)/$(if $(and $(BREW_PREFIX),$(filter $(BREW_PREFIX),$(PREFIX))),etc/bash_completion.d,share/bash-completion/completions)
BINDIR ?= $(DESTDIR)$(PREFIX)/bin
ZSHDIR ?= $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR ?= $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MANDIR ?= $(DESTDIR)$(PREFIX)/share/man/man1
SCRATCH := .build-release
# The release flags live in one place, shared with the benchmark (on Linux: a fully static executable).
RELEASE_FLAGS := $(shell bash Benchmarks/release-flags.sh)

.PHONY: build install uninstall test bench completions man

build:
	swift build -c release --scratch-path $(SCRATCH) $(RELEASE_FLAGS) --product profile

install: build
	install -d "$(BINDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" "$(MANDIR)"
	install -m 755 "$$(swift build -c release --scratch-path $(SCRATCH) $(RELEASE_FLAGS) --show-bin-path)/profile" "$(BINDIR)/profile"
	install -m 644 completions/profile.bash "$(BASHDIR)/profile"
	install -m 644 completions/_profile "$(ZSHDIR)/_profile"
	install -m 644 completions/profile.fish "$(FISHDIR)/profile.fish"
	install -m 644 man/profile.1 "$(MANDIR)/profile.1"
	@echo "installed $(BINDIR)/profile, its bash, zsh and fish completions and its man page (man profile)"

uninstall:
	rm -f "$(BINDIR)/profile" "$(BASHDIR)/profile" "$(ZSHDIR)/_profile" "$(FISHDIR)/profile.fish" "$(MANDIR)/profile.1"

test:
	swift test

bench:
	bash Benchmarks/run.sh

# Regenerate the committed completion scripts (a test checks they are current).
completions:
	swift build --product profile
	.build/debug/profile completion bash > completions/profile.bash
	.build/debug/profile completion zsh > completions/_profile
	.build/debug/profile completion fish > completions/profile.fish

# Regenerate the committed man page from the command definitions (ManPageTests checks it is current).
man:
	swift build --product profile
	python3 Scripts/generate-manpage.py --profile .build/debug/profile --output man/profile.1
