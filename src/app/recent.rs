//! Recently opened or saved encounter files, newest first, kept across runs.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentFiles {
    paths: Vec<PathBuf>,
}

impl RecentFiles {
    const MAX: usize = 10;

    /// Moves `path` to the top, dropping the oldest past [`Self::MAX`].
    pub fn push(&mut self, path: &Path) {
        self.paths.retain(|p| p != path);
        self.paths.insert(0, path.to_path_buf());
        self.paths.truncate(Self::MAX);
    }

    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    pub fn clear(&mut self) {
        self.paths.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newest_first_without_duplicates_and_capped() {
        let mut recent = RecentFiles::default();
        for i in 0..12 {
            recent.push(Path::new(&format!("/e/{i}.json")));
        }
        recent.push(Path::new("/e/5.json"));
        assert_eq!(recent.paths().len(), RecentFiles::MAX);
        assert_eq!(recent.paths()[0], Path::new("/e/5.json"));
        assert_eq!(recent.paths()[1], Path::new("/e/11.json"));
        assert_eq!(
            recent
                .paths()
                .iter()
                .filter(|p| p.ends_with("5.json"))
                .count(),
            1
        );
    }
}
