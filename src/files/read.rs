//! Opening a file to read it: only a regular file, whatever a symbolic link points at.
//!
//! Opening a named pipe (FIFO) for reading blocks until something writes to it, and a device
//! or a socket never ends; a GM's `lantern f.json` on one would hang the window before it drew.
//! Every place Lantern reads a file the user named (the app, the library folder, `check_file`
//! and the examples) goes through [`open_regular`] or [`read_regular`], which refuse anything
//! else before reading, without blocking.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read as _};
use std::path::Path;

/// Opens `path` for reading if it is a regular file (after following symbolic links). Anything
/// else is refused with an [`io::ErrorKind::InvalidInput`] error saying what it is ("it is a
/// named pipe (FIFO), not a regular file"); the file is checked both before it is opened and
/// once open, and opening never waits on a pipe.
pub fn open_regular(path: &Path) -> io::Result<File> {
    check_regular(&std::fs::metadata(path)?)?;
    let mut options = OpenOptions::new();
    options.read(true);
    // Should the path turn into a pipe between the check and the open, the open still returns
    // at once (and the check below refuses it) instead of waiting for a writer.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    check_regular(&file.metadata()?)?;
    Ok(file)
}

/// Reads the whole of `path` if it is a regular file ([`open_regular`]).
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = open_regular(path)?;
    let len = file.metadata().map_or(0, |m| m.len());
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A regular file passes; anything else is an error naming what it is.
pub fn check_regular(metadata: &Metadata) -> io::Result<()> {
    if metadata.is_file() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {}, not a regular file", kind_of(metadata)),
    ))
}

/// What a file that is not a regular file is, in a GM's words.
fn kind_of(metadata: &Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
    }
    "something other than a file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_and_a_link_to_one_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        std::fs::write(&path, "{}").unwrap();
        assert_eq!(read_regular(&path).unwrap(), b"{}");
        #[cfg(unix)]
        {
            let link = dir.path().join("link.json");
            std::os::unix::fs::symlink(&path, &link).unwrap();
            assert_eq!(read_regular(&link).unwrap(), b"{}");
        }
    }

    #[test]
    fn a_folder_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_regular(dir.path()).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert_eq!(err.to_string(), "it is a folder, not a regular file");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_named_pipe_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.json");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // No writer ever opens the pipe: a plain open would wait here for ever.
        let err = read_regular(&fifo).unwrap_err();
        assert_eq!(
            err.to_string(),
            "it is a named pipe (FIFO), not a regular file"
        );
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        assert!(read_regular(&link).is_err());
    }
}
