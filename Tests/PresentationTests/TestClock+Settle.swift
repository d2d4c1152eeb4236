import Clocks

extension TestClock<Duration> {
    /// Yields the main actor so that tasks just started reach their `sleep`, advances the clock,
    /// then yields again so that every task the clock woke (and any timer it starts) runs before
    /// the test looks at the result.
    func advanceAndSettle(by duration: Duration) async {
        for _ in 0..<20 { await Task.yield() }
        await advance(by: duration)
        for _ in 0..<20 { await Task.yield() }
    }
}
