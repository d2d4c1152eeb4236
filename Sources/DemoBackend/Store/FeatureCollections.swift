/// The collections of the features added with `swift package scaffold-feature`: registering a
/// feature's collection, with its fields and their rules, is all the server needs for it.
public enum FeatureCollections {
    /// Every feature's collection, in the order the features were added.
    public static var all: [CollectionSpec] {
        var all: [CollectionSpec] = []
        all.reserveCapacity(4)  // `scaffold-feature` adds one line per feature below, and removes it
        return all
    }
}
