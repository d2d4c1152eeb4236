#!/usr/bin/env bash
# The feature generator, proven end to end in a scratch copy of the package (CI runs this):
# bad requests are refused with one line and write nothing; a feature with every field type and
# the smallest feature are generated in under 2 s, build with warnings as errors, pass the lint and
# their tests at every layer (their REPL commands run as a process: create, list, show, offline
# edit, sync, delete) and their pages replay; a second run refuses; --remove leaves the tree
# exactly as it was.
#
# The scratch copy builds into the package's own .build folder: the dependencies' checkouts and
# products are then the ones already built, and only Strata's own targets compile again (a clean
# build of everything took minutes of CI's 20). Those targets' products in .build/debug are the
# scratch copy's afterwards; the next `swift build` in the package notices the other source paths
# and compiles them again.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d /tmp/strata-feature-check.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
# Every swift command below uses the package's build folder.
swift() { command swift "$1" --scratch-path "$root/.build" "${@:2}"; }

cd "$root"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$scratch"
cd "$scratch"
git init -q && git add -A && git -c user.name=check -c user.email=check@localhost commit -qm base

fail() { echo "feature-check: $*" >&2; exit 1; }
scaffold() { swift package --allow-writing-to-package-directory scaffold-feature "$@"; }
unchanged() { [ -z "$(git status --porcelain)" ] || { git status --short >&2; fail "$1"; }; }

# Refusals: one error line each, nothing written.
refuse() {
    local output before
    before="$(git status --porcelain; git diff)"
    if output="$(scaffold "$@" 2>&1)"; then fail "accepted: $*"; fi
    [ "$(grep -c '^error:' <<<"$output")" = 1 ] || fail "not one error line for '$*': $output"
    [ "$before" = "$(git status --porcelain; git diff)" ] || fail "'$*' changed files"
    echo "refused: $* -> ${output#error: }"
}
swift package resolve >/dev/null 2>&1
refuse trip --field name:String
refuse Document --field name:String
refuse Entry --field name:String
refuse Inbox --field name:String
refuse Exit --field name:String
refuse Notification --field name:String
refuse Logger --field name:String
refuse On --field name:String
refuse Trip --field class:String
refuse Trip --field name:Float
refuse Trip --field name:decimal
refuse Trip --field name:String --field name:Int
refuse Trip --field syncState:String
refuse Trip --field origin:String
refuse Trip --field etag:String
refuse Trip --field object:Int
refuse Trip --field 'rank:String?' --searchable rank
refuse Trip
refuse Trip --field name:String --conflicts sometimes
refuse Trip --field nights:Int --searchable nights
refuse Trip --field name:String --range name:0...3
refuse Trip --field nights:Int --range nights:3...1
refuse Trip --field nights:Int --range nights:3...3
refuse Trip --field nights:Int --range nights:-9223372036854775808...9223372036854775807
refuse Trip --field 'kind:enum(solo)'
refuse Trip --field 'kind:enum(solo)?'
refuse Trip --field 'kind:enum(a,b)??'
refuse Trip --field 'kind:enum(a,a)'
refuse Trip --field 'kind:enum(Leisure,business)'
refuse Trip --field 'pace:enum(none,fast)?'
refuse Trip --field price:Decimal --range price:9...1
refuse Trip --field price:Decimal --range price:2...2
refuse Trip --field price:Decimal --range price:1e-05...1
refuse Trip --field price:Decimal --range price:0...1234567890.123456789

fields=(--field name:String --field 'note:String?' --field nights:Int --field 'guests:Int?' --field budget:Double
    --field 'rating:Double?' --field 'tip:Decimal?'
    --field booked:Bool --field 'insured:Bool?' --field departsOn:Date --field 'returnsOn:Date?' --field 'places:[String]' --field price:Decimal
    --field 'kind:enum(none,business,family)' --field 'pace:enum(yes,no)?' --conflicts serverWins
    --searchable name --searchable places --range nights:0...3 --range price:0...1.1 --range budget:-2...-1
    --range tip:0.00001...1234567.891)
scaffold Trip "${fields[@]}" >/dev/null  # the first run compiles the plugin
scaffold --remove Trip >/dev/null
unchanged "--remove left changes behind"
start=$(date +%s%N)
scaffold Trip "${fields[@]}"
echo "generated in $(( ($(date +%s%N) - start) / 1000000 )) ms"
refuse Trip --field name:String
# The smallest feature builds beside it (a single text field: no Date or Decimal of its own), and
# its name takes the English plural and article: "an inquiry", the collection /inquiries.
scaffold Inquiry --field note:String >/dev/null
[ -d Sources/Domain/Inquiries ] || fail "Inquiry's Domain folder is not Inquiries"
grep -q '^  /inquiries:' Docs/openapi.yaml || fail "the contract does not describe /inquiries"
grep -q '^An inquiry has' Docs/Features/Inquiry.md || fail "Inquiry's page does not say 'An inquiry'"
# Trip asks serverWins and Inquiry manual: a third policy takes the generated tests' last branch.
# Memo's other fields are named as SQL keywords and as the generated code's own locals and
# parameters (its table, its search index and every layer's code must still build and pass).
scaffold Memo --field note:String --field 'order:Int?' --field 'group:String?' --field 'text:String?' \
    --field 'key:String?' --field 'draft:String?' --field 'row:Int?' --field 'container:Bool?' \
    --field 'moment:String?' --field 'memo:String?' --field 'changed:Int?' --field 'value:Int?' --field 'on:Bool?' \
    --searchable note --searchable group --conflicts lastWriterWins >/dev/null
# Two searchable fields read as a sentence lists them, in the help as on the page.
grep -q '"Find trips by name or places"' Sources/repl/Commands/Trips/TripCommands.swift ||
    fail "trip search's summary does not read 'Find trips by name or places'"
grep -q 'begins a word of `name` or `places`' Docs/Features/Trip.md || fail "Trip's page does not list name or places"

swift build --build-tests
Scripts/lint.sh
swift test --skip-build --filter 'Trip|Inquiry|Memo|DocumentationTranscriptTests|RegistryTests|MigrationTests|ArchitectureTests'
# The generated collection is in the contract: schemathesis checks its routes as it checks documents'.
grep -q '^  /trips:' Docs/openapi.yaml || fail "the contract does not describe /trips"
ln -s "$root/.build-python" .build-python
STRATA_BIN="$root/.build/debug" Scripts/contract.sh
rm .build-python

scaffold --remove Trip
scaffold --remove Inquiry
scaffold --remove Memo
unchanged "--remove did not restore the tree"
echo "feature-check: ok"
