# Build, install and uninstall `profile` with its shell completions.
#   make install PREFIX=/usr/local (DESTDIR honoured)     make uninstall     make test     make bench
PREFIX ?= /usr/local
BINDIR := $(DESTDIR)$(PREFIX)/bin
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
SCRATCH := .build-release
# The release flags live in one place, shared with the benchmark (on Linux: a fully static executable).
RELEASE_FLAGS := $(shell bash Benchmarks/release-flags.sh)

.PHONY: build install uninstall test bench completions

build:
	swift build -c release --scratch-path $(SCRATCH) $(RELEASE_FLAGS) --product profile

install: build
	install -d "$(BINDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$$(swift build -c release --scratch-path $(SCRATCH) $(RELEASE_FLAGS) --show-bin-path)/profile" "$(BINDIR)/profile"
	install -m 644 completions/profile.bash "$(BASHDIR)/profile"
	install -m 644 completions/_profile "$(ZSHDIR)/_profile"
	install -m 644 completions/profile.fish "$(FISHDIR)/profile.fish"
	@echo "installed $(BINDIR)/profile and its bash, zsh and fish completions"

uninstall:
	rm -f "$(BINDIR)/profile" "$(BASHDIR)/profile" "$(ZSHDIR)/_profile" "$(FISHDIR)/profile.fish"

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
