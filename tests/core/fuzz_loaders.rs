//! Fuzzing the encounter loader and the Universal VTT importer with mutated real files: no
//! panic, no unbounded memory, a clear message for every refusal. This is the short run (a few
//! seconds); the long one is `cargo run --release --example fuzz_loaders -- --iterations 100000`.

use crate::fuzz_support;

use std::sync::OnceLock;

use fuzz_support::{Mutation, Seeds, check, mutate, mutation, seeds};
use proptest::prelude::*;

fn shared_seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| seeds().unwrap_or_else(|err| panic!("reading the seed files: {err}")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_small_files_never_panic(
        seed in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let seeds = &shared_seeds().small;
        let bytes = mutate(&seeds[seed % seeds.len()], &mutations);
        check(&bytes)?;
    }
}

proptest! {
    // Full-size maps cost a real image decode each: a handful of cases.
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn mutated_full_size_maps_never_panic(
        seed in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..3),
    ) {
        let seeds = &shared_seeds().full;
        let bytes = mutate(&seeds[seed % seeds.len()], &mutations);
        check(&bytes)?;
    }
}

#[test]
fn unmutated_seeds_all_load() {
    let seeds = shared_seeds();
    for (i, bytes) in seeds.small.iter().enumerate() {
        let outcome = check(bytes).unwrap();
        // The two demo encounters open as encounters; the four maps import as maps.
        assert_eq!(outcome.encounter_opened, i < 2, "seed {i}");
        assert_eq!(outcome.map_imported, i >= 2, "seed {i}");
    }
}

#[test]
fn hand_picked_mutations_are_refused_clearly() {
    let seeds = shared_seeds();
    let map = &seeds.small[2];
    let cases = [
        vec![Mutation::Truncate { at: 100 }],
        vec![Mutation::Truncate { at: 0 }],
        vec![Mutation::FlipBit { at: 0, bit: 3 }],
        vec![Mutation::Splice {
            node: 0,
            with: fuzz_support::Splice::DeepArray(1_000),
        }],
    ];
    for mutations in cases {
        let bytes = mutate(map, &mutations);
        let outcome = check(&bytes).unwrap();
        assert!(!outcome.map_imported, "{mutations:?}");
    }
}
