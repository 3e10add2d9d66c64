//! The temporary copy a backup or a restore is writing beside its target (a whole database, as
//! big as the one copied), removed when the command is stopped by Ctrl-C, SIGTERM or SIGHUP
//! (the signal then ends the process as it would have); and copies that such a command left
//! (stopped by SIGKILL, or a power cut) cleared by the next one writing beside them.

use std::path::Path;
#[cfg(unix)]
use std::sync::atomic::{AtomicPtr, Ordering};
use std::time::{Duration, SystemTime};

/// A temporary copy left behind is cleared once it is older than this (by its last change),
/// and no process holds an SQLite lock on it: no copy being written is that old without a
/// change, as SQLite writes a copy on and on and then checks it under a lock.
pub const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// The files to remove on a signal: the copy, and the rollback journal SQLite keeps beside it
/// while writing it.
#[cfg(unix)]
static PATHS: [AtomicPtr<libc::c_char>; 2] = [
    AtomicPtr::new(std::ptr::null_mut()),
    AtomicPtr::new(std::ptr::null_mut()),
];

#[cfg(unix)]
const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// While it lives, the file it watches (and its `-journal`) is removed if the process is
/// stopped by SIGINT, SIGTERM or SIGHUP; the handlers that were there before are put back when
/// it is dropped.
pub struct RemovedOnSignal {
    #[cfg(unix)]
    before: Vec<(libc::c_int, libc::sigaction)>,
}

#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    for path in &PATHS {
        let p = path.swap(std::ptr::null_mut(), Ordering::SeqCst);
        if !p.is_null() {
            // SAFETY: `p` is a NUL-terminated path leaked by `RemovedOnSignal::new`, never
            // freed; unlink(2), signal(2) and raise(3) may be called in a signal handler.
            unsafe {
                libc::unlink(p);
            }
        }
    }
    // SAFETY: as above: the signal's default action (the end of the process), taken again
    // once this handler returns.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

impl RemovedOnSignal {
    /// The handlers installed, watching no file yet ([`RemovedOnSignal::watch`]).
    pub fn new() -> RemovedOnSignal {
        #[cfg(unix)]
        {
            let mut before = Vec::new();
            for signal in SIGNALS {
                // SAFETY: a zeroed sigaction is a valid one to fill in; `on_signal` is an
                // `extern "C" fn(c_int)`, as sa_sigaction takes without SA_SIGINFO.
                unsafe {
                    let mut action: libc::sigaction = std::mem::zeroed();
                    action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                    libc::sigemptyset(&mut action.sa_mask);
                    let mut old: libc::sigaction = std::mem::zeroed();
                    if libc::sigaction(signal, &action, &mut old) == 0 {
                        // A signal ignored before (`nohup`) stays ignored.
                        if old.sa_sigaction == libc::SIG_IGN {
                            libc::sigaction(signal, &old, std::ptr::null_mut());
                        } else {
                            before.push((signal, old));
                        }
                    }
                }
            }
            RemovedOnSignal { before }
        }
        #[cfg(not(unix))]
        RemovedOnSignal {}
    }

    /// From now on `path` (and `path-journal`) is the file removed on a signal: named before
    /// it is made, so that no moment is left when it is there and not watched.
    pub fn watch(&self, path: &Path) {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let mut journal = path.as_os_str().to_owned();
            journal.push("-journal");
            for (slot, path) in PATHS.iter().zip([path.as_os_str(), journal.as_os_str()]) {
                if let Ok(c) = std::ffi::CString::new(path.as_bytes()) {
                    // Leaked: a handler may read it at any moment, even after this is dropped.
                    slot.store(c.into_raw(), Ordering::SeqCst);
                }
            }
        }
        #[cfg(not(unix))]
        let _ = path;
    }

    /// A new temporary copy in `dir` (`PREFIX` + six letters or digits + `.db`), readable by
    /// its owner only, watched from before it is made.
    pub fn temporary(&self, dir: &Path, prefix: &str) -> std::io::Result<tempfile::NamedTempFile> {
        tempfile::Builder::new()
            .prefix(prefix)
            .suffix(".db")
            .rand_bytes(6)
            .make_in(dir, |path| {
                self.watch(path);
                let mut open = std::fs::OpenOptions::new();
                open.read(true).write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut open, 0o600);
                open.open(path)
            })
    }
}

impl Drop for RemovedOnSignal {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            for (signal, old) in &self.before {
                // SAFETY: puts back the action sigaction(2) gave when this was made.
                unsafe {
                    libc::sigaction(*signal, old, std::ptr::null_mut());
                }
            }
            for path in &PATHS {
                path.store(std::ptr::null_mut(), Ordering::SeqCst);
            }
        }
    }
}

/// Removes, in `dir`, the temporary copies a command of ours left behind: the files named
/// `PREFIX` + six letters or digits + `.db` (and their `-journal`), regular files of this user,
/// unchanged for [`STALE_AFTER`], on which no process holds a lock. The names removed.
pub fn clear_stale(dir: &Path, prefix: &str) -> Vec<String> {
    let mut removed = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return removed;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let copy = name.strip_suffix("-journal").unwrap_or(name);
        let ours = copy
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(".db"))
            .is_some_and(|tag| tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_alphanumeric()));
        if !ours {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.file_type().is_file() || !mine(&meta) {
            continue;
        }
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if old && !locked(&dir.join(copy)) && std::fs::remove_file(&path).is_ok() {
            removed.push(name.to_string());
        }
    }
    removed.sort();
    removed
}

#[cfg(unix)]
fn mine(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid cannot fail.
    meta.uid() == unsafe { libc::geteuid() }
}

#[cfg(not(unix))]
fn mine(_: &std::fs::Metadata) -> bool {
    true
}

/// Whether some process holds a lock on the database file at `path` (SQLite's lock bytes), as
/// a command writing or checking it does.
#[cfg(unix)]
fn locked(path: &Path) -> bool {
    use std::os::unix::io::AsRawFd;
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    // SAFETY: F_GETLK on an open descriptor with a zeroed flock filled in.
    unsafe {
        let mut lock: libc::flock = std::mem::zeroed();
        lock.l_type = libc::F_WRLCK as libc::c_short;
        lock.l_whence = libc::SEEK_SET as libc::c_short;
        lock.l_start = super::lock::PENDING_BYTE;
        lock.l_len = 512;
        libc::fcntl(file.as_raw_fd(), libc::F_GETLK, &mut lock) == 0
            && lock.l_type != libc::F_UNLCK as libc::c_short
    }
}

#[cfg(not(unix))]
fn locked(_: &Path) -> bool {
    false
}
