//! A site as files, and writing it into a folder: only the files whose bytes changed, each
//! replaced whole; the files of an earlier publish that are gone, removed.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::store::StoreError;

/// Why a site could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot make the page {page}: {source}")]
    Render {
        page: String,
        #[source]
        source: askama::Error,
    },
    #[error("{} is not a folder: give --out a folder (new or one published before)", .0.display())]
    NotAFolder(PathBuf),
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// The files of a site, by their path inside it (`/`-separated), in path order.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Site {
    pub files: BTreeMap<String, Vec<u8>>,
}

/// What [`Site::write`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Files written because they were new or had changed.
    pub written: Vec<String>,
    /// Files left alone: already as they should be.
    pub unchanged: usize,
    /// Files of an earlier publish that the site no longer has, removed.
    pub removed: Vec<String>,
}

/// The list of files a publish wrote, kept in the folder so that the next one can remove the
/// pages that are gone (and nothing else).
const MANIFEST: &str = ".don-publish";

impl Site {
    /// Writes the site into `dir` (made if missing): only the files whose bytes differ, each
    /// replaced whole (written beside it, then renamed over it). Files of an earlier publish that
    /// are gone from the site are removed; other files in the folder are left alone.
    pub fn write(&self, dir: &Path) -> Result<Written, PublishError> {
        let fail = |path: &Path| {
            let path = path.to_path_buf();
            move |source| PublishError::Write { path, source }
        };
        if dir.exists() && !dir.is_dir() {
            return Err(PublishError::NotAFolder(dir.to_path_buf()));
        }
        fs::create_dir_all(dir).map_err(fail(dir))?;
        let manifest = dir.join(MANIFEST);
        let before = fs::read_to_string(&manifest).unwrap_or_default();
        let list = |names: &mut dyn Iterator<Item = &str>| -> String {
            let mut list = String::new();
            for name in names {
                list.push_str(name);
                list.push('\n');
            }
            list
        };
        // Until the site is all written, the list names what is there from before as well as
        // what is being written: a publish that fails half-way is still tidied by the next.
        let both: std::collections::BTreeSet<&str> = before
            .lines()
            .filter(|n| is_ours(n))
            .chain(self.files.keys().map(String::as_str))
            .collect();
        let meanwhile = list(&mut both.iter().copied());
        if meanwhile != before {
            replace(&manifest, meanwhile.as_bytes()).map_err(fail(&manifest))?;
        }
        let mut done = Written::default();
        for (name, bytes) in &self.files {
            let path = dir.join(name);
            if fs::read(&path).is_ok_and(|old| &old == bytes) {
                done.unchanged += 1;
                continue;
            }
            replace(&path, bytes).map_err(fail(&path))?;
            done.written.push(name.clone());
        }
        for name in before.lines() {
            let gone = !self.files.contains_key(name) && is_ours(name);
            if gone {
                let path = dir.join(name);
                match fs::remove_file(&path) {
                    Ok(()) => done.removed.push(name.to_string()),
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                    Err(e) => return Err(fail(&path)(e)),
                }
                // Folders left empty go too (an error means one is not empty: leave it).
                let mut parent = path.parent();
                while let Some(p) = parent.filter(|p| *p != dir) {
                    if fs::remove_dir(p).is_err() {
                        break;
                    }
                    parent = p.parent();
                }
            }
        }
        let after = list(&mut self.files.keys().map(String::as_str));
        if after != meanwhile {
            replace(&manifest, after.as_bytes()).map_err(fail(&manifest))?;
        }
        Ok(done)
    }
}

/// A name from the manifest that a publish could have written: relative, without `..`.
fn is_ours(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('/')
        && !name.contains('\\')
        && name.split('/').all(|part| !part.is_empty() && part != "..")
}

/// Replaces a file whole: written to a temporary file beside it, then renamed over it.
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let parent = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let mut tmp = tempfile::NamedTempFile::new_in(parent)?;
    tmp.write_all(bytes)?;
    // A temporary file is made readable by its owner only; a page is for everyone.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file()
            .set_permissions(fs::Permissions::from_mode(0o644))?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
