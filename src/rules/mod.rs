//! Rule systems (filled below).
