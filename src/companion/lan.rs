//! The machine's address on the table's network, for the join link: phones need the address
//! itself (many Android phones can't resolve `.local` names).
//!
//! A UDP socket "connected" to a private address picks the interface the system would route
//! through, and says its local address, without a packet being sent (UDP's connect only sets
//! the default destination). With no network at all it falls back to 127.0.0.1.

use std::net::{IpAddr, Ipv4Addr, UdpSocket};

/// The LAN address phones can reach, or 127.0.0.1.
pub fn lan_address() -> IpAddr {
    let found = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).and_then(|socket| {
        socket.connect((Ipv4Addr::new(10, 254, 254, 254), 9))?;
        socket.local_addr()
    });
    match found {
        Ok(addr) if !addr.ip().is_unspecified() && !addr.ip().is_loopback() => addr.ip(),
        _ => IpAddr::V4(Ipv4Addr::LOCALHOST),
    }
}
