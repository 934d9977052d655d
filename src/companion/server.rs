//! The companion's HTTP and WebSocket server: axum on a tokio runtime of its own thread. It
//! holds no encounter: it serves the page (embedded in the binary) and moves text between each
//! phone and the host, which runs in the GM's window's frame.
//!
//! Towards the host, everything a phone says arrives through one bounded channel ([`Inbound`]);
//! a phone that floods it is throttled at its own connection (a token bucket), and a full
//! channel refuses the message with a reason, never waits. Towards a phone, its view is a
//! latest-wins slot (a slow phone skips to the newest view rather than queueing every one) and
//! its replies a short bounded queue: a phone that can't keep up with those is dropped.
//! Nothing the window calls here awaits; [`Server::send`] and the rest take a lock held for
//! a map lookup.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

use super::wire::MAX_MESSAGE_BYTES;

/// A connection, numbered from 1 for the server's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClientId(pub u64);

/// What the server hands the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inbound {
    /// A phone connected with the join secret; `device` is read from its User-Agent.
    Connected { client: ClientId, device: String },
    /// A text message, already within [`MAX_MESSAGE_BYTES`].
    Message { client: ClientId, text: String },
    /// The connection closed (or was closed).
    Closed { client: ClientId },
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("could not listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("could not start the server's thread: {0}")]
    Thread(std::io::Error),
}

/// Messages from all phones waiting for the host at most: past it a phone is told Lantern is
/// busy.
const INBOUND_CAPACITY: usize = 512;
/// Replies waiting to be written to one phone at most: past it the phone is dropped.
const REPLIES_CAPACITY: usize = 32;
/// Messages a phone may send in a burst, and how many a second after that.
const BURST: f64 = 20.0;
const PER_SECOND: f64 = 10.0;
/// A phone that takes longer than this to take one message is dropped.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// One phone's way out.
struct Pipe {
    view: watch::Sender<Option<Utf8Bytes>>,
    replies: mpsc::Sender<Utf8Bytes>,
    close: watch::Sender<Option<String>>,
}

/// What the server's tasks share.
struct Shared {
    join_secret: String,
    pipes: Mutex<HashMap<ClientId, Pipe>>,
    next: AtomicU64,
    inbound: SyncSender<Inbound>,
    wake: Arc<dyn Fn() + Send + Sync>,
    shutdown: watch::Receiver<bool>,
}

impl Shared {
    fn pipes(&self) -> std::sync::MutexGuard<'_, HashMap<ClientId, Pipe>> {
        // A task that panicked while holding the lock left a map that is still whole.
        self.pipes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn hand(&self, message: Inbound) -> Result<(), &'static str> {
        let result = match self.inbound.try_send(message) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => Err("Lantern is busy: try again in a moment"),
            Err(TrySendError::Disconnected(_)) => Err("Lantern has stopped the companion"),
        };
        (self.wake)();
        result
    }
}

/// The running server, held by the host. Dropping it stops it.
pub struct Server {
    addr: SocketAddr,
    shared: Arc<Shared>,
    inbound: Receiver<Inbound>,
    shutdown: watch::Sender<bool>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("addr", &self.addr)
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Listens on `ip`:`port` (0: a free port) and serves on a thread of its own. `wake` is
    /// called whenever a phone says something, so the window runs a frame to hear it.
    pub fn start(
        ip: IpAddr,
        port: u16,
        join_secret: String,
        wake: Arc<dyn Fn() + Send + Sync>,
    ) -> Result<Self, ServerError> {
        let addr = SocketAddr::new(ip, port);
        let bind = |source| ServerError::Bind { addr, source };
        let listener = TcpListener::bind(addr).map_err(bind)?;
        listener.set_nonblocking(true).map_err(bind)?;
        let addr = listener.local_addr().map_err(bind)?;
        let (inbound_tx, inbound) = sync_channel(INBOUND_CAPACITY);
        let (shutdown, shutdown_rx) = watch::channel(false);
        let shared = Arc::new(Shared {
            join_secret,
            pipes: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
            inbound: inbound_tx,
            wake,
            shutdown: shutdown_rx,
        });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(ServerError::Thread)?;
        let serving = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("lantern-companion".into())
            .spawn(move || runtime.block_on(serve(listener, serving)))
            .map_err(ServerError::Thread)?;
        Ok(Self {
            addr,
            shared,
            inbound,
            shutdown,
        })
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The next thing a phone said, if any (never waits).
    pub fn try_recv(&self) -> Option<Inbound> {
        self.inbound.try_recv().ok()
    }

    /// Queues `text` for `client`; a phone whose queue is full is dropped. Returns whether it
    /// was queued.
    pub fn send(&self, client: ClientId, text: String) -> bool {
        let mut pipes = self.shared.pipes();
        let Some(pipe) = pipes.get(&client) else {
            return false;
        };
        if pipe.replies.try_send(Utf8Bytes::from(text)).is_ok() {
            return true;
        }
        let _ = pipe
            .close
            .send(Some("the phone fell too far behind".to_owned()));
        pipes.remove(&client);
        false
    }

    /// Makes `text` the view `client` is sent next (replacing one not sent yet).
    pub fn set_view(&self, client: ClientId, text: String) {
        if let Some(pipe) = self.shared.pipes().get(&client) {
            pipe.view.send_replace(Some(Utf8Bytes::from(text)));
        }
    }

    /// Closes `client`'s connection, telling it `reason`.
    pub fn close(&self, client: ClientId, reason: &str) {
        if let Some(pipe) = self.shared.pipes().remove(&client) {
            let _ = pipe.close.send(Some(reason.to_owned()));
        }
    }

    /// Stops listening and closes every connection (also on drop).
    pub fn stop(&self) {
        let _ = self.shutdown.send(true);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
        log::warn!("the companion server could not take its socket");
        return;
    };
    let mut shutdown = shared.shutdown.clone();
    let app = Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/ws", get(upgrade))
        .with_state(shared);
    let stopped = async move {
        let _ = shutdown.wait_for(|stop| *stop).await;
    };
    if let Err(err) = axum::serve(listener, app)
        .with_graceful_shutdown(stopped)
        .await
    {
        log::warn!("the companion server stopped: {err}");
    }
}

/// Headers every answer carries: nothing is fetched from anywhere but this server.
fn with_headers(content_type: &'static str, body: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'",
        ),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn page() -> Response {
    with_headers("text/html; charset=utf-8", super::assets::PAGE)
}

async fn script() -> Response {
    with_headers("text/javascript; charset=utf-8", super::assets::SCRIPT)
}

async fn style() -> Response {
    with_headers("text/css; charset=utf-8", super::assets::STYLE)
}

/// The join secret from a query string (`join=…`).
fn join_of(query: Option<&str>) -> Option<&str> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("join="))
}

/// Whether two secrets match, comparing every byte whatever the first difference.
pub(super) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

async fn upgrade(
    State(shared): State<Arc<Shared>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let joined = join_of(query.as_deref()).is_some_and(|s| same_secret(s, &shared.join_secret));
    if !joined {
        return (
            StatusCode::FORBIDDEN,
            "This link is out of date: scan the GM's code again.",
        )
            .into_response();
    }
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let device = super::device::device_of(agent);
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(socket, shared, device))
}

/// A token bucket: [`BURST`] messages, refilled at [`PER_SECOND`].
struct Bucket {
    tokens: f64,
    at: Instant,
    /// When the phone was last told it sends too much.
    warned: Option<Instant>,
}

impl Bucket {
    fn new() -> Self {
        Self {
            tokens: BURST,
            at: Instant::now(),
            warned: None,
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * PER_SECOND).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether to tell the phone it is throttled (once a second at most).
    fn warn(&mut self) -> bool {
        let now = Instant::now();
        let due = self
            .warned
            .is_none_or(|w| now.duration_since(w) >= Duration::from_secs(1));
        if due {
            self.warned = Some(now);
        }
        due
    }
}

fn refusal(reason: &str) -> Message {
    let text = serde_json::json!({ "t": "refused", "reason": reason }).to_string();
    Message::Text(Utf8Bytes::from(text))
}

async fn connection(mut socket: WebSocket, shared: Arc<Shared>, device: String) {
    let client = ClientId(shared.next.fetch_add(1, Ordering::Relaxed));
    let (view_tx, mut view) = watch::channel(None);
    let (replies_tx, mut replies) = mpsc::channel(REPLIES_CAPACITY);
    let (close_tx, mut close) = watch::channel(None);
    shared.pipes().insert(
        client,
        Pipe {
            view: view_tx,
            replies: replies_tx,
            close: close_tx,
        },
    );
    let mut shutdown = shared.shutdown.clone();
    if shared.hand(Inbound::Connected { client, device }).is_err() {
        let _ = socket
            .send(refusal("Lantern is busy: try again in a moment"))
            .await;
        shared.pipes().remove(&client);
        return;
    }
    let mut bucket = Bucket::new();
    let reason = loop {
        // Biased, in this order: a stop first; a reply before the view its request brought
        // about (the host queues the reply, then publishes), so a phone hears "claimed" before
        // the view of its hero.
        let out = tokio::select! {
            biased;
            _ = shutdown.wait_for(|stop| *stop) => break Some("the GM stopped the companion".to_owned()),
            _ = close.changed() => break close.borrow().clone(),
            reply = replies.recv() => match reply {
                Some(text) => Some(Message::Text(text)),
                None => break None,
            },
            changed = view.changed() => match changed {
                Ok(()) => view.borrow_and_update().clone().map(Message::Text),
                Err(_) => break None,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => heard(&shared, client, &mut bucket, text.as_str()),
                Some(Ok(Message::Binary(_))) => Some(refusal("Lantern reads text messages only")),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break None,
            },
        };
        if let Some(message) = out {
            match tokio::time::timeout(SEND_TIMEOUT, socket.send(message)).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => break None,
            }
        }
    };
    if let Some(reason) = reason {
        let text = serde_json::json!({ "t": "closed", "reason": reason }).to_string();
        let _ = tokio::time::timeout(Duration::from_secs(1), async {
            let _ = socket.send(Message::Text(Utf8Bytes::from(text))).await;
            let _ = socket.send(Message::Close(None)).await;
        })
        .await;
    }
    shared.pipes().remove(&client);
    let _ = shared.hand(Inbound::Closed { client });
}

/// A text message from a phone: handed on, or refused (throttled, or Lantern busy).
fn heard(shared: &Shared, client: ClientId, bucket: &mut Bucket, text: &str) -> Option<Message> {
    if !bucket.take() {
        return bucket
            .warn()
            .then(|| refusal("too many messages: slow down"));
    }
    let message = Inbound::Message {
        client,
        text: text.to_owned(),
    };
    shared.hand(message).err().map(refusal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_join_secret_is_read_from_the_query_and_compared_whole() {
        assert_eq!(join_of(Some("join=abc&x=1")), Some("abc"));
        assert_eq!(join_of(Some("x=1")), None);
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
    }
}
