//! SQLite's own locks on a database file, as its unix VFS takes them (POSIX advisory locks on
//! the bytes from `PENDING_BYTE`: the pending byte, the reserved byte and the 510 shared
//! bytes). Every connection to a database in WAL mode holds a read lock on the shared bytes for
//! as long as it is open (`don serve`, a `don play` at the table, an `sqlite3` shell), so a
//! write lock on all of them is granted only when no one has the database open, and holds
//! every other connection off while it is held (as SQLite's EXCLUSIVE lock does).

use std::fs::File;
use std::path::Path;

/// Where SQLite's lock bytes begin in a database file (1 GiB).
#[cfg(unix)]
pub(super) const PENDING_BYTE: libc::off_t = 0x4000_0000;

/// The database file at a path, held so that no SQLite connection has it open or can open it
/// until this is dropped.
pub(super) struct Exclusive {
    /// Kept open while held: closing any descriptor of the file would drop the lock.
    #[allow(dead_code)]
    file: File,
}

impl Exclusive {
    /// The file at `path` held, or `None` when some process has it open as a database (holds
    /// a lock on it). Only a regular file that is there.
    pub(super) fn take(path: &Path) -> std::io::Result<Option<Exclusive>> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)?;
        #[cfg(unix)]
        {
            use std::os::unix::io::AsRawFd;
            // SAFETY: F_SETLK on an open descriptor with a zeroed flock filled in.
            let granted = unsafe {
                let mut lock: libc::flock = std::mem::zeroed();
                lock.l_type = libc::F_WRLCK as libc::c_short;
                lock.l_whence = libc::SEEK_SET as libc::c_short;
                lock.l_start = PENDING_BYTE;
                lock.l_len = 512;
                libc::fcntl(file.as_raw_fd(), libc::F_SETLK, &lock) == 0
            };
            if !granted {
                let e = std::io::Error::last_os_error();
                return match e.raw_os_error() {
                    Some(libc::EAGAIN | libc::EACCES) => Ok(None),
                    _ => Err(e),
                };
            }
        }
        Ok(Some(Exclusive { file }))
    }

    /// The file held, to read it without opening it again (which, closed, would drop the lock).
    pub(super) fn file(&self) -> &File {
        &self.file
    }
}
