//! One library entry in memory: a creature, a hero or a map.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::combat::momentum::MomentumPool;
use crate::model::{
    Cell, CombatState, EmbeddedImage, Encounter, Fog, ImageId, LibraryId, RuleSystem, Side,
    SizeCategory, Token, TokenId,
};
use crate::rules::TokenTrackers;

/// What an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A creature the GM may place any number of times ("Goblin", "Goblin 2"…).
    Creature,
    /// A player character: one of them on a map at a time.
    Hero,
    /// A map: background with its grid alignment, walls, doors, terrain and lights.
    Map,
}

impl EntryKind {
    pub const ALL: [Self; 3] = [Self::Creature, Self::Hero, Self::Map];

    pub fn label(self) -> &'static str {
        match self {
            Self::Creature => "Creature",
            Self::Hero => "Hero",
            Self::Map => "Map",
        }
    }

    /// The kind as the entry files and identities spell it (`creature`, `hero`, `map`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Creature => "creature",
            Self::Hero => "hero",
            Self::Map => "map",
        }
    }

    /// Whether entries of this kind stand on the map as a token.
    pub fn is_token(self) -> bool {
        self != Self::Map
    }
}

/// A token's rule numbers in one system: its trackers and, for Go Forth: Heroes, its momentum
/// pool (GFH, Momentum).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SystemSheet {
    pub trackers: TokenTrackers,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub momentum: Option<MomentumPool>,
}

/// One library entry, fully checked: read by [`super::entry_from_json`] (every image decoded)
/// or made from an encounter in memory. `encounter` holds the looks: for a creature or hero
/// exactly one token (id 1, at cell 0,0, no library id of its own) and its image; for a map the
/// map, walls, terrain and lights, no tokens.
#[derive(Clone, Debug, PartialEq)]
pub struct LibraryEntry {
    pub kind: EntryKind,
    /// The entry's identity, carried by every token placed from it ([`Token::library_id`]).
    pub id: LibraryId,
    pub encounter: Encounter,
    /// The token's sheet for each system it has been saved from (empty for maps).
    pub sheets: BTreeMap<RuleSystem, SystemSheet>,
}

/// The id and cell every creature or hero entry stores its token under.
const ENTRY_TOKEN: TokenId = TokenId(1);
const ENTRY_IMAGE: ImageId = ImageId(1);

impl LibraryEntry {
    /// An entry from a token of `encounter`: its looks, its image and its sheet in the
    /// encounter's system. A Party token becomes a hero, any other a creature; a creature's copy
    /// number goes ("Goblin 3" is saved as "Goblin", so saving any copy updates the one entry).
    /// A token placed from the library keeps its entry's identity; any other gets a new one.
    /// `None` if there is no such token.
    pub fn from_token(encounter: &Encounter, id: TokenId) -> Option<Self> {
        let source = encounter.token(id)?;
        let mut looks = Encounter::new(source.name.clone(), encounter.system);
        let mut token = Token {
            id: ENTRY_TOKEN,
            cell: Cell::new(0, 0),
            image: None,
            library_id: None,
            ..source.clone()
        };
        if let Some(image) = source.image.and_then(|i| encounter.images.get(&i)) {
            looks.images.insert(ENTRY_IMAGE, image.clone());
            token.image = Some(ENTRY_IMAGE);
        }
        let kind = if source.side == Side::Party {
            EntryKind::Hero
        } else {
            EntryKind::Creature
        };
        if kind == EntryKind::Creature {
            let base_len = without_copy_number(&token.name).len();
            token.name.truncate(base_len);
        }
        looks.tokens.push(token);
        let sheets = sheets_of(&encounter.combat, id);
        Some(Self {
            kind,
            id: source.library_id.clone().unwrap_or_else(LibraryId::random),
            encounter: looks,
            sheets,
        })
    }

    /// A map entry from `encounter`: everything but the tokens, the fight and the fog (images no
    /// longer used go too).
    pub fn from_map(encounter: &Encounter) -> Self {
        let mut map = encounter.clone();
        map.tokens.clear();
        map.combat = CombatState::default();
        map.fog = Fog::default();
        let background = map.map.background.as_ref().map(|bg| bg.image);
        map.images.retain(|id, _| Some(*id) == background);
        Self {
            kind: EntryKind::Map,
            id: LibraryId::random(),
            encounter: map,
            sheets: BTreeMap::new(),
        }
    }

    /// The entry's name: the token's for creatures and heroes, the encounter's for maps.
    pub fn name(&self) -> &str {
        self.token().map_or(&self.encounter.name, |t| &t.name)
    }

    /// The creature's or hero's token as stored (id 1 at cell 0,0); `None` for maps.
    pub fn token(&self) -> Option<&Token> {
        self.encounter.tokens.first()
    }

    /// The picture shown in the library: the token's image or the map's background.
    pub fn picture(&self) -> Option<&EmbeddedImage> {
        self.encounter.images.get(&self.picture_id()?)
    }

    /// The id of [`Self::picture`] among the entry's images.
    pub fn picture_id(&self) -> Option<ImageId> {
        match self.token() {
            Some(token) => token.image,
            None => Some(self.encounter.map.background.as_ref()?.image),
        }
    }

    pub fn side(&self) -> Option<Side> {
        self.token().map(|t| t.side)
    }

    pub fn size(&self) -> Option<SizeCategory> {
        self.token().map(|t| t.size)
    }

    /// The systems the entry has numbers for: its sheets' systems, or a map's own system.
    pub fn systems(&self) -> Vec<RuleSystem> {
        systems_of(self.kind, &self.encounter, &self.sheets)
    }

    /// What the library's list shows of the entry.
    pub fn summary(&self) -> EntrySummary {
        EntrySummary {
            kind: self.kind,
            id: self.id.clone(),
            name: self.name().to_owned(),
            token: self.token().cloned(),
            systems: self.systems(),
            picture_id: self.picture().and(self.picture_id()),
        }
    }

    /// Keeps the sheets of systems `newer` has none for, so saving a token played under one
    /// system never loses what the entry knew of the others.
    #[must_use]
    pub fn keeping_other_sheets_of(mut self, older: &Self) -> Self {
        for (system, sheet) in &older.sheets {
            self.sheets.entry(*system).or_insert_with(|| sheet.clone());
        }
        self
    }
}

/// What the library's list shows of an entry: read from its file without decoding (or even
/// copying) its pictures ([`super::summary_from_json`]), so a thousand entries list quickly.
#[derive(Clone, Debug, PartialEq)]
pub struct EntrySummary {
    pub kind: EntryKind,
    pub id: LibraryId,
    pub name: String,
    /// The creature's or hero's token as stored (its `image` names a picture the summary does
    /// not hold); `None` for maps.
    pub token: Option<Token>,
    pub systems: Vec<RuleSystem>,
    /// The entry's picture among its images (the token's image or the map's background), if
    /// it has one.
    pub picture_id: Option<ImageId>,
}

impl EntrySummary {
    pub fn side(&self) -> Option<Side> {
        self.token.as_ref().map(|t| t.side)
    }

    pub fn size(&self) -> Option<SizeCategory> {
        self.token.as_ref().map(|t| t.size)
    }
}

/// The systems an entry has numbers for: its sheets' systems, or a map's own system.
pub(super) fn systems_of(
    kind: EntryKind,
    encounter: &Encounter,
    sheets: &BTreeMap<RuleSystem, SystemSheet>,
) -> Vec<RuleSystem> {
    if kind == EntryKind::Map {
        return vec![encounter.system];
    }
    sheets.keys().copied().collect()
}

/// `name` without the " N" that numbering gave a placed copy ("Goblin 3" → "Goblin").
fn without_copy_number(name: &str) -> &str {
    match name.rsplit_once(' ') {
        Some((base, n)) if !base.trim().is_empty() && n.parse::<u32>().is_ok() => base,
        _ => name,
    }
}

/// A token's sheets in the encounter's combat state, one per system it has numbers for; the
/// momentum pool goes with the Go Forth: Heroes sheet (GFH, Momentum).
fn sheets_of(combat: &CombatState, id: TokenId) -> BTreeMap<RuleSystem, SystemSheet> {
    let Some(sheets) = combat.trackers.per_token.get(&id) else {
        return BTreeMap::new();
    };
    sheets
        .iter()
        .map(|trackers| {
            let system = trackers.system();
            let momentum = (system == RuleSystem::GoForthHeroes)
                .then(|| combat.momentum.get(&id).cloned())
                .flatten();
            let sheet = SystemSheet {
                trackers: trackers.clone(),
                momentum,
            };
            (system, sheet)
        })
        .collect()
}
