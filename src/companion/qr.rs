//! The join link as a QR code's modules, for the GM's window to draw (a crate makes the code;
//! the shell only paints squares).

use qrcode::{Color, QrCode};

/// A square of dark and light modules, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrModules {
    pub width: usize,
    pub dark: Vec<bool>,
}

/// The QR code of `text`, or `None` if it is too long for one.
pub fn qr_modules(text: &str) -> Option<QrModules> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == Color::Dark)
        .collect();
    Some(QrModules { width, dark })
}

#[cfg(test)]
mod tests {
    use super::qr_modules;

    #[test]
    fn a_join_link_makes_a_square_code() {
        let Some(code) =
            qr_modules("http://192.168.1.20:8123/?join=0123456789abcdef0123456789abcdef")
        else {
            panic!("a short link fits");
        };
        assert_eq!(code.dark.len(), code.width * code.width);
        assert!(code.width >= 21, "version 1 is 21 modules wide");
        assert!(code.dark[0], "the finder pattern's corner is dark");
    }
}
