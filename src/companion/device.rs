//! A few words for the device a phone's browser runs on, from its User-Agent ("Android phone,
//! Chrome"), for the GM's list of players.

/// The device and browser named in `agent`, or "a browser" when it says neither.
pub fn device_of(agent: &str) -> String {
    let device = if agent.contains("iPhone") {
        Some("iPhone")
    } else if agent.contains("iPad") {
        Some("iPad")
    } else if agent.contains("Android") {
        Some(if agent.contains("Mobile") {
            "Android phone"
        } else {
            "Android tablet"
        })
    } else if agent.contains("Windows") {
        Some("Windows")
    } else if agent.contains("Macintosh") {
        Some("Mac")
    } else if agent.contains("Linux") {
        Some("Linux")
    } else {
        None
    };
    // Order matters: Edge and Opera name Chrome too, Chrome names Safari.
    let browser = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("HeadlessChrome/", "Headless Chrome"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ]
    .iter()
    .find(|(mark, _)| agent.contains(mark))
    .map(|(_, name)| *name);
    match (device, browser) {
        (Some(d), Some(b)) => format!("{d}, {b}"),
        (Some(d), None) => d.to_owned(),
        (None, Some(b)) => b.to_owned(),
        (None, None) => "a browser".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::device_of;

    #[test]
    fn phones_and_browsers_are_named() {
        let pixel = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
        assert_eq!(device_of(pixel), "Android phone, Chrome");
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
        assert_eq!(device_of(iphone), "iPhone, Safari");
        assert_eq!(device_of(""), "a browser");
    }
}
