//! iCalendar (RFC 5545) files of a team's fixtures, for a phone to subscribe to: one all-day
//! event a fixture, with a stable UID so that a moved fixture moves in the calendar.

use chrono::{Days, NaiveDate};

/// One fixture as an event.
pub struct Event {
    pub uid: String,
    pub date: NaiveDate,
    pub summary: String,
    pub location: Option<String>,
    pub description: String,
    pub cancelled: bool,
}

/// A calendar of events, with CRLF line ends and long lines folded as RFC 5545 asks. Nothing in
/// it depends on the time it is written (`DTSTAMP` is the event's day), so publishing twice
/// gives the same file.
pub fn calendar(name: &str, events: &[Event]) -> String {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".to_string(),
        "PRODID:-//don//league fixtures//EN".to_string(),
        "CALSCALE:GREGORIAN".to_string(),
        "METHOD:PUBLISH".to_string(),
        format!("X-WR-CALNAME:{}", text(name)),
    ];
    for e in events {
        let day = e.date.format("%Y%m%d").to_string();
        let next = e
            .date
            .checked_add_days(Days::new(1))
            .unwrap_or(e.date)
            .format("%Y%m%d")
            .to_string();
        lines.push("BEGIN:VEVENT".into());
        lines.push(format!("UID:{}", text(&e.uid)));
        lines.push(format!("DTSTAMP:{day}T000000Z"));
        lines.push(format!("DTSTART;VALUE=DATE:{day}"));
        lines.push(format!("DTEND;VALUE=DATE:{next}"));
        lines.push(format!("SUMMARY:{}", text(&e.summary)));
        if let Some(place) = &e.location {
            lines.push(format!("LOCATION:{}", text(place)));
        }
        lines.push(format!("DESCRIPTION:{}", text(&e.description)));
        lines.push(format!(
            "STATUS:{}",
            if e.cancelled {
                "CANCELLED"
            } else {
                "CONFIRMED"
            }
        ));
        lines.push("TRANSP:TRANSPARENT".into());
        lines.push("END:VEVENT".into());
    }
    lines.push("END:VCALENDAR".into());
    let mut out = String::new();
    for line in lines {
        fold(&mut out, &line);
    }
    out
}

/// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line ends escaped.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded at 75 octets (never inside a character), ended with CRLF.
fn fold(out: &mut String, line: &str) {
    let mut used = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if used + n > 75 {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += n;
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_values_are_escaped_and_long_lines_folded() {
        assert_eq!(text("Fox, Hounds; a\\b\nc"), "Fox\\, Hounds\\; a\\\\b\\nc");
        let mut out = String::new();
        let long = format!("SUMMARY:{}", "é".repeat(40));
        fold(&mut out, &long);
        let lines: Vec<&str> = out.split("\r\n").collect();
        assert_eq!(lines.len(), 3, "{out:?}");
        assert!(lines.iter().all(|l| l.len() <= 75));
        assert_eq!(lines[0].len(), 74, "é is two octets: not split");
        assert!(lines[1].starts_with(' '));
        assert_eq!(lines[2], "");
        let unfolded: String = out.replace("\r\n ", "");
        assert_eq!(unfolded, format!("{long}\r\n"));
    }

    #[test]
    fn an_event_is_one_all_day_fixture() {
        let cal = calendar(
            "Royal Oak",
            &[Event {
                uid: "fixture-7@abercarn".into(),
                date: NaiveDate::from_ymd_opt(2025, 12, 31).unwrap(),
                summary: "Royal Oak v Red Lion".into(),
                location: Some("Royal Oak, High St".into()),
                description: "2025-26".into(),
                cancelled: false,
            }],
        );
        for line in [
            "BEGIN:VEVENT\r\n",
            "UID:fixture-7@abercarn\r\n",
            "DTSTAMP:20251231T000000Z\r\n",
            "DTSTART;VALUE=DATE:20251231\r\n",
            "DTEND;VALUE=DATE:20260101\r\n",
            "SUMMARY:Royal Oak v Red Lion\r\n",
            "LOCATION:Royal Oak\\, High St\r\n",
            "STATUS:CONFIRMED\r\n",
        ] {
            assert!(cal.contains(line), "{line:?} not in {cal}");
        }
        assert!(cal.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
        assert!(cal.ends_with("END:VCALENDAR\r\n"));
    }
}
