//! A small hand-written parser for dice expressions typed by users.
//!
//! Grammar (case-insensitive, spaces ignored):
//! `expr := ['-'] term (('+' | '-') term)*`,
//! `term := number | [number] 'd' number suffix*`,
//! `suffix := '!' | 'r1' | 'kh' number | 'kl' number | 'adv' [number] | 'dis' [number]`.
//! `adv`/`dis` stack and cancel one for one (`d20advdis` is a plain d20).

use super::expr::{MAX_DICE, MAX_EXPRESSION_LEN, MAX_FLAT, MAX_SIDES, MAX_TERMS};
use super::{DiceError, DiceExpr, DiceTerm, Keep, Term};

/// Parses `text` into a [`DiceExpr`]; see the module docs for the grammar.
pub(super) fn parse(text: &str) -> Result<DiceExpr, DiceError> {
    if text.chars().count() > MAX_EXPRESSION_LEN {
        return Err(DiceError::TooLong {
            max: MAX_EXPRESSION_LEN,
        });
    }
    let chars: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (i, c.to_ascii_lowercase()))
        .collect();
    if chars.is_empty() {
        return Err(DiceError::Empty);
    }
    let mut parser = Parser { chars, at: 0 };
    let mut terms = Vec::new();
    let mut negative = parser.eat('-');
    loop {
        terms.push(parser.term(negative)?);
        if terms.len() > MAX_TERMS {
            return Err(DiceError::TooManyTerms { max: MAX_TERMS });
        }
        if parser.eat('+') {
            negative = false;
        } else if parser.eat('-') {
            negative = true;
        } else if parser.peek().is_none() {
            return Ok(DiceExpr { terms });
        } else {
            return Err(parser.unexpected());
        }
    }
}

struct Parser {
    chars: Vec<(usize, char)>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|(_, c)| *c)
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.at += 1;
        }
        hit
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let n = word.chars().count();
        let matches = self.chars.len() >= self.at + n
            && self.chars[self.at..self.at + n]
                .iter()
                .map(|(_, c)| *c)
                .eq(word.chars());
        if matches {
            self.at += n;
        }
        matches
    }

    fn unexpected(&self) -> DiceError {
        match self.chars.get(self.at) {
            Some((position, c)) => DiceError::Unexpected {
                found: c.to_string(),
                position: *position,
            },
            None => DiceError::Unexpected {
                found: "end of input".to_owned(),
                position: self.chars.last().map_or(0, |(i, _)| i + 1),
            },
        }
    }

    /// Digits as a number; `None` if there are none here.
    fn number(&mut self) -> Result<Option<i64>, DiceError> {
        let start = self.at;
        let mut value: i64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(d)))
                .filter(|v| *v <= MAX_FLAT)
                .ok_or(DiceError::OutOfRange {
                    what: "a number",
                    value: i64::MAX,
                    min: 0,
                    max: MAX_FLAT,
                })?;
            self.at += 1;
        }
        Ok((self.at > start).then_some(value))
    }

    fn term(&mut self, negative: bool) -> Result<Term, DiceError> {
        let count = self.number()?;
        if !self.eat('d') {
            let Some(value) = count else {
                return Err(self.unexpected());
            };
            return Ok(Term::Flat(if negative { -value } else { value }));
        }
        let count = bounded("dice count", count.unwrap_or(1), 1, i64::from(MAX_DICE))?;
        let Some(sides) = self.number()? else {
            return Err(self.unexpected());
        };
        let sides = bounded("sides", sides, 1, i64::from(MAX_SIDES))?;
        let dice = self.suffixes(DiceTerm::plain(count, sides))?;
        Ok(Term::Dice { negative, dice })
    }

    fn suffixes(&mut self, mut dice: DiceTerm) -> Result<DiceTerm, DiceError> {
        let (mut adv, mut dis) = (0, 0);
        loop {
            if self.eat('!') {
                dice.explode = true;
            } else if self.eat_word("r1") {
                dice.reroll_ones = true;
            } else if self.eat_word("kh") {
                dice.keep = Some(Keep::Highest(self.keep_count(dice.count)?));
            } else if self.eat_word("kl") {
                dice.keep = Some(Keep::Lowest(self.keep_count(dice.count)?));
            } else if self.eat_word("adv") {
                adv += self.edge_count()?;
            } else if self.eat_word("dis") {
                dis += self.edge_count()?;
            } else {
                break;
            }
        }
        if dice.explode && dice.sides == 1 {
            return Err(DiceError::ExplodingD1);
        }
        if adv != dis {
            let edged = DiceTerm::with_edge(dice.count, dice.sides, adv, dis);
            bounded("dice count", i64::from(edged.count), 1, i64::from(MAX_DICE))?;
            dice = DiceTerm {
                keep: edged.keep,
                count: edged.count,
                ..dice
            };
        }
        Ok(dice)
    }

    fn keep_count(&mut self, count: u32) -> Result<u32, DiceError> {
        let Some(k) = self.number()? else {
            return Err(self.unexpected());
        };
        bounded("kept dice", k, 1, i64::from(count))
    }

    fn edge_count(&mut self) -> Result<u32, DiceError> {
        bounded("advantage count", self.number()?.unwrap_or(1), 1, 10)
    }
}

fn bounded(what: &'static str, value: i64, min: i64, max: i64) -> Result<u32, DiceError> {
    if (min..=max).contains(&value) {
        Ok(value as u32)
    } else {
        Err(DiceError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form_the_systems_use() {
        let e = parse("4d6kh3 + 2").unwrap();
        assert_eq!(e.to_string(), "4d6kh3 + 2");
        assert_eq!(parse("D20ADV").unwrap().to_string(), "2d20kh1");
        assert_eq!(parse("d20 dis2").unwrap().to_string(), "3d20kl1");
        assert_eq!(parse("d20advdis").unwrap().to_string(), "1d20");
        assert_eq!(parse("3d6adv2dis").unwrap().to_string(), "4d6kh3");
        assert_eq!(
            parse("2d6! - d4r1 - 3").unwrap().to_string(),
            "2d6! - 1d4r1 - 3"
        );
        assert_eq!(parse("-5").unwrap().terms, vec![Term::Flat(-5)]);
        assert_eq!(parse("4d6kl3").unwrap().to_string(), "4d6kl3");
    }

    #[test]
    fn rejects_bad_input_with_clear_errors() {
        assert_eq!(parse("  "), Err(DiceError::Empty));
        assert!(matches!(parse("2d"), Err(DiceError::Unexpected { .. })));
        assert!(matches!(parse("d6 +"), Err(DiceError::Unexpected { .. })));
        assert!(matches!(
            parse("2x6"),
            Err(DiceError::Unexpected { position: 1, .. })
        ));
        assert!(matches!(
            parse("1000d6"),
            Err(DiceError::OutOfRange {
                what: "dice count",
                ..
            })
        ));
        assert!(matches!(
            parse("d0"),
            Err(DiceError::OutOfRange { what: "sides", .. })
        ));
        assert!(matches!(parse("4d6kh5"), Err(DiceError::OutOfRange { .. })));
        assert!(matches!(
            parse("99999999999999999999"),
            Err(DiceError::OutOfRange { .. })
        ));
        assert_eq!(parse("d1!"), Err(DiceError::ExplodingD1));
        assert!(matches!(
            parse(&format!("{}1", "1+".repeat(20))),
            Err(DiceError::TooManyTerms { .. })
        ));
        assert!(matches!(
            parse(&"1".repeat(300)),
            Err(DiceError::TooLong { .. })
        ));
    }
}
