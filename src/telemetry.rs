//! The process's metrics: the Prometheus recorder every server in the
//! process shares, and metric handles registered once per label set.
//!
//! Why the handles: `counter!` and `histogram!` build their key, hash it and
//! look it up in the recorder's registry at every call. The four metrics on
//! a command's path cost about 1.5 % of its instructions that way (issue
//! 19); a handle kept by its label values costs one small map lookup.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, OnceLock};

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// The process-wide Prometheus recorder (installed once, shared by every
/// server in the process, e.g. in tests).
pub fn prometheus() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        // Seconds for the latencies; the two histograms that count things
        // (commands per group commit, WAL frames a catch-up left) get
        // buckets of their own: in seconds' buckets every batch of more
        // than five commands fell into `+Inf`.
        let recorder = PrometheusBuilder::new()
            .set_buckets(&[
                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
            ])
            .and_then(|b| {
                b.set_buckets_for_metric(
                    Matcher::Full("ghostseat_commit_batch_size".into()),
                    &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0],
                )
            })
            .and_then(|b| {
                b.set_buckets_for_metric(
                    Matcher::Full("ghostseat_wal_catch_up_frames".into()),
                    &[0.0, 16.0, 64.0, 256.0, 1024.0, 4096.0, 16384.0],
                )
            })
            .map(|b| b.build_recorder())
            .unwrap_or_else(|_| PrometheusBuilder::new().build_recorder());
        let handle = recorder.handle();
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// How many label sets a [`Handles`] keeps. Label values a client chooses
/// (an HTTP method) could otherwise grow it without end; past the cap a
/// handle is registered at each call, as `counter!` does.
const KEPT: usize = 512;

/// Metric handles by their label values, each registered once. The
/// recorder is installed before the first one, so no handle is the no-op
/// one a call before installation would get.
pub struct Handles<K, H> {
    kept: OnceLock<Mutex<HashMap<K, H>>>,
}

impl<K: Hash + Eq, H: Clone> Handles<K, H> {
    pub const fn new() -> Self {
        Handles {
            kept: OnceLock::new(),
        }
    }

    /// The handle for `key`, made by `register` the first time.
    pub fn get(&self, key: K, register: impl FnOnce(&K) -> H) -> H {
        let kept = self.kept.get_or_init(|| {
            prometheus();
            Mutex::default()
        });
        let mut kept = kept.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(handle) = kept.get(&key) {
            return handle.clone();
        }
        let handle = register(&key);
        if kept.len() < KEPT {
            kept.insert(key, handle.clone());
        }
        handle
    }
}

impl<K: Hash + Eq, H: Clone> Default for Handles<K, H> {
    fn default() -> Self {
        Handles::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handle counts into the installed recorder, and is registered once
    /// per label set.
    #[test]
    fn a_kept_handle_counts_into_the_recorder() {
        static TEST: Handles<&'static str, metrics::Counter> = Handles::new();
        let mut registered = 0;
        for _ in 0..3 {
            for colour in ["red", "blue"] {
                TEST.get(colour, |c| {
                    registered += 1;
                    metrics::counter!("ghostseat_telemetry_test_total", "colour" => *c)
                })
                .increment(1);
            }
        }
        assert_eq!(registered, 2);
        let text = prometheus().render();
        assert!(
            text.contains("ghostseat_telemetry_test_total{colour=\"red\"} 3"),
            "{text}"
        );
        assert!(text.contains("ghostseat_telemetry_test_total{colour=\"blue\"} 3"));
    }

    /// Past the cap, a handle is still made; it is just not kept.
    #[test]
    fn past_the_cap_a_handle_is_registered_per_call() {
        let handles: Handles<usize, usize> = Handles::new();
        for i in 0..KEPT + 10 {
            assert_eq!(handles.get(i, |&i| i * 2), i * 2);
        }
        let mut registered = 0;
        for _ in 0..2 {
            handles.get(KEPT + 1, |_| {
                registered += 1;
                0
            });
        }
        assert_eq!(registered, 2, "not kept past the cap");
        assert_eq!(handles.get(3, |_| unreachable!("kept")), 6);
    }
}
