-- Where a session was signed in from, as far as is known: the country a trusted proxy named
-- (COUNTRY_HEADER) beside the IP address and user agent already kept, so that the sessions list
-- can tell devices and places apart.
ALTER TABLE sessions ADD COLUMN country_code text;
