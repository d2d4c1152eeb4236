import Presentation
import ShellKit

/// A view state a command can end in: its output, or the failure the user reads.
///
/// Each feature maps its view states once, beside its commands, so every command that shows a
/// state reads the same.
protocol CommandOutcome {
    /// The output for this state, or the failure it stands for.
    func commandOutput() throws(CommandFailure) -> CommandOutput
}

extension CommandContext {
    /// Runs a view model for one command and returns the output of the state it ends in.
    func run<Model: StatefulViewModel>(
        _ make: () -> Model, start: (Model) -> Task<Void, Never>?
    ) async throws(CommandFailure) -> CommandOutput where Model.State: CommandOutcome {
        try await present(make, start: start).commandOutput()
    }

    /// Runs a view model like ``run(_:start:)``, drawing a progress bar (on a terminal) from the
    /// states `progress` reads a count from.
    func run<Model: StatefulViewModel>(
        progressLabel: String, _ make: () -> Model, progress: @escaping (Model.State) -> (done: Int, total: Int)?,
        start: (Model) -> Task<Void, Never>?
    ) async throws(CommandFailure) -> CommandOutput where Model.State: CommandOutcome {
        try await present(progressLabel: progressLabel, make, progress: progress, start: start).commandOutput()
    }

    /// Runs a view model like ``present(_:start:)``, drawing a progress bar (on a terminal) from
    /// the states `progress` reads a count from.
    func present<Model: StatefulViewModel>(
        progressLabel: String, _ make: () -> Model, progress: @escaping (Model.State) -> (done: Int, total: Int)?,
        start: (Model) -> Task<Void, Never>?
    ) async -> Model.State {
        let bar = ProgressBar(label: progressLabel, isVisible: ProgressBar.shouldShow(console: console))
        var watcher: Task<Void, Never>?
        let state = await present(make) { model in
            let states = model.states()
            watcher = Task {
                for await state in states {
                    if let counts = progress(state) { bar.update(done: counts.done, total: counts.total) }
                }
            }
            return start(model)
        }
        watcher?.cancel()
        bar.finish()
        return state
    }

    /// Runs a view model for one command and returns the state it ends in (see ``StateTracer``).
    func present<Model: StatefulViewModel>(
        _ make: () -> Model, start: (Model) -> Task<Void, Never>?
    ) async -> Model.State {
        await StateTracer.run(make, trace: traceStates, format: format, console: console, start: start)
    }
}
