import Presentation
import ShellKit
import StrataData

/// A feature added with `scaffold-feature`, as the shell wires it.
///
/// It brings its commands, where Tab finds its identifiers, and how its repository is made. The
/// feature's file beside its commands declares it; ``all`` lists it.
struct FeatureModule {
    /// Makes the feature's repository over the data stack and registers it with the services.
    typealias Wire = (DataStack, APIClient, inout FeatureServices) -> Void

    /// The feature's commands, in help order.
    let commands: [Command]
    /// Where Tab finds the identifiers of the feature's completion sources: local reads only.
    let completions: [CompletionSource: (AppDatabase) -> [Int]]
    /// Makes and registers the feature's repository (see ``FeatureServices``).
    let wire: Wire
}

extension FeatureModule {
    /// Every feature the app has, one line each (`scaffold-feature` adds and removes the lines).
    static var all: [FeatureModule] {
        var all: [FeatureModule] = []
        all.reserveCapacity(4)
        return all
    }

    /// The repositories of every feature, made over `stack`.
    static func services(stack: DataStack, api: APIClient) -> FeatureServices {
        all.reduce(into: FeatureServices()) { services, feature in feature.wire(stack, api, &services) }
    }

    /// Every feature's completion sources, reading `database`.
    static func completions(database: AppDatabase) -> [CompletionSource: () -> [String]] {
        all.flatMap(\.completions).reduce(into: [:]) { sources, entry in
            let read = entry.value
            sources[entry.key] = { read(database).map(String.init) }
        }
    }
}

/// The repositories of the features added with `scaffold-feature`, each under its Domain
/// protocol; the composition root fills it, and a feature's commands read their own.
struct FeatureServices {
    private var repositories: [ObjectIdentifier: Any] = [:]
    /// How each feature's items are listed in a scene, by collection (`scene open list --collection`).
    private(set) var lists: [String: ItemListSource] = [:]

    /// Lists the items of `collection` in a scene with `source`.
    mutating func registerList(_ collection: String, _ source: ItemListSource) {
        lists[collection] = source
    }

    /// Keeps `repository` as the feature's `Protocol`.
    mutating func register<Protocol>(_ repository: Protocol, as type: Protocol.Type) {
        repositories[ObjectIdentifier(type)] = repository
    }

    /// The repository registered as `Protocol`; a feature left out of ``FeatureModule/all`` is
    /// a failure the user reads, never a crash.
    func repository<Protocol>(_ type: Protocol.Type) throws(CommandFailure) -> Protocol {
        guard let repository = repositories[ObjectIdentifier(type)] as? Protocol else {
            throw CommandFailure("\(type) is not wired in this app (see FeatureModule.all)")
        }
        return repository
    }
}
