import Presentation
import ShellKit

/// Runs a view model for one command and, with tracing on, prints every state transition.
enum StateTracer {
    /// Makes a view model, starts it, waits for its work, and returns its final state; with
    /// `trace`, prints `[Type] old → new` for each transition before returning (in `--format
    /// json`, `{"trace":"Type","from":"old","to":"new"}`, so every line of output is JSON).
    static func run<Model: StatefulViewModel>(
        _ make: () -> Model, trace: Bool, format: OutputFormat, console: Console, start: (Model) -> Task<Void, Never>?
    ) async -> Model.State {
        let tracer: Task<Void, Never>?
        let final: Model.State
        do {
            let model = make()
            tracer = trace ? follow(model, format: format, console: console) : nil
            if let work = start(model) {
                // Cancelling the command (Ctrl-C) cancels the view model's work too.
                await withTaskCancellationHandler {
                    await work.value
                } onCancel: {
                    work.cancel()
                }
            }
            final = model.state
        }
        // The model is gone now, so its state stream has ended once the tracer printed everything.
        await tracer?.value
        return final
    }

    /// Prints transitions of an already running view model until it goes away.
    static func follow<Model: StatefulViewModel>(_ model: Model, format: OutputFormat, console: Console) -> Task<
        Void, Never
    > {
        let states = model.states()
        var previous = model.state.description
        let name = model.traceName
        return Task {
            for await state in states {
                let now = state.description
                console.out(
                    format == .json
                        ? JSONOutput.encode(Transition(trace: name, from: previous, to: now))
                        : "[\(name)] \(previous) → \(now)")
                previous = now
            }
        }
    }

    /// A transition in `--format json`; field names are a contract: add, never rename.
    private struct Transition: Encodable {
        let trace: String
        let from: String
        let to: String
    }
}
