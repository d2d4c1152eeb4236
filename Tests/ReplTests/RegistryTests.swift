import Domain
import Platform
import Presentation
import Scenes
import ShellKit
import TestSupport
import Testing

@testable import repl

/// Strata's commands as the shell sees them; every expectation comes from the registry itself, so
/// adding a command never means editing a list here.
@Suite("The Strata command registry")
struct RegistryTests {
    let registry = CommandRegistry<CommandContext>.strata
    let providers = CompletionProviders(
        documentIDs: { [1, 2, 12] }, userIDs: { [7] }, sceneIDs: { ["s1", "s2"] },
        editorFields: { ["minutes", "title"] }, settingKeys: { ["theme"] }, collections: { ["documents", "recipes"] })

    @Test func eachWordOfEveryCommandNameCompletesFromTheRegistry() {
        let completer = Completer(registry: registry)
        for spec in registry.commands {
            for depth in 0..<spec.words.count {
                let typed = spec.words.prefix(depth)
                let completion = completer.complete(typed.map { $0 + " " }.joined())
                #expect(completion.candidates == registry.nextWords(after: Array(typed)), "after '\(typed)'")
                #expect(completion.candidates.contains(spec.words[depth]))
            }
        }
    }

    @Test func everyCompletionSourceACommandNamesHasAProvider() {
        func sources(_ completion: ArgumentCompletion) -> [CompletionSource] {
            switch completion {
            case .source(let source): [source]
            case .chosenByPrevious(let choices): choices.values.flatMap(sources)
            case .namedByFlag(_, _, let otherwise): sources(otherwise)
            case .none, .values, .file: []
            }
        }
        let completions = registry.commands.flatMap { $0.arguments.map(\.completion) + $0.flags.map(\.completion) }
        let named = completions.flatMap(sources)
        #expect(!named.isEmpty)
        // A feature added with scaffold-feature brings its own provider.
        let featureSources = Set(FeatureModule.all.flatMap(\.completions.keys))
        for source in named {
            #expect(
                providers.bySource[source] != nil || featureSources.contains(source), "no provider for \(source.name)")
        }
    }

    @Test func identifierArgumentsOfferWhatTheirProviderLists() {
        let completer = Completer(registry: registry, sources: providers.bySource)
        for spec in registry.commands {
            guard case .source(let source)? = spec.arguments.first?.completion,
                let expected = providers.bySource[source]?()
            else { continue }
            #expect(completer.complete(spec.name + " ").candidates == expected, "\(spec.name)")
        }
    }

    @Test func aScenesIdentifierIsOfferedFromWhatTheActivityShows() {
        let completer = Completer(registry: registry, sources: providers.bySource)
        #expect(completer.complete("scene open editor ").candidates == ["1", "2", "12"])
        #expect(completer.complete("scene open user ").candidates == ["7"])
        #expect(completer.complete("scene open item ").candidates.isEmpty, "an item's collection is not known yet")
        #expect(completer.complete("scene open list ").candidates.isEmpty)
    }

    /// With `--collection` typed first, the identifier is one of that feature's items, not a
    /// document's.
    @Test func aScenesCollectionPicksWhoseIdentifiersAreOffered() {
        var sources = providers.bySource
        sources[.items(in: "recipes")] = { ["3", "4"] }
        let completer = Completer(registry: registry, sources: sources)
        #expect(completer.complete("scene open editor --collection recipes ").candidates == ["3", "4"])
        #expect(completer.complete("scene open item --collection recipes ").candidates == ["3", "4"])
        #expect(completer.complete("scene open editor --collection teapots ").candidates.isEmpty)
        #expect(completer.complete("scene open editor ").candidates == ["1", "2", "12"], "documents without it")
    }

    @Test func aCollectionFlagOffersTheCollectionsTheAppSyncs() {
        let completer = Completer(registry: registry, sources: providers.bySource)
        #expect(completer.complete("conflicts policy --collection ").candidates == ["documents", "recipes"])
        #expect(completer.complete("scene open list --collection r").insertion == "ecipes ")
        #expect(completer.complete("conflicts resolve 1 --keep ").candidates == ["local", "remote", "merged"])
    }

    @Test func anItemEditorsFieldsAreOfferedByName() {
        let completer = Completer(registry: registry, sources: providers.bySource)
        #expect(completer.complete("edit field ").candidates == ["minutes", "title"])
        #expect(completer.complete("edit field ti").candidates == ["title"])
        #expect(completer.complete("edit field title ").candidates.isEmpty, "a value is not offered")
    }

    @Test func editFieldNamesTheFieldsOfTheActiveEditorOfEitherKind() async throws {
        let recipes = ItemListSource.searchingOnly(noun: "recipe", plural: "recipes", fields: ["minutes"], search: nil)
        let scenes = SceneApplication.strata(
            documents: FakeDocumentRepository(), users: FakeUserRepository(), sync: FakeSyncRepository(),
            store: InMemorySceneStateStore(), itemLists: ["recipes": recipes])
        let document = try await scenes.requestSceneSessionActivation(nil, userActivity: .documentEdit(.opening(nil)))
        #expect(EditorCommands.fieldNames(in: document.scene?.delegate) == DocumentField.allCases.map(\.rawValue))
        let item = try await scenes.requestSceneSessionActivation(
            nil,
            userActivity: .itemEdit(ItemEditActivity(collection: "recipes", itemId: nil, changes: [:]), noun: "recipe"))
        #expect(EditorCommands.fieldNames(in: item.scene?.delegate) == ["minutes"])
        let profile = try await scenes.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 1)))
        #expect(EditorCommands.fieldNames(in: profile.scene?.delegate) == [])
    }

    @Test func namesAreUniqueAndEveryCommandHasAnExampleOfItself() {
        let names = registry.commands.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
        for spec in registry.commands {
            #expect(spec.examples.contains { $0.hasPrefix(spec.name) }, "\(spec.name) has no example")
        }
    }

    @Test func helpHasAPageForEveryCommand() throws {
        for spec in registry.commands {
            let page = try HelpPages.page(for: spec.name, in: registry)
            let text = OutputRenderer(format: .table).render(page) ?? ""
            #expect(text.hasPrefix("usage: \(spec.usage)"))
        }
    }
}
