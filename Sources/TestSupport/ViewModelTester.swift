import CustomDump
public import Presentation
public import Testing

/// Tests a view model as strictly as a reducer: every state it sets must be expected, in order.
///
/// It reads the view model's ``StateTransitions`` log, not Observation, which would coalesce two
/// changes made in one turn into one.
///
/// ```swift
/// let tester = ViewModelTester(viewModel)
/// viewModel.onAppear()
/// await tester.expect(.loading, .loaded(items: items, origin: .disk))
/// await tester.finish()
/// ```
/// A different, missing or extra state fails with a diff; `finish()` also fails while a task of
/// the view model is still running.
@MainActor
public final class ViewModelTester<Model: StatefulViewModel> {
    private let viewModel: Model
    private let timeout: Duration
    private var received: [Model.State] = []
    private var waiter: CheckedContinuation<Model.State?, Never>?
    private var consumer: Task<Void, Never>?
    private var expectedCount = 0

    /// Starts recording `viewModel`'s states; a state that takes longer than `timeout` counts as missing.
    public init(_ viewModel: Model, timeout: Duration = .seconds(5)) {
        self.viewModel = viewModel
        self.timeout = timeout
        let states = viewModel.states()
        consumer = Task { [weak self] in
            for await state in states { self?.receive(state) }
        }
    }

    deinit {
        consumer?.cancel()
    }

    /// Asserts that the next states are exactly `expected`, in order.
    public func expect(_ expected: Model.State..., sourceLocation: SourceLocation = #_sourceLocation) async {
        for state in expected {
            expectedCount += 1
            guard let actual = await next() else {
                Issue.record(
                    "Expected state #\(expectedCount) \(state), but none arrived within \(timeout)",
                    sourceLocation: sourceLocation
                )
                return
            }
            if actual != state {
                let difference = diff(state, actual) ?? "expected \(state), got \(actual)"
                Issue.record(
                    "State #\(expectedCount) differs (−expected +actual):\n\(difference)",
                    sourceLocation: sourceLocation
                )
            }
        }
    }

    /// Ends the test: fails if a task is still running or a state arrived that nothing expected.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        let running = viewModel.tasks.runningNames
        if !running.isEmpty {
            Issue.record(
                "finish(): the view model still runs \(running.joined(separator: ", ")); await it, advance the clock or cancel it",
                sourceLocation: sourceLocation
            )
            viewModel.tasks.cancelAll()
        }
        for _ in 0..<20 { await Task.yield() }  // let already published states reach the recorder
        if !received.isEmpty {
            let extra = received.map { "\($0)" }.joined(separator: ", ")
            Issue.record(
                "finish(): \(received.count) state(s) arrived that no expect() consumed: \(extra)",
                sourceLocation: sourceLocation)
            received.removeAll()
        }
    }

    /// Fails unless the view model made by `make` is deallocated once `exercise` is done with it.
    public static func expectDeallocation(
        _ make: () -> Model, exercise: (Model) async -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        weak var released: Model?
        do {
            let model = make()
            released = model
            await exercise(model)
        }
        for _ in 0..<20 { await Task.yield() }  // let cancelled tasks drop their references
        if released != nil {
            Issue.record(
                "\(Model.self) was not deallocated: something still holds it (a retain cycle?)",
                sourceLocation: sourceLocation)
        }
    }
}

// MARK: - Private

extension ViewModelTester {
    private func receive(_ state: Model.State) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: state)
        } else {
            received.append(state)
        }
    }

    private func next() async -> Model.State? {
        if !received.isEmpty { return received.removeFirst() }
        let timeout = timeout
        let watchdog = Task { [weak self] in
            // A real-time limit only on the failure path: a missing state must not hang the suite.
            try? await ContinuousClock().sleep(for: timeout)
            guard !Task.isCancelled, let self, let waiter = self.waiter else { return }
            self.waiter = nil
            waiter.resume(returning: nil)
        }
        defer { watchdog.cancel() }
        return await withCheckedContinuation { waiter = $0 }
    }
}
