/// The tasks a view model owns: starting one under a name cancels the previous one of that name.
@MainActor
public final class TaskBag {
    private var tasks: [String: (id: Int, task: Task<Void, Never>)] = [:]
    private var nextID = 0

    /// Creates an empty bag.
    public init() {}

    isolated deinit {
        cancelAll()
    }

    /// Whether any task is still running.
    public var isEmpty: Bool { tasks.isEmpty }

    /// The names of the running tasks.
    public var runningNames: [String] { tasks.keys.sorted() }

    /// Starts `operation` under `name`, cancelling the task that had that name (latest wins).
    @discardableResult
    public func run(_ name: String, _ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        tasks[name]?.task.cancel()
        nextID += 1
        let id = nextID
        let task = Task { [weak self] in
            await operation()
            self?.finished(name, id: id)
        }
        tasks[name] = (id, task)
        return task
    }

    /// Cancels the task named `name`, if running.
    public func cancel(_ name: String) {
        tasks.removeValue(forKey: name)?.task.cancel()
    }

    /// Cancels every task.
    public func cancelAll() {
        for entry in tasks.values { entry.task.cancel() }
        tasks.removeAll()
    }

    /// Waits until every task running now has finished.
    public func waitUntilIdle() async {
        // Each task removes itself as its last step, so the loop ends once all have finished.
        while let entry = tasks.values.first { await entry.task.value }
    }
}

// MARK: - Private

extension TaskBag {
    private func finished(_ name: String, id: Int) {
        guard tasks[name]?.id == id else { return }
        tasks[name] = nil
    }
}
