//! Work split between cores for the board's large builds (an index of millions of edges, the
//! outline of millions of obstacle cells).

/// `work` done on each of `parts`, each on a core of its own when there is more than one; the
/// answers in the parts' order. A panic in one is raised again here.
pub(crate) fn on_cores<P: Send, R: Send>(parts: Vec<P>, work: &(impl Fn(P) -> R + Sync)) -> Vec<R> {
    if parts.len() <= 1 {
        return parts.into_iter().map(work).collect();
    }
    std::thread::scope(|scope| {
        let jobs: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || work(part)))
            .collect();
        jobs.into_iter()
            .map(|job| job.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}
