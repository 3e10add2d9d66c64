//! A site as files, and writing it into a folder: only the files whose bytes changed, each
//! replaced whole; the files of an earlier publish that are gone, removed; nothing outside the
//! folder, whatever links are inside it.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why a site could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error(transparent)]
    App(#[from] crate::app::AppError),
    #[error("cannot make the page {page}: {source}")]
    Render {
        page: String,
        #[source]
        source: askama::Error,
    },
    #[error("{} is not a folder", .0.display())]
    NotAFolder(PathBuf),
    /// `--out` is a symbolic link to nothing.
    #[error("{} is a symbolic link to {}, which is not there", path.display(), to.display())]
    DanglingOut { path: PathBuf, to: PathBuf },
    /// A symbolic link where the site has a page or a folder: never followed.
    #[error("{} is a symbolic link (to {}) where the site has {what}: a publish never writes through a link inside the folder it publishes into", path.display(), to.display())]
    Link {
        path: PathBuf,
        to: PathBuf,
        what: &'static str,
    },
    /// Something other than a plain file where the site has a page (or other than a folder
    /// where it has a folder).
    #[error("{} is a {kind} where the site has {what}", path.display())]
    NotAFile {
        path: PathBuf,
        kind: &'static str,
        what: &'static str,
    },
    /// A folder that holds files and was never published into, without `--force`.
    #[error("{} holds {} and was never published into (it has no {MANIFEST}){}", dir.display(), some(held, *held_count), replaced_words(replaced, *replaced_count))]
    NotEmpty {
        dir: PathBuf,
        /// A few of the names in the folder, and how many there are.
        held: Vec<String>,
        held_count: usize,
        /// A few of the site's files already there, and how many there are.
        replaced: Vec<String>,
        replaced_count: usize,
    },
    /// Files the site would replace in a folder published into, that its list of files does
    /// not name: the user's, without `--force`.
    #[error("{} holds {} that no publish wrote ({MANIFEST} does not list {}): {}", dir.display(), if *count == 1 { "a file the site would replace".to_string() } else { format!("{count} files the site would replace") }, if *count == 1 { "it" } else { "them" }, names_and_more(names, *count))]
    NotListed {
        dir: PathBuf,
        names: Vec<String>,
        count: usize,
    },
    /// The database (or a file SQLite keeps beside it) where the site has a page.
    #[error("{} is the database being published{what}: a publish never replaces it", path.display())]
    Database { path: PathBuf, what: &'static str },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// The names shown of a list, at most this many.
const SHOWN: usize = 5;

/// `3 files or folders (a, b, c)`, or `9 … (a, b, c, d, e and 4 more)`.
fn some(names: &[String], count: usize) -> String {
    let what = if count == 1 {
        "1 file or folder".to_string()
    } else {
        format!("{count} files or folders")
    };
    format!("{what} ({})", names_and_more(names, count))
}

fn names_and_more(names: &[String], count: usize) -> String {
    let mut s = names.join(", ");
    if count > names.len() {
        s.push_str(&format!(" and {} more", count - names.len()));
    }
    s
}

/// `; the site would replace 2 of them (index.html, style.css)`, or nothing when none.
fn replaced_words(names: &[String], count: usize) -> String {
    match count {
        0 => String::new(),
        n => format!(
            "; the site would replace {} of them ({})",
            n,
            names_and_more(names, count)
        ),
    }
}

/// The files of a site, by their path inside it (`/`-separated), in path order.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Site {
    pub files: BTreeMap<String, Vec<u8>>,
    /// The folder of the season the front page shows (`season/<slug>`), if any.
    pub front: Option<String>,
    /// The old addresses of pages that have another now (a team renamed), each with its page's
    /// address now: among the files, a page that says so (or the calendar as it is); `serve`
    /// answers them with a redirect.
    pub moved: BTreeMap<String, String>,
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
    /// replaced whole (written beside it, then renamed over it), the pages in folders first and
    /// the front page last, so that a publish that fails half-way never leaves a front page
    /// linking to pages that are not there. Files of an earlier publish that are gone from the
    /// site are removed; other files in the folder are left alone.
    ///
    /// Nothing outside `dir` is written, replaced or removed: a symbolic link inside it where the
    /// site has a page or a folder, or anything but a plain file where it has a page (a pipe, a
    /// device), is refused before anything is written, and a file of an earlier publish is
    /// removed only when it is a plain file reached through plain folders. A folder that holds
    /// files and was never published into is refused unless `force`; so is, in a folder
    /// published into, a file the site would replace that the list of the earlier publish does
    /// not name (the user's). Of the files that list names, only those a publish could have
    /// written are removed ([`is_ours`]), and never `database` (the database being published,
    /// or the files SQLite keeps beside it), by whatever name; nor is it ever replaced.
    ///
    /// Folders made are readable by everyone (`0755`), pages too (`0644`), whatever the umask,
    /// so that a web server can serve them.
    pub fn write(
        &self,
        dir: &Path,
        force: bool,
        database: Option<&Path>,
    ) -> Result<Written, PublishError> {
        let database = Database::of(database);
        let fail = |path: &Path| {
            let path = path.to_path_buf();
            move |source| PublishError::Write { path, source }
        };
        match fs::metadata(dir) {
            Ok(m) if !m.is_dir() => return Err(PublishError::NotAFolder(dir.to_path_buf())),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if let Ok(to) = fs::read_link(dir) {
                    return Err(PublishError::DanglingOut {
                        path: dir.to_path_buf(),
                        to,
                    });
                }
                // Each folder made, from the outermost missing one in: readable by everyone.
                let missing: Vec<&Path> = dir
                    .ancestors()
                    .filter(|a| !a.as_os_str().is_empty())
                    .take_while(|a| fs::symlink_metadata(a).is_err())
                    .collect();
                fs::create_dir_all(dir).map_err(fail(dir))?;
                for made in missing.iter().rev() {
                    open_to_all(made).map_err(fail(made))?;
                }
            }
            Err(e) => return Err(fail(dir)(e)),
        }
        let before = match look(dir, MANIFEST)? {
            Some(m) => {
                let path = dir.join(MANIFEST);
                if m.len() > MANIFEST_LONGEST {
                    String::new()
                } else {
                    fs::read_to_string(&path).map_err(fail(&path))?
                }
            }
            None => {
                if !force {
                    self.refuse_unless_empty(dir)?;
                }
                String::new()
            }
        };
        // Every page's place is checked before anything is written.
        let mut there = BTreeMap::new();
        let listed: std::collections::BTreeSet<&str> = before.lines().collect();
        let mut theirs = Vec::new();
        for name in self.files.keys() {
            let meta = look(dir, name)?;
            if let Some(what) = meta.as_ref().and_then(|m| database.is(m)) {
                return Err(PublishError::Database {
                    path: dir.join(name),
                    what,
                });
            }
            if meta.is_some() && !listed.contains(name.as_str()) && !force {
                theirs.push(name.clone());
            }
            there.insert(name.as_str(), meta);
        }
        // In a folder published into, a file the site would replace that the earlier publish
        // did not write is the user's (a folder never published into was looked at above).
        if !theirs.is_empty() {
            let count = theirs.len();
            theirs.truncate(SHOWN);
            return Err(PublishError::NotListed {
                dir: dir.to_path_buf(),
                names: theirs,
                count,
            });
        }
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
        let manifest = dir.join(MANIFEST);
        if meanwhile != before {
            replace(&manifest, meanwhile.as_bytes()).map_err(fail(&manifest))?;
        }
        let mut done = Written::default();
        let mut order: Vec<(&String, &Vec<u8>)> = self.files.iter().collect();
        order.sort_by_key(|(name, _)| {
            (
                *name == "index.html",
                std::cmp::Reverse(name.matches('/').count()),
            )
        });
        for (name, bytes) in order {
            let path = dir.join(name);
            let old = there.get(name.as_str()).and_then(Option::as_ref);
            let same = old.is_some_and(|m| m.len() == bytes.len() as u64)
                && fs::read(&path).is_ok_and(|old| &old == bytes);
            if same {
                done.unchanged += 1;
                continue;
            }
            make_folders(dir, name)?;
            replace(&path, bytes).map_err(fail(&path))?;
            done.written.push(name.clone());
        }
        for name in before.lines() {
            let gone = !self.files.contains_key(name) && is_ours(name);
            // Only a plain file reached through plain folders (never through a link), and never
            // the database.
            if !gone || !matches!(look(dir, name), Ok(Some(m)) if database.is(&m).is_none()) {
                continue;
            }
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
        let after = list(&mut self.files.keys().map(String::as_str));
        if after != meanwhile {
            replace(&manifest, after.as_bytes()).map_err(fail(&manifest))?;
        }
        Ok(done)
    }

    /// Refuses a folder that holds anything, naming a few of its files and those the site
    /// would replace.
    fn refuse_unless_empty(&self, dir: &Path) -> Result<(), PublishError> {
        let fail = |source| PublishError::Write {
            path: dir.to_path_buf(),
            source,
        };
        let mut held: Vec<String> = Vec::new();
        for e in fs::read_dir(dir).map_err(fail)? {
            held.push(e.map_err(fail)?.file_name().to_string_lossy().into_owned());
        }
        if held.is_empty() {
            return Ok(());
        }
        held.sort();
        let held_count = held.len();
        held.truncate(SHOWN);
        let replaced: Vec<String> = self
            .files
            .keys()
            .filter(|name| fs::symlink_metadata(dir.join(name)).is_ok())
            .cloned()
            .collect();
        let replaced_count = replaced.len();
        Err(PublishError::NotEmpty {
            dir: dir.to_path_buf(),
            held,
            held_count,
            replaced: replaced.into_iter().take(SHOWN).collect(),
            replaced_count,
        })
    }
}

/// A list of files longer than this is not one a publish wrote.
const MANIFEST_LONGEST: u64 = 64 << 20;

/// What is at the place of `name` (`/`-separated) inside `dir`, links never followed: nothing
/// (`None`), a plain file reached through plain folders (its metadata), or a refusal (a link, a
/// pipe, a device, a file where a folder should be, a folder where a page should be).
fn look(dir: &Path, name: &str) -> Result<Option<fs::Metadata>, PublishError> {
    let parts: Vec<&str> = name.split('/').collect();
    let mut at = dir.to_path_buf();
    for (i, part) in parts.iter().enumerate() {
        at.push(part);
        let last = i + 1 == parts.len();
        let what = if last { "a page" } else { "a folder" };
        let meta = match fs::symlink_metadata(&at) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(PublishError::Write { path: at, source }),
        };
        plain(&at, &meta, what)?;
        if last {
            return Ok(Some(meta));
        }
    }
    Ok(None)
}

/// Refuses a symbolic link at `at` (never followed), or anything but a folder where the site
/// has one (`what` is "a folder") or a plain file where it has a page.
fn plain(at: &Path, meta: &fs::Metadata, what: &'static str) -> Result<(), PublishError> {
    let kind = meta.file_type();
    let path = at.to_path_buf();
    if kind.is_symlink() {
        let to = fs::read_link(at).unwrap_or_default();
        return Err(PublishError::Link { path, to, what });
    }
    let fits = if what == "a folder" {
        kind.is_dir()
    } else {
        kind.is_file()
    };
    if !fits {
        let kind = kind_words(meta);
        return Err(PublishError::NotAFile { path, kind, what });
    }
    Ok(())
}

/// What a file is, in words.
fn kind_words(meta: &fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "pipe (FIFO)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "device";
        }
        if kind.is_socket() {
            return "socket";
        }
    }
    if kind.is_dir() {
        "folder"
    } else if kind.is_file() {
        "file"
    } else {
        "special file"
    }
}

/// Makes the folders of a page inside `dir` that are missing, one by one, never through a link
/// (one made meanwhile by someone else is looked at again).
fn make_folders(dir: &Path, name: &str) -> Result<(), PublishError> {
    let Some((folders, _)) = name.rsplit_once('/') else {
        return Ok(());
    };
    let mut at = dir.to_path_buf();
    for part in folders.split('/') {
        at.push(part);
        let fail = |source| PublishError::Write {
            path: at.clone(),
            source,
        };
        match fs::create_dir(&at) {
            Ok(()) => open_to_all(&at).map_err(fail)?,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                plain(&at, &fs::symlink_metadata(&at).map_err(fail)?, "a folder")?;
            }
            Err(source) => return Err(fail(source)),
        }
    }
    Ok(())
}

/// A name from the manifest that a publish could have written: a page (`.html`), a calendar
/// (`.ics`), a season's table (`standings.csv`, `standings.json`) or the stylesheet, at the top
/// or in the site's folders (`season`, `team`, `player`, `game`), its parts made of the letters
/// of a slug; never `..`, `.`, a path from the root, or any other file.
fn is_ours(name: &str) -> bool {
    let parts: Vec<&str> = name.split('/').collect();
    let plain = |part: &&str| {
        !part.is_empty()
            && *part != "."
            && *part != ".."
            && part
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_.".contains(&b))
    };
    let Some(last) = parts.last() else {
        return false;
    };
    let page = last.ends_with(".html")
        || last.ends_with(".ics")
        || ["standings.csv", "standings.json", "style.css"].contains(last);
    parts.len() <= 4
        && parts.iter().all(plain)
        && page
        && (parts.len() == 1 || ["season", "team", "player", "game"].contains(&parts[0]))
}

/// The database being published and the files SQLite keeps beside it, by device and inode: a
/// file that is one of them, by whatever name, is never replaced or removed.
struct Database(Vec<(fs::Metadata, &'static str)>);

impl Database {
    fn of(path: Option<&Path>) -> Database {
        let mut files = Vec::new();
        if let Some(path) = path {
            for (suffix, what) in [
                ("", ""),
                ("-wal", " (its -wal file)"),
                ("-shm", " (its -shm file)"),
                ("-journal", " (its -journal file)"),
            ] {
                let mut name = path.as_os_str().to_owned();
                name.push(suffix);
                if let Ok(m) = fs::metadata(PathBuf::from(name)) {
                    files.push((m, what));
                }
            }
        }
        Database(files)
    }

    /// What `meta`'s file is of the database's, when it is one of them.
    fn is(&self, meta: &fs::Metadata) -> Option<&'static str> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            self.0
                .iter()
                .find(|(m, _)| m.dev() == meta.dev() && m.ino() == meta.ino())
                .map(|(_, what)| *what)
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            None
        }
    }
}

/// Makes a folder just made readable and searchable by everyone, written by its owner
/// (`0755`), whatever the umask.
fn open_to_all(folder: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(folder, fs::Permissions::from_mode(0o755))
    }
    #[cfg(not(unix))]
    {
        let _ = folder;
        Ok(())
    }
}

/// Replaces a file whole: written to a temporary file beside it, then renamed over it (a
/// rename replaces a link itself, never what it points to). An error is the system's, with no
/// name of the temporary file in it: the caller names the page.
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".don-page-")
        .tempfile_in(path.parent().unwrap_or(Path::new(".")))
        .map_err(super::out::plain_temp)?;
    tmp.write_all(bytes)?;
    // A page is for everyone, whatever the umask.
    let everyone = super::out::new_file_permissions(tmp.as_file().metadata()?.permissions());
    tmp.as_file().set_permissions(everyone)?;
    // Dropped on an error, the temporary file is removed.
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
