public import Presentation

extension ItemListSource {
    /// A feature's source whose list, item and save all answer "cancelled", for tests that route
    /// links or search only; `search` is its one working closure, if any.
    public static func searchingOnly(
        noun: String, plural: String, fields: [String], search: SearchViewModel<ListedItem>.Search?
    ) -> ItemListSource {
        ItemListSource(noun: noun, plural: plural, fields: fields, search: search) { _ in
            .failure(.cancelled)
        } fetchItem: { _, _ in
            .failure(.cancelled)
        } save: { _, _ in
            .failure(.cancelled)
        }
    }
}
