//! TEMPORARY contract stub, replaced by the scorer branch at merge.
use crate::replay::Entry;
use crate::rules::Seat;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entered {
    pub hand: u32,
    pub pitcher: Option<Seat>,
    pub entry: Entry,
}

pub trait Journal {
    type Error: std::error::Error + Send + Sync + 'static;
    fn append(&mut self, entries: &[Entered]) -> Result<(), Self::Error>;
    fn take_back(&mut self) -> Result<bool, Self::Error>;
    fn entries(&mut self) -> Result<Vec<Entered>, Self::Error>;
}
