// The shape of the ids clients send back: a session id is `ses_` and base58 digits.
export const SESSION_ID_PATTERN = /^ses_[1-9A-HJ-NP-Za-km-z]{16,40}$/;
