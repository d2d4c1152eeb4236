# Strata's entry points. Newcomers need only two: `make repl` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
ARGS ?=
# Release builds link Swift's runtime and Foundation into each binary, as a deployed Linux program
# is built (Docs/ADR/0037). Every release entry point uses the same flags: a build with other flags
# would rebuild the whole package.
RELEASE := -c release --static-swift-stdlib

.PHONY: help deps build repl server test contract client-check docs lint format feature feature-check docs-update release bench bench-check clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

deps: ## Install libedit-dev and libsqlite3-dev with apt when their headers are missing
	@Scripts/ensure-deps.sh

build: deps ## Build the package (warnings are errors)
	$(SWIFT) build

repl: deps ## Build and start the REPL (pass flags with ARGS="--format json")
	@$(SWIFT) build --product repl
	@"$$($(SWIFT) build --show-bin-path)/repl" $(ARGS)

server: deps ## Build and start the standalone demo server (pass flags with ARGS="--port 8080 --data DIR")
	@$(SWIFT) build --product strata-server
	@"$$($(SWIFT) build --show-bin-path)/strata-server" $(ARGS)

test: deps ## Build, lint, and run every test, as CI does (the API contract run included)
	$(SWIFT) build --build-tests
	@Scripts/lint.sh
	$(SWIFT) test --skip 'ManyDevicesModelTests|aRefusedLockClosesNothingElse'
	@# Two heavy tests run on their own, after the rest: the model test starts hundreds of servers
	@# and sessions, the descriptor test keeps a core busy; sharing two cores with the process
	@# tests' servers, they made those time out now and then.
	$(SWIFT) test --skip-build --filter ManyDevicesModelTests
	$(SWIFT) test --skip-build --filter aRefusedLockClosesNothingElse
	@Scripts/contract.sh

contract: deps ## Check the demo server against Docs/openapi.yaml with schemathesis
	$(SWIFT) build --product strata-server
	@Scripts/contract.sh

client-check: deps ## Generate a client from Docs/openapi.yaml with swift-openapi-generator (no warning allowed) and run it against the demo server
	@Scripts/client-check.sh

docs: deps ## Build the DocC catalogs of Domain and Presentation (warnings are errors); open .build/plugins/Swift-DocC/outputs
	$(SWIFT) package generate-documentation --target Domain --target Presentation --warnings-as-errors

lint: ## swift-format (strict), the forbidden-construct scan and the ADR index check
	@Scripts/lint.sh

format: ## Rewrite sources with swift-format
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks Package.swift

feature: ## Add a feature (Docs/Extending.md): make feature NAME=Recipe FIELDS="title:String minutes:Int"
	@test -n "$(NAME)" || { echo 'usage: make feature NAME=Recipe FIELDS="title:String minutes:Int"' >&2; exit 2; }
	$(SWIFT) package --allow-writing-to-package-directory scaffold-feature $(NAME) $(foreach f,$(FIELDS),--field '$(f)')

feature-check: deps ## Prove the generator in a scratch copy: refusals, every field type built, linted, tested, removed
	@Scripts/feature-check.sh

docs-update: deps ## Rewrite the expected output of every replayed REPL block in README.md and Docs/
	UPDATE_TRANSCRIPTS=1 $(SWIFT) test --filter TranscriptTests

release: deps ## Release build of the REPL and the standalone server (statically linked: Docs/ADR/0037)
	$(SWIFT) build $(RELEASE) --product repl
	$(SWIFT) build $(RELEASE) --product strata-server

bench: release ## Release build; measure the data layer and startup; print a table and write Docs/Performance.md
	$(SWIFT) build $(RELEASE) --product Benchmarks
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/Benchmarks" Docs/Performance.md

bench-check: deps ## Release build; fail when a measured ratio (make bench's) is worse than its gate (under 2 minutes)
	$(SWIFT) build $(RELEASE) --product Benchmarks
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/Benchmarks" --check

clean: ## Remove build products (.build and any .build-* folder, the test tools' Python included) and the package's resolved versions
	rm -rf .build .build-* .build_* Package.resolved Examples/GeneratedClient/.build Examples/GeneratedClient/Package.resolved
