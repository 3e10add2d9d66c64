//! Match nights: enter, confirm, dispute, settle, correct; deductions, awards, withdrawals.
